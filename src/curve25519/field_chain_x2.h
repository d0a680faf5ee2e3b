/* Two square-root exponentiations interleaved step by step on the serial
 * field: fe_pow_p58_x2, the serial backends' fe_pow_p58_lanes
 * (curve25519/field_lanes.h) and the partner chains of a vector backend
 * that gives two roots to its serial field (ECXI_SQRT_PAIR_SERIAL,
 * backend/vector/decode_lanes4.h). A single chain runs at the latency of
 * a squaring; two keep the multiplier busier (about 13% less time per
 * root on u64, Zen 4).
 */
#ifndef ECX_CURVE25519_FIELD_CHAIN_X2_H
#define ECX_CURVE25519_FIELD_CHAIN_X2_H

#include "curve25519/field_common.h"

/* fe_pow_p58_x2, and the vector layer's fe_pow_p58_x6 that runs the same
 * pair beside a 4-way chain, are kept out of line (gcc 12 inlined into a
 * large caller interleaves its two squaring chains with the caller's code
 * and spills them to the stack: 25% slower, measured) and flattened (the
 * field operations inlined into them, so the chains stay in registers).
 * "unused": a backend whose only user of the pair is the six-root chain
 * (ifma, backend/vector/decode_lanes4.h) never calls it. */
#if defined(__GNUC__) || defined(__clang__)
#define FE_POW_CHAIN_ATTRIBUTES __attribute__((noinline, flatten, unused))
#else
#define FE_POW_CHAIN_ATTRIBUTES
#endif

/* The element the two chains run on: the field's own, unless the serial
 * field names another form of it (backend/u64/field_mulx.h: four 64-bit
 * words, MULX / ADX assembly) by defining FE_CHAIN_TYPE, with
 * fe_chain_sq, fe_chain_mul and the conversions fe_chain_from_fe (TIGHT
 * in) and fe_chain_to_fe (TIGHT out). */
#ifndef FE_CHAIN_TYPE
#define FE_CHAIN_TYPE fe
#define fe_chain_sq fe_sq
#define fe_chain_mul fe_mul
#define fe_chain_from_fe(r, a) (*(r) = *(a))
#define fe_chain_to_fe(r, a) (*(r) = *(a))
#endif
typedef FE_CHAIN_TYPE fe_chain;

/* r[k] = a[k]^(2^n) for k = 0, 1, the two chains interleaved. n >= 1. */
static inline void fe_chain_sqn_x2(fe_chain r[2], const fe_chain a[2], unsigned n)
{
    fe_chain t[2] = {a[0], a[1]};
    while (n-- > 0)
        for (int k = 0; k < 2; k++) fe_chain_sq(&t[k], &t[k]);
    r[0] = t[0];
    r[1] = t[1];
}

/* r[k] = a[k] b[k] for k = 0, 1. */
static inline void fe_chain_mul_x2(fe_chain r[2], const fe_chain a[2], const fe_chain b[2])
{
    fe_chain_mul(&r[0], &a[0], &b[0]);
    fe_chain_mul(&r[1], &a[1], &b[1]);
}

/* r[k] = a[k]^((p-5)/8) for k = 0, 1: fe_pow_p58's addition chain on two
 * elements. TIGHT in, TIGHT out. Constant time. */
static FE_POW_CHAIN_ATTRIBUTES void fe_pow_p58_x2(fe r[2], const fe a[2])
{
    fe_chain x[2], y[2], t0[2], t1[2], t2[2];
    fe_chain_from_fe(&x[0], &a[0]);
    fe_chain_from_fe(&x[1], &a[1]);
    FE_POW_P58_CHAIN(fe_chain_sqn_x2, fe_chain_mul_x2, y, x, t0, t1, t2);
    fe_chain_to_fe(&r[0], &y[0]);
    fe_chain_to_fe(&r[1], &y[1]);
}

#endif
