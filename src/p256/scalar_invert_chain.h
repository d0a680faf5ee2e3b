/* P-256 scalar inversion by Fermat's little theorem, 1/a = a^(n-2) mod n,
 * as an addition chain: the second inversion path beside safegcd
 * (p256_sc_invert), cross-checked by the tests and timed by ecbench
 * (p256/scalar_invert_chain).
 *
 * n - 2 = FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2
 * FC63254F. The top 128 bits are runs of 32: with x_k = a^(2^k - 1),
 * x_32 then (x_32)^(2^64) x_32, then ^(2^32) x_32. The low 128 bits go by
 * 21 windows of up to 6 bits over ten odd powers,
 * a^1, 3, 7, 15, 21, 25, 27, 39, 43, 47 (p256_scalar_chain_steps: each
 * step is some squarings, then one multiplication by an odd power). The
 * digit set, its table and the windows were found by
 * src/p256/scalar_chain_search.py (a dynamic program for the windows of a
 * digit set, a local search over digit sets), which checks the exponent
 * against n - 2. Cost, exactly:
 *   table: a^2, a^4 = (a^2)^2, a^14 = (a^7)^2: 3S; a^3 = a^2 a,
 *          a^7 = a^3 a^4, a^15 = a^14 a, a^21 = a^14 a^7, a^25 = a^21 a^4,
 *          a^27 = a^25 a^2, a^39 = a^25 a^14, a^43 = a^39 a^4,
 *          a^47 = a^43 a^4: 9M
 *   x_8, x_16, x_32 from x_4 = a^15:    28S + 3M
 *   the top 96 bits after x_32:         96S + 2M
 *   the low 128 bits, 21 windows:      128S + 21M
 * Total 255 squarings and 35 multiplications, 290 operations (before:
 * 254S + 37M with 5-bit windows over a^1 ... a^25, and 253S + 39M with
 * 4-bit windows; OpenJDK's chain: 256S + 43M; addchain's results list
 * 292 operations for this exponent). The target 254S + 35M is not
 * reached: the search found no 254S chain below 36M. The tests check the
 * result against GMP's mpz_invert on edge and random inputs on every
 * backend.
 *
 * Constant time: a fixed sequence of operations. 0 maps to 0. */
#ifndef ECX_P256_SCALAR_INVERT_CHAIN_H
#define ECX_P256_SCALAR_INVERT_CHAIN_H

#include <stdint.h>

#include "p256/scalar.h"

/* {squarings, index into the odd powers of p256_sc_invert_chain} for the
 * low 128 bits of n - 2, top first; the comment lists each step's digit. */
static const uint8_t p256_scalar_chain_steps[21][2] = {
    /* 47, 7, 27, 7, 21, 27, 39 */
    {6, 9}, {5, 2}, {7, 6}, {3, 2}, {6, 4}, {6, 6}, {7, 7},
    /* 47, 15, 1, 39, 39, 3, 39 */
    {9, 9}, {6, 3}, {2, 0}, {10, 7}, {6, 7}, {3, 1}, {6, 7},
    /* 43, 47, 3, 3, 25, 21, 15 */
    {8, 8}, {10, 9}, {2, 1}, {5, 1}, {8, 5}, {7, 4}, {6, 3},
};

/* r = a^(2^k) x. */
static inline void p256_sc_sqn_mul(p256_sc *r, const p256_sc *a, unsigned k, const p256_sc *x)
{
    p256_sc t = *a;
    while (k-- > 0) p256_sc_sq(&t, &t);
    p256_sc_mul(r, &t, x);
}

/* r = a^(n-2) = 1/a mod n (0 for a = 0). Constant time. */
static void p256_sc_invert_chain(p256_sc *r, const p256_sc *a)
{
    /* odd = a^1, 3, 7, 15, 21, 25, 27, 39, 43, 47 */
    p256_sc odd[10], a2, a4, a14, x8, x16, x32, t;
    odd[0] = *a;
    p256_sc_sq(&a2, a);
    p256_sc_sq(&a4, &a2);
    p256_sc_mul(&odd[1], &a2, a);        /* a^3 */
    p256_sc_mul(&odd[2], &a4, &odd[1]);  /* a^7 */
    p256_sc_sq(&a14, &odd[2]);           /* a^14 */
    p256_sc_mul(&odd[3], &a14, a);       /* a^15 = x_4 */
    p256_sc_mul(&odd[4], &a14, &odd[2]); /* a^21 */
    p256_sc_mul(&odd[5], &a4, &odd[4]);  /* a^25 */
    p256_sc_mul(&odd[6], &a2, &odd[5]);  /* a^27 */
    p256_sc_mul(&odd[7], &a14, &odd[5]); /* a^39 */
    p256_sc_mul(&odd[8], &a4, &odd[7]);  /* a^43 */
    p256_sc_mul(&odd[9], &a4, &odd[8]);  /* a^47 */
    p256_sc_sqn_mul(&x8, &odd[3], 4, &odd[3]);
    p256_sc_sqn_mul(&x16, &x8, 8, &x8);
    p256_sc_sqn_mul(&x32, &x16, 16, &x16);
    p256_sc_sqn_mul(&t, &x32, 64, &x32);
    p256_sc_sqn_mul(&t, &t, 32, &x32);
    for (int i = 0; i < 21; i++)
        p256_sc_sqn_mul(&t, &t, p256_scalar_chain_steps[i][0], &odd[p256_scalar_chain_steps[i][1]]);
    *r = t;
}

#endif
