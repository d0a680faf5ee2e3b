/* Several ZIP-215 point decodings at once, for batch verification, the
 * multiscalar multiplication and (on some backends) single verification.
 *
 * Decoding is dominated by the exponentiation to (p-5)/8 inside the square
 * root (fe_pow_p58: 250 squarings in one dependency chain). A single chain
 * runs at the latency of a squaring. The serial backends run two chains
 * interleaved step by step, which keeps the multiplier busier (about 13%
 * less time per point on the u64 backend, Zen 4); the vector backends run
 * four, one per lane of a 4-way element (backend/vector/decode_lanes4.h).
 * GE_DECODE_LANES says how many: 2 or 4. The arithmetic is exactly that of
 * ge_p3_from_bytes(.., GE_DECODE_ZIP215) with fe_sqrt_ratio
 * (edwards_encoding.h, field_common.h), so the results are identical point
 * for point — the batch verifier relies on that to agree with single
 * verification.
 */
#ifndef ECX_CURVE25519_EDWARDS_DECODE_LANES_H
#define ECX_CURVE25519_EDWARDS_DECODE_LANES_H

#include <stdint.h>

#include "curve25519/edwards.h"
#include "curve25519/edwards_encoding.h"
#include "ecx/ecx.h"

/* A vector backend brings its own fe_pow_p58_lanes and GE_DECODE_LANES
 * (same contract, backend/vector/kernels.h, switched by
 * ECXI_VECTOR_KERNELS). */
#ifndef ECXI_VECTOR_KERNELS
#define GE_DECODE_LANES 2

/* r[k] = a[k]^(2^n) for k = 0, 1, the two chains interleaved. n >= 1. */
static inline void fe_sqn_x2(fe r[2], const fe a[2], unsigned n)
{
    fe t[2] = {a[0], a[1]};
    while (n-- > 0)
        for (int k = 0; k < 2; k++) fe_sq(&t[k], &t[k]);
    r[0] = t[0];
    r[1] = t[1];
}

/* r[k] = a[k] b[k] for k = 0, 1. */
static inline void fe_mul_x2(fe r[2], const fe a[2], const fe b[2])
{
    fe_mul(&r[0], &a[0], &b[0]);
    fe_mul(&r[1], &a[1], &b[1]);
}

/* fe_pow_p58_lanes is kept out of line (gcc 12 inlined into a large caller
 * interleaves its two squaring chains with the caller's code and spills
 * them to the stack: 25% slower, measured) and flattened (the field
 * operations inlined into it, so the two chains stay in registers). */
#if defined(__GNUC__) || defined(__clang__)
#define GE_POW_X2_ATTRIBUTES __attribute__((noinline, flatten))
#else
#define GE_POW_X2_ATTRIBUTES
#endif

/* r[k] = a[k]^((p-5)/8) for k < 2: fe_pow_p58's addition chain on two
 * elements. */
static GE_POW_X2_ATTRIBUTES void fe_pow_p58_lanes(fe r[GE_DECODE_LANES], const fe a[GE_DECODE_LANES])
{
    fe t0[2], t1[2], t2[2];
    FE_POW_P58_CHAIN(fe_sqn_x2, fe_mul_x2, r, a, t0, t1, t2);
}
#endif /* ECXI_VECTOR_KERNELS */

/* Decodes s[k] for k < count (1 <= count <= GE_DECODE_LANES) with the
 * ZIP-215 rules into r[k]: the same results as ge_p3_from_bytes(&r[k],
 * s[k], GE_DECODE_ZIP215) — Z = 1, TIGHT coordinates, the identity on
 * failure — and ok[k] = 1 if s[k] decodes, else 0. Lanes past count decode
 * copies of s[0], and their results are dropped. VARIABLE TIME is allowed
 * (public encodings) but not used: the code is the constant-time decoder's,
 * run on several points. */
static void ge_p3_from_bytes_zip215_lanes(ge_p3 *r, unsigned *ok, const uint8_t *const *s, size_t count)
{
    fe one, d, sqrtm1, y2, u[GE_DECODE_LANES], v[GE_DECODE_LANES], v3[GE_DECODE_LANES], w[GE_DECODE_LANES],
        x[GE_DECODE_LANES];
    ge_p3 p[GE_DECODE_LANES];
    const uint8_t *enc[GE_DECODE_LANES];
    fe_one(&one);
    fe_from_bytes(&d, ge_d_bytes);
    fe_from_bytes(&sqrtm1, fe_sqrtm1_bytes);

    for (size_t k = 0; k < GE_DECODE_LANES; k++) {
        enc[k] = s[k < count ? k : 0];
        fe_from_bytes(&p[k].Y, enc[k]); /* bit 255 dropped, y may be >= p */
        fe_one(&p[k].Z);
        fe_sq(&y2, &p[k].Y);
        fe_sub(&u[k], &y2, &one); /* u = y^2 - 1 */
        fe_carry(&u[k], &u[k]);
        fe_mul(&v[k], &y2, &d);
        fe_add(&v[k], &v[k], &one); /* v = d y^2 + 1 */
        fe_carry(&v[k], &v[k]);
        /* fe_sqrt_ratio(x, u, v), first half: w = u v^7. */
        fe v7;
        fe_sq(&v3[k], &v[k]);
        fe_mul(&v3[k], &v3[k], &v[k]); /* v^3 */
        fe_sq(&v7, &v3[k]);
        fe_mul(&v7, &v7, &v[k]); /* v^7 */
        fe_mul(&w[k], &u[k], &v7);
    }

    fe_pow_p58_lanes(x, w); /* (u v^7)^((p-5)/8) */

    for (size_t k = 0; k < count; k++) {
        /* fe_sqrt_ratio, second half. */
        fe check, u_neg, u_neg_i, x_prime;
        fe_mul(&x[k], &x[k], &v3[k]);
        fe_mul(&x[k], &x[k], &u[k]); /* x = u v^3 (u v^7)^((p-5)/8) */
        fe_sq(&check, &x[k]);
        fe_mul(&check, &check, &v[k]); /* v x^2 */
        fe_neg(&u_neg, &u[k]);
        fe_mul(&u_neg_i, &u_neg, &sqrtm1);
        unsigned correct_sign = fe_equal(&check, &u[k]);
        unsigned flipped_sign = fe_equal(&check, &u_neg);
        unsigned flipped_sign_i = fe_equal(&check, &u_neg_i);
        fe_mul(&x_prime, &x[k], &sqrtm1);
        fe_cmov(&x[k], &x_prime, flipped_sign | flipped_sign_i);
        fe_abs(&x[k], &x[k]);
        ok[k] = correct_sign | flipped_sign;

        /* ge_p3_from_bytes, ZIP-215 policy: the sign bit picks the root. */
        fe_cneg(&p[k].X, &x[k], (unsigned)(enc[k][31] >> 7));
        fe_mul(&p[k].T, &p[k].X, &p[k].Y);
        ge_p3 id;
        ge_p3_identity(&id);
        ge_p3_cmov(&p[k], &id, 1u ^ ok[k]);
        r[k] = p[k];
    }
}

#endif
