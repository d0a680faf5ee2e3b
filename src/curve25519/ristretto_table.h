/* The ristretto255 operations table of a backend (struct ecxi_ristretto_ops,
 * src/backend/ops.h): byte-level operations on 32-byte encodings, on
 * top of ristretto.h and the edwards25519 scalar multiplications.
 *
 * Inputs are checked here, not in src/api (which only rejects NULL): a point
 * must be a canonical encoding (RFC 9496, section 4.3.1) and a scalar must be
 * canonical, s < l. The scalar check lives here because it must be constant
 * time for secret scalars: it uses the backend's sc_from_bytes, whose
 * comparison with l is branch-free, and the multiplications consume a scalar
 * zeroed when it is not canonical, so no branch depends on it. Outputs are
 * written after every input has been read, so they may alias inputs.
 */
#ifndef ECX_CURVE25519_RISTRETTO_TABLE_H
#define ECX_CURVE25519_RISTRETTO_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/constant_time.h"
#include "curve25519/edwards.h"
#include "curve25519/edwards_decode_lanes.h"
#include "curve25519/msm.h"
#include "curve25519/ristretto.h"
#include "curve25519/scalar_mul_base.h"
#include "curve25519/scalar_mul_variable.h"
#include "backend/ops_internal.h"
#include "ecx/ecx.h"

_Static_assert(ECX_OK == 0 && ECX_ERR_INVALID == -1, "ristretto_status computes the status arithmetically");

/* t = s and returns 1 if s < l; t = 0 and returns 0 otherwise. Constant
 * time in s. */
static unsigned ristretto_scalar_or_zero(uint8_t t[32], const uint8_t s[32])
{
    sc unused;
    unsigned ok = sc_from_bytes(&unused, s);
    const uint8_t mask = (uint8_t)ct_barrier_u32(0u - ok);
    for (int i = 0; i < 32; i++) t[i] = s[i] & mask;
    ct_wipe(&unused, sizeof unused);
    return ok;
}

/* ECX_OK for ok = 1, ECX_ERR_INVALID for ok = 0, with no branch on ok (it
 * may come from a secret scalar: only the caller sees the verdict). */
static inline int ristretto_status(unsigned ok)
{
    return -(int)(1u ^ ok);
}

/* ECX_OK if p is a canonical encoding of an element, else ECX_ERR_INVALID. */
static int ristretto_op_is_valid(const uint8_t p[32])
{
    ge_p3 a;
    return ristretto_decode(&a, p);
}

/* 1 for ECX_OK, 0 for ECX_ERR_INVALID, without a branch. */
static inline unsigned ristretto_ok(int status)
{
    return (unsigned)(status + 1);
}

/* r = t when ok = 1; r unchanged when ok = 0. Constant time in ok and t. */
static inline void ristretto_write_if(uint8_t r[32], const uint8_t t[32], unsigned ok)
{
    const uint8_t mask = (uint8_t)ct_barrier_u32(0u - ok);
    for (int i = 0; i < 32; i++) r[i] = (uint8_t)((t[i] & mask) | (r[i] & (uint8_t)~mask));
}

/* r = p + q, or p - q when subtract is 1 (public). ECX_ERR_INVALID (r
 * untouched) if p or q does not decode. Constant time, the decoding
 * verdicts included (the points may be secret: the sum is computed either
 * way, on the identity in place of an undecodable point, and written by a
 * masked select). */
static int ristretto_add_or_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32], unsigned subtract)
{
    ge_p3 ab[2];
    uint8_t t[32];
    const uint8_t *const enc[2] = {p, q};
    unsigned decoded[2] = {0, 0};
    ristretto_decode_lanes(ab, decoded, enc, 2); /* one shared square root (field_lanes.h) */
    const unsigned ok = decoded[0] & decoded[1];
    if (subtract)
        ge_p3_sub_p3(&ab[0], &ab[0], &ab[1]);
    else
        ge_p3_add_p3(&ab[0], &ab[0], &ab[1]);
    ristretto_encode(t, &ab[0]);
    ristretto_write_if(r, t, ok);
    ct_wipe(t, sizeof t);
    ct_wipe(ab, sizeof ab);
    ct_wipe(decoded, sizeof decoded);
    return ristretto_status(ok);
}

/* r = p + q, as ristretto_add_or_sub. */
static int ristretto_op_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    return ristretto_add_or_sub(r, p, q, 0);
}

/* r = p - q, as ristretto_add_or_sub. */
static int ristretto_op_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    return ristretto_add_or_sub(r, p, q, 1);
}

/* r = [s]p. ECX_ERR_INVALID with r untouched if p does not decode;
 * ECX_ERR_INVALID with r = the identity if s >= l (the product is computed
 * with s = 0: the secret scalar's verdict reaches only the status).
 * Constant time in s and in p, the decoding verdict included (the product is
 * computed either way and written by a masked select). */
static int ristretto_op_scalarmult(uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    uint8_t t[32], product[32];
    ge_p3 a;
    const unsigned decoded = ristretto_ok(ristretto_decode(&a, p));
    const unsigned ok = ristretto_scalar_or_zero(t, s) & decoded;
    ge_scalarmult(&a, t, &a);
    ristretto_encode(product, &a);
    ristretto_write_if(r, product, decoded);
    ct_wipe(t, sizeof t);
    ct_wipe(product, sizeof product);
    ct_wipe(&a, sizeof a);
    return ristretto_status(ok);
}

/* r = [s]B for the generator B, the class of the edwards25519 basepoint
 * (RFC 9496). ECX_ERR_INVALID with r = the identity if s >= l, as
 * above. Constant time in s. */
static int ristretto_op_scalarmult_base(uint8_t r[32], const uint8_t s[32])
{
    uint8_t t[32];
    ge_p3 a;
    unsigned ok = ristretto_scalar_or_zero(t, s);
    ge_scalarmult_base(&a, t);
    ristretto_encode(r, &a);
    ct_wipe(t, sizeof t);
    ct_wipe(&a, sizeof a);
    return ristretto_status(ok);
}

/* r = FROM_UNIFORM_BYTES(h). Always ECX_OK. Constant time. */
static int ristretto_op_from_uniform(uint8_t r[32], const uint8_t h[64])
{
    ge_p3 a;
    ristretto_from_uniform(&a, h);
    ristretto_encode(r, &a);
    ct_wipe(&a, sizeof a);
    return ECX_OK;
}

/* r = sum_{j < n} [scalars[j]] points[j]; n = 0 gives the identity (the
 * arrays are not read). ECX_ERR_INVALID (r untouched) if a scalar is >= l
 * or a point does not decode, ECX_ERR_NOMEM if scratch space is short.
 * VARIABLE TIME: public inputs only. */
static int ristretto_op_msm_vartime(uint8_t r[32], size_t n, const uint8_t scalars[][32],
                                    const uint8_t points[][32])
{
    sc unused;
    for (size_t j = 0; j < n; j++)
        if (!sc_from_bytes(&unused, scalars[j])) return ECX_ERR_INVALID;
    if (n > SIZE_MAX / sizeof(ge_p3)) return ECX_ERR_NOMEM;

    ge_p3 *p = NULL, sum;
    if (n > 0 && !(p = malloc(n * sizeof *p))) return ECX_ERR_NOMEM;
    /* FE_SQRT_LANES decodings per square root (field_lanes.h). */
    int status = ge_decode_all_lanes(ristretto_decode_lanes, p, points, n) ? ECX_OK : ECX_ERR_INVALID;
    /* Canonical scalars are below 2^255, as the msm code requires. */
    if (status == ECX_OK) status = ge_msm_vartime(&sum, n, scalars, p);
    if (status == ECX_OK) ristretto_encode(r, &sum);
    free(p);
    return status;
}

static const struct ecxi_ristretto_ops ristretto_ops = {
    .is_valid = ristretto_op_is_valid,
    .add = ristretto_op_add,
    .sub = ristretto_op_sub,
    .scalarmult = ristretto_op_scalarmult,
    .scalarmult_base = ristretto_op_scalarmult_base,
    .from_uniform = ristretto_op_from_uniform,
    .msm_vartime = ristretto_op_msm_vartime,
};

#endif
