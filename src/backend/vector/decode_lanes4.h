/* Vector layer: the square-root exponentiations of batch decoding
 * (fe_pow_p58_lanes of curve25519/field_lanes.h) in the four lanes
 * of one 4-way field element: four decodings cost one exponentiation, each
 * step of the addition chain one 4-way squaring or multiplication, where
 * the serial backends interleave two chains. Batch verification, the
 * multiscalar multiplication's decoding and (in two lanes, the other two
 * idle) single verification's A and R use it, unless the backend gives two
 * roots to its serial partner (ECXI_SQRT_PAIR_SERIAL,
 * curve25519/field_lanes.h: avx2).
 *
 * Same contract and the same chain (FE_POW_P58_CHAIN, field_common.h) as
 * the serial kernel, so the same values. Constant time. Part of
 * backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_DECODE_LANES4_H
#define ECX_BACKEND_VECTOR_DECODE_LANES4_H

/* GE4_FLATTEN: from the point formulas, included before kernels.h. */
#include "curve25519/field_common.h"

/* Square roots per exponentiation (curve25519/field_lanes.h). */
#define FE_SQRT_LANES 4

/* The chain's steps. Each input comes from another loop or another pass
 * of the same one, and goes through FE4_OPAQUE (contract.h) first. */

/* a^2 in every lane, as fe4_sq, taken and returned by value. */
static inline fe4 fe4_sq_value(fe4 a)
{
    fe4 r;
    FE4_OPAQUE(a);
    fe4_sq(&r, &a);
    return r;
}

/* r = a^(2^n) in every lane, n >= 1. REDUCED in, REDUCED out.
 *
 * The running value is a local passed by value, not *r squared in place:
 * through the pointer, gcc 12 kept it in memory and every squaring of the
 * chain stored its five vectors and the next loaded them back, a
 * store-to-load round trip on the chain's critical path (ifma on AMD Zen
 * 5: 35 against 26 TSC ticks per squaring in a chain; verification 3.7%
 * faster by value, avx2 unchanged). */
static inline void fe4_sqn(fe4 *r, const fe4 *a, unsigned n)
{
    fe4 x = fe4_sq_value(*a);
    while (--n > 0) x = fe4_sq_value(x);
    *r = x;
}

/* r = a b in every lane, as fe4_mul. */
static inline void fe4_mul_step(fe4 *r, const fe4 *a, const fe4 *b)
{
    fe4 x = *a, y = *b;
    FE4_OPAQUE(x);
    FE4_OPAQUE(y);
    fe4_mul(r, &x, &y);
}

/* r[k] = a[k]^((p-5)/8) for k < 4. TIGHT in, TIGHT out. */
static GE4_FLATTEN void fe_pow_p58_lanes(fe r[FE_SQRT_LANES], const fe a[FE_SQRT_LANES])
{
    fe4 x, t0, t1, t2, y;
    fe4_pack(&x, &a[0], &a[1], &a[2], &a[3]);
    FE_POW_P58_CHAIN(fe4_sqn, fe4_mul_step, &y, &x, &t0, &t1, &t2);
    fe4_unpack(&r[0], &r[1], &r[2], &r[3], &y);
}

#endif
