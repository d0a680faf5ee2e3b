/* P-256 scalar inversion by Fermat's little theorem, 1/a = a^(n-2) mod n,
 * as an addition chain: the second inversion path beside safegcd
 * (p256_sc_invert), cross-checked by the tests and timed by ecbench
 * (p256/scalar_invert_chain).
 *
 * n - 2 = FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2
 * FC63254F. The top 128 bits are runs of 32: with x_k = a^(2^k - 1),
 * x_32 then (x_32)^(2^64) x_32, then ^(2^32) x_32. The low 128 bits go by a
 * left-to-right sliding window of up to 5 bits over only the ten odd powers
 * the windows use, a^1, 3, 7, 11, 13, 15, 19, 21, 23, 25
 * (p256_scalar_chain_steps: each step is some squarings, then one
 * multiplication by an odd power; the digit set and the windows were chosen
 * by a python3 search minimising windows plus table products, and checked
 * against n - 2). Cost, exactly:
 *   table: a^2, a^4 = (a^2)^2: 2S; a^3 = a^2 a, a^7 = a^4 a^3,
 *          a^11 = a^7 a^4, a^13, a^15 (+ a^2 each), a^19 = a^15 a^4,
 *          a^21, a^23, a^25 (+ a^2 each): 9M
 *   x_8, x_16, x_32 from x_4 = a^15:    28S + 3M
 *   the top 96 bits after x_32:         96S + 2M
 *   the low 128 bits, 23 windows:      128S + 23M
 * Total 254 squarings and 37 multiplications (before: 253S + 39M with a
 * 4-bit window over a^1 ... a^15; OpenJDK's chain: 256S + 43M; the
 * target 254S + 35M is not reached). The tests check the result against
 * GMP's mpz_invert on edge and random inputs on every backend.
 *
 * Constant time: a fixed sequence of operations. 0 maps to 0. */
#ifndef ECX_P256_SCALAR_INVERT_CHAIN_H
#define ECX_P256_SCALAR_INVERT_CHAIN_H

#include <stdint.h>

#include "p256/scalar.h"

/* {squarings, index into the odd powers of p256_sc_invert_chain} for the
 * low 128 bits of n - 2, top first; the comment lists each step's digit. */
static const uint8_t p256_scalar_chain_steps[23][2] = {
    /* 23, 19, 19, 15, 21, 11, 13, 7 */
    {5, 8}, {5, 6}, {5, 6}, {5, 5}, {5, 7}, {5, 3}, {5, 4}, {5, 2},
    /* 23, 19, 13, 19, 25, 13, 25, 25 */
    {8, 8}, {5, 6}, {4, 4}, {9, 6}, {5, 9}, {4, 4}, {5, 9}, {5, 9},
    /* 11, 11, 15, 3, 25, 21, 15 */
    {5, 3}, {8, 3}, {4, 5}, {5, 1}, {8, 9}, {7, 7}, {6, 5},
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
    /* odd = a^1, 3, 7, 11, 13, 15, 19, 21, 23, 25 */
    p256_sc odd[10], a2, a4, x8, x16, x32, t;
    odd[0] = *a;
    p256_sc_sq(&a2, a);
    p256_sc_sq(&a4, &a2);
    p256_sc_mul(&odd[1], &a2, a);       /* a^3 */
    p256_sc_mul(&odd[2], &a4, &odd[1]); /* a^7 */
    p256_sc_mul(&odd[3], &a4, &odd[2]); /* a^11 */
    p256_sc_mul(&odd[4], &a2, &odd[3]); /* a^13 */
    p256_sc_mul(&odd[5], &a2, &odd[4]); /* a^15 = x_4 */
    p256_sc_mul(&odd[6], &a4, &odd[5]); /* a^19 */
    p256_sc_mul(&odd[7], &a2, &odd[6]); /* a^21 */
    p256_sc_mul(&odd[8], &a2, &odd[7]); /* a^23 */
    p256_sc_mul(&odd[9], &a2, &odd[8]); /* a^25 */
    p256_sc_sqn_mul(&x8, &odd[5], 4, &odd[5]);
    p256_sc_sqn_mul(&x16, &x8, 8, &x8);
    p256_sc_sqn_mul(&x32, &x16, 16, &x16);
    p256_sc_sqn_mul(&t, &x32, 64, &x32);
    p256_sc_sqn_mul(&t, &t, 32, &x32);
    for (int i = 0; i < 23; i++)
        p256_sc_sqn_mul(&t, &t, p256_scalar_chain_steps[i][0], &odd[p256_scalar_chain_steps[i][1]]);
    *r = t;
}

#endif
