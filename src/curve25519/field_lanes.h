/* Several square roots sharing one exponentiation: RFC 9496's
 * SQRT_RATIO_M1 (fe_sqrt_ratio, field_common.h) on FE_SQRT_LANES pairs
 * (u, v) at once, for the decoders that take several points
 * (curve25519/edwards_decode_lanes.h, ristretto.h).
 *
 * The exponentiation to (p-5)/8 (250 squarings in one dependency chain) is
 * most of a square root, and a single chain runs at the latency of a
 * squaring. The serial backends run two chains interleaved step by step
 * (FE_SQRT_LANES = 2: the multiplier kept busier, about 13% less time per
 * root on u64, Zen 4); the vector backends run one 4-way chain, a root per
 * lane (FE_SQRT_LANES = 4, backend/vector/decode_lanes4.h, switched by
 * ECXI_VECTOR_KERNELS).
 *
 * Two roots on a vector backend (single verification's A and R, the last
 * two of an odd batch) leave two of the chain's lanes idle. A vector
 * backend whose serial partner's two interleaved chains cost less than
 * that half-empty 4-way chain defines ECXI_SQRT_PAIR_SERIAL to 1 before
 * backend_impl.h: then two roots take the serial pair, three or four the
 * 4-way chain. avx2 does (backend/avx2/backend.c has the measurements).
 */
#ifndef ECX_CURVE25519_FIELD_LANES_H
#define ECX_CURVE25519_FIELD_LANES_H

#include <stddef.h>

#include "curve25519/field_common.h"

#ifndef ECXI_SQRT_PAIR_SERIAL
#define ECXI_SQRT_PAIR_SERIAL 0
#endif

#if !defined(ECXI_VECTOR_KERNELS) || ECXI_SQRT_PAIR_SERIAL
/* fe_pow_p58_x2 is kept out of line (gcc 12 inlined into a large caller
 * interleaves its two squaring chains with the caller's code and spills
 * them to the stack: 25% slower, measured) and flattened (the field
 * operations inlined into it, so the two chains stay in registers). */
#if defined(__GNUC__) || defined(__clang__)
#define FE_POW_X2_ATTRIBUTES __attribute__((noinline, flatten))
#else
#define FE_POW_X2_ATTRIBUTES
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
static FE_POW_X2_ATTRIBUTES void fe_pow_p58_x2(fe r[2], const fe a[2])
{
    fe_chain x[2], y[2], t0[2], t1[2], t2[2];
    fe_chain_from_fe(&x[0], &a[0]);
    fe_chain_from_fe(&x[1], &a[1]);
    FE_POW_P58_CHAIN(fe_chain_sqn_x2, fe_chain_mul_x2, y, x, t0, t1, t2);
    fe_chain_to_fe(&r[0], &y[0]);
    fe_chain_to_fe(&r[1], &y[1]);
}
#endif

#ifndef ECXI_VECTOR_KERNELS
#define FE_SQRT_LANES 2

/* r[k] = a[k]^((p-5)/8) for k < FE_SQRT_LANES. */
static inline void fe_pow_p58_lanes(fe r[FE_SQRT_LANES], const fe a[FE_SQRT_LANES])
{
    fe_pow_p58_x2(r, a);
}
#endif /* ECXI_VECTOR_KERNELS */

/* SQRT_RATIO_M1(u[k], v[k]) into r[k] and was_square[k] for k < count
 * (1 <= count <= FE_SQRT_LANES), as fe_sqrt_ratio computes them, with one
 * fe_pow_p58_lanes for all of them. Only u[k], v[k] for k < count are
 * read (the callers fill no more); the lanes past count exponentiate a
 * copy of lane 0's base and are dropped. A single pair (count = 1, the
 * last of an odd list) takes fe_sqrt_ratio's one serial chain instead,
 * which costs less than two interleaved chains or a 4-way one; the values
 * are the same. Constant time in u and v (count is public). TIGHT
 * inputs. */
static void fe_sqrt_ratio_lanes(fe *r, unsigned *was_square, const fe *u, const fe *v, size_t count)
{
    if (count == 1) {
        was_square[0] = fe_sqrt_ratio(&r[0], &u[0], &v[0]);
        return;
    }
    fe w[FE_SQRT_LANES], v3[FE_SQRT_LANES], pow[FE_SQRT_LANES];
    fe_sqrt_ratio_begin(&w[0], &v3[0], &u[0], &v[0]);
    for (size_t k = 1; k < FE_SQRT_LANES; k++) {
        if (k < count) fe_sqrt_ratio_begin(&w[k], &v3[k], &u[k], &v[k]);
        else w[k] = w[0];
    }
#if ECXI_SQRT_PAIR_SERIAL
    if (count == 2) fe_pow_p58_x2(pow, w);
    else fe_pow_p58_lanes(pow, w);
#else
    fe_pow_p58_lanes(pow, w);
#endif
    for (size_t k = 0; k < count; k++) was_square[k] = fe_sqrt_ratio_end(&r[k], &pow[k], &u[k], &v[k], &v3[k]);
}

#endif
