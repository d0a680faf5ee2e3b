/* GF(2^255 - 19) with 32-bit limbs, for 32-bit CPUs (ARMv7) and as the
 * portable fallback. Only 32x32 -> 64-bit products (uint64_t), no __int128.
 *
 * Representation: ten unsigned limbs in radix 2^25.5, limb i weighing
 * 2^ceil(25.5 i), i.e. at bit offsets 0, 26, 51, 77, 102, 128, 153, 179,
 * 204, 230; even limbs nominally hold w_i = 26 bits, odd limbs 25 bits.
 * Since 2^255 = 19 (mod p), a product term landing at limb 10 + k folds back
 * into limb k times 19; a product of two odd limbs lands one bit above an
 * even-limb boundary and so counts twice.
 *
 * Bounds (w_i = 26 for even i, 25 for odd i; all limbs are >= 0):
 *   TIGHT: a_i < 2^w_i + 2^(w_i - 6)      (what every function returns)
 *   LOOSE: a_i < 3.25 * 2^w_i             (what fe_add / fe_sub may return)
 * fe_add of two TIGHT values is below 2.04 * 2^w_i; fe_sub adds 2p (limbs
 * 2^(w_i + 1) - 2, limb 0: 2^27 - 38, each >= a TIGHT limb) so that it
 * never goes negative and stays below 3.02 * 2^w_i. The LOOSE limit 3.25
 * comes from fe_mul: 19 * b_i must fit 32 bits (19 * 3.25 * 2^26 < 2^32) and
 * the largest column sum, 124.5 * 3.25^2 * 2^52 < 2^62.4, must fit 64 bits
 * twice over (fe_sq2 doubles it). A TIGHT value is below
 * 1.016 * 2^255 < 2p, which fe_to_bytes relies on. (Bounds computed with
 * python3 from the column formulas; see fe_mul.)
 */
#ifndef ECX_BACKEND_U32_FIELD_H
#define ECX_BACKEND_U32_FIELD_H

#include <stdint.h>

typedef struct {
    uint32_t v[10];
} fe;

#include "curve25519/field.h"
#include "backend/u32/modinv.h"
#include "common/public_words.h"
#include "common/verify.h"

#define FE_M26 ((uint32_t)0x3ffffff)
#define FE_M25 ((uint32_t)0x1ffffff)
/* 32x32 -> 64-bit product (one umull / umlal on ARMv7). */
#define FE_MUL(x, y) ((uint64_t)(x) * (uint32_t)(y))

/* Bounds of the checked build (common/verify.h): every limb a_i below
 * k 2^(w_i - s), w_i = 26 for even i, 25 for odd i. */
static inline int fe_limbs_below(const fe *a, uint64_t k, unsigned s)
{
    for (int i = 0; i < 10; i++)
        if ((uint64_t)a->v[i] >= k << (26 - (i & 1) - s)) return 0;
    return 1;
}
#define FE_VERIFY_EXACT(a) fe_limbs_below(a, 1, 0)        /* 2^w_i */
#define FE_VERIFY_TIGHT(a) fe_limbs_below(a, 65, 6)       /* 2^w_i + 2^(w_i - 6) */
#define FE_VERIFY_ADD_OUT(a) fe_limbs_below(a, 261, 7)    /* 2.04 * 2^w_i */
#define FE_VERIFY_LOOSE(a) fe_limbs_below(a, 13, 2)       /* 3.25 * 2^w_i */
#define FE_VERIFY_MUL_IN(a) FE_VERIFY_LOOSE(a)

/* Packs the ten limbs of a TIGHT a, two per word: limbs[i] = v[2i] |
 * v[2i+1] << 32. fe_from_public undoes it; its input must come from
 * fe_to_public (no checks). Constant time. */
static inline void fe_to_public(ecx_fe25519 *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    for (int i = 0; i < 5; i++)
        public_word_store(&r->limbs[i], (uint64_t)a->v[2 * i] | ((uint64_t)a->v[2 * i + 1] << 32));
}

static inline void fe_from_public(fe *r, const ecx_fe25519 *a)
{
    for (int i = 0; i < 5; i++) {
        const uint64_t word = public_word_load(&a->limbs[i]);
        r->v[2 * i] = (uint32_t)word;
        r->v[2 * i + 1] = (uint32_t)(word >> 32);
    }
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = 0, r = 1, r = a: TIGHT. */
static inline void fe_zero(fe *r)
{
    for (int i = 0; i < 10; i++) r->v[i] = 0;
}

static inline void fe_one(fe *r)
{
    fe_zero(r);
    r->v[0] = 1;
}

static inline void fe_copy(fe *r, const fe *a)
{
    *r = *a;
}

/* The little-endian 32-bit word at s. */
static inline uint32_t fe_load32(const uint8_t *s)
{
    return (uint32_t)s[0] | ((uint32_t)s[1] << 8) | ((uint32_t)s[2] << 16) | ((uint32_t)s[3] << 24);
}

/* Bits 0..254 of s (bit 255 dropped), limbs exact (a_i < 2^w_i), hence
 * TIGHT; values in [p, 2^255) are kept as they are. Each limb starts at most
 * 6 bits into a byte and is at most 26 bits wide, so one 32-bit load at its
 * first byte covers it. Constant time. */
static inline void fe_from_bytes(fe *r, const uint8_t s[32])
{
    r->v[0] = fe_load32(s + 0) & FE_M26;
    r->v[1] = (fe_load32(s + 3) >> 2) & FE_M25;
    r->v[2] = (fe_load32(s + 6) >> 3) & FE_M26;
    r->v[3] = (fe_load32(s + 9) >> 5) & FE_M25;
    r->v[4] = (fe_load32(s + 12) >> 6) & FE_M26;
    r->v[5] = fe_load32(s + 16) & FE_M25;
    r->v[6] = (fe_load32(s + 19) >> 1) & FE_M26;
    r->v[7] = (fe_load32(s + 22) >> 3) & FE_M25;
    r->v[8] = (fe_load32(s + 25) >> 4) & FE_M26;
    r->v[9] = (fe_load32(s + 28) >> 6) & FE_M25;
    ECX_VERIFY_CHECK(FE_VERIFY_EXACT(r));
}

/* Canonical encoding (< p) of a TIGHT a. Constant time.
 * q = floor((a + 19) / 2^255) is computed by a carry chain over the limbs
 * (exact for any non-negative limbs); as a < 2p, q is 1 iff a >= p. Then
 * a + 19 q - 2^255 q = a mod p: add 19 q, carry, drop bit 255. */
static inline void fe_to_bytes(uint8_t s[32], const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint32_t h[10];
    for (int i = 0; i < 10; i++) h[i] = a->v[i];
    uint32_t q = (h[0] + 19) >> 26;
    for (int i = 1; i < 10; i++) q = (h[i] + q) >> (i & 1 ? 25 : 26);
    h[0] += 19 * q;
    for (int i = 0; i < 9; i++) {
        int w = i & 1 ? 25 : 26;
        h[i + 1] += h[i] >> w;
        h[i] &= (1u << w) - 1;
    }
    h[9] &= FE_M25;
    /* Stream the exact limbs (26, 25, 26, ... bits) out as bytes: 255 bits
     * give 31 full bytes, and the last 7 bits end up in s[31]. */
    uint64_t acc = 0;
    int bits = 0, n = 0;
    for (int i = 0; i < 10; i++) {
        acc |= (uint64_t)h[i] << bits;
        bits += i & 1 ? 25 : 26;
        while (bits >= 8) {
            s[n++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
    s[31] = (uint8_t)acc;
}

/* TIGHT a, b -> LOOSE r = a + b (limbs < 2.04 * 2^w_i). Written out, not
 * as a loop, which gcc vectorises into a stalled load
 * (common/public_words.h); so is fe_sub. */
static inline void fe_add(fe *r, const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(b));
    r->v[0] = a->v[0] + b->v[0]; r->v[1] = a->v[1] + b->v[1];
    r->v[2] = a->v[2] + b->v[2]; r->v[3] = a->v[3] + b->v[3];
    r->v[4] = a->v[4] + b->v[4]; r->v[5] = a->v[5] + b->v[5];
    r->v[6] = a->v[6] + b->v[6]; r->v[7] = a->v[7] + b->v[7];
    r->v[8] = a->v[8] + b->v[8]; r->v[9] = a->v[9] + b->v[9];
    ECX_VERIFY_CHECK(FE_VERIFY_ADD_OUT(r));
}

/* TIGHT a, b -> LOOSE r = a - b + 2p (limbs < 3.02 * 2^w_i, never
 * negative since 2p's limbs exceed any TIGHT limb). */
static inline void fe_sub(fe *r, const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(b));
    const uint32_t two_p0 = ((uint32_t)1 << 27) - 38, two_p_even = ((uint32_t)1 << 27) - 2,
                   two_p_odd = ((uint32_t)1 << 26) - 2;
    r->v[0] = a->v[0] + two_p0 - b->v[0];     r->v[1] = a->v[1] + two_p_odd - b->v[1];
    r->v[2] = a->v[2] + two_p_even - b->v[2]; r->v[3] = a->v[3] + two_p_odd - b->v[3];
    r->v[4] = a->v[4] + two_p_even - b->v[4]; r->v[5] = a->v[5] + two_p_odd - b->v[5];
    r->v[6] = a->v[6] + two_p_even - b->v[6]; r->v[7] = a->v[7] + two_p_odd - b->v[7];
    r->v[8] = a->v[8] + two_p_even - b->v[8]; r->v[9] = a->v[9] + two_p_odd - b->v[9];
    ECX_VERIFY_CHECK(FE_VERIFY_LOOSE(r));
}

/* LOOSE a -> TIGHT r, same value. Two interleaved carry chains (0 -> 6 and
 * 5 -> 9 -> 0 -> 1) halve the dependency depth. Limbs below 2^28 keep every
 * sum below 2^32; the carry out of limb 9 is < 9, so limb 0 gets < 171 extra
 * and limbs 1 and 6 end at most 1 above 2^w_i, the others exact. Constant
 * time. */
static inline void fe_carry(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(a));
    uint32_t h0 = a->v[0], h1 = a->v[1], h2 = a->v[2], h3 = a->v[3], h4 = a->v[4];
    uint32_t h5 = a->v[5], h6 = a->v[6], h7 = a->v[7], h8 = a->v[8], h9 = a->v[9];
    h1 += h0 >> 26; h0 &= FE_M26;   h6 += h5 >> 25; h5 &= FE_M25;
    h2 += h1 >> 25; h1 &= FE_M25;   h7 += h6 >> 26; h6 &= FE_M26;
    h3 += h2 >> 26; h2 &= FE_M26;   h8 += h7 >> 25; h7 &= FE_M25;
    h4 += h3 >> 25; h3 &= FE_M25;   h9 += h8 >> 26; h8 &= FE_M26;
    h5 += h4 >> 26; h4 &= FE_M26;   h0 += 19 * (h9 >> 25); h9 &= FE_M25;
    h6 += h5 >> 25; h5 &= FE_M25;   h1 += h0 >> 26; h0 &= FE_M26;
    r->v[0] = h0; r->v[1] = h1; r->v[2] = h2; r->v[3] = h3; r->v[4] = h4;
    r->v[5] = h5; r->v[6] = h6; r->v[7] = h7; r->v[8] = h8; r->v[9] = h9;
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = -a = 2p - a, carried. TIGHT -> TIGHT. */
static inline void fe_neg(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    fe zero;
    fe_zero(&zero);
    fe_sub(r, &zero, a);
    fe_carry(r, r);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* Reduces ten 64-bit column sums (each < 2^63.4) to TIGHT limbs. Two
 * interleaved chains 0 -> 5 and 4 -> 9, then 9 -> 0 (times 19) and 0 -> 1,
 * as in ref10. Bounds: the carry into limb 5 is < 2^12.5, out of limb 9 < 2^38.5;
 * 19 times that lands in limb 0, whose carry into limb 1 is < 2^17. So limbs
 * 1 and 5 end below 2^25 + 2^17 and the others exact: TIGHT. */
static inline void fe_reduce64(fe *r, uint64_t h0, uint64_t h1, uint64_t h2, uint64_t h3, uint64_t h4,
                               uint64_t h5, uint64_t h6, uint64_t h7, uint64_t h8, uint64_t h9)
{
    h1 += h0 >> 26; h0 &= FE_M26;   h5 += h4 >> 26; h4 &= FE_M26;
    h2 += h1 >> 25; h1 &= FE_M25;   h6 += h5 >> 25; h5 &= FE_M25;
    h3 += h2 >> 26; h2 &= FE_M26;   h7 += h6 >> 26; h6 &= FE_M26;
    h4 += h3 >> 25; h3 &= FE_M25;   h8 += h7 >> 25; h7 &= FE_M25;
    h5 += h4 >> 26; h4 &= FE_M26;   h9 += h8 >> 26; h8 &= FE_M26;
    h0 += 19 * (h9 >> 25); h9 &= FE_M25;
    h1 += h0 >> 26; h0 &= FE_M26;
    r->v[0] = (uint32_t)h0; r->v[1] = (uint32_t)h1; r->v[2] = (uint32_t)h2; r->v[3] = (uint32_t)h3;
    r->v[4] = (uint32_t)h4; r->v[5] = (uint32_t)h5; r->v[6] = (uint32_t)h6; r->v[7] = (uint32_t)h7;
    r->v[8] = (uint32_t)h8; r->v[9] = (uint32_t)h9;
}

/* r = a b. LOOSE a, b -> TIGHT r. Constant time.
 * Schoolbook 10x10: column k collects a_i b_j over i + j = k (weight 1) and
 * i + j = k + 10 (weight 19, since 2^255 = 19); a pair of odd limbs gets
 * weight 2 (25.5 + 25.5 lands one bit above the column's offset). The 19 b_j
 * and 2 a_i factors are precomputed once (below 2^32 and 2^28 for LOOSE
 * inputs), so every term is a single 32x32 -> 64 product. The worst column
 * (k = 0: one plain term, five doubled and four plain 19-terms) is below
 * 124.5 * 3.25^2 * 2^52 < 2^62.4. */
static inline void fe_mul(fe *r, const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(a));
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(b));
    const uint32_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint32_t a5 = a->v[5], a6 = a->v[6], a7 = a->v[7], a8 = a->v[8], a9 = a->v[9];
    const uint32_t b0 = b->v[0], b1 = b->v[1], b2 = b->v[2], b3 = b->v[3], b4 = b->v[4];
    const uint32_t b5 = b->v[5], b6 = b->v[6], b7 = b->v[7], b8 = b->v[8], b9 = b->v[9];
    const uint32_t a1_2 = 2 * a1, a3_2 = 2 * a3, a5_2 = 2 * a5, a7_2 = 2 * a7, a9_2 = 2 * a9;
    const uint32_t b1_19 = 19 * b1, b2_19 = 19 * b2, b3_19 = 19 * b3, b4_19 = 19 * b4, b5_19 = 19 * b5;
    const uint32_t b6_19 = 19 * b6, b7_19 = 19 * b7, b8_19 = 19 * b8, b9_19 = 19 * b9;
#define M FE_MUL
    uint64_t h0 = M(a0, b0) + M(a1_2, b9_19) + M(a2, b8_19) + M(a3_2, b7_19) + M(a4, b6_19) +
                  M(a5_2, b5_19) + M(a6, b4_19) + M(a7_2, b3_19) + M(a8, b2_19) + M(a9_2, b1_19);
    uint64_t h1 = M(a0, b1) + M(a1, b0) + M(a2, b9_19) + M(a3, b8_19) + M(a4, b7_19) +
                  M(a5, b6_19) + M(a6, b5_19) + M(a7, b4_19) + M(a8, b3_19) + M(a9, b2_19);
    uint64_t h2 = M(a0, b2) + M(a1_2, b1) + M(a2, b0) + M(a3_2, b9_19) + M(a4, b8_19) +
                  M(a5_2, b7_19) + M(a6, b6_19) + M(a7_2, b5_19) + M(a8, b4_19) + M(a9_2, b3_19);
    uint64_t h3 = M(a0, b3) + M(a1, b2) + M(a2, b1) + M(a3, b0) + M(a4, b9_19) +
                  M(a5, b8_19) + M(a6, b7_19) + M(a7, b6_19) + M(a8, b5_19) + M(a9, b4_19);
    uint64_t h4 = M(a0, b4) + M(a1_2, b3) + M(a2, b2) + M(a3_2, b1) + M(a4, b0) +
                  M(a5_2, b9_19) + M(a6, b8_19) + M(a7_2, b7_19) + M(a8, b6_19) + M(a9_2, b5_19);
    uint64_t h5 = M(a0, b5) + M(a1, b4) + M(a2, b3) + M(a3, b2) + M(a4, b1) +
                  M(a5, b0) + M(a6, b9_19) + M(a7, b8_19) + M(a8, b7_19) + M(a9, b6_19);
    uint64_t h6 = M(a0, b6) + M(a1_2, b5) + M(a2, b4) + M(a3_2, b3) + M(a4, b2) +
                  M(a5_2, b1) + M(a6, b0) + M(a7_2, b9_19) + M(a8, b8_19) + M(a9_2, b7_19);
    uint64_t h7 = M(a0, b7) + M(a1, b6) + M(a2, b5) + M(a3, b4) + M(a4, b3) +
                  M(a5, b2) + M(a6, b1) + M(a7, b0) + M(a8, b9_19) + M(a9, b8_19);
    uint64_t h8 = M(a0, b8) + M(a1_2, b7) + M(a2, b6) + M(a3_2, b5) + M(a4, b4) +
                  M(a5_2, b3) + M(a6, b2) + M(a7_2, b1) + M(a8, b0) + M(a9_2, b9_19);
    uint64_t h9 = M(a0, b9) + M(a1, b8) + M(a2, b7) + M(a3, b6) + M(a4, b5) +
                  M(a5, b4) + M(a6, b3) + M(a7, b2) + M(a8, b1) + M(a9, b0);
#undef M
    fe_reduce64(r, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* The column sums of a^2 (55 products: each cross term once, doubled).
 * Factors: a_i_2 = 2 a_i (< 2^29), a_j_19 = 19 a_j for even j (< 2^32),
 * a_j_38 = 38 a_j for odd j (< 2^32), so a cross term i < j with both odd
 * and wrapped (weight 2 * 2 * 19) is the single product a_i_2 * a_j_38.
 * The sums equal fe_mul's with b = a, hence < 2^62.4 for LOOSE a. */
#define FE_SQUARE_COLUMNS(a)                                                                       \
    const uint32_t a0 = (a)->v[0], a1 = (a)->v[1], a2 = (a)->v[2], a3 = (a)->v[3], a4 = (a)->v[4]; \
    const uint32_t a5 = (a)->v[5], a6 = (a)->v[6], a7 = (a)->v[7], a8 = (a)->v[8], a9 = (a)->v[9]; \
    const uint32_t a0_2 = 2 * a0, a1_2 = 2 * a1, a2_2 = 2 * a2, a3_2 = 2 * a3, a4_2 = 2 * a4;      \
    const uint32_t a5_2 = 2 * a5, a6_2 = 2 * a6, a7_2 = 2 * a7, a8_2 = 2 * a8;                     \
    const uint32_t a6_19 = 19 * a6, a8_19 = 19 * a8;                                               \
    const uint32_t a5_38 = 38 * a5, a7_38 = 38 * a7, a9_38 = 38 * a9;                              \
    const uint32_t a7_19 = 19 * a7, a9_19 = 19 * a9;                                               \
    uint64_t h0 = FE_MUL(a0, a0) + FE_MUL(a1_2, a9_38) + FE_MUL(a2_2, a8_19) +                     \
                  FE_MUL(a3_2, a7_38) + FE_MUL(a4_2, a6_19) + FE_MUL(a5, a5_38);                   \
    uint64_t h1 = FE_MUL(a0_2, a1) + FE_MUL(a2_2, a9_19) + FE_MUL(a3_2, a8_19) +                   \
                  FE_MUL(a4_2, a7_19) + FE_MUL(a5_2, a6_19);                                       \
    uint64_t h2 = FE_MUL(a0_2, a2) + FE_MUL(a1_2, a1) + FE_MUL(a3_2, a9_38) +                      \
                  FE_MUL(a4_2, a8_19) + FE_MUL(a5_2, a7_38) + FE_MUL(a6, a6_19);                   \
    uint64_t h3 = FE_MUL(a0_2, a3) + FE_MUL(a1_2, a2) + FE_MUL(a4_2, a9_19) +                      \
                  FE_MUL(a5_2, a8_19) + FE_MUL(a6_2, a7_19);                                       \
    uint64_t h4 = FE_MUL(a0_2, a4) + FE_MUL(a1_2, a3_2) + FE_MUL(a2, a2) +                         \
                  FE_MUL(a5_2, a9_38) + FE_MUL(a6_2, a8_19) + FE_MUL(a7, a7_38);                   \
    uint64_t h5 = FE_MUL(a0_2, a5) + FE_MUL(a1_2, a4) + FE_MUL(a2_2, a3) +                         \
                  FE_MUL(a6_2, a9_19) + FE_MUL(a7_2, a8_19);                                       \
    uint64_t h6 = FE_MUL(a0_2, a6) + FE_MUL(a1_2, a5_2) + FE_MUL(a2_2, a4) + FE_MUL(a3_2, a3) +    \
                  FE_MUL(a7_2, a9_38) + FE_MUL(a8, a8_19);                                         \
    uint64_t h7 = FE_MUL(a0_2, a7) + FE_MUL(a1_2, a6) + FE_MUL(a2_2, a5) + FE_MUL(a3_2, a4) +      \
                  FE_MUL(a8_2, a9_19);                                                             \
    uint64_t h8 = FE_MUL(a0_2, a8) + FE_MUL(a1_2, a7_2) + FE_MUL(a2_2, a6) +                       \
                  FE_MUL(a3_2, a5_2) + FE_MUL(a4, a4) + FE_MUL(a9, a9_38);                         \
    uint64_t h9 = FE_MUL(a0_2, a9) + FE_MUL(a1_2, a8) + FE_MUL(a2_2, a7) + FE_MUL(a3_2, a6) +      \
                  FE_MUL(a4_2, a5)

/* r = a^2. LOOSE -> TIGHT. Constant time. */
static inline void fe_sq(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(a));
    FE_SQUARE_COLUMNS(a);
    fe_reduce64(r, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = 2 a^2. LOOSE -> TIGHT. The doubled column sums stay below 2^63.4,
 * which fe_reduce64 accepts. Constant time. */
static inline void fe_sq2(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_LOOSE(a));
    FE_SQUARE_COLUMNS(a);
    fe_reduce64(r, 2 * h0, 2 * h1, 2 * h2, 2 * h3, 2 * h4, 2 * h5, 2 * h6, 2 * h7, 2 * h8, 2 * h9);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = a^(2^n), n >= 1 (n is public). LOOSE -> TIGHT. The chain runs on a
 * local, not on *r: squared in place through the pointer, gcc 12 on x86-64
 * stored and reloaded the ten limbs between squarings (ed25519 verify 20%
 * slower on AMD Zen 5; AArch64 and ARMv7 code was the same either way). */
static inline void fe_sqn(fe *r, const fe *a, unsigned n)
{
    ECX_VERIFY_CHECK(FE_VERIFY_LOOSE(a));
    fe t;
    fe_sq(&t, a);
    for (unsigned i = 1; i < n; i++) fe_sq(&t, &t);
    *r = t;
    ECX_VERIFY_CHECK(n == 0 || FE_VERIFY_TIGHT(r));
}

/* r = a c for 0 <= c < 2^20. TIGHT -> TIGHT. Products are < 2^46.1, well
 * within fe_reduce64's range. Constant time. */
static inline void fe_mul_small(fe *r, const fe *a, uint32_t c)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(c < (1u << 20));
    fe_reduce64(r, FE_MUL(a->v[0], c), FE_MUL(a->v[1], c), FE_MUL(a->v[2], c), FE_MUL(a->v[3], c),
                FE_MUL(a->v[4], c), FE_MUL(a->v[5], c), FE_MUL(a->v[6], c), FE_MUL(a->v[7], c),
                FE_MUL(a->v[8], c), FE_MUL(a->v[9], c));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = flag ? a : r, flag in {0, 1}. Constant time (mask select). */
static inline void fe_cmov(fe *r, const fe *a, unsigned flag)
{
    ECX_VERIFY_CHECK(flag <= 1);
    const uint32_t mask = ct_barrier_u32(0u - (uint32_t)flag);
    for (int i = 0; i < 10; i++) r->v[i] ^= (r->v[i] ^ a->v[i]) & mask;
}

/* (a, b) = flag ? (b, a) : (a, b), flag in {0, 1}. Constant time. */
static inline void fe_cswap(fe *a, fe *b, unsigned flag)
{
    ECX_VERIFY_CHECK(flag <= 1);
    const uint32_t mask = ct_barrier_u32(0u - (uint32_t)flag);
    for (int i = 0; i < 10; i++) {
        uint32_t t = (a->v[i] ^ b->v[i]) & mask;
        a->v[i] ^= t;
        b->v[i] ^= t;
    }
}

/* 1 if a == b mod p: compares the canonical encodings. Constant time. */
static inline unsigned fe_equal(const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(b));
    uint8_t sa[32], sb[32];
    fe_to_bytes(sa, a);
    fe_to_bytes(sb, b);
    uint32_t diff = 0;
    for (int i = 0; i < 32; i++) diff |= (uint32_t)(sa[i] ^ sb[i]);
    return (unsigned)((diff - 1) >> 31); /* diff <= 255: borrow iff diff == 0 */
}

/* 1 if a == 0 mod p. Constant time. */
static inline unsigned fe_is_zero(const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint8_t s[32];
    fe_to_bytes(s, a);
    uint32_t acc = 0;
    for (int i = 0; i < 32; i++) acc |= s[i];
    return (unsigned)((acc - 1) >> 31);
}

/* 1 if the canonical encoding of a is odd. Constant time. */
static inline unsigned fe_is_negative(const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint8_t s[32];
    fe_to_bytes(s, a);
    return s[0] & 1u;
}

/* p = 2^255 - 19 for safegcd: signed 30-bit limbs (2^30 - 19, 2^30 - 1 x7,
 * 2^15 - 1) and p^-1 mod 2^30, from python3: pow(2**255 - 19, -1, 2**30). */
static const s30_modulus fe_modulus_s30 = {
    {{0x3fffffed, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff, 0x3fffffff,
      0x7fff}},
    0x179435e5};

/* r = 1/a mod p, 1/0 = 0. TIGHT -> TIGHT. Constant time: Bernstein-Yang
 * safegcd (backend/u32/modinv.h) on the canonical value, with a fixed 600
 * divsteps. */
static inline void fe_invert(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint8_t s[32];
    uint32_t w[8];
    s30_int x;
    fe_to_bytes(s, a);
    for (int i = 0; i < 8; i++) w[i] = fe_load32(s + 4 * i);
    s30_from_u32x8(&x, w);
    s30_modinv(&x, &fe_modulus_s30);
    s30_to_u32x8(w, &x);
    for (int i = 0; i < 8; i++) {
        s[4 * i] = (uint8_t)w[i];
        s[4 * i + 1] = (uint8_t)(w[i] >> 8);
        s[4 * i + 2] = (uint8_t)(w[i] >> 16);
        s[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    fe_from_bytes(r, s);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

#endif
