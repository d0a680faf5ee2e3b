/* u64 backend: P-256 field (mod p) and scalar (mod n) arithmetic, "4x64":
 * four unsigned 64-bit limbs, little-endian limb order, in Montgomery form
 * with R = 2^256. A value x is stored as x R mod M, fully reduced (< M), for
 * M = p or n (src/p256/modular.h has the moduli and the contract).
 *
 * Multiplication is Montgomery's (P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44, 1985) in the CIOS arrangement
 * (coarsely integrated operand scanning: C. K. Koc, T. Acar, B. S. Kaliski,
 * "Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro
 * 1996), one routine for both moduli. With p's limbs {2^64 - 1, 2^32 - 1, 0,
 * 2^64 - 2^32 + 1} and -p^-1 = 1 mod 2^64 the compiler folds the zero limb
 * and the trivial quotient digit of the field case, since the modulus is a
 * compile-time constant at every call. Both moduli exceed 2^255, so
 * intermediate values need a fifth (carry) word; see p256_mod_mul.
 *
 * Inversion is Bernstein-Yang safegcd through modinv64 (backend/u64/modinv.h)
 * with 590 divsteps: P. Wuille's bound for any modulus < 2^256, proven there
 * (p and n are both > 2^255.99, so no smaller count is justified). It is
 * scaled by R^2 so that the result is already in Montgomery form.
 *
 * Portable C with unsigned __int128; no assembly. All functions are
 * constant time: no branch and no memory index depends on values.
 *
 * Constants, from python3 (p, n as in p256/modular.h, R = 2**256; limbs64(x)
 * = [(x >> 64*i) % 2**64 for i in range(4)], limbs62 likewise with 5 limbs
 * of 62 bits):
 *   m      = limbs64(M)
 *   n0     = (-pow(M, -1, 2**64)) % 2**64
 *   r2     = limbs64(R**2 % M)            (x -> x R by one Montgomery product)
 *   inv    = limbs62(M), pow(M, -1, 2**62), 590 divsteps
 *   inv_scale = limbs62(R**2 % M)         (see p256_mod_invert)
 */
#ifndef ECX_BACKEND_U64_P256_H
#define ECX_BACKEND_U64_P256_H

#include <stdint.h>

#include "backend/u64/modinv.h"
#include "common/bytes.h"
#include "common/constant_time.h"
#include "p256/solinas.h"

typedef uint64_t p256_limb;
#define P256_LIMBS 4

typedef struct {
    uint64_t v[4];
} p256_fe;

typedef struct {
    uint64_t v[4];
} p256_sc;

typedef struct {
    uint64_t m[4];
    uint64_t n0;    /* -M^-1 mod 2^64 */
    uint64_t r2[4]; /* R^2 mod M */
    modinv64_modinfo inv;
    modinv64_signed62 inv_scale; /* R^2 mod M in signed-62 limbs */
} p256_modulus;

#include "p256/modular.h"

__extension__ typedef unsigned __int128 p256_u128;

static const p256_modulus p256_field_mod = {
    {0xFFFFFFFFFFFFFFFFu, 0x00000000FFFFFFFFu, 0, 0xFFFFFFFF00000001u},
    1,
    {0x0000000000000003u, 0xFFFFFFFBFFFFFFFFu, 0xFFFFFFFFFFFFFFFEu, 0x00000004FFFFFFFDu},
    {{{0x3FFFFFFFFFFFFFFF, 0x3FFFFFFFF, 0, 0x3FFFFFC000000040, 0xFF}}, 0x3FFFFFFFFFFFFFFFu, 590},
    {{0x3, 0x3FFFFFEFFFFFFFFC, 0x3FFFFFFFFFFFFFEF, 0x13FFFFFFF7F, 0}},
};

static const p256_modulus p256_scalar_mod = {
    {0xF3B9CAC2FC632551u, 0xBCE6FAADA7179E84u, 0xFFFFFFFFFFFFFFFFu, 0xFFFFFFFF00000000u},
    0xCCD1C8AAEE00BC4Fu,
    {0x83244C95BE79EEA2u, 0x4699799C49BD6FA6u, 0x2845B2392B6BEC59u, 0x66E12D94F3D95620u},
    {{{0x33B9CAC2FC632551, 0x339BEAB69C5E7A13, 0x3FFFFFFFFFFFFFFB, 0x3FFFFFC00000003F, 0xFF}},
     0x332E375511FF43B1u,
     590},
    {{0x3244C95BE79EEA2, 0x1A65E67126F5BE9A, 0x45B2392B6BEC594, 0x384B653CF655880A, 0x66}},
};

/* Add and subtract with carry / borrow on single words; *c is 0 or 1. On
 * x86-64 through the _addcarry_u64 / _subborrow_u64 intrinsics (baseline
 * x86-64 adc / sbb, no ADX needed): with 128-bit sums gcc 12 spent 118
 * instructions on a 4-limb modular addition, with these it emits one
 * carry chain. Elsewhere, or with ECX_U64_NO_ASM defined (backend/u64/
 * scalar.h: ASan builds, and the SIMDe build of neon, so that valgrind
 * checks the C that AArch64 runs), portable C in the forms gcc 12 compiles
 * best for AArch64 (qemu-count instructions per ECDSA verification): the
 * addition as a 128-bit sum (as two comparisons it took 21% more), the
 * subtraction as two comparisons (as a 128-bit difference 4.7% more).
 * Neither branches. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(ECX_U64_NO_ASM)
#include <x86intrin.h>
static inline uint64_t p256_adc(uint64_t a, uint64_t b, uint64_t *c)
{
    unsigned long long r;
    *c = _addcarry_u64((unsigned char)*c, a, b, &r);
    return (uint64_t)r;
}

static inline uint64_t p256_sbb(uint64_t a, uint64_t b, uint64_t *c)
{
    unsigned long long r;
    *c = _subborrow_u64((unsigned char)*c, a, b, &r);
    return (uint64_t)r;
}
#else
static inline uint64_t p256_adc(uint64_t a, uint64_t b, uint64_t *c)
{
    const p256_u128 t = (p256_u128)a + b + *c;
    *c = (uint64_t)(t >> 64);
    return (uint64_t)t;
}

static inline uint64_t p256_sbb(uint64_t a, uint64_t b, uint64_t *c)
{
    const uint64_t d = a - b;
    const uint64_t borrow = (uint64_t)(a < b) | (uint64_t)(d < *c);
    const uint64_t r = d - *c;
    *c = borrow;
    return r;
}
#endif

/* y = t - M (mod 2^256) for the 257-bit t = t[0..3] + top 2^256 with
 * t < 2M; returns 0 if t >= M (y is the reduced value) or all ones if
 * t < M (t is). The trial subtraction of both conditional subtractions
 * below, which differ only in how they choose. Constant time. */
static inline uint64_t p256_subtract_modulus(uint64_t y[4], const uint64_t t[4], uint64_t top,
                                             const p256_modulus *m)
{
    uint64_t b = 0;
    y[0] = p256_sbb(t[0], m->m[0], &b);
    y[1] = p256_sbb(t[1], m->m[1], &b);
    y[2] = p256_sbb(t[2], m->m[2], &b);
    y[3] = p256_sbb(t[3], m->m[3], &b);
    return ct_barrier_u64(top - b);
}

/* r = t - M if t >= M, else t, for t as above. Constant time: M is added
 * back to y under the mask. Written as a second carry chain rather than a
 * masked select: here, at the end of the C Montgomery reduction, the
 * select made u64's P-256 verification 3.5% slower (and gcc once
 * vectorised a select of two arrays through the stack, where the 16-byte
 * load of two 8-byte stores stalled on store forwarding: a third of the
 * verification time). */
static inline void p256_reduce_once(uint64_t r[4], const uint64_t t[4], uint64_t top, const p256_modulus *m)
{
    uint64_t y[4], c = 0;
    const uint64_t back = p256_subtract_modulus(y, t, top, m);
    r[0] = p256_adc(y[0], m->m[0] & back, &c);
    r[1] = p256_adc(y[1], m->m[1] & back, &c);
    r[2] = p256_adc(y[2], m->m[2] & back, &c);
    r[3] = p256_adc(y[3], m->m[3] & back, &c);
}

/* The word loops below are fully unrolled at every optimisation level:
 * gcc 12 unrolls them at -O3 but not at -O2 (the level most distributions
 * build with), where it keeps the 128-bit products in memory and a
 * Montgomery product took 130 TSC cycles instead of 51 (Intel Xeon model
 * 207). */
#if defined(__clang__)
#define P256_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define P256_UNROLL _Pragma("GCC unroll 8")
#else
#define P256_UNROLL
#endif

/* The product, the squaring and the reduction below are parts of one
 * operation: forced inline so that p256_field_mul and p256_field_sq are
 * single bodies again (split into separate calls, with c[] passed through
 * memory, signing was 7% slower: docs/performance.md). */
#if defined(__GNUC__)
#define P256_FIELD_PART static inline __attribute__((always_inline))
#else
#define P256_FIELD_PART static inline
#endif

/* The field modulus p = 2^256 - 2^224 + 2^192 + 2^96 - 1 has the limbs
 * {2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1} and -p^-1 = 1 mod 2^64, so a
 * Montgomery reduction step needs no quotient multiplication (the digit is
 * the low limb k itself) and adding k p takes shifts and subtractions, no
 * product: k p = k 2^256 - k 2^224 + k 2^192 + k 2^96 - k, and with the
 * low limb cleared, (t + k p) / 2^64 adds k 2^32 at limb 0 (k 2^96 - k + k
 * = the carry out of limb 0 plus k 2^32 at limb 1) and k p_3 =
 * k (2^64 - 2^32 + 1) at limb 2 (k p_3 2^192 / 2^64), whose two words are
 * k - (k << 32) and k - (k >> 32) less that subtraction's borrow
 * (k 2^32 = (k >> 32) 2^64 + (k << 32 mod 2^64); the high word never goes
 * below zero: with a borrow, k > k >> 32). This is the reduction of
 * S. Gueron and V. Krasnov, "Fast prime field elliptic-curve cryptography
 * with 256-bit primes" (J. Cryptogr. Eng. 2015), as OpenSSL's ecp_nistz256
 * writes it for ARMv8, in C. The product for k p_3 it replaces cost one
 * 64 x 64 -> 128 multiplication per step, four of the twenty in a field
 * multiplication: on AArch64 a mul and a umulh each on the single
 * multiply pipe of a Cortex-A72, where 64-bit products issue one every 3
 * or 4 cycles (docs/p256.md, "Solinas or Montgomery on ARM"); on x86-64
 * the shifts were also faster (u64 verification 0.94 x the time, Zen 5).
 *
 * t = c[0..7] (c[8] = 0 takes the carry): four such steps, each adding k p
 * at its limb i and dropping the cleared limb. The bound: for c < 2^256 p (a < 2^256, b < p)
 * the sum c + sum k_i p 2^(64 i) < 2^256 p + 2^256 p, so the result
 * < 2p fits four limbs plus a carry bit, and one conditional subtraction
 * finishes (p256_reduce_once). */
P256_FIELD_PART void p256_field_reduce(uint64_t r[4], uint64_t c[9])
{
    P256_UNROLL
    for (int i = 0; i < 4; i++) {
        const uint64_t k = c[i];
        uint64_t borrow = 0, carry = 0;
        const uint64_t kp3_low = p256_sbb(k, k << 32, &borrow);
        const uint64_t kp3_high = p256_sbb(k, k >> 32, &borrow);
        c[i + 1] = p256_adc(c[i + 1], k << 32, &carry);
        c[i + 2] = p256_adc(c[i + 2], k >> 32, &carry);
        c[i + 3] = p256_adc(c[i + 3], kp3_low, &carry);
        c[i + 4] = p256_adc(c[i + 4], kp3_high, &carry);
        P256_UNROLL
        for (int j = i + 5; j < 9; j++) c[j] = p256_adc(c[j], 0, &carry);
    }
    p256_reduce_once(r, c + 4, c[8], &p256_field_mod);
}

/* c[i .. i + 4] += x (b_0 .. b_3) with c[i + 4] = 0 on entry: the four
 * products' low words in one carry chain, their high words in a second. */
static inline void p256_mul_row(uint64_t c[9], int i, uint64_t x, const uint64_t b[4])
{
    p256_u128 p[4];
    uint64_t carry = 0;
    P256_UNROLL
    for (int j = 0; j < 4; j++) p[j] = (p256_u128)x * b[j];
    P256_UNROLL
    for (int j = 0; j < 4; j++) c[i + j] = p256_adc(c[i + j], (uint64_t)p[j], &carry);
    c[i + 4] = carry;
    carry = 0;
    P256_UNROLL
    for (int j = 0; j < 4; j++) c[i + j + 1] = p256_adc(c[i + j + 1], (uint64_t)(p[j] >> 64), &carry);
}

/* c[0..7] = a b, the 512-bit product by rows (16 word products); c[8] = 0
 * (the carry word of p256_field_reduce). */
P256_FIELD_PART void p256_field_product(uint64_t c[9], const uint64_t a[4], const uint64_t b[4])
{
    for (int i = 0; i < 9; i++) c[i] = 0;
    P256_UNROLL
    for (int i = 0; i < 4; i++) p256_mul_row(c, i, a[i], b);
}

/* c[0..7] = a^2: the six cross products a_i a_j (i < j) once, doubled by
 * a shift, plus the four squares (10 word products); c[8] = 0. */
P256_FIELD_PART void p256_field_square_product(uint64_t c[9], const uint64_t a[4])
{
    uint64_t carry;
    p256_u128 t;
    for (int i = 0; i < 9; i++) c[i] = 0;
    /* cross products a_i a_j, i < j, into c[1..6] */
    t = (p256_u128)a[0] * a[1];
    c[1] = (uint64_t)t;
    t = (p256_u128)a[0] * a[2] + (uint64_t)(t >> 64);
    c[2] = (uint64_t)t;
    t = (p256_u128)a[0] * a[3] + (uint64_t)(t >> 64);
    c[3] = (uint64_t)t;
    c[4] = (uint64_t)(t >> 64);
    t = (p256_u128)a[1] * a[2] + c[3];
    c[3] = (uint64_t)t;
    t = (p256_u128)a[1] * a[3] + c[4] + (uint64_t)(t >> 64);
    c[4] = (uint64_t)t;
    c[5] = (uint64_t)(t >> 64);
    t = (p256_u128)a[2] * a[3] + c[5];
    c[5] = (uint64_t)t;
    c[6] = (uint64_t)(t >> 64);
    /* double */
    c[7] = c[6] >> 63;
    c[6] = (c[6] << 1) | (c[5] >> 63);
    c[5] = (c[5] << 1) | (c[4] >> 63);
    c[4] = (c[4] << 1) | (c[3] >> 63);
    c[3] = (c[3] << 1) | (c[2] >> 63);
    c[2] = (c[2] << 1) | (c[1] >> 63);
    c[1] = c[1] << 1;
    /* add the squares a_i^2 at limb 2i, one carry chain */
    carry = 0;
    P256_UNROLL
    for (int i = 0; i < 4; i++) {
        const p256_u128 sq = (p256_u128)a[i] * a[i];
        c[2 * i] = p256_adc(c[2 * i], (uint64_t)sq, &carry);
        c[2 * i + 1] = p256_adc(c[2 * i + 1], (uint64_t)(sq >> 64), &carry);
    }
}

/* r = a b R^-1 mod p for a < 2^256, b < p (Montgomery, p's shape):
 * 16 + 4 word products. */
static inline void p256_field_mul_montgomery(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t c[9];
    p256_field_product(c, a, b);
    p256_field_reduce(r, c);
}

/* r = a^2 R^-1 mod p for a < p: 10 + 4 word products. */
static inline void p256_field_sq_montgomery(uint64_t r[4], const uint64_t a[4])
{
    uint64_t c[9];
    p256_field_square_product(c, a);
    p256_field_reduce(r, c);
}

/* r = c mod p (plain residues) for the 512-bit c[0..7]: its 32-bit halves
 * through the Solinas reduction of p256/solinas.h (< 2^256), then one
 * conditional subtraction. */
P256_FIELD_PART void p256_field_reduce_solinas(uint64_t r[4], const uint64_t c[8])
{
    uint32_t w[16], x[8];
    for (int i = 0; i < 8; i++) {
        w[2 * i] = (uint32_t)c[i];
        w[2 * i + 1] = (uint32_t)(c[i] >> 32);
    }
    p256_solinas_reduce(x, w);
    for (int i = 0; i < 4; i++) r[i] = x[2 * i] | (uint64_t)x[2 * i + 1] << 32;
    p256_reduce_once(r, r, 0, &p256_field_mod);
}

/* r = a b mod p, r = a^2 mod p (plain residues) for a, b < 2^256. */
static inline void p256_field_mul_solinas(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t c[9];
    p256_field_product(c, a, b);
    p256_field_reduce_solinas(r, c);
}

static inline void p256_field_sq_solinas(uint64_t r[4], const uint64_t a[4])
{
    uint64_t c[9];
    p256_field_square_product(c, a);
    p256_field_reduce_solinas(r, c);
}

/* A translation unit that defines ECXI_P256_MULX_ADX (the ifma backend's,
 * which runs only where the CPU probe found BMI2 and ADX) takes the
 * product and the squaring in MULX / ADCX / ADOX assembly
 * (backend/u64/p256_mulx.h): same contract and results. Not in
 * unoptimised builds, where GCC has too few registers left for the
 * operands. */
#if defined(ECXI_P256_MULX_ADX) && defined(__x86_64__) && defined(__OPTIMIZE__) &&                   \
    (defined(__GNUC__) || defined(__clang__))
#define P256_HAVE_MULX_ADX 1
#include "backend/u64/p256_mulx.h"
#endif

/* On AArch64 the product, the squaring and (below) the modular addition
 * and subtraction are assembly (backend/u64/p256_arm64.h: gcc 12's carries
 * in C cost about twice the instructions, three times in the addition), in
 * optimised builds without ECX_U64_NO_ASM. */
#if defined(__aarch64__) && defined(__OPTIMIZE__) && (defined(__GNUC__) || defined(__clang__)) &&         \
    !defined(ECX_U64_NO_ASM)
#define P256_HAVE_ARM64_ASM 1
#include "backend/u64/p256_arm64.h"
#endif

/* The product inlined into the point formulas (p256/point.h): the C one,
 * and AArch64's assembly, whose registers the compiler allocates (8-9%
 * fewer instructions per ECDSA operation than with calls); not x86-64's,
 * whose fixed registers made the formulas slower (docs/p256.md). */
#ifndef P256_HAVE_MULX_ADX
#define P256_FORMULA_FLATTEN 1
#endif

/* The reduction in use: Montgomery (docs/p256.md has the measurements). */
static inline void p256_field_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
#if defined(P256_HAVE_MULX_ADX)
    p256_field_mul_mulx(r, a, b);
#elif defined(P256_HAVE_ARM64_ASM)
    p256_field_mul_arm64(r, a, b);
#else
    p256_field_mul_montgomery(r, a, b);
#endif
}

static inline void p256_field_sq(uint64_t r[4], const uint64_t a[4])
{
#if defined(P256_HAVE_MULX_ADX)
    p256_field_sq_mulx(r, a);
#elif defined(P256_HAVE_ARM64_ASM)
    p256_field_sq_arm64(r, a);
#else
    p256_field_sq_montgomery(r, a);
#endif
}

/* r = a b R^-1 mod M, fully reduced, for any a < 2^256 and b < M.
 * p takes p256_field_mul (the test folds: m is a constant at every call);
 * n the generic routine below.
 *
 * CIOS: for each limb a_i, t += a_i b, then t += k M with k = t_0 n0 mod
 * 2^64 (which clears t_0) and t /= 2^64. By induction t < b + M after every
 * round: (t + (2^64 - 1)(b + M)) / 2^64 < b + M when t < b + M. So t < 2M <
 * 2^257 fits four words plus a top bit, the sum before the shift fits six
 * words (t5 is its carry, at most 1), and one conditional subtraction
 * finishes. Every a_i b_j + t_j + carry is < 2^128. */
static inline void p256_mod_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const p256_modulus *m)
{
    uint64_t t[4] = {0, 0, 0, 0}, t4 = 0, t5, k;
    p256_u128 x;

    if (m == &p256_field_mod) {
        p256_field_mul(r, a, b);
        return;
    }

    P256_UNROLL
    for (int i = 0; i < 4; i++) {
        x = (p256_u128)a[i] * b[0] + t[0];
        t[0] = (uint64_t)x;
        P256_UNROLL
        for (int j = 1; j < 4; j++) {
            x = (p256_u128)a[i] * b[j] + t[j] + (uint64_t)(x >> 64);
            t[j] = (uint64_t)x;
        }
        x = (p256_u128)t4 + (uint64_t)(x >> 64);
        t4 = (uint64_t)x;
        t5 = (uint64_t)(x >> 64);

        k = t[0] * m->n0;
        x = (p256_u128)k * m->m[0] + t[0]; /* low word 0 by choice of k */
        P256_UNROLL
        for (int j = 1; j < 4; j++) {
            x = (p256_u128)k * m->m[j] + t[j] + (uint64_t)(x >> 64);
            t[j - 1] = (uint64_t)x;
        }
        x = (p256_u128)t4 + (uint64_t)(x >> 64);
        t[3] = (uint64_t)x;
        t4 = t5 + (uint64_t)(x >> 64);
    }
    p256_reduce_once(r, t, t4, m);
}

/* r = a^2 R^-1 mod M: the dedicated squaring for p, a Montgomery product
 * of a with itself for n (scalar squarings are few). */
static inline void p256_mod_sq(uint64_t r[4], const uint64_t a[4], const p256_modulus *m)
{
    if (m == &p256_field_mod)
        p256_field_sq(r, a);
    else
        p256_mod_mul(r, a, a, m);
}

/* r = the 256-bit big-endian s as limbs, unreduced; s = the limbs of a. */
static inline void p256_limbs_from_be(uint64_t r[4], const uint8_t s[32])
{
    for (int i = 0; i < 4; i++) r[i] = load64_be(s + 24 - 8 * i);
}

static inline void p256_limbs_to_be(uint8_t s[32], const uint64_t a[4])
{
    for (int i = 0; i < 4; i++) store64_be(s + 24 - 8 * i, a[i]);
}

/* r = s R mod M, returns s < M; s big-endian, any 256-bit value. The
 * product s R^2 R^-1 is valid for every s < 2^256 (p256_mod_mul's first
 * factor is unrestricted). The comparison is the borrow of s - M. */
static inline unsigned p256_mod_from_bytes(uint64_t r[4], const uint8_t s[32], const p256_modulus *m)
{
    uint64_t x[4];
    p256_u128 d = 0;
    for (int i = 0; i < 4; i++) {
        x[i] = load64_be(s + 24 - 8 * i);
        d = (p256_u128)x[i] - m->m[i] - (uint64_t)(d >> 127);
    }
    p256_mod_mul(r, x, m->r2, m);
    return (unsigned)(d >> 127);
}

/* r = w R mod M for canonical words w < M: one product with R^2. */
static inline void p256_mod_from_words(uint64_t r[4], const uint64_t w[4], const p256_modulus *m)
{
    p256_mod_mul(r, w, m->r2, m);
}

/* Canonical big-endian bytes of a (Montgomery form): a 1 R^-1 = the value,
 * already < M. */
static inline void p256_mod_to_bytes(uint8_t s[32], const uint64_t a[4], const p256_modulus *m)
{
    static const uint64_t one[4] = {1, 0, 0, 0};
    uint64_t x[4];
    p256_mod_mul(x, a, one, m);
    p256_limbs_to_be(s, x);
}

/* r = a + b mod M for a, b < M: the 257-bit sum t, the trial subtraction
 * y = t - M, then a masked select of t or y. Unlike p256_reduce_once's
 * masked add-back, the select is four independent steps after the borrow,
 * not a third carry chain: additions wait on a product in verification's
 * formulas, and this made P-256 verification 1-2.5% faster
 * (docs/performance.md, "P-256 verification: fewer field additions").
 * Constant time. */
static P256_LINEAR_INLINE void p256_mod_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const p256_modulus *m)
{
#ifdef P256_HAVE_ARM64_ASM
    p256_mod_add_arm64(r, a, b, m->m);
#else
    uint64_t t[4], y[4], c = 0;
    t[0] = p256_adc(a[0], b[0], &c);
    t[1] = p256_adc(a[1], b[1], &c);
    t[2] = p256_adc(a[2], b[2], &c);
    t[3] = p256_adc(a[3], b[3], &c);
    const uint64_t keep = p256_subtract_modulus(y, t, c, m);
    r[0] = y[0] ^ ((t[0] ^ y[0]) & keep);
    r[1] = y[1] ^ ((t[1] ^ y[1]) & keep);
    r[2] = y[2] ^ ((t[2] ^ y[2]) & keep);
    r[3] = y[3] ^ ((t[3] ^ y[3]) & keep);
#endif
}

/* r = a - b mod M for a, b < M: subtract, then add M back under the borrow
 * mask. */
static P256_LINEAR_INLINE void p256_mod_sub(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const p256_modulus *m)
{
#ifdef P256_HAVE_ARM64_ASM
    p256_mod_sub_arm64(r, a, b, m->m);
#else
    uint64_t bw = 0, c = 0;
    const uint64_t t0 = p256_sbb(a[0], b[0], &bw);
    const uint64_t t1 = p256_sbb(a[1], b[1], &bw);
    const uint64_t t2 = p256_sbb(a[2], b[2], &bw);
    const uint64_t t3 = p256_sbb(a[3], b[3], &bw);
    const uint64_t mask = ct_barrier_u64((uint64_t)0 - bw);
    r[0] = p256_adc(t0, m->m[0] & mask, &c);
    r[1] = p256_adc(t1, m->m[1] & mask, &c);
    r[2] = p256_adc(t2, m->m[2] & mask, &c);
    r[3] = p256_adc(t3, m->m[3] & mask, &c);
#endif
}

/* r = -a mod M (0 stays 0). */
static inline void p256_mod_neg(uint64_t r[4], const uint64_t a[4], const p256_modulus *m)
{
    static const uint64_t zero[4] = {0, 0, 0, 0};
    p256_mod_sub(r, zero, a, m);
}

/* r = 1/a mod M in Montgomery form, 1/0 = 0. safegcd inverts the stored
 * a R as a plain integer; scaling by c = R^2 gives R^2 / (a R) = R / a, the
 * Montgomery form of 1/a, with no conversion product. Constant time
 * (590 divsteps for both moduli, see the top of this file). */
static inline void p256_mod_invert(uint64_t r[4], const uint64_t a[4], const p256_modulus *m)
{
    modinv64_signed62 x;
    modinv64_from_u64x4(&x, a);
    modinv64_scaled(&x, &m->inv_scale, &m->inv);
    modinv64_to_u64x4(r, &x);
}

/* r = flag ? a : r, flag in {0, 1}; mask select. */
static inline void p256_limbs_cmov(uint64_t r[4], const uint64_t a[4], unsigned flag)
{
    uint64_t mask = ct_barrier_u64((uint64_t)0 - (uint64_t)flag);
    for (int i = 0; i < 4; i++) r[i] ^= (r[i] ^ a[i]) & mask;
}

/* 1 if the 64-bit word x is 0, else 0, without a branch. */
static inline unsigned p256_word_is_zero(uint64_t x)
{
    return (unsigned)(1 ^ ((x | (0 - x)) >> 63));
}

static inline unsigned p256_limbs_is_zero(const uint64_t a[4])
{
    return p256_word_is_zero(a[0] | a[1] | a[2] | a[3]);
}

static inline unsigned p256_limbs_equal(const uint64_t a[4], const uint64_t b[4])
{
    return p256_word_is_zero((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]));
}

/* The curve constant b and 1, in this representation (b R mod p, R mod p;
 * python3: limbs64(B * R % p), limbs64(R % p)), for the group code
 * (src/p256/point.h). */
static const p256_fe p256_fe_b = {{0xD89CDF6229C4BDDFu, 0xACF005CD78843090u, 0xE5A220ABF7212ED6u, 0xDC30061D04874834u}};
static const p256_fe p256_fe_one = {{0x0000000000000001u, 0xFFFFFFFF00000000u, 0xFFFFFFFFFFFFFFFFu, 0x00000000FFFFFFFEu}};

#include "p256/field.h"
#include "p256/scalar.h"

#endif
