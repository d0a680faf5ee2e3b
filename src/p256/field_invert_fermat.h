/* P-256 field inversion by Fermat's little theorem, 1/a = a^(p-2) mod p, as
 * an addition chain: the second, independent inversion path beside the
 * backends' safegcd (p256_fe_invert). The tests cross-check the two and
 * ecbench times both.
 *
 * p - 2 = 2^256 - 2^224 + 2^192 + 2^96 - 3 has the bit pattern, from the
 * top,
 *     32 ones, 31 zeros, 1 one, 96 zeros, 94 ones, 1 zero, 1 one
 * (FIPS 186-5 gives p; the pattern is read off its hex form
 * FFFFFFFF 00000001 00000000 00000000 00000000 FFFFFFFF FFFFFFFF FFFFFFFD).
 * With x_k = a^(2^k - 1) (k ones), a run of k ones appended to an exponent
 * e is e 2^k + (2^k - 1): k squarings and one multiplication by x_k. The
 * chain builds x_1, x_2, x_3, x_6, x_12, x_15, x_30, x_32 (x_{i+j} =
 * x_i^(2^j) x_j) and then walks the pattern, splitting the run of 94 ones
 * as 32 + 32 + 30. Cost: 255 squarings and 12 multiplications. (Checked
 * against pow(a, p - 2, p) in python3 while writing it, and by
 * tests/test_p256_arith.c against GMP and safegcd.)
 *
 * Constant time: a fixed sequence of field operations. 0 maps to 0. */
#ifndef ECX_P256_FIELD_INVERT_FERMAT_H
#define ECX_P256_FIELD_INVERT_FERMAT_H

#include "p256/field.h"

/* r = a^(2^n) (n squarings; n is public). */
static inline void p256_fe_sqn(p256_fe *r, const p256_fe *a, unsigned n)
{
    p256_fe t = *a;
    while (n-- > 0) p256_fe_sq(&t, &t);
    *r = t;
}

/* r = a^(2^n) x: appends n bits to the exponent of a, those of x's. */
static inline void p256_fe_sqn_mul(p256_fe *r, const p256_fe *a, unsigned n, const p256_fe *x)
{
    p256_fe t;
    p256_fe_sqn(&t, a, n);
    p256_fe_mul(r, &t, x);
}

/* r = a^(p-2) = 1/a mod p (0 for a = 0). Constant time. */
static void p256_fe_invert_fermat(p256_fe *r, const p256_fe *a)
{
    p256_fe x1 = *a, x2, x3, x6, x12, x15, x30, x32, t;

    p256_fe_sqn_mul(&x2, &x1, 1, &x1);
    p256_fe_sqn_mul(&x3, &x2, 1, &x1);
    p256_fe_sqn_mul(&x6, &x3, 3, &x3);
    p256_fe_sqn_mul(&x12, &x6, 6, &x6);
    p256_fe_sqn_mul(&x15, &x12, 3, &x3);
    p256_fe_sqn_mul(&x30, &x15, 15, &x15);
    p256_fe_sqn_mul(&x32, &x30, 2, &x2);

    p256_fe_sqn_mul(&t, &x32, 32, &x1);   /* 32 ones, 31 zeros, 1 one */
    p256_fe_sqn_mul(&t, &t, 96 + 32, &x32); /* 96 zeros, then 94 ones = 32 + 32 + 30 */
    p256_fe_sqn_mul(&t, &t, 32, &x32);
    p256_fe_sqn_mul(&t, &t, 30, &x30);
    p256_fe_sqn_mul(r, &t, 2, &x1);       /* 1 zero, 1 one */
}

#endif
