/* Several ZIP-215 point decodings at once, for batch verification, the
 * multiscalar multiplication and (on some backends) single verification:
 * FE_SQRT_LANES points per square root (curve25519/field_lanes.h: 2 on the
 * serial backends, 4 on the vector ones). The arithmetic is exactly that
 * of ge_p3_from_bytes(.., GE_DECODE_ZIP215) (edwards_encoding.h: the same
 * two halves around the same root), so the results are identical point
 * for point — the batch verifier relies on that to agree with single
 * verification.
 */
#ifndef ECX_CURVE25519_EDWARDS_DECODE_LANES_H
#define ECX_CURVE25519_EDWARDS_DECODE_LANES_H

#include <stdint.h>

#include "curve25519/edwards.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/field_lanes.h"
#include "ecx/ecx.h"

/* Decodes s[k] for k < count (1 <= count <= FE_SQRT_LANES) with the
 * ZIP-215 rules into r[k]: the same results as ge_p3_from_bytes(&r[k],
 * s[k], GE_DECODE_ZIP215) — Z = 1, TIGHT coordinates, the identity on
 * failure — and ok[k] = 1 if s[k] decodes, else 0. VARIABLE TIME is
 * allowed (public encodings) but not used: the code is the constant-time
 * decoder's, run on several points. */
static void ge_p3_from_bytes_zip215_lanes(ge_p3 *r, unsigned *ok, const uint8_t *const *s, size_t count)
{
    fe u[FE_SQRT_LANES], v[FE_SQRT_LANES], x[FE_SQRT_LANES];
    /* count >= 1: a do-while, so that the compiler too sees lane 0 filled
     * on every path before the arrays go to fe_sqrt_ratio_lanes. */
    size_t k = 0;
    do ge_decode_ratio(&r[k].Y, &u[k], &v[k], s[k]);
    while (++k < count);
    fe_sqrt_ratio_lanes(x, ok, u, v, count); /* x = +sqrt(u/v), the even root */
    for (k = 0; k < count; k++) ge_decode_finish(&r[k], &x[k], s[k], ok[k]);
}

/* A decoder of count <= FE_SQRT_LANES encodings sharing one square root:
 * r[k] and ok[k] for s[k], k < count (ge_p3_from_bytes_zip215_lanes,
 * ristretto_decode_lanes). */
typedef void ge_decode_lanes_fn(ge_p3 *r, unsigned *ok, const uint8_t *const *s, size_t count);

/* Decodes s[0 .. n-1] into r[0 .. n-1] with decode_lanes, FE_SQRT_LANES
 * at a time (the last group may be smaller); stops at the first group
 * with a point that does not decode. Returns 1 if every point decodes,
 * else 0 (then r's entries are unspecified). The verdicts are public
 * (the callers' encodings are). */
static inline unsigned ge_decode_all_lanes(ge_decode_lanes_fn *decode_lanes, ge_p3 *r, const uint8_t (*s)[32],
                                           size_t n)
{
    for (size_t j = 0; j < n; j += FE_SQRT_LANES) {
        const size_t count = n - j < FE_SQRT_LANES ? n - j : FE_SQRT_LANES;
        const uint8_t *enc[FE_SQRT_LANES];
        unsigned ok[FE_SQRT_LANES] = {0}, all = 1;
        for (size_t k = 0; k < count; k++) enc[k] = s[j + k];
        decode_lanes(&r[j], ok, enc, count);
        for (size_t k = 0; k < count; k++) all &= ok[k];
        if (!all) return 0;
    }
    return 1;
}

/* Decodes s[0 .. n-1] into r[0 .. n-1] with the ZIP-215 rules, as
 * ge_decode_all_lanes. Returns 1 if every point decodes, else 0. */
static inline unsigned ge_p3_from_bytes_zip215_all(ge_p3 *r, const uint8_t (*s)[32], size_t n)
{
    return ge_decode_all_lanes(ge_p3_from_bytes_zip215_lanes, r, s, n);
}

#endif
