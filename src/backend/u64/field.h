/* u64 backend: GF(p), p = 2^255 - 19, in five unsigned 51-bit limbs,
 *
 *     a = v[0] + v[1] 2^51 + v[2] 2^102 + v[3] 2^153 + v[4] 2^204,
 *
 * with 64x64 -> 128-bit products through unsigned __int128 (the radix-2^51
 * representation of curve25519-donna and ref10's 64-bit descendants).
 *
 * Bounds (see curve25519/field.h for what TIGHT and LOOSE mean):
 *   TIGHT: every limb < 2^51 + 2^15. Every function returns TIGHT values
 *          except fe_add and fe_sub. The value itself may be >= p (below
 *          2^255 + 2^220); fe_to_bytes, fe_equal, fe_is_zero,
 *          fe_is_negative and fe_invert reduce fully first. Most outputs are
 *          much tighter (limbs < 2^51, limb 1 < 2^51 + 2^13); 2^15 leaves
 *          room for fe_carry and fe_neg.
 *   LOOSE: every limb < 2^53. fe_add gives a + b (limbs < 2^52 + 2^16),
 *          fe_sub gives a + 2p - b (limbs < 2^52 + 2^51 + 2^15; no limb goes
 *          negative because each limb of 2p is >= 2^52 - 38 > any TIGHT limb).
 *          fe_mul and fe_sq are in fact correct for limbs up to 2^54; fe_sq2
 *          needs the 2^53 bound (see there).
 * Carries out of the top limb wrap around to limb 0 times 19, because
 * 2^255 = 19 (mod p).
 *
 * All functions are constant time: no branch and no memory index depends on
 * limb values (conditions become all-zero / all-one masks).
 */
#ifndef ECX_BACKEND_U64_FIELD_H
#define ECX_BACKEND_U64_FIELD_H

#include <stdint.h>

typedef struct {
    uint64_t v[5];
} fe;

#include "curve25519/field.h"
#include "backend/u64/modinv.h"
#include "common/bytes.h"
#include "common/public_words.h"
#include "common/verify.h"

__extension__ typedef unsigned __int128 fe_u128;

#define FE_M51 ((uint64_t)0x7FFFFFFFFFFFF)

/* Bounds of the checked build (common/verify.h): limbs below a bound. */
static inline int fe_limbs_below(const fe *a, uint64_t bound)
{
    return a->v[0] < bound && a->v[1] < bound && a->v[2] < bound && a->v[3] < bound && a->v[4] < bound;
}
#define FE_VERIFY_EXACT(a) fe_limbs_below(a, (uint64_t)1 << 51)
#define FE_VERIFY_TIGHT(a) fe_limbs_below(a, ((uint64_t)1 << 51) + ((uint64_t)1 << 15))
#define FE_VERIFY_ADD_OUT(a) fe_limbs_below(a, ((uint64_t)1 << 52) + ((uint64_t)1 << 16))
#define FE_VERIFY_LOOSE(a) fe_limbs_below(a, (uint64_t)1 << 53)
#define FE_VERIFY_MUL_IN(a) fe_limbs_below(a, (uint64_t)1 << 54)

/* Copies the five limbs verbatim, one word access each
 * (common/public_words.h); only TIGHT values may cross. */
static inline void fe_to_public(ecx_fe25519 *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    for (int i = 0; i < 5; i++) public_word_store(&r->limbs[i], a->v[i]);
}

/* The caller promises a TIGHT value made by this backend (f25519.h). */
static inline void fe_from_public(fe *r, const ecx_fe25519 *a)
{
    for (int i = 0; i < 5; i++) r->v[i] = public_word_load(&a->limbs[i]);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

static inline void fe_zero(fe *r)
{
    r->v[0] = r->v[1] = r->v[2] = r->v[3] = r->v[4] = 0;
}

static inline void fe_one(fe *r)
{
    r->v[0] = 1;
    r->v[1] = r->v[2] = r->v[3] = r->v[4] = 0;
}

static inline void fe_copy(fe *r, const fe *a)
{
    *r = *a;
}

/* Any 32 bytes; bit 255 is dropped. Output limbs < 2^51 (TIGHT, value may be
 * in [p, 2^255)). */
static inline void fe_from_bytes(fe *r, const uint8_t s[32])
{
    uint64_t w0 = load64_le(s), w1 = load64_le(s + 8);
    uint64_t w2 = load64_le(s + 16), w3 = load64_le(s + 24);

    r->v[0] = w0 & FE_M51;
    r->v[1] = (w0 >> 51 | w1 << 13) & FE_M51;
    r->v[2] = (w1 >> 38 | w2 << 26) & FE_M51;
    r->v[3] = (w2 >> 25 | w3 << 39) & FE_M51;
    r->v[4] = (w3 >> 12) & FE_M51;
    ECX_VERIFY_CHECK(FE_VERIFY_EXACT(r));
}

/* The unique representative t of a mod p, t < p, limbs < 2^51, for TIGHT a.
 * Constant time.
 *
 * One carry pass brings every limb below 2^51, except that limb 1 may reach
 * 2^51 exactly, so the value is below 2^255 + 2^102 < 2p. Then q =
 * floor((a + 19) / 2^255), found by propagating the carries of a + 19, is 1
 * exactly when a >= p, and a + 19q with the 2^255 bit dropped is a - qp. */
static inline void fe_freeze(uint64_t t[5], const fe *a)
{
    uint64_t t0 = a->v[0], t1 = a->v[1], t2 = a->v[2], t3 = a->v[3], t4 = a->v[4];
    uint64_t q;

    t1 += t0 >> 51; t0 &= FE_M51;
    t2 += t1 >> 51; t1 &= FE_M51;
    t3 += t2 >> 51; t2 &= FE_M51;
    t4 += t3 >> 51; t3 &= FE_M51;
    t0 += 19 * (t4 >> 51); t4 &= FE_M51;
    t1 += t0 >> 51; t0 &= FE_M51;

    q = (t0 + 19) >> 51;
    q = (t1 + q) >> 51;
    q = (t2 + q) >> 51;
    q = (t3 + q) >> 51;
    q = (t4 + q) >> 51;

    t0 += 19 * q;
    t1 += t0 >> 51; t0 &= FE_M51;
    t2 += t1 >> 51; t1 &= FE_M51;
    t3 += t2 >> 51; t2 &= FE_M51;
    t4 += t3 >> 51; t3 &= FE_M51;
    t4 &= FE_M51; /* drops the 2^255 of a - qp = a + 19q - q 2^255 */

    t[0] = t0; t[1] = t1; t[2] = t2; t[3] = t3; t[4] = t4;
}

/* Canonical encoding (< p) of a TIGHT a. Constant time. */
static inline void fe_to_bytes(uint8_t s[32], const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint64_t t[5];

    fe_freeze(t, a);
    store64_le(s, t[0] | t[1] << 51);
    store64_le(s + 8, t[1] >> 13 | t[2] << 38);
    store64_le(s + 16, t[2] >> 26 | t[3] << 25);
    store64_le(s + 24, t[3] >> 39 | t[4] << 12);
}

/* TIGHT a, b -> LOOSE a + b (limbs < 2^52 + 2^16), no carries. Written out,
 * not as a loop, which gcc vectorises into a stalled load
 * (common/public_words.h). */
static inline void fe_add(fe *r, const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(b));
    r->v[0] = a->v[0] + b->v[0];
    r->v[1] = a->v[1] + b->v[1];
    r->v[2] = a->v[2] + b->v[2];
    r->v[3] = a->v[3] + b->v[3];
    r->v[4] = a->v[4] + b->v[4];
    ECX_VERIFY_CHECK(FE_VERIFY_ADD_OUT(r));
}

/* TIGHT a, b -> LOOSE a + 2p - b (limbs < 2^53), no carries. Adding 2p keeps
 * every limb non-negative without a borrow chain. */
static inline void fe_sub(fe *r, const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(b));
    r->v[0] = (a->v[0] + 0xFFFFFFFFFFFDAu) - b->v[0]; /* 2 (2^51 - 19) */
    r->v[1] = (a->v[1] + 0xFFFFFFFFFFFFEu) - b->v[1]; /* 2 (2^51 - 1) */
    r->v[2] = (a->v[2] + 0xFFFFFFFFFFFFEu) - b->v[2];
    r->v[3] = (a->v[3] + 0xFFFFFFFFFFFFEu) - b->v[3];
    r->v[4] = (a->v[4] + 0xFFFFFFFFFFFFEu) - b->v[4];
    ECX_VERIFY_CHECK(FE_VERIFY_LOOSE(r));
}

/* Limbs < 2^54 (LOOSE or better) -> TIGHT, same value mod p. All five carries
 * are taken from the input at once (short dependency chain): each output limb
 * is < 2^51 plus an incoming carry < 2^3 (limb 0: 19 * 2^3), far inside
 * TIGHT. */
static inline void fe_carry(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(a));
    uint64_t c0 = a->v[0] >> 51, c1 = a->v[1] >> 51, c2 = a->v[2] >> 51;
    uint64_t c3 = a->v[3] >> 51, c4 = a->v[4] >> 51;

    r->v[0] = (a->v[0] & FE_M51) + 19 * c4;
    r->v[1] = (a->v[1] & FE_M51) + c0;
    r->v[2] = (a->v[2] & FE_M51) + c1;
    r->v[3] = (a->v[3] & FE_M51) + c2;
    r->v[4] = (a->v[4] & FE_M51) + c3;
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* TIGHT -> TIGHT: r = 2p - a, then carried. */
static inline void fe_neg(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    fe z, t;
    fe_zero(&z);
    fe_sub(&t, &z, a);
    fe_carry(r, &t);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* Sums of products for the columns of fe_mul and fe_sq: x0 y0 + x1 y1 +
 * x2 y2 (+ x3 y3 + x4 y4), each product 64 x 64 -> 128 bits.
 *
 * Under clang on x86-64, an empty asm statement on the sum after each
 * product. clang rebuilds a sum of products as all the products first and the
 * additions after them, and with sixteen registers keeps the 128-bit
 * products on the stack: three products in a row had 298 stack operands
 * against gcc's 104, and clang's u64 verification took 1.14 times gcc's
 * (Zen 5). Behind the asm each partial sum must exist before the next
 * product is added, so the products go into their column as they come, as
 * gcc orders them: 0.92 times the time before, 1.04 times gcc's
 * (docs/performance.md, "clang's u64 products"). No instruction is added.
 * gcc gets the plain sum (its verification measured the same, 1.003).
 * FE_DOT_STEP is the one step that differs; both compilers' sums are
 * written once, in fe_dot3 and fe_dot5.
 *
 * FE_PRODUCT_INLINE: clang's inliner counts the asm statements as cost and
 * then called fe_mul out of line from the point formulas (13% of a
 * verification); the products are inlined, as gcc inlines them.
 *
 * x86-64 only: the stack traffic comes from its sixteen registers (on
 * AArch64 clang's order costs no spill), and clang cannot put a 128-bit
 * value in one "r" operand on every target (MIPS64, wasm64: an error). */
#if defined(__clang__) && defined(__x86_64__)
#define FE_PRODUCT_INLINE static inline __attribute__((always_inline))
static inline fe_u128 fe_mul_add(fe_u128 c, uint64_t x, uint64_t y)
{
    c += (fe_u128)x * y;
    __asm__("" : "+r"(c));
    return c;
}
#define FE_DOT_STEP(c, x, y) fe_mul_add(c, x, y)
#else
#define FE_PRODUCT_INLINE static inline
#define FE_DOT_STEP(c, x, y) ((c) + (fe_u128)(x) * (y))
#endif
static inline fe_u128 fe_dot3(uint64_t x0, uint64_t y0, uint64_t x1, uint64_t y1, uint64_t x2, uint64_t y2)
{
    return FE_DOT_STEP(FE_DOT_STEP((fe_u128)x0 * y0, x1, y1), x2, y2);
}
static inline fe_u128 fe_dot5(uint64_t x0, uint64_t y0, uint64_t x1, uint64_t y1, uint64_t x2, uint64_t y2,
                              uint64_t x3, uint64_t y3, uint64_t x4, uint64_t y4)
{
    return FE_DOT_STEP(FE_DOT_STEP(FE_DOT_STEP(FE_DOT_STEP((fe_u128)x0 * y0, x1, y1), x2, y2), x3, y3), x4, y4);
}

/* Carries the five 128-bit column sums of a product into TIGHT limbs.
 *
 * For inputs with limbs < 2^54 each column is < 77 * 2^108 < 2^115, so every
 * carry fits in 64 bits; the top carry is < 5 * 2^57 + 2^13 < 2^59.4 and
 * 19 times it is < 2^63.7, so it can be folded into limb 0 in 64-bit
 * arithmetic. The result has limbs < 2^51 except limb 1 < 2^51 + 2^13. */
FE_PRODUCT_INLINE void fe_reduce_columns(fe *r, fe_u128 c0, fe_u128 c1, fe_u128 c2, fe_u128 c3, fe_u128 c4)
{
    uint64_t r0, r1, r2, r3, r4;

    c1 += (uint64_t)(c0 >> 51);
    r0 = (uint64_t)c0 & FE_M51;
    c2 += (uint64_t)(c1 >> 51);
    r1 = (uint64_t)c1 & FE_M51;
    c3 += (uint64_t)(c2 >> 51);
    r2 = (uint64_t)c2 & FE_M51;
    c4 += (uint64_t)(c3 >> 51);
    r3 = (uint64_t)c3 & FE_M51;
    r0 += 19 * (uint64_t)(c4 >> 51);
    r4 = (uint64_t)c4 & FE_M51;
    r1 += r0 >> 51;
    r0 &= FE_M51;

    r->v[0] = r0;
    r->v[1] = r1;
    r->v[2] = r2;
    r->v[3] = r3;
    r->v[4] = r4;
}

/* r = a b. Inputs: limbs < 2^54 (LOOSE or TIGHT); output TIGHT. Schoolbook
 * 5x5 with the wrapped products pre-multiplied by 19 (19 * 2^54 < 2^59 stays
 * in 64 bits). */
FE_PRODUCT_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(a));
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(b));
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint64_t b0 = b->v[0], b1 = b->v[1], b2 = b->v[2], b3 = b->v[3], b4 = b->v[4];
    const uint64_t b1_19 = 19 * b1, b2_19 = 19 * b2, b3_19 = 19 * b3, b4_19 = 19 * b4;
    fe_u128 c0, c1, c2, c3, c4;

    c0 = fe_dot5(a0, b0, a1, b4_19, a2, b3_19, a3, b2_19, a4, b1_19);
    c1 = fe_dot5(a0, b1, a1, b0, a2, b4_19, a3, b3_19, a4, b2_19);
    c2 = fe_dot5(a0, b2, a1, b1, a2, b0, a3, b4_19, a4, b3_19);
    c3 = fe_dot5(a0, b3, a1, b2, a2, b1, a3, b0, a4, b4_19);
    c4 = fe_dot5(a0, b4, a1, b3, a2, b2, a3, b1, a4, b0);
    fe_reduce_columns(r, c0, c1, c2, c3, c4);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* The five column sums of a^2 (15 products). Limbs < 2^54: 2 a_i < 2^55 and
 * 19 a_i < 2^59 stay in 64 bits; the columns are bounded as in fe_mul. */
FE_PRODUCT_INLINE void fe_sq_columns(const fe *a, fe_u128 c[5])
{
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3;
    const uint64_t a3_19 = 19 * a3, a4_19 = 19 * a4;

    c[0] = fe_dot3(a0, a0, d1, a4_19, d2, a3_19);
    c[1] = fe_dot3(d0, a1, d2, a4_19, a3, a3_19);
    c[2] = fe_dot3(d0, a2, a1, a1, d3, a4_19);
    c[3] = fe_dot3(d0, a3, d1, a2, a4, a4_19);
    c[4] = fe_dot3(d0, a4, d1, a3, a2, a2);
}

/* r = a^2. Limbs < 2^54 in, TIGHT out. */
FE_PRODUCT_INLINE void fe_sq(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_MUL_IN(a));
    fe_u128 c[5];
    fe_sq_columns(a, c);
    fe_reduce_columns(r, c[0], c[1], c[2], c[3], c[4]);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = 2 a^2. LOOSE (limbs < 2^53) in, TIGHT out. Column 4 of a^2 is then
 * < 5 * 2^106, doubled < 2^109.4, so the top carry of fe_reduce_columns is
 * < 2^58.4 and 19 times it still fits in 64 bits (this is why the LOOSE
 * bound is 2^53 and not 2^54). */
FE_PRODUCT_INLINE void fe_sq2(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_LOOSE(a));
    fe_u128 c[5];
    int i;
    fe_sq_columns(a, c);
    for (i = 0; i < 5; i++) {
        c[i] <<= 1;
    }
    fe_reduce_columns(r, c[0], c[1], c[2], c[3], c[4]);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = a^(2^n), n >= 1 (n = 0 copies). LOOSE in, TIGHT out. The loop count is
 * public. */
static inline void fe_sqn(fe *r, const fe *a, unsigned n)
{
    ECX_VERIFY_CHECK(FE_VERIFY_LOOSE(a));
    fe t = *a;
    while (n-- > 0) {
        fe_sq(&t, &t);
    }
    *r = t;
    ECX_VERIFY_CHECK(n == 0 || FE_VERIFY_TIGHT(r));
}

/* r = a c for 0 <= c < 2^20, TIGHT -> TIGHT. Products are < 2^72, so the
 * columns are 128-bit; the top carry is < 2^22 and 19 times it fits easily. */
static inline void fe_mul_small(fe *r, const fe *a, uint32_t c)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(c < (1u << 20));
    fe_reduce_columns(r, (fe_u128)a->v[0] * c, (fe_u128)a->v[1] * c, (fe_u128)a->v[2] * c,
                      (fe_u128)a->v[3] * c, (fe_u128)a->v[4] * c);
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* r = flag ? a : r, flag in {0, 1}; constant time (mask select). */
static inline void fe_cmov(fe *r, const fe *a, unsigned flag)
{
    ECX_VERIFY_CHECK(flag <= 1);
    uint64_t mask = ct_barrier_u64((uint64_t)0 - (uint64_t)flag);
    int i;
    for (i = 0; i < 5; i++) {
        r->v[i] ^= (r->v[i] ^ a->v[i]) & mask;
    }
}

/* Swaps a and b when flag = 1; constant time. */
static inline void fe_cswap(fe *a, fe *b, unsigned flag)
{
    ECX_VERIFY_CHECK(flag <= 1);
    uint64_t mask = ct_barrier_u64((uint64_t)0 - (uint64_t)flag);
    int i;
    for (i = 0; i < 5; i++) {
        uint64_t x = (a->v[i] ^ b->v[i]) & mask;
        a->v[i] ^= x;
        b->v[i] ^= x;
    }
}

/* 1 if the 64-bit word x is 0, else 0, without a branch. */
static inline unsigned fe_word_is_zero(uint64_t x)
{
    return (unsigned)(1 ^ ((x | (0 - x)) >> 63));
}

/* 1 if a = b (mod p); TIGHT inputs; constant time (compares the canonical
 * forms). */
static inline unsigned fe_equal(const fe *a, const fe *b)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(b));
    uint64_t ta[5], tb[5], x = 0;
    int i;
    fe_freeze(ta, a);
    fe_freeze(tb, b);
    for (i = 0; i < 5; i++) {
        x |= ta[i] ^ tb[i];
    }
    return fe_word_is_zero(x);
}

/* 1 if a = 0 (mod p), including the non-canonical p itself; constant time. */
static inline unsigned fe_is_zero(const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint64_t t[5];
    fe_freeze(t, a);
    return fe_word_is_zero(t[0] | t[1] | t[2] | t[3] | t[4]);
}

/* Low bit of the canonical form ("negative" in RFC 8032 / RFC 9496);
 * constant time. */
static inline unsigned fe_is_negative(const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint64_t t[5];
    fe_freeze(t, a);
    return (unsigned)(t[0] & 1);
}

/* p = 2^255 - 19 for modinv64: signed-62 limbs {-19, 0, 0, 0, 2^7}, p^-1 mod
 * 2^62 (python3: pow(2**255 - 19, -1, 2**62)) and its divstep count. */
static const modinv64_modinfo fe_modinfo = {
    {{-19, 0, 0, 0, 128}},
    0x39435E50D79435E5u,
    588, /* divsteps, see modinv.h */
};

/* r = 1/a mod p, 1/0 = 0. TIGHT in, output limbs < 2^51 (canonical).
 * Constant time: Bernstein-Yang safegcd, 588 divsteps (modinv.h), on the
 * canonical form of a repacked into 62-bit limbs. Needs a < p on entry to
 * modinv64, which fe_freeze provides (so the non-canonical p inverts to 0). */
static inline void fe_invert(fe *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    uint64_t t[5];
    modinv64_signed62 x;
    uint64_t x0, x1, x2, x3, x4;

    fe_freeze(t, a);
    x.v[0] = (int64_t)((t[0] | t[1] << 51) & MODINV64_M62);
    x.v[1] = (int64_t)((t[1] >> 11 | t[2] << 40) & MODINV64_M62);
    x.v[2] = (int64_t)((t[2] >> 22 | t[3] << 29) & MODINV64_M62);
    x.v[3] = (int64_t)((t[3] >> 33 | t[4] << 18) & MODINV64_M62);
    x.v[4] = (int64_t)(t[4] >> 44);

    modinv64(&x, &fe_modinfo);

    x0 = (uint64_t)x.v[0];
    x1 = (uint64_t)x.v[1];
    x2 = (uint64_t)x.v[2];
    x3 = (uint64_t)x.v[3];
    x4 = (uint64_t)x.v[4];
    r->v[0] = x0 & FE_M51;
    r->v[1] = (x0 >> 51 | x1 << 11) & FE_M51;
    r->v[2] = (x1 >> 40 | x2 << 22) & FE_M51;
    r->v[3] = (x2 >> 29 | x3 << 33) & FE_M51;
    r->v[4] = (x3 >> 18 | x4 << 44) & FE_M51;
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* A translation unit that defines ECXI_FE25519_MULX_ADX (the avx2
 * backend's, which runs only where the CPU probe found BMI2 and ADX) gets
 * the four-word product and squaring in MULX / ADCX / ADOX assembly
 * (backend/u64/field_mulx.h) for its paired square roots
 * (curve25519/field_lanes.h). Not in unoptimised builds, where GCC has too
 * few registers left for the operands. */
#if defined(ECXI_FE25519_MULX_ADX) && defined(__x86_64__) && defined(__OPTIMIZE__) &&                 \
    (defined(__GNUC__) || defined(__clang__))
#define FE_HAVE_MULX_ADX 1
#include "backend/u64/field_mulx.h"
#endif

#endif
