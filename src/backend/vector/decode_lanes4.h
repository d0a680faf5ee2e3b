/* Vector layer: the square-root exponentiations of batch decoding
 * (fe_pow_p58_lanes of curve25519/field_lanes.h) in the four lanes
 * of one 4-way field element: four decodings cost one exponentiation, each
 * step of the addition chain one 4-way squaring or multiplication, where
 * the serial backends interleave two chains. Batch verification, the
 * multiscalar multiplication's decoding and (in two lanes, the other two
 * idle) single verification's A and R use it.
 *
 * A backend whose serial partner's two interleaved chains beat that
 * half-empty 4-way chain defines ECXI_SQRT_PAIR_SERIAL to 1 before
 * kernels.h (avx2: its backend.c has the measurements); then two roots
 * take the serial pair (curve25519/field_chain_x2.h). ECXI_SQRT_X6 (by
 * default ECXI_SQRT_PAIR_SERIAL; ifma sets it alone) runs that pair beside
 * the 4-way chain in one loop, six roots per exponentiation
 * (FE_SQRT_LANES = 6): the 4-way chain keeps the vector units busy and
 * the serial pair the integer multiplier, so the pair's steps cost little
 * more than the chain's alone (AMD Zen 5, thousands of TSC ticks for four
 * roots in the 4-way chain against six in both: avx2 12.2 / 12.9, 3060 /
 * 2150 a root; ifma 7.05 / 8.42, 1765 / 1405 a root; docs/avx2.md, "Six
 * roots").
 *
 * Same contract and the same chain (FE_POW_P58_CHAIN, field_common.h) as
 * the serial kernel, so the same values. Constant time. Part of
 * backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_DECODE_LANES4_H
#define ECX_BACKEND_VECTOR_DECODE_LANES4_H

/* GE4_FLATTEN: from the point formulas, included before kernels.h. */
#include "curve25519/field_common.h"

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
    fe4 x = *a;
    do x = fe4_sq_value(x);
    while (--n > 0);
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
static GE4_FLATTEN void fe_pow_p58_x4(fe r[4], const fe a[4])
{
    fe4 x, t0, t1, t2, y;
    fe4_pack(&x, &a[0], &a[1], &a[2], &a[3]);
    FE_POW_P58_CHAIN(fe4_sqn, fe4_mul_step, &y, &x, &t0, &t1, &t2);
    fe4_unpack(&r[0], &r[1], &r[2], &r[3], &y);
}

#ifndef ECXI_SQRT_PAIR_SERIAL
#define ECXI_SQRT_PAIR_SERIAL 0
#endif
#ifndef ECXI_SQRT_X6
#define ECXI_SQRT_X6 ECXI_SQRT_PAIR_SERIAL
#endif

#if ECXI_SQRT_PAIR_SERIAL || ECXI_SQRT_X6
#include "curve25519/field_chain_x2.h"
#endif

#if ECXI_SQRT_X6
/* Square roots per exponentiation (curve25519/field_lanes.h). */
#define FE_SQRT_LANES 6

/* Four lanes of the 4-way chain and two serial chains, one step of each
 * per step of the addition chain. */
typedef struct {
    fe4 lanes;
    fe_chain pair[2];
} fe_x6;

/* r = a^(2^n) in all six, n >= 1. (This do-while and fe4_sqn's give gcc
 * 12 exponentiations a quarter smaller than the first squaring peeled, at
 * the same speed: AMD Zen 5, ifma and avx2 verification 0.999 / 1.000,
 * batch verification and msm/64 within 1-2%, 2026-12-07.) */
static inline void fe_x6_sqn(fe_x6 *r, const fe_x6 *a, unsigned n)
{
    fe4 x = a->lanes;
    fe_chain p0 = a->pair[0], p1 = a->pair[1];
    do {
        x = fe4_sq_value(x);
        fe_chain_sq(&p0, &p0);
        fe_chain_sq(&p1, &p1);
    } while (--n > 0);
    r->lanes = x;
    r->pair[0] = p0;
    r->pair[1] = p1;
}

/* r = a b in all six. */
static inline void fe_x6_mul(fe_x6 *r, const fe_x6 *a, const fe_x6 *b)
{
    fe4_mul_step(&r->lanes, &a->lanes, &b->lanes);
    fe_chain_mul(&r->pair[0], &a->pair[0], &b->pair[0]);
    fe_chain_mul(&r->pair[1], &a->pair[1], &b->pair[1]);
}

/* r[k] = a[k]^((p-5)/8) for k < 6: lanes 0-3 in the 4-way chain, 4 and 5
 * in the serial pair. Out of line and flattened, as fe_pow_p58_x2 (the
 * chains stay in registers). TIGHT in, TIGHT out. */
static FE_POW_CHAIN_ATTRIBUTES void fe_pow_p58_x6(fe r[6], const fe a[6])
{
    fe_x6 x, t0, t1, t2, y;
    fe4_pack(&x.lanes, &a[0], &a[1], &a[2], &a[3]);
    fe_chain_from_fe(&x.pair[0], &a[4]);
    fe_chain_from_fe(&x.pair[1], &a[5]);
    FE_POW_P58_CHAIN(fe_x6_sqn, fe_x6_mul, &y, &x, &t0, &t1, &t2);
    fe4_unpack(&r[0], &r[1], &r[2], &r[3], &y.lanes);
    fe_chain_to_fe(&r[4], &y.pair[0]);
    fe_chain_to_fe(&r[5], &y.pair[1]);
}
#else
#define FE_SQRT_LANES 4
#endif

/* r[k] = a[k]^((p-5)/8) for k < count (2 <= count <= FE_SQRT_LANES,
 * public), the contract of curve25519/field_lanes.h: two roots on the
 * serial pair where the backend asks for it, up to four in the 4-way
 * chain, five or six in both. The other lanes' values are unspecified.
 * TIGHT in, TIGHT out. Constant time. */
static inline void fe_pow_p58_lanes(fe r[FE_SQRT_LANES], const fe a[FE_SQRT_LANES], size_t count)
{
#if ECXI_SQRT_PAIR_SERIAL
    if (count == 2) {
        fe_pow_p58_x2(r, a);
        return;
    }
#endif
#if ECXI_SQRT_X6
    if (count > 4) {
        fe_pow_p58_x6(r, a);
        return;
    }
#endif
    (void)count;
    fe_pow_p58_x4(r, a);
}

#endif
