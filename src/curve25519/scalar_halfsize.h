/* Half-size scalars for Ed25519 verification.
 *
 * Source: T. Pornin, "Optimized Lattice Basis Reduction In Dimension 2,
 * and Fast Schnorr and EdDSA Signature Verification" (IACR ePrint
 * 2020/454). A verification tests whether D = [S]B - [k]A - R is the
 * identity; with c0 = c1 k mod N and c1 odd, N = 8 l, that holds iff
 *     [c1] D = [c1 S mod l] B - [c0] A - [c1] R
 * is the identity, and for a random k both c0 and c1 have about 127 bits
 * (the lattice {(c0, c1) : c0 = c1 k mod N} has determinant N ~ 2^255).
 * The full-size scalar c1 S mod l goes on the basepoint, split into two
 * 128-bit halves over B and [2^128] B (two precomputed tables), so the
 * multi-scalar product needs about 128 doublings instead of 253.
 *
 * Why N = 8 l and c1 odd, not Pornin's N = l: the strict rules
 * (docs/ed25519-verification.md) test D = 0 without the cofactor, and A and
 * R may carry a torsion component. Every curve point has an order dividing
 * 8 l, so c0 = c1 k mod 8 l makes [c1 k] A = [c0] A exactly, for any A;
 * and D = 0 iff [c1] D = 0 when gcd(c1, 8 l) = 1, which c1 odd with
 * 0 < |c1| < l gives. The cofactored ZIP-215 test [8] D = 0 is
 * [8 c1] D = 0 the same way.
 *
 * How: the extended Euclidean algorithm on (N, k), stopped half way (the
 * half-GCD form of Lagrange-Gauss reduction in dimension 2). Its
 * remainders and cofactors satisfy r_j = t_j k mod N, the t_j alternate in
 * sign with |t_{j+1}| = |t_{j-1}| + q_j |t_j|, and |t_j| <= N / r_{j-1}.
 * At the first r_i < 2^128, |t_i| <= N / 2^128 < 2^128. Consecutive
 * cofactors are coprime, so t_{i-1} or t_i is odd: that pair is the
 * result (r_{i-1} >= 2^128 can be longer, and is for about half of all k
 * by a few bits). About 75 division steps.
 *
 * The steps are Lehmer's (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L): most
 * run on the top 62 bits of the two remainders in single words, and their
 * 2x2 matrix is applied to the full numbers once per run of steps; the
 * few that single words cannot decide (a large quotient, and the last
 * steps before 2^128) are full-width divisions. Both kinds take
 * exactly the Euclidean steps, so the result is the algorithm's. About 5
 * runs of 14 steps and one full-width step per k: 1420 TSC ticks per
 * reduction against 2390 with every step full-width (AMD Zen 5,
 * scripts/halfsize_ticks.c, pseudo-random k as in real verifications;
 * verifying one signature over and over lets the branch predictor learn
 * that k's steps and hides part of the difference).
 *
 * VARIABLE TIME: k is public (a hash of public data).
 */
#ifndef ECX_CURVE25519_SCALAR_HALFSIZE_H
#define ECX_CURVE25519_SCALAR_HALFSIZE_H

#include <stdint.h>

#define SC_HALFSIZE_LIMBS 4

/* 8 l = 2^255 + 8 (l - 2^252), little-endian 64-bit limbs. */
static const uint64_t sc_halfsize_modulus[SC_HALFSIZE_LIMBS] = {0xc09318d2e7ae9f68u, 0xa6f7cef517bce6b2u, 0,
                                                                0x8000000000000000u};

/* Number of significant bits of a non-zero w. */
static inline unsigned sc_halfsize_word_bits(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return 64 - (unsigned)__builtin_clzll(w);
#else
    unsigned bits = 0;
    for (unsigned step = 32; step != 0; step /= 2) {
        if (w >> step) {
            w >>= step;
            bits += step;
        }
    }
    return bits + 1;
#endif
}

/* Number of significant bits of a (0 for 0). */
static inline unsigned sc_halfsize_bits(const uint64_t a[SC_HALFSIZE_LIMBS])
{
    for (int i = SC_HALFSIZE_LIMBS - 1; i >= 0; i--)
        if (a[i] != 0) return 64 * (unsigned)i + sc_halfsize_word_bits(a[i]);
    return 0;
}

/* The 64 bits of a from bit `shift` up: floor(a / 2^shift) mod 2^64, for
 * shift < 256. */
static inline uint64_t sc_halfsize_top(const uint64_t a[SC_HALFSIZE_LIMBS], unsigned shift)
{
    const unsigned word = shift / 64, bits = shift % 64;
    uint64_t w = a[word] >> bits;
    if (bits != 0 && word + 1 < SC_HALFSIZE_LIMBS) w |= a[word + 1] << (64 - bits);
    return w;
}

/* The low word of q w + *carry, the high word going to *carry, for
 * q < 2^32. Where there is no 128-bit type (the u32 backend's targets), the
 * product goes in 32-bit halves. */
static inline uint64_t sc_halfsize_mul_word(uint64_t q, uint64_t w, uint64_t *carry)
{
#if defined(__SIZEOF_INT128__)
    __extension__ const unsigned __int128 wide = (unsigned __int128)q * w + *carry;
    *carry = (uint64_t)(wide >> 64);
    return (uint64_t)wide;
#else
    const uint64_t lo = q * (w & 0xffffffffu), hi = q * (w >> 32);
    uint64_t p = lo + (hi << 32);
    uint64_t next = (hi >> 32) + (p < lo);
    p += *carry;
    *carry = next + (p < *carry);
    return p;
#endif
}

/* a = a - q b for q < 2^32, a and b of `limbs` words; returns the borrow
 * (1 if q b > a, and a is then a - q b + 2^(64 limbs)). */
static inline uint64_t sc_halfsize_sub_mul(uint64_t *a, const uint64_t *b, uint64_t q, unsigned limbs)
{
    uint64_t carry = 0, borrow = 0; /* carry: the product's word above */
    for (unsigned i = 0; i < limbs; i++) {
        const uint64_t p = sc_halfsize_mul_word(q, b[i], &carry);
        const uint64_t x = a[i] - p;
        const uint64_t borrow_out = (a[i] < p) | (x < borrow);
        a[i] = x - borrow;
        borrow = borrow_out;
    }
    return borrow | (carry != 0);
}

/* a = a + q b mod 2^(64 limbs) for q < 2^32. */
static inline void sc_halfsize_add_mul(uint64_t *a, const uint64_t *b, uint64_t q, unsigned limbs)
{
    uint64_t carry = 0;
    for (unsigned i = 0; i < limbs; i++) {
        const uint64_t p = sc_halfsize_mul_word(q, b[i], &carry);
        const uint64_t x = a[i] + p;
        carry += x < p;
        a[i] = x;
    }
}

/* a = a + b, a = a - b, and a >= b, on `limbs` words. */
static inline void sc_halfsize_add(uint64_t *a, const uint64_t *b, unsigned limbs)
{
    sc_halfsize_add_mul(a, b, 1, limbs);
}
static inline void sc_halfsize_sub(uint64_t *a, const uint64_t *b, unsigned limbs)
{
    (void)sc_halfsize_sub_mul(a, b, 1, limbs);
}
static inline unsigned sc_halfsize_ge(const uint64_t *a, const uint64_t *b, unsigned limbs)
{
    for (unsigned i = limbs; i-- > 0;)
        if (a[i] != b[i]) return a[i] > b[i];
    return 1;
}

/* r = b 2^s (s < 256; the bits shifted past 2^256 are dropped: the callers
 * only shift values that fit). */
static inline void sc_halfsize_shift(uint64_t r[SC_HALFSIZE_LIMBS], const uint64_t b[SC_HALFSIZE_LIMBS], unsigned s)
{
    const unsigned words = s / 64, bits = s % 64;
    for (int i = SC_HALFSIZE_LIMBS - 1; i >= 0; i--) {
        const int j = i - (int)words;
        uint64_t w = 0;
        if (j >= 0) {
            w = b[j] << bits;
            if (bits != 0 && j >= 1) w |= b[j - 1] >> (64 - bits);
        }
        r[i] = w;
    }
}

static inline void sc_halfsize_from_bytes(uint64_t r[SC_HALFSIZE_LIMBS], const uint8_t s[32])
{
    for (int i = 0; i < SC_HALFSIZE_LIMBS; i++) {
        r[i] = 0;
        for (int b = 7; b >= 0; b--) r[i] = (r[i] << 8) | s[8 * i + b];
    }
}

static inline void sc_halfsize_to_bytes(uint8_t s[32], const uint64_t a[SC_HALFSIZE_LIMBS])
{
    for (int i = 0; i < SC_HALFSIZE_LIMBS; i++)
        for (int b = 0; b < 8; b++) s[8 * i + b] = (uint8_t)(a[i] >> (8 * b));
}

/* One division step of the Euclidean algorithm below: for a > b >= 2^128
 * (4 words), with ta, tb < 2^128 (2 words) and ta + floor(a / b) tb <
 * 2^128, sets a = a mod b and ta = ta + floor(a / b) tb. The quotient is
 * estimated from the top 64 bits when it is below 2^31 (it is off by at
 * most one either way: the words below the top move the quotient by less
 * than one when b's top word has 33 bits or more) and fixed up; larger
 * quotients (rare: about one k in 2^30) go bit by bit. */
static inline void sc_halfsize_divide(uint64_t *a, uint64_t *ta, const uint64_t *b, const uint64_t *tb)
{
    const unsigned bits_a = sc_halfsize_bits(a), bits_b = sc_halfsize_bits(b);
    if (bits_a == bits_b) { /* b <= a < 2b: the quotient is 1 (4 steps in 10) */
        sc_halfsize_sub(a, b, SC_HALFSIZE_LIMBS);
        sc_halfsize_add(ta, tb, 2);
        return;
    }
    if (bits_a - bits_b <= 30) {
        const unsigned shift = bits_a - 64; /* bits_a > 128 */
        uint64_t q = sc_halfsize_top(a, shift) / sc_halfsize_top(b, shift);
        if (q != 0 && sc_halfsize_sub_mul(a, b, q, SC_HALFSIZE_LIMBS)) {
            sc_halfsize_add(a, b, SC_HALFSIZE_LIMBS); /* q was one too many */
            q--;
        }
        if (sc_halfsize_ge(a, b, SC_HALFSIZE_LIMBS)) { /* one too few */
            sc_halfsize_sub(a, b, SC_HALFSIZE_LIMBS);
            q++;
        }
        sc_halfsize_add_mul(ta, tb, q, 2);
        return;
    }
    uint64_t shifted[SC_HALFSIZE_LIMBS], t_shifted[SC_HALFSIZE_LIMBS], t_wide[SC_HALFSIZE_LIMBS] = {tb[0], tb[1], 0, 0};
    for (int s = (int)(bits_a - bits_b); s >= 0; s--) {
        sc_halfsize_shift(shifted, b, (unsigned)s);
        if (sc_halfsize_ge(a, shifted, SC_HALFSIZE_LIMBS)) {
            sc_halfsize_sub(a, shifted, SC_HALFSIZE_LIMBS);
            sc_halfsize_shift(t_shifted, t_wide, (unsigned)s);
            sc_halfsize_add(ta, t_shifted, 2);
        }
    }
}

/* 1 if |x| < 2^31. */
static inline int sc_halfsize_below_2_31(int64_t x)
{
    return x > -((int64_t)1 << 31) && x < ((int64_t)1 << 31);
}

/* Lehmer's inner loop (Knuth's Algorithm L, steps L2 and L3) on u and v,
 * the top bits of two consecutive remainders r_{j-1} > r_j taken from the
 * same bit position s: u = floor(r_{j-1} / 2^s) < 2^62, v = floor(r_j /
 * 2^s). Finds the first Euclidean steps of (r_{j-1}, r_j) that u and v
 * decide, and writes their matrix m = (a, b, c, d): after them the two
 * remainders are a r_{j-1} + b r_j and c r_{j-1} + d r_j. Returns the
 * number of steps (0: none could be decided).
 *
 * A step is taken only when its quotient is certain and its remainder is
 * certainly at least 2^128: with r_{j-1} / 2^s in [u, u + 1), r_j / 2^s
 * in [v, v + 1) and the entries of each matrix row of opposite signs, the
 * remainder c r_{j-1} + d r_j is at least 2^s (v' + min(c, d)), v' = c u +
 * d v; `lowest` = 2^128 / 2^s (1 when s >= 128) is the least v' + min(c,
 * d) allowed. Quotients and entries of 2^31 or more end the run (the
 * full-width division takes the step), which keeps every product in 64
 * bits. */
static inline unsigned sc_halfsize_lehmer(int64_t m[4], int64_t u, int64_t v, int64_t lowest)
{
    int64_t a = 1, b = 0, c = 0, d = 1;
    unsigned steps = 0;
    while (v + c > 0 && v + d > 0) {
        /* Knuth's test: the two extreme ratios (u + a) / (v + c) and
         * (u + b) / (v + d) have the same quotient, the second checked by
         * multiplying: q (v + c) <= u + a < 2^63 and q |d - c| < 2^63 keep
         * q (v + d) below 2^64. The numerators are positive: they are the
         * previous step's denominators. */
        const int64_t q = (int64_t)((uint64_t)(u + a) / (uint64_t)(v + c));
        if (q >= ((int64_t)1 << 31)) break;
        const uint64_t below = (uint64_t)q * (uint64_t)(v + d), numerator = (uint64_t)(u + b);
        if (below > numerator || numerator - below >= (uint64_t)(v + d)) break;
        const int64_t next_c = a - q * c, next_d = b - q * d, next_v = u - q * v;
        if (next_v + (next_c < next_d ? next_c : next_d) < lowest) break;
        if (!sc_halfsize_below_2_31(next_c) || !sc_halfsize_below_2_31(next_d)) break;
        a = c, b = d, c = next_c, d = next_d;
        u = v, v = next_v;
        steps++;
    }
    m[0] = a, m[1] = b, m[2] = c, m[3] = d;
    return steps;
}

/* |x| for |x| < 2^63. */
static inline uint64_t sc_halfsize_magnitude(int64_t x)
{
    return x < 0 ? (uint64_t)-x : (uint64_t)x;
}

/* r = |x| a (5 words) for |x| < 2^32 and a of 4 words. */
static inline void sc_halfsize_scale(uint64_t r[SC_HALFSIZE_LIMBS + 1], const uint64_t a[SC_HALFSIZE_LIMBS], int64_t x)
{
    const uint64_t magnitude = sc_halfsize_magnitude(x);
    uint64_t carry = 0;
    for (int i = 0; i < SC_HALFSIZE_LIMBS; i++) r[i] = sc_halfsize_mul_word(magnitude, a[i], &carry);
    r[SC_HALFSIZE_LIMBS] = carry;
}

/* r = x a + y b for x and y of opposite signs (or one of them 0), |x|,
 * |y| < 2^32, where the caller knows the result is in [0, 2^256). */
static inline void sc_halfsize_combine(uint64_t r[SC_HALFSIZE_LIMBS], const uint64_t a[SC_HALFSIZE_LIMBS], int64_t x,
                                       const uint64_t b[SC_HALFSIZE_LIMBS], int64_t y)
{
    uint64_t xa[SC_HALFSIZE_LIMBS + 1], yb[SC_HALFSIZE_LIMBS + 1];
    sc_halfsize_scale(xa, a, x);
    sc_halfsize_scale(yb, b, y);
    uint64_t *const difference = x >= 0 && y <= 0 ? xa : yb; /* |x| a - |y| b or the reverse */
    sc_halfsize_sub(difference, difference == xa ? yb : xa, SC_HALFSIZE_LIMBS + 1);
    for (int i = 0; i < SC_HALFSIZE_LIMBS; i++) r[i] = difference[i];
}

/* r = |x| a + |y| b mod 2^128 for a and b of 2 words, |x|, |y| < 2^32:
 * the cofactors' update, whose signs alternate with the steps. */
static inline void sc_halfsize_combine_cofactors(uint64_t r[2], const uint64_t a[2], int64_t x, const uint64_t b[2],
                                                 int64_t y)
{
    uint64_t sum[2] = {0, 0};
    sc_halfsize_add_mul(sum, a, sc_halfsize_magnitude(x), 2);
    sc_halfsize_add_mul(sum, b, sc_halfsize_magnitude(y), 2);
    r[0] = sum[0], r[1] = sum[1];
}

/* For k < l (32 bytes, little-endian): writes c0 and |c1| (32 bytes each,
 * little-endian) with c0 = c1 k mod 8 l, c1 odd, 0 <= c0 <= k and
 * 0 < |c1| < 2^128; returns 1 if c1 is negative, else 0. For a random k
 * both have about 127 bits (c0 a few more for about half of all k).
 * VARIABLE TIME. */
static unsigned sc_halfsize_reduce(uint8_t c0[32], uint8_t c1[32], const uint8_t k[32])
{
    /* (r0, t0) = (r_{j-1}, |t_{j-1}|), (r1, t1) = (r_j, |t_j|), j from 0:
     * (N, 0) and (k, 1). t_j is negative iff j is odd. */
    uint64_t r[2][SC_HALFSIZE_LIMBS], t[2][SC_HALFSIZE_LIMBS] = {{0, 0, 0, 0}, {1, 0, 0, 0}};
    uint64_t *r0 = r[0], *r1 = r[1], *t0 = t[0], *t1 = t[1], *swap;
    unsigned j = 0;
    for (int i = 0; i < SC_HALFSIZE_LIMBS; i++) r0[i] = sc_halfsize_modulus[i];
    sc_halfsize_from_bytes(r1, k);

    /* While r_j >= 2^128: r_{j+1} = r_{j-1} mod r_j, |t_{j+1}| = |t_{j-1}|
     * + q_j |t_j| <= N / r_j < 2^128. */
    while (sc_halfsize_bits(r1) > 128) {
        /* r0 > r1 >= 2^128: s >= 67 */
        const unsigned s = sc_halfsize_bits(r0) - 62;
        const int64_t lowest = s < 128 ? (int64_t)1 << (128 - s) : 1;
        int64_t m[4];
        const unsigned steps =
            sc_halfsize_lehmer(m, (int64_t)sc_halfsize_top(r0, s), (int64_t)sc_halfsize_top(r1, s), lowest);
        if (steps == 0) {
            sc_halfsize_divide(r0, t0, r1, t1);
            swap = r0, r0 = r1, r1 = swap;
            swap = t0, t0 = t1, t1 = swap;
            j++;
            continue;
        }
        uint64_t next_r0[SC_HALFSIZE_LIMBS], next_t0[2];
        sc_halfsize_combine(next_r0, r0, m[0], r1, m[1]);
        sc_halfsize_combine(r1, r0, m[2], r1, m[3]);
        sc_halfsize_combine_cofactors(next_t0, t0, m[0], t1, m[1]);
        sc_halfsize_combine_cofactors(t1, t0, m[2], t1, m[3]);
        for (int i = 0; i < SC_HALFSIZE_LIMBS; i++) r0[i] = next_r0[i];
        t0[0] = next_t0[0], t0[1] = next_t0[1];
        j += steps;
    }
    /* r1 = r_j < 2^128 and r0 = r_{j-1}; j = 0 has t1 = 1, odd. */
    if (t1[0] & 1) {
        sc_halfsize_to_bytes(c0, r1);
        sc_halfsize_to_bytes(c1, t1);
        return j & 1;
    }
    sc_halfsize_to_bytes(c0, r0);
    sc_halfsize_to_bytes(c1, t0);
    return (j - 1) & 1;
}

#endif
