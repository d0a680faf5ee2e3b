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
    for (size_t k = 0; k < count; k++) ge_decode_ratio(&r[k].Y, &u[k], &v[k], s[k]);
    fe_sqrt_ratio_lanes(x, ok, u, v, count); /* x = +sqrt(u/v), the even root */
    for (size_t k = 0; k < count; k++) ge_decode_finish(&r[k], &x[k], s[k], ok[k]);
}

#endif
