/* Several square roots sharing one exponentiation: RFC 9496's
 * SQRT_RATIO_M1 (fe_sqrt_ratio, field_common.h) on FE_SQRT_LANES pairs
 * (u, v) at once, for the decoders that take several points
 * (curve25519/edwards_decode_lanes.h, ristretto.h).
 *
 * The exponentiation to (p-5)/8 (250 squarings in one dependency chain) is
 * most of a square root, and a single chain runs at the latency of a
 * squaring. The serial backends run two chains interleaved step by step
 * (FE_SQRT_LANES = 2, curve25519/field_chain_x2.h); the vector backends
 * run one 4-way chain, a root per lane, or, where the backend gives roots
 * to its serial partner too, the 4-way chain and two serial ones
 * interleaved (FE_SQRT_LANES = 4 or 6, backend/vector/decode_lanes4.h,
 * switched by ECXI_VECTOR_KERNELS).
 */
#ifndef ECX_CURVE25519_FIELD_LANES_H
#define ECX_CURVE25519_FIELD_LANES_H

#include <stddef.h>

#include "curve25519/field_common.h"

#ifndef ECXI_VECTOR_KERNELS
#include "curve25519/field_chain_x2.h"

#define FE_SQRT_LANES 2

/* r[k] = a[k]^((p-5)/8) for k < count (2 <= count <= FE_SQRT_LANES,
 * public); the other lanes' values are unspecified. TIGHT in, TIGHT out.
 * Constant time. The vector backends' is in backend/vector/decode_lanes4.h. */
static inline void fe_pow_p58_lanes(fe r[FE_SQRT_LANES], const fe a[FE_SQRT_LANES], size_t count)
{
    (void)count;
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
    fe_pow_p58_lanes(pow, w, count);
    for (size_t k = 0; k < count; k++) was_square[k] = fe_sqrt_ratio_end(&r[k], &pow[k], &u[k], &v[k], &v3[k]);
}

#endif
