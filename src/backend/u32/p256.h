/* u32 backend: P-256 field (mod p) and scalar (mod n) arithmetic, "8x32":
 * eight unsigned 32-bit limbs, little-endian limb order, using only
 * 32x32 -> 64-bit products (umull / umlal on ARMv7), fully reduced (< M),
 * for M = p or n (src/p256/modular.h has the moduli and the contract).
 *
 * The field (mod p) holds plain residues: the 512-bit product (64 word
 * products; 36 for the square), then the Solinas reduction of
 * p256/solinas.h (FIPS 186 fast reduction, no multiplications). The
 * Montgomery product on p's shape (p256_field_reduce: eight steps, no
 * multiplications either) stays beside it for the tests and ecbench: one
 * run measured Solinas 0.89x its multiplication and 0.82x its squaring
 * (docs/p256.md). The scalars (mod n) are in Montgomery form x R,
 * R = 2^256 (P. L. Montgomery, Math. Comp. 44, 1985), with the generic
 * CIOS routine (C. K. Koc, T. Acar, B. S. Kaliski, IEEE Micro 1996).
 *
 * Inversion is Bernstein-Yang safegcd through the signed-30 modinv of
 * backend/u32/modinv.h, which always runs 20 batches of 30 = 600 divsteps,
 * above the 590 that P. Wuille's bound proves for any modulus < 2^256 (p
 * and n are both above 2^255.99). For p it inverts the plain residue; for
 * n the stored a R, and a Montgomery product with R^3 then gives R / a,
 * the Montgomery form of 1/a.
 *
 * Portable C. All functions are constant time: no branch and no memory
 * index depends on values.
 *
 * Constants, from python3 (p, n as in p256/modular.h, R = 2**256; limbs32(x)
 * = [(x >> 32*i) % 2**32 for i in range(8)], limbs30 likewise with 9 limbs
 * of 30 bits):
 *   m   = limbs32(M)
 *   n0  = (-pow(M, -1, 2**32)) % 2**32
 *   r2  = limbs32(R**2 % M), r3 = limbs32(R**3 % M)
 *   inv = limbs30(M), pow(M, -1, 2**30)
 */
#ifndef ECX_BACKEND_U32_P256_H
#define ECX_BACKEND_U32_P256_H

#include <stdint.h>

#include "backend/u32/modinv.h"
#include "common/bytes.h"
#include "common/constant_time.h"
#include "p256/solinas.h"

typedef uint32_t p256_limb;
#define P256_LIMBS 8

typedef struct {
    uint32_t v[8];
} p256_fe;

typedef struct {
    uint32_t v[8];
} p256_sc;

typedef struct {
    uint32_t m[8];
    uint32_t n0;    /* -M^-1 mod 2^32 */
    uint32_t r2[8]; /* R^2 mod M */
    uint32_t r3[8]; /* R^3 mod M */
    s30_modulus inv;
} p256_modulus;

#include "p256/modular.h"

static const p256_modulus p256_field_mod = {
    {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0x00000000u, 0x00000000u, 0x00000001u, 0xFFFFFFFFu},
    0x00000001u,
    {0x00000003u, 0x00000000u, 0xFFFFFFFFu, 0xFFFFFFFBu, 0xFFFFFFFEu, 0xFFFFFFFFu, 0xFFFFFFFDu, 0x00000004u},
    {0x0000000Au, 0xFFFFFFFDu, 0xFFFFFFF7u, 0xFFFFFFEDu, 0xFFFFFFFCu, 0x00000005u, 0x00000001u, 0x00000018u},
    {{{0x3FFFFFFF, 0x3FFFFFFF, 0x3FFFFFFF, 0x3F, 0x0, 0x0, 0x1000, 0x3FFFC000, 0xFFFF}}, 0x3FFFFFFFu},
};

static const p256_modulus p256_scalar_mod = {
    {0xFC632551u, 0xF3B9CAC2u, 0xA7179E84u, 0xBCE6FAADu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0x00000000u, 0xFFFFFFFFu},
    0xEE00BC4Fu,
    {0xBE79EEA2u, 0x83244C95u, 0x49BD6FA6u, 0x4699799Cu, 0x2B6BEC59u, 0x2845B239u, 0xF3D95620u, 0x66E12D94u},
    {0x0B65A624u, 0xAC8EBEC9u, 0x0C0555C9u, 0x111F28AEu, 0x6BA5E93Fu, 0x2543B924u, 0x6407BE65u, 0x503A54E7u},
    {{{0x3C632551, 0xEE72B0B, 0x3179E84F, 0x39BEAB69, 0x3FFFFFBC, 0x3FFFFFFF, 0xFFF, 0x3FFFC000, 0xFFFF}},
     0x11FF43B1u},
};

/* r = t - M if t >= M, else t, for the 257-bit t = t[0..7] + top 2^256 with
 * t < 2M. Constant time: the borrow of the nine-word subtraction becomes a
 * mask. */
static inline void p256_reduce_once(uint32_t r[8], const uint32_t t[8], uint32_t top, const p256_modulus *m)
{
    uint32_t y[8], borrow = 0, keep;
    for (int i = 0; i < 8; i++) {
        uint64_t d = (uint64_t)t[i] - m->m[i] - borrow;
        y[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    /* top - borrow is 0 (t >= M) or all ones (t < M). */
    keep = ct_barrier_u32(top - borrow);
    for (int i = 0; i < 8; i++) r[i] = y[i] ^ ((y[i] ^ t[i]) & keep);
}

/* The field modulus p = 2^256 - 2^224 + 2^192 + 2^96 - 1 has the 32-bit
 * limbs {2^32 - 1 (x3), 0 (x3), 1, 2^32 - 1} and -p^-1 = 1 mod 2^32, so a
 * Montgomery reduction step takes the low limb k itself as its quotient
 * digit and adds k p with no multiplication:
 * k p = k 2^256 - k 2^224 + k 2^192 + k 2^96 - k, where -k clears the low
 * limb exactly (no borrow), k 2^96 and k 2^192 add k at limbs i + 3 and
 * i + 6, and k 2^256 - k 2^224 = k (2^32 - 1) 2^224 adds the 64-bit
 * (k << 32) - k at limbs i + 7, i + 8 (the reduction of Gueron-Krasnov,
 * as in backend/u64/p256.h, on 32-bit limbs).
 *
 * c = c[0..15] (c[16] = 0 takes the carry), c < 2^256 p (a < 2^256,
 * b < p): eight such steps; c + sum k_i p 2^(32 i) < 2^257 p, and after
 * dropping the eight cleared limbs the value is < 2p, eight limbs plus a
 * carry bit, so one conditional subtraction finishes. Constant time. */
static inline void p256_field_reduce(uint32_t r[8], uint32_t c[17])
{
    for (int i = 0; i < 8; i++) {
        const uint32_t k = c[i];
        const uint64_t kh = ((uint64_t)k << 32) - k; /* k (2^32 - 1) */
        uint64_t acc = (uint64_t)c[i + 3] + k;
        c[i + 3] = (uint32_t)acc;
        acc = (acc >> 32) + c[i + 4];
        c[i + 4] = (uint32_t)acc;
        acc = (acc >> 32) + c[i + 5];
        c[i + 5] = (uint32_t)acc;
        acc = (acc >> 32) + c[i + 6] + k;
        c[i + 6] = (uint32_t)acc;
        acc = (acc >> 32) + c[i + 7] + (uint32_t)kh;
        c[i + 7] = (uint32_t)acc;
        acc = (acc >> 32) + c[i + 8] + (uint32_t)(kh >> 32);
        c[i + 8] = (uint32_t)acc;
        for (int j = i + 9; j < 17; j++) {
            acc = (acc >> 32) + c[j];
            c[j] = (uint32_t)acc;
        }
    }
    p256_reduce_once(r, c + 8, c[16], &p256_field_mod);
}

/* c[0..15] = a b, the 512-bit product by rows (64 word products); c[16]
 * = 0 (the carry word of p256_field_reduce). */
static inline void p256_field_product(uint32_t c[17], const uint32_t a[8], const uint32_t b[8])
{
    for (int i = 0; i < 17; i++) c[i] = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t acc = 0;
        for (int j = 0; j < 8; j++) {
            acc = (uint64_t)a[i] * b[j] + c[i + j] + (acc >> 32);
            c[i + j] = (uint32_t)acc;
        }
        c[i + 8] = (uint32_t)(acc >> 32);
    }
}

/* c[0..15] = a^2: the 28 cross products a_i a_j (i < j) once, doubled by a
 * shift, plus the 8 squares (36 word products); c[16] = 0. */
static inline void p256_field_square_product(uint32_t c[17], const uint32_t a[8])
{
    uint64_t acc;
    for (int i = 0; i < 17; i++) c[i] = 0;
    for (int i = 0; i < 7; i++) {
        acc = 0;
        for (int j = i + 1; j < 8; j++) {
            acc = (uint64_t)a[i] * a[j] + c[i + j] + (acc >> 32);
            c[i + j] = (uint32_t)acc;
        }
        c[i + 8] = (uint32_t)(acc >> 32);
    }
    /* double c[1..14] (the cross products are < 2^511 / 2) */
    c[15] = c[14] >> 31;
    for (int i = 14; i > 0; i--) c[i] = (c[i] << 1) | (c[i - 1] >> 31);
    /* add the squares a_i^2 at limb 2i, one carry chain */
    acc = 0;
    for (int i = 0; i < 8; i++) {
        const uint64_t sq = (uint64_t)a[i] * a[i];
        acc = (acc >> 32) + c[2 * i] + (uint32_t)sq;
        c[2 * i] = (uint32_t)acc;
        acc = (acc >> 32) + c[2 * i + 1] + (uint32_t)(sq >> 32);
        c[2 * i + 1] = (uint32_t)acc;
    }
}

/* r = a b R^-1 mod p for a < 2^256, b < p (Montgomery, p's shape). */
static inline void p256_field_mul_montgomery(uint32_t r[8], const uint32_t a[8], const uint32_t b[8])
{
    uint32_t c[17];
    p256_field_product(c, a, b);
    p256_field_reduce(r, c);
}

/* r = a^2 R^-1 mod p for a < p. */
static inline void p256_field_sq_montgomery(uint32_t r[8], const uint32_t a[8])
{
    uint32_t c[17];
    p256_field_square_product(c, a);
    p256_field_reduce(r, c);
}

/* r = a b mod p (plain residues, no R) for a, b < 2^256: the product, then
 * the Solinas reduction of p256/solinas.h and one conditional subtraction
 * (its output is < 2^256 < 2p). */
static inline void p256_field_mul_solinas(uint32_t r[8], const uint32_t a[8], const uint32_t b[8])
{
    uint32_t c[17];
    p256_field_product(c, a, b);
    p256_solinas_reduce(r, c);
    p256_reduce_once(r, r, 0, &p256_field_mod);
}

/* r = a^2 mod p (plain residues) for a < 2^256. */
static inline void p256_field_sq_solinas(uint32_t r[8], const uint32_t a[8])
{
    uint32_t c[17];
    p256_field_square_product(c, a);
    p256_solinas_reduce(r, c);
    p256_reduce_once(r, r, 0, &p256_field_mod);
}

/* On 32-bit ARM (ARMv6 and later, ARM or Thumb-2 state: UMAAL) the field
 * product, squaring, addition and subtraction are assembly,
 * backend/u32/p256_arm32.h (gcc 12 never emits UMAAL, and its Solinas
 * columns are 64-bit signed sums: 834 instructions a product in C,
 * docs/p256.md); same contracts and results as the C below. */
#if defined(__arm__) && defined(__ARM_ARCH_ISA_ARM) && __ARM_ARCH >= 6 && \
    (!defined(__thumb__) || defined(__thumb2__)) && !defined(ECX_U32_NO_ASM)
#define P256_HAVE_ARM32_ASM 1
#include "backend/u32/p256_arm32.h"
#endif

/* The reduction in use for the field: Solinas, on plain residues (it was
 * 0.89x the Montgomery product and 0.82x its squaring in one ecbench run,
 * docs/p256.md). */
static inline void p256_field_mul(uint32_t r[8], const uint32_t a[8], const uint32_t b[8])
{
#ifdef P256_HAVE_ARM32_ASM
    ecxi_p256_arm32_field_mul(r, a, b);
#else
    p256_field_mul_solinas(r, a, b);
#endif
}

static inline void p256_field_sq(uint32_t r[8], const uint32_t a[8])
{
#ifdef P256_HAVE_ARM32_ASM
    ecxi_p256_arm32_field_sq(r, a);
#else
    p256_field_sq_solinas(r, a);
#endif
}

/* The product in the representation, fully reduced: for p, r = a b mod p
 * (p256_field_mul, Solinas) for a, b < 2^256; for n, r = a b R^-1 mod n for
 * any a < 2^256 and b < n, by the routine below.
 *
 * CIOS: for each limb a_i, t += a_i b, then t += k M with k = t_0 n0 mod
 * 2^32 (which clears t_0) and t /= 2^32. By induction t < b + M after every
 * round, so t < 2M < 2^257 fits eight words plus a top bit; the sum before
 * the shift fits ten words (t9 is its carry, at most 1). Every
 * a_i b_j + t_j + carry is < 2^64. One conditional subtraction finishes. */
static inline void p256_mod_mul(uint32_t r[8], const uint32_t a[8], const uint32_t b[8], const p256_modulus *m)
{
    uint32_t t[8] = {0, 0, 0, 0, 0, 0, 0, 0}, t8 = 0, t9, k;
    uint64_t x;

    if (m == &p256_field_mod) {
        p256_field_mul(r, a, b);
        return;
    }

    for (int i = 0; i < 8; i++) {
        x = (uint64_t)a[i] * b[0] + t[0];
        t[0] = (uint32_t)x;
        for (int j = 1; j < 8; j++) {
            x = (uint64_t)a[i] * b[j] + t[j] + (x >> 32);
            t[j] = (uint32_t)x;
        }
        x = (uint64_t)t8 + (x >> 32);
        t8 = (uint32_t)x;
        t9 = (uint32_t)(x >> 32);

        k = t[0] * m->n0;
        x = (uint64_t)k * m->m[0] + t[0]; /* low word 0 by choice of k */
        for (int j = 1; j < 8; j++) {
            x = (uint64_t)k * m->m[j] + t[j] + (x >> 32);
            t[j - 1] = (uint32_t)x;
        }
        x = (uint64_t)t8 + (x >> 32);
        t[7] = (uint32_t)x;
        t8 = t9 + (uint32_t)(x >> 32);
    }
    p256_reduce_once(r, t, t8, m);
}

/* r = a^2 in the representation: the dedicated squaring for p (a^2 mod
 * p), a Montgomery product of a with itself for n (scalar squarings are
 * few). */
static inline void p256_mod_sq(uint32_t r[8], const uint32_t a[8], const p256_modulus *m)
{
    if (m == &p256_field_mod)
        p256_field_sq(r, a);
    else
        p256_mod_mul(r, a, a, m);
}

/* r = the 256-bit big-endian s as limbs, unreduced; s = the limbs of a. */
static inline void p256_limbs_from_be(uint32_t r[8], const uint8_t s[32])
{
    for (int i = 0; i < 8; i++) r[i] = load32_be(s + 28 - 4 * i);
}

static inline void p256_limbs_to_be(uint8_t s[32], const uint32_t a[8])
{
    for (int i = 0; i < 8; i++) store32_be(s + 28 - 4 * i, a[i]);
}

/* r = s mod M in the representation (p: the plain residue, one
 * conditional subtraction since s < 2^256 < 2p; n: s R, the product
 * s R^2 R^-1, which accepts any first factor < 2^256), returns s < M; s
 * big-endian, any 256-bit value. The comparison is the borrow of s - M. */
static inline unsigned p256_mod_from_bytes(uint32_t r[8], const uint8_t s[32], const p256_modulus *m)
{
    uint32_t x[8], borrow = 0;
    p256_limbs_from_be(x, s);
    for (int i = 0; i < 8; i++) {
        borrow = (uint32_t)(((uint64_t)x[i] - m->m[i] - borrow) >> 63);
    }
    if (m == &p256_field_mod)
        p256_reduce_once(r, x, 0, m);
    else
        p256_mod_mul(r, x, m->r2, m);
    return borrow;
}

/* r = w mod M in the representation for canonical words w < M: the words
 * split into limbs (p: that is all; n: then one product with R^2). */
static inline void p256_mod_from_words(uint32_t r[8], const uint64_t w[4], const p256_modulus *m)
{
    uint32_t x[8];
    for (int i = 0; i < 4; i++) {
        x[2 * i] = (uint32_t)w[i];
        x[2 * i + 1] = (uint32_t)(w[i] >> 32);
    }
    if (m == &p256_field_mod)
        for (int i = 0; i < 8; i++) r[i] = x[i];
    else
        p256_mod_mul(r, x, m->r2, m);
}

/* Canonical big-endian bytes of a, < M (p: the limbs themselves; n: out of
 * Montgomery form by a 1 R^-1). */
static inline void p256_mod_to_bytes(uint8_t s[32], const uint32_t a[8], const p256_modulus *m)
{
    static const uint32_t one[8] = {1, 0, 0, 0, 0, 0, 0, 0};
    uint32_t x[8];
    if (m == &p256_field_mod) {
        p256_limbs_to_be(s, a);
        return;
    }
    p256_mod_mul(x, a, one, m);
    p256_limbs_to_be(s, x);
}

/* r = a + b mod M for a, b < M: the 257-bit sum, then one conditional
 * subtraction. */
static inline void p256_mod_add(uint32_t r[8], const uint32_t a[8], const uint32_t b[8], const p256_modulus *m)
{
    uint32_t t[8];
    uint64_t c = 0;
#ifdef P256_HAVE_ARM32_ASM
    if (m == &p256_field_mod) {
        ecxi_p256_arm32_field_add(r, a, b);
        return;
    }
#endif
    for (int i = 0; i < 8; i++) {
        c = (c >> 32) + a[i] + b[i];
        t[i] = (uint32_t)c;
    }
    p256_reduce_once(r, t, (uint32_t)(c >> 32), m);
}

/* r = a - b mod M for a, b < M: subtract, then add M back under the borrow
 * mask. */
static inline void p256_mod_sub(uint32_t r[8], const uint32_t a[8], const uint32_t b[8], const p256_modulus *m)
{
    uint32_t t[8], borrow = 0, mask;
    uint64_t c = 0;
#ifdef P256_HAVE_ARM32_ASM
    if (m == &p256_field_mod) {
        ecxi_p256_arm32_field_sub(r, a, b);
        return;
    }
#endif
    for (int i = 0; i < 8; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;
        t[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    mask = ct_barrier_u32(0u - borrow);
    for (int i = 0; i < 8; i++) {
        c = (c >> 32) + t[i] + (m->m[i] & mask);
        r[i] = (uint32_t)c;
    }
}

/* r = -a mod M (0 stays 0). */
static inline void p256_mod_neg(uint32_t r[8], const uint32_t a[8], const p256_modulus *m)
{
    static const uint32_t zero[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    p256_mod_sub(r, zero, a, m);
}

/* r = 1/a mod M in the representation, 1/0 = 0. p: safegcd of the plain
 * residue is the result. n: safegcd gives 1/(a R) for the stored a R, and
 * R^3 / (a R) / R = R / a, the Montgomery form of 1/a. Constant time. */
static inline void p256_mod_invert(uint32_t r[8], const uint32_t a[8], const p256_modulus *m)
{
    s30_int x;
    uint32_t w[8];
    s30_from_u32x8(&x, a);
    s30_modinv(&x, &m->inv);
    s30_to_u32x8(w, &x);
    if (m == &p256_field_mod)
        for (int i = 0; i < 8; i++) r[i] = w[i];
    else
        p256_mod_mul(r, w, m->r3, m);
}

/* r = flag ? a : r, flag in {0, 1}; mask select. */
static inline void p256_limbs_cmov(uint32_t r[8], const uint32_t a[8], unsigned flag)
{
    const uint32_t mask = ct_barrier_u32(0u - (uint32_t)flag);
    for (int i = 0; i < 8; i++) r[i] ^= (r[i] ^ a[i]) & mask;
}

/* 1 if the 32-bit word x is 0, else 0, without a branch. */
static inline unsigned p256_word_is_zero(uint32_t x)
{
    return (unsigned)(((x | (0u - x)) >> 31) ^ 1u);
}

static inline unsigned p256_limbs_is_zero(const uint32_t a[8])
{
    uint32_t acc = 0;
    for (int i = 0; i < 8; i++) acc |= a[i];
    return p256_word_is_zero(acc);
}

static inline unsigned p256_limbs_equal(const uint32_t a[8], const uint32_t b[8])
{
    uint32_t acc = 0;
    for (int i = 0; i < 8; i++) acc |= a[i] ^ b[i];
    return p256_word_is_zero(acc);
}

/* The curve constant b and 1 in the field's representation, plain
 * residues (python3: limbs32(B), B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B),
 * for the group code (src/p256/point.h). */
static const p256_fe p256_fe_b = {{0x27D2604Bu, 0x3BCE3C3Eu, 0xCC53B0F6u, 0x651D06B0u, 0x769886BCu, 0xB3EBBD55u,
                                   0xAA3A93E7u, 0x5AC635D8u}};
static const p256_fe p256_fe_one = {{1, 0, 0, 0, 0, 0, 0, 0}};

#include "p256/field.h"
#include "p256/scalar.h"

#endif
