/* The test-only table of P-256 group operations on encoded points
 * (struct ecxi_p256_group, src/backend/ops_internal.h): how the tests reach
 * the complete formulas and the three scalar multiplications of a backend
 * and compare them with OpenSSL's EC_POINT arithmetic and across backends.
 *
 * Points are 65 bytes: 0x04 || x || y for an affine point on the curve, or
 * 65 zero bytes for the identity. Scalars are 32 big-endian bytes, reduced
 * mod n. A point that does not decode gives ECX_ERR_INVALID. */
#ifndef ECX_P256_GROUP_TABLE_H
#define ECX_P256_GROUP_TABLE_H

#include <stdint.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "ecx/ecx.h"
#include "p256/ecdsa.h"
#include "p256/point.h"
#include "p256/point_encoding.h"
#include "p256/scalar_mul_base.h"
#include "p256/scalar_mul_double.h"
#include "p256/scalar_mul_variable.h"

static int p256_group_decode(p256_point *r, const uint8_t s[65])
{
    static const uint8_t zero[65];
    p256_affine a;
    if (memcmp(s, zero, 65) == 0) {
        p256_point_identity(r);
        return 1;
    }
    if (!p256_affine_decode_vartime(&a, s, 65)) return 0;
    p256_point_from_affine(r, &a);
    return 1;
}

/* Constant time: the identity's 65 zero bytes come from a mask (the point
 * may be [k]G for a secret k in the constant-time test). */
static void p256_group_encode(uint8_t out[65], const p256_point *p)
{
    p256_affine a;
    p256_point_to_affine(&a, p);
    p256_affine_encode_uncompressed(out, &a);
    p256_mask_bytes(out, 65, 1u ^ p256_point_is_identity(p));
}

static int p256_group_add(uint8_t r[65], const uint8_t p[65], const uint8_t q[65])
{
    p256_point a, b;
    if (!p256_group_decode(&a, p) || !p256_group_decode(&b, q)) return ECX_ERR_INVALID;
    p256_point_add(&a, &a, &b);
    p256_group_encode(r, &a);
    return ECX_OK;
}

/* q must not be the identity (it has no affine form). */
static int p256_group_add_affine(uint8_t r[65], const uint8_t p[65], const uint8_t q[65])
{
    p256_point a;
    p256_affine b;
    if (!p256_group_decode(&a, p) || !p256_affine_decode_vartime(&b, q, 65)) return ECX_ERR_INVALID;
    p256_point_add_affine(&a, &a, &b);
    p256_group_encode(r, &a);
    return ECX_OK;
}

static int p256_group_double(uint8_t r[65], const uint8_t p[65])
{
    p256_point a;
    if (!p256_group_decode(&a, p)) return ECX_ERR_INVALID;
    p256_point_double(&a, &a);
    p256_group_encode(r, &a);
    return ECX_OK;
}

static int p256_group_mul_base(uint8_t r[65], const uint8_t k[32])
{
    p256_sc s;
    p256_point a;
    p256_sc_from_bytes(&s, k);
    p256_mul_base(&a, &s);
    p256_group_encode(r, &a);
    return ECX_OK;
}

static int p256_group_mul(uint8_t r[65], const uint8_t k[32], const uint8_t p[65])
{
    p256_sc s;
    p256_point a;
    if (!p256_group_decode(&a, p)) return ECX_ERR_INVALID;
    p256_sc_from_bytes(&s, k);
    p256_mul_var(&a, &s, &a);
    p256_group_encode(r, &a);
    return ECX_OK;
}

static int p256_group_double_mul_vartime(uint8_t r[65], const uint8_t a[32], const uint8_t b[32], const uint8_t p[65])
{
    p256_sc sa, sb;
    p256_point q;
    if (!p256_group_decode(&q, p)) return ECX_ERR_INVALID;
    p256_sc_from_bytes(&sa, a);
    p256_sc_from_bytes(&sb, b);
    p256_double_mul_vartime(&q, &sa, &sb, &q);
    p256_group_encode(r, &q);
    return ECX_OK;
}

static const struct ecxi_p256_group p256_group_ops = {
    .add = p256_group_add,
    .add_affine = p256_group_add_affine,
    .dbl = p256_group_double,
    .mul_base = p256_group_mul_base,
    .mul = p256_group_mul,
    .double_mul_vartime = p256_group_double_mul_vartime,
};

#endif
