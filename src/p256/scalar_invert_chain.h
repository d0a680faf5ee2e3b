/* P-256 scalar inversion by Fermat's little theorem, 1/a = a^(n-2) mod n,
 * as an addition chain: the second inversion path beside safegcd
 * (p256_sc_invert), cross-checked by the tests and timed by ecbench
 * (p256/scalar_invert_chain).
 *
 * n - 2 = FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2
 * FC63254F. The top 128 bits are runs of 32: with x_k = a^(2^k - 1),
 * x_32 then (x_32)^(2^64) x_32, then ^(2^32) x_32. The low 128 bits go by a
 * left-to-right sliding window of 4 bits over the odd powers a^1 ... a^15
 * (p256_scalar_chain_steps: each step is some squarings, then one
 * multiplication by an odd power). Cost: a^2 and the odd powers 1S + 7M;
 * x_8, x_16, x_32 from x_4 = a^15: 28S + 3M; the top 96S + 2M; the
 * windows 128S + 27M. Total 253 squarings and 39 multiplications (OpenJDK's
 * chain: 256S + 43M). The window list was produced and checked against
 * n - 2 by a python3 script while writing this file; the tests check the
 * result against GMP and safegcd.
 *
 * Constant time: a fixed sequence of operations. 0 maps to 0. */
#ifndef ECX_P256_SCALAR_INVERT_CHAIN_H
#define ECX_P256_SCALAR_INVERT_CHAIN_H

#include <stdint.h>

#include "p256/scalar.h"

/* {squarings, odd power} for the low 128 bits of n - 2, top first. */
static const uint8_t p256_scalar_chain_steps[27][2] = {
    {4, 11}, {2, 3},  {5, 7},  {6, 13}, {4, 15}, {4, 5}, {5, 11}, {5, 13}, {5, 7},
    {7, 11}, {2, 3},  {6, 15}, {2, 1},  {8, 9},  {3, 7}, {5, 7},  {4, 7},  {5, 7},
    {5, 5},  {3, 3},  {8, 11}, {4, 15}, {5, 3},  {5, 3}, {6, 9},  {4, 5},  {6, 15},
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
    p256_sc odd[8], a2, x8, x16, x32, t; /* odd[i] = a^(2i + 1) */
    odd[0] = *a;
    p256_sc_sq(&a2, a);
    for (int i = 1; i < 8; i++) p256_sc_mul(&odd[i], &odd[i - 1], &a2);
    p256_sc_sqn_mul(&x8, &odd[7], 4, &odd[7]);
    p256_sc_sqn_mul(&x16, &x8, 8, &x8);
    p256_sc_sqn_mul(&x32, &x16, 16, &x16);
    p256_sc_sqn_mul(&t, &x32, 64, &x32);
    p256_sc_sqn_mul(&t, &t, 32, &x32);
    for (int i = 0; i < 27; i++)
        p256_sc_sqn_mul(&t, &t, p256_scalar_chain_steps[i][0], &odd[p256_scalar_chain_steps[i][1] / 2]);
    *r = t;
}

#endif
