/* Scalars mod l = 2^252 + 27742317777372353535851937790883648493 with 32-bit
 * arithmetic, for the u32 backend. Only 32x32 -> 64-bit products.
 *
 * Representation: Montgomery form with R = 2^261: sc holds x R mod l, fully
 * reduced (< l), as nine unsigned 29-bit limbs v[0..8] (value
 * sum v_i 2^(29 i), each limb < 2^29), so equal values have equal limbs.
 * 29-bit limbs leave 6 bits of headroom in a 64-bit accumulator: a whole
 * column of products (up to 14 of them, < 2^58 each) is summed without
 * intermediate carries, which keeps the multiplication free of serial
 * add-with-carry chains (and maps onto umlal on ARMv7).
 *
 * Multiplication is Montgomery's (P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 1985) in product-scanning order
 * (the "FIPS" arrangement of C. K. Koc, T. Acar, B. S. Kaliski, "Analyzing
 * and comparing Montgomery multiplication algorithms", IEEE Micro 1996).
 * Inversion is Bernstein-Yang safegcd (backend/u32/modinv.h).
 *
 * Constants, from python3 (l as above, limbs29(x) = [(x >> 29 i) % 2^29]):
 *   SC_L0..SC_L4, 2^20 (limb 8)  limbs29(l); limbs 5..7 are zero
 *   SC_NINV                      (-pow(l, -1, 2**29)) % 2**29
 *   sc_r1                        limbs29(2^261 mod l)           (Montgomery 1)
 *   sc_r2, sc_r3                 limbs29(2^522 mod l), limbs29(2^783 mod l)
 *   sc_rw                        limbs29(2^256 * 2^522 mod l)   (sc_from_wide)
 *   sc_modulus_s30               l in signed 30-bit limbs, pow(l, -1, 2**30)
 * Every function here is constant time. The conversions (from and to bytes)
 * wipe their copies of the value before returning: a scalar may be a secret
 * key or a nonce (tests/test_residue.c scans the stack for what is left).
 */
#ifndef ECX_BACKEND_U32_SCALAR_H
#define ECX_BACKEND_U32_SCALAR_H

#include <stdint.h>

typedef struct {
    uint32_t v[9];
} sc;

#include "curve25519/scalar.h"
#include "backend/u32/modinv.h"
#include "common/constant_time.h"
#include "common/public_words.h"
#include "common/verify.h"

#define SC_M29 ((uint32_t)0x1fffffff)
#define SC_L0 ((uint32_t)0x1cf5d3ed)
#define SC_L1 ((uint32_t)0x009318d2)
#define SC_L2 ((uint32_t)0x1de73596)
#define SC_L3 ((uint32_t)0x1df3bd45)
#define SC_L4 ((uint32_t)0x0000014d)
#define SC_NINV ((uint32_t)0x12547e1b)
static const uint32_t sc_l[9] = {SC_L0, SC_L1, SC_L2, SC_L3, SC_L4, 0, 0, 0, (uint32_t)1 << 20};
static const uint32_t sc_r1[9] = {0x114df9ed, 0x1a617303, 0x0f7c098c, 0x16793167, 0x1ffd656e,
                                  0x1fffffff, 0x1fffffff, 0x1fffffff, 0x000fffff};
static const uint32_t sc_r2[9] = {0x0b5f9d12, 0x1e141b17, 0x158d7f3d, 0x143f3757, 0x1972d781,
                                  0x042feb7c, 0x1ceec73d, 0x1e184d1e, 0x0005046d};
static const uint32_t sc_r3[9] = {0x07182148, 0x0d3d45a9, 0x0660b4aa, 0x13ad71e6, 0x08a69e2c,
                                  0x013b16d9, 0x00cbb8d8, 0x199cec78, 0x0005bb9a};
static const uint32_t sc_rw[9] = {0x0ef11ffc, 0x1ad83ccb, 0x14a06dd5, 0x1b143983, 0x194535eb,
                                  0x1809d8b6, 0x18065dc6, 0x1acce763, 0x000c2ddc};
static const s30_modulus sc_modulus_s30 = {
    {{0x1cf5d3ed, 0x20498c69, 0x2f79cd65, 0x37be77a8, 0x14, 0, 0, 0, 0x1000}}, 0x2dab81e5};
/* l as eight 32-bit words, for the range check of sc_from_bytes. */
static const uint32_t sc_l_words[8] = {0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de, 0, 0, 0, 0x10000000};

#define SC_MUL(x, y) ((uint64_t)(x) * (uint32_t)(y))

/* w = the 32 little-endian bytes s as eight 32-bit words. */
static inline void sc_load_words(uint32_t w[8], const uint8_t s[32])
{
    for (int i = 0; i < 8; i++)
        w[i] = (uint32_t)s[4 * i] | ((uint32_t)s[4 * i + 1] << 8) | ((uint32_t)s[4 * i + 2] << 16) |
               ((uint32_t)s[4 * i + 3] << 24);
}

/* Eight 32-bit words -> nine 29-bit limbs (the top limb gets 24 bits). */
static inline void sc_words_to_limbs(uint32_t v[9], const uint32_t w[8])
{
    for (int i = 0; i < 9; i++) {
        int bit = 29 * i, word = bit >> 5, shift = bit & 31;
        uint32_t x = w[word] >> shift;
        if (shift > 3 && word + 1 < 8) x |= w[word + 1] << (32 - shift);
        v[i] = x & SC_M29;
    }
}

/* Nine 29-bit limbs of a value < 2^256 -> eight 32-bit words. */
static inline void sc_limbs_to_words(uint32_t w[8], const uint32_t v[9])
{
    for (int j = 0; j < 8; j++) {
        int bit = 32 * j, limb = bit / 29, shift = bit % 29;
        w[j] = (v[limb] >> shift) | (v[limb + 1] << (29 - shift));
    }
}

/* The checked build's bound (common/verify.h): every scalar is stored fully
 * reduced, 29-bit limbs and a value < l. */
static inline int sc_verify_reduced(const uint32_t v[9])
{
    uint32_t w[8];
    for (int i = 0; i < 9; i++)
        if (v[i] > (i < 8 ? SC_M29 : 0xffffffu)) return 0;
    sc_limbs_to_words(w, v);
    for (int i = 7; i >= 0; i--)
        if (w[i] != sc_l_words[i]) return w[i] < sc_l_words[i];
    return 0;
}
#define SC_VERIFY_REDUCED(a) sc_verify_reduced((a)->v)

/* r = a - l if a >= l, else a; for a < 2l with 29-bit limbs. The borrow
 * of the trial subtraction picks the result through a mask. */
static inline void sc_reduce_once(uint32_t r[9], const uint32_t a[9])
{
    uint32_t d[9], borrow = 0;
    for (int i = 0; i < 9; i++) {
        uint32_t x = a[i] - sc_l[i] - borrow;
        borrow = x >> 31;
        d[i] = x & SC_M29;
    }
    const uint32_t keep = ct_barrier_u32(0u - borrow); /* all ones iff a < l */
    for (int i = 0; i < 9; i++) r[i] = (a[i] & keep) | (d[i] & ~keep);
}

/* r = a b / 2^261 mod l, fully reduced. a: any 29-bit limbs (< 2^261);
 * b < l. Column k of a b (sum of a_i b_j, i + j = k) is accumulated with the
 * columns of M l, where M = sum m_k 2^(29 k) is chosen digit by digit: in
 * the low nine columns m_k = -acc / l mod 2^29 clears the column's low 29
 * bits, which are shifted out; the high columns give the result limbs.
 * T = (a b + M l) / 2^261 < (2^261 l + 2^261 l) / 2^261 = 2l, so one
 * conditional subtraction finishes. A column holds at most 9 + 5 products
 * below 2^58 plus a carry below 2^35: acc < 2^62. l's limbs 5..7 are zero
 * and limb 8 is 2^20, so those products are dropped or become shifts. */
static inline void sc_montmul(uint32_t r[9], const uint32_t a[9], const uint32_t b[9])
{
    const uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7],
                   a8 = a[8];
    const uint32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7],
                   b8 = b[8];
    uint32_t m0, m1, m2, m3, m4, m5, m6, m7, m8, t[9];
    uint64_t acc;
#define SC_LOW(k)                                                                                  \
    m##k = ((uint32_t)acc * SC_NINV) & SC_M29;                                                     \
    acc = (acc + SC_MUL(m##k, SC_L0)) >> 29
#define SC_HIGH(k)                                                                                 \
    t[k] = (uint32_t)acc & SC_M29;                                                                 \
    acc >>= 29
    acc = SC_MUL(a0, b0); SC_LOW(0);
    acc += SC_MUL(a0, b1) + SC_MUL(a1, b0) + SC_MUL(m0, SC_L1); SC_LOW(1);
    acc += SC_MUL(a0, b2) + SC_MUL(a1, b1) + SC_MUL(a2, b0) + SC_MUL(m0, SC_L2) +
           SC_MUL(m1, SC_L1); SC_LOW(2);
    acc += SC_MUL(a0, b3) + SC_MUL(a1, b2) + SC_MUL(a2, b1) + SC_MUL(a3, b0) + SC_MUL(m0, SC_L3) +
           SC_MUL(m1, SC_L2) + SC_MUL(m2, SC_L1); SC_LOW(3);
    acc += SC_MUL(a0, b4) + SC_MUL(a1, b3) + SC_MUL(a2, b2) + SC_MUL(a3, b1) + SC_MUL(a4, b0) +
           SC_MUL(m0, SC_L4) + SC_MUL(m1, SC_L3) + SC_MUL(m2, SC_L2) + SC_MUL(m3, SC_L1); SC_LOW(4);
    acc += SC_MUL(a0, b5) + SC_MUL(a1, b4) + SC_MUL(a2, b3) + SC_MUL(a3, b2) + SC_MUL(a4, b1) +
           SC_MUL(a5, b0) + SC_MUL(m1, SC_L4) + SC_MUL(m2, SC_L3) + SC_MUL(m3, SC_L2) +
           SC_MUL(m4, SC_L1); SC_LOW(5);
    acc += SC_MUL(a0, b6) + SC_MUL(a1, b5) + SC_MUL(a2, b4) + SC_MUL(a3, b3) + SC_MUL(a4, b2) +
           SC_MUL(a5, b1) + SC_MUL(a6, b0) + SC_MUL(m2, SC_L4) + SC_MUL(m3, SC_L3) + SC_MUL(m4, SC_L2) +
           SC_MUL(m5, SC_L1); SC_LOW(6);
    acc += SC_MUL(a0, b7) + SC_MUL(a1, b6) + SC_MUL(a2, b5) + SC_MUL(a3, b4) + SC_MUL(a4, b3) +
           SC_MUL(a5, b2) + SC_MUL(a6, b1) + SC_MUL(a7, b0) + SC_MUL(m3, SC_L4) + SC_MUL(m4, SC_L3) +
           SC_MUL(m5, SC_L2) + SC_MUL(m6, SC_L1); SC_LOW(7);
    acc += SC_MUL(a0, b8) + SC_MUL(a1, b7) + SC_MUL(a2, b6) + SC_MUL(a3, b5) + SC_MUL(a4, b4) +
           SC_MUL(a5, b3) + SC_MUL(a6, b2) + SC_MUL(a7, b1) + SC_MUL(a8, b0) + ((uint64_t)m0 << 20) +
           SC_MUL(m4, SC_L4) + SC_MUL(m5, SC_L3) + SC_MUL(m6, SC_L2) + SC_MUL(m7, SC_L1); SC_LOW(8);
    acc += SC_MUL(a1, b8) + SC_MUL(a2, b7) + SC_MUL(a3, b6) + SC_MUL(a4, b5) + SC_MUL(a5, b4) +
           SC_MUL(a6, b3) + SC_MUL(a7, b2) + SC_MUL(a8, b1) + ((uint64_t)m1 << 20) + SC_MUL(m5, SC_L4) +
           SC_MUL(m6, SC_L3) + SC_MUL(m7, SC_L2) + SC_MUL(m8, SC_L1); SC_HIGH(0);
    acc += SC_MUL(a2, b8) + SC_MUL(a3, b7) + SC_MUL(a4, b6) + SC_MUL(a5, b5) + SC_MUL(a6, b4) +
           SC_MUL(a7, b3) + SC_MUL(a8, b2) + ((uint64_t)m2 << 20) + SC_MUL(m6, SC_L4) +
           SC_MUL(m7, SC_L3) + SC_MUL(m8, SC_L2); SC_HIGH(1);
    acc += SC_MUL(a3, b8) + SC_MUL(a4, b7) + SC_MUL(a5, b6) + SC_MUL(a6, b5) + SC_MUL(a7, b4) +
           SC_MUL(a8, b3) + ((uint64_t)m3 << 20) + SC_MUL(m7, SC_L4) + SC_MUL(m8, SC_L3); SC_HIGH(2);
    acc += SC_MUL(a4, b8) + SC_MUL(a5, b7) + SC_MUL(a6, b6) + SC_MUL(a7, b5) + SC_MUL(a8, b4) +
           ((uint64_t)m4 << 20) + SC_MUL(m8, SC_L4); SC_HIGH(3);
    acc += SC_MUL(a5, b8) + SC_MUL(a6, b7) + SC_MUL(a7, b6) + SC_MUL(a8, b5) +
           ((uint64_t)m5 << 20); SC_HIGH(4);
    acc += SC_MUL(a6, b8) + SC_MUL(a7, b7) + SC_MUL(a8, b6) + ((uint64_t)m6 << 20); SC_HIGH(5);
    acc += SC_MUL(a7, b8) + SC_MUL(a8, b7) + ((uint64_t)m7 << 20); SC_HIGH(6);
    acc += SC_MUL(a8, b8) + ((uint64_t)m8 << 20); SC_HIGH(7);
    t[8] = (uint32_t)acc;
#undef SC_LOW
#undef SC_HIGH
    sc_reduce_once(r, t);
}

/* Packs the nine limbs, two per word (limbs[4] = v[8]); sc_from_public
 * undoes it and trusts its input (no checks). */
static inline void sc_to_public(ecx_sc25519 *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    for (int i = 0; i < 4; i++)
        public_word_store(&r->limbs[i], (uint64_t)a->v[2 * i] | ((uint64_t)a->v[2 * i + 1] << 32));
    public_word_store(&r->limbs[4], a->v[8]);
}

static inline void sc_from_public(sc *r, const ecx_sc25519 *a)
{
    for (int i = 0; i < 4; i++) {
        const uint64_t word = public_word_load(&a->limbs[i]);
        r->v[2 * i] = (uint32_t)word;
        r->v[2 * i + 1] = (uint32_t)(word >> 32);
    }
    r->v[8] = (uint32_t)public_word_load(&a->limbs[4]);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = 0 (all-zero limbs in Montgomery form too), r = 1 (R mod l). */
static inline void sc_zero(sc *r)
{
    for (int i = 0; i < 9; i++) r->v[i] = 0;
}

static inline void sc_one(sc *r)
{
    for (int i = 0; i < 9; i++) r->v[i] = sc_r1[i];
}

/* r = s if s < l (returns 1), else r = 0 (returns 0). The range check is the
 * borrow of the full-width subtraction s - l: constant time. */
static inline unsigned sc_from_bytes(sc *r, const uint8_t s[32])
{
    uint32_t w[8], limbs[9], borrow = 0;
    sc_load_words(w, s);
    for (int i = 0; i < 8; i++) {
        uint64_t x = (uint64_t)w[i] - sc_l_words[i] - borrow;
        borrow = (uint32_t)(x >> 63);
    }
    sc_words_to_limbs(limbs, w);
    sc_montmul(r->v, limbs, sc_r2); /* s R^2 / R = s R */
    const uint32_t mask = ct_barrier_u32(0u - borrow);
    for (int i = 0; i < 9; i++) r->v[i] &= mask;
    ct_wipe(w, sizeof w);
    ct_wipe(limbs, sizeof limbs);
    return borrow;
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = s mod l for any 256-bit s (Montgomery multiplication accepts a first
 * factor up to 2^261). */
static inline void sc_from_bytes_reduce(sc *r, const uint8_t s[32])
{
    uint32_t w[8], limbs[9];
    sc_load_words(w, s);
    sc_words_to_limbs(limbs, w);
    sc_montmul(r->v, limbs, sc_r2);
    ct_wipe(w, sizeof w);
    ct_wipe(limbs, sizeof limbs);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = lo + hi 2^256 mod l from 64 little-endian bytes:
 * lo R^2 / R = lo R and hi (2^256 R^2) / R = (hi 2^256) R, then add. */
static inline void sc_from_wide(sc *r, const uint8_t s[64])
{
    uint32_t w[8], lo[9], hi[9];
    sc x, y;
    sc_load_words(w, s);
    sc_words_to_limbs(lo, w);
    sc_load_words(w, s + 32);
    sc_words_to_limbs(hi, w);
    sc_montmul(x.v, lo, sc_r2);
    sc_montmul(y.v, hi, sc_rw);
    sc_add(r, &x, &y);
    ct_wipe(w, sizeof w);
    ct_wipe(lo, sizeof lo);
    ct_wipe(hi, sizeof hi);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* s = canonical little-endian encoding of a (< l): x R / R = x. */
static inline void sc_to_bytes(uint8_t s[32], const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    static const uint32_t one[9] = {1};
    uint32_t v[9], w[8];
    sc_montmul(v, a->v, one);
    sc_limbs_to_words(w, v);
    for (int i = 0; i < 8; i++) {
        s[4 * i] = (uint8_t)w[i];
        s[4 * i + 1] = (uint8_t)(w[i] >> 8);
        s[4 * i + 2] = (uint8_t)(w[i] >> 16);
        s[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    ct_wipe(v, sizeof v);
    ct_wipe(w, sizeof w);
}

/* r = a + b mod l: limb sums with carries (a + b < 2l < 2^261), then one
 * conditional subtraction. */
static inline void sc_add(sc *r, const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    uint32_t s[9], c = 0;
    for (int i = 0; i < 9; i++) {
        c += a->v[i] + b->v[i];
        s[i] = c & SC_M29;
        c >>= 29;
    }
    sc_reduce_once(r->v, s);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = a - b mod l: subtract, then add l back under the borrow mask. */
static inline void sc_sub(sc *r, const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    uint32_t d[9], borrow = 0, c = 0;
    for (int i = 0; i < 9; i++) {
        uint32_t x = a->v[i] - b->v[i] - borrow;
        borrow = x >> 31;
        d[i] = x & SC_M29;
    }
    const uint32_t mask = ct_barrier_u32(0u - borrow);
    for (int i = 0; i < 9; i++) {
        c += d[i] + (sc_l[i] & mask);
        r->v[i] = c & SC_M29;
        c >>= 29;
    }
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = -a mod l (0 stays 0). */
static inline void sc_neg(sc *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    sc zero;
    sc_zero(&zero);
    sc_sub(r, &zero, a);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = a b (Montgomery: (x R)(y R) / R = x y R). */
static inline void sc_mul(sc *r, const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    sc_montmul(r->v, a->v, b->v);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = a^2. */
static inline void sc_sq(sc *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    sc_montmul(r->v, a->v, a->v);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = 1/a mod l, 1/0 = 0. safegcd inverts the stored value x R as a plain
 * integer, giving 1/(x R); a Montgomery product with R^3 turns that into
 * R^3 / (x R) / R = R / x, the Montgomery form of 1/x. */
static inline void sc_invert(sc *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    s30_int x;
    uint32_t w[8], limbs[9];
    sc_limbs_to_words(w, a->v);
    s30_from_u32x8(&x, w);
    s30_modinv(&x, &sc_modulus_s30);
    s30_to_u32x8(w, &x);
    sc_words_to_limbs(limbs, w);
    sc_montmul(r->v, limbs, sc_r3);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = flag ? a : r, flag in {0, 1}. */
static inline void sc_cmov(sc *r, const sc *a, unsigned flag)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(flag <= 1);
    const uint32_t mask = ct_barrier_u32(0u - (uint32_t)flag);
    for (int i = 0; i < 9; i++) r->v[i] ^= (r->v[i] ^ a->v[i]) & mask;
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* Values are fully reduced, so comparisons are limb by limb. */
static inline unsigned sc_is_zero(const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    uint32_t acc = 0;
    for (int i = 0; i < 9; i++) acc |= a->v[i];
    return (unsigned)(((acc | (0u - acc)) >> 31) ^ 1u); /* 1 iff acc == 0 */
}

static inline unsigned sc_equal(const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    uint32_t acc = 0;
    for (int i = 0; i < 9; i++) acc |= a->v[i] ^ b->v[i];
    return (unsigned)(((acc | (0u - acc)) >> 31) ^ 1u); /* 1 iff acc == 0 */
}

#endif
