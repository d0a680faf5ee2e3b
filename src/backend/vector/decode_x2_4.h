/* Vector layer: the two square-root exponentiations of batch decoding
 * (fe_pow_p58_x2 of curve25519/edwards_decode_x2.h) in two lanes of one
 * 4-way field element: each step of the addition chain is one 4-way
 * squaring or multiplication instead of two serial ones, and the squarings
 * of the long runs no longer wait for each other. Lanes 2 and 3 carry
 * copies of lanes 0 and 1 (idle work, no cost: the vector operation is the
 * same).
 *
 * Same contract and the same chain (FE_POW_P58_CHAIN, field_common.h) as
 * the serial kernel, so the same values. Constant time. Part of
 * backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_DECODE_X2_4_H
#define ECX_BACKEND_VECTOR_DECODE_X2_4_H

/* GE4_FLATTEN: from the point formulas, included before kernels.h. */
#include "curve25519/field_common.h"

/* r = a^(2^n) in every lane, n >= 1. REDUCED in, REDUCED out. */
static inline void fe4_sqn(fe4 *r, const fe4 *a, unsigned n)
{
    fe4_sq(r, a);
    while (--n > 0) fe4_sq(r, r);
}

/* r[k] = a[k]^((p-5)/8) for k = 0, 1. TIGHT in, TIGHT out. */
static GE4_FLATTEN void fe_pow_p58_x2(fe r[2], const fe a[2])
{
    fe4 x, t0, t1, t2, y;
    fe4_pack(&x, &a[0], &a[1], &a[0], &a[1]);
    FE_POW_P58_CHAIN(fe4_sqn, fe4_mul, &y, &x, &t0, &t1, &t2);
    fe copies[2];
    fe4_unpack(&r[0], &r[1], &copies[0], &copies[1], &y);
}

#endif
