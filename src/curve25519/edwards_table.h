/* The edwards25519 operations table of a backend (struct ecxi_edwards_ops,
 * src/backend/ops.h): byte-level wrappers of the group code for the
 * benchmarks and tests. Point inputs are decoded with the ZIP-215 rules (any
 * encoding that decodes, see edwards_encoding.h); outputs are canonical
 * encodings; scalars are 32 little-endian bytes with bit 255 ignored (as
 * libsodium's *_noclamp functions do), so [s]P uses s mod 2^255, not
 * s mod l, and small-order components are multiplied as they are.
 */
#ifndef ECX_CURVE25519_EDWARDS_TABLE_H
#define ECX_CURVE25519_EDWARDS_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "curve25519/edwards.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/msm.h"
#include "curve25519/scalar_mul_base.h"
#include "curve25519/scalar_mul_double.h"
#include "curve25519/scalar_mul_variable.h"
#include "backend/ops_internal.h"

/* s with bit 255 cleared. */
static inline void edwards_op_scalar(uint8_t t[32], const uint8_t s[32])
{
    memcpy(t, s, 32);
    t[31] &= 127;
}

/* r = [s]B. Constant time. */
static void edwards_op_mul_base(uint8_t r[32], const uint8_t s[32])
{
    uint8_t t[32];
    ge_p3 p;
    edwards_op_scalar(t, s);
    ge_scalarmult_base(&p, t);
    ge_p3_to_bytes(r, &p);
    ct_wipe(t, sizeof t);
}

/* r = [s]P; ECX_ERR_INVALID if P does not decode. Constant time in s. */
static int edwards_op_mul_var(uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    uint8_t t[32];
    ge_p3 q;
    if (ge_p3_from_bytes(&q, p, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    edwards_op_scalar(t, s);
    ge_scalarmult(&q, t, &q);
    ge_p3_to_bytes(r, &q);
    ct_wipe(t, sizeof t);
    return ECX_OK;
}

/* r = [a]A + [b]B; ECX_ERR_INVALID if A does not decode. Variable time. */
static int edwards_op_double_mul_vartime(uint8_t r[32], const uint8_t a[32], const uint8_t A[32],
                                         const uint8_t b[32])
{
    uint8_t ta[32], tb[32];
    ge_p3 q;
    if (ge_p3_from_bytes(&q, A, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    edwards_op_scalar(ta, a);
    edwards_op_scalar(tb, b);
    ge_double_scalarmult_vartime(&q, ta, &q, tb);
    ge_p3_to_bytes(r, &q);
    return ECX_OK;
}

/* out = the canonical encoding of the point `in` decodes to under the strict
 * (zip215 = 0) or ZIP-215 (zip215 = 1) rules; ECX_ERR_INVALID if it does
 * not decode (out untouched). */
static int edwards_op_decode(uint8_t out[32], const uint8_t in[32], unsigned zip215)
{
    ge_p3 q;
    if (ge_p3_from_bytes(&q, in, zip215 ? GE_DECODE_ZIP215 : GE_DECODE_STRICT) != ECX_OK)
        return ECX_ERR_INVALID;
    ge_p3_to_bytes(out, &q);
    return ECX_OK;
}

/* r = p + q and r = p - q. */
static int edwards_op_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    ge_p3 a, b;
    if (ge_p3_from_bytes(&a, p, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    if (ge_p3_from_bytes(&b, q, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    ge_p3_add_p3(&a, &a, &b);
    ge_p3_to_bytes(r, &a);
    return ECX_OK;
}

static int edwards_op_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    ge_p3 a, b;
    if (ge_p3_from_bytes(&a, p, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    if (ge_p3_from_bytes(&b, q, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    ge_p3_sub_p3(&a, &a, &b);
    ge_p3_to_bytes(r, &a);
    return ECX_OK;
}

/* r = [8] p. */
static int edwards_op_mul_by_cofactor(uint8_t r[32], const uint8_t p[32])
{
    ge_p3 a;
    if (ge_p3_from_bytes(&a, p, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    ge_p3_mul_by_cofactor(&a, &a);
    ge_p3_to_bytes(r, &a);
    return ECX_OK;
}

/* 1 if p has small order / is torsion-free, 0 if not, ECX_ERR_INVALID if it
 * does not decode. The small-order answer comes from the group ([8]p = 0);
 * the byte-level blacklist used by strict verification is checked against
 * it in the tests. */
static int edwards_op_has_small_order(const uint8_t p[32])
{
    ge_p3 a;
    if (ge_p3_from_bytes(&a, p, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    return (int)ge_p3_has_small_order(&a);
}

static int edwards_op_has_small_order_bytes(const uint8_t p[32])
{
    return (int)ge_bytes_has_small_order(p);
}

static int edwards_op_is_torsion_free(const uint8_t p[32])
{
    ge_p3 a;
    if (ge_p3_from_bytes(&a, p, GE_DECODE_ZIP215) != ECX_OK) return ECX_ERR_INVALID;
    return (int)ge_p3_is_torsion_free(&a);
}

static const struct ecxi_edwards_ops edwards_ops = {
    .mul_base = edwards_op_mul_base,
    .mul_var = edwards_op_mul_var,
    .double_mul_vartime = edwards_op_double_mul_vartime,
    .msm_vartime = edwards_op_msm_vartime,         /* curve25519/msm.h */
    .msm_vartime_with = edwards_op_msm_vartime_with,
    .decode = edwards_op_decode,
    .add = edwards_op_add,
    .sub = edwards_op_sub,
    .mul_by_cofactor = edwards_op_mul_by_cofactor,
    .has_small_order = edwards_op_has_small_order,
    .has_small_order_bytes = edwards_op_has_small_order_bytes,
    .is_torsion_free = edwards_op_is_torsion_free,
};

#endif
