/* ifma backend: the two square-root exponentiations of batch decoding
 * (fe_pow_p58_x2 of curve25519/edwards_decode_x2.h) in two lanes of one
 * 4-way field element: each step of the addition chain is one 4-way
 * squaring or multiplication (field4.h) instead of two serial ones, and
 * the squarings of the long runs no longer wait for each other. Lanes 2
 * and 3 carry copies of lanes 0 and 1 (idle work, no cost: the vector
 * operation is the same).
 *
 * Same contract and the same chain (FE_POW_P58_CHAIN, field_common.h) as
 * the serial kernel, so the same values. Included by
 * src/backend/ifma/backend.c before curve25519/backend_impl.h: it defines
 * FE_POW_P58_X2_KERNEL. Constant time.
 */
#ifndef ECX_BACKEND_IFMA_POW_P58_X2_H
#define ECX_BACKEND_IFMA_POW_P58_X2_H

#define FE_POW_P58_X2_KERNEL 1

#include "backend/ifma/edwards4.h" /* GE4_FLATTEN */
#include "backend/ifma/field4.h"
#include "curve25519/field_common.h"

/* r = a^(2^n) in every lane, n >= 1. */
static inline void fe4_sqn(fe4 *r, const fe4 *a, unsigned n)
{
    fe4_sq(r, a);
    while (--n > 0) fe4_sq(r, r);
}

/* r[k] = a[k]^((p-5)/8) for k = 0, 1. TIGHT in (u64: limbs < 2^51 + 2^15,
 * REDUCED for field4.h), TIGHT out. */
static GE4_FLATTEN void fe_pow_p58_x2(fe r[2], const fe a[2])
{
    fe4 x, t0, t1, t2, y;
    const uint64_t *in[4] = {a[0].v, a[1].v, a[0].v, a[1].v};
    fe4_pack(&x, in);
    FE_POW_P58_CHAIN(fe4_sqn, fe4_mul, &y, &x, &t0, &t1, &t2);
    fe copies[2];
    uint64_t *out[4] = {r[0].v, r[1].v, copies[0].v, copies[1].v};
    fe4_unpack(out, &y);
}

#endif
