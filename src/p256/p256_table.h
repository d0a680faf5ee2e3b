/* The P-256 operations table of a backend (struct ecxi_p256_ops,
 * src/backend/ops.h), written once over p256/field.h and p256/scalar.h:
 * the two inversions behind ecx_p256_field_invert and
 * ecx_p256_scalar_invert, and byte-level arithmetic tables for the tests and
 * benchmarks.
 *
 * The inversions check their input here, not in src/api, because the check
 * must be constant time for a secret input: from_bytes reports in < M
 * through a borrow, is_zero is branch-free, the inversion runs either way,
 * and the verdict only masks the output and picks the status at the end.
 * Every input byte is read before out is written, so out may alias in.
 */
#ifndef ECX_P256_P256_TABLE_H
#define ECX_P256_P256_TABLE_H

#include <stdint.h>

#include "common/constant_time.h"
#include "backend/ops_internal.h"
#include "ecx/ecx.h"
#include "p256/field.h"
#include "p256/ecdsa.h"
#include "p256/field_invert_fermat.h"
#include "p256/group_table.h"
#include "p256/scalar_invert_chain.h"
#include "p256/scalar.h"

/* The inversion and the byte-level arithmetic table for one kind K (fe:
 * mod p, sc: mod n). Each wrapper decodes with from_bytes (reducing mod M),
 * runs the operation, and encodes the canonical result. */
#define P256_TABLE_KIND(K, REDUCTION_REPEAT)                                                       \
    static int p256_table_##K##_invert_checked(uint8_t out[32], const uint8_t in[32])              \
    {                                                                                              \
        p256_##K x;                                                                                \
        unsigned ok = p256_##K##_from_bytes(&x, in);                                               \
        ok &= 1u ^ p256_##K##_is_zero(&x);                                                         \
        p256_##K##_invert(&x, &x);                                                                 \
        p256_##K##_to_bytes(out, &x);                                                              \
        p256_mask_bytes(out, 32, ok);                                                              \
        ct_wipe(&x, sizeof x);                                                                     \
        return p256_status(ok);                                                                    \
    }                                                                                              \
    static unsigned p256_table_##K##_from_bytes(uint8_t r[32], const uint8_t s[32])                \
    {                                                                                              \
        p256_##K x;                                                                                \
        unsigned ok = p256_##K##_from_bytes(&x, s);                                                \
        p256_##K##_to_bytes(r, &x);                                                                \
        return ok;                                                                                 \
    }                                                                                              \
    static void p256_table_##K##_binary(uint8_t r[32], const uint8_t a[32], const uint8_t b[32],   \
                                        void (*op)(p256_##K *, const p256_##K *, const p256_##K *)) \
    {                                                                                              \
        p256_##K x, y;                                                                             \
        p256_##K##_from_bytes(&x, a);                                                              \
        p256_##K##_from_bytes(&y, b);                                                              \
        op(&x, &x, &y);                                                                            \
        p256_##K##_to_bytes(r, &x);                                                                \
    }                                                                                              \
    static void p256_table_##K##_unary(uint8_t r[32], const uint8_t a[32],                         \
                                       void (*op)(p256_##K *, const p256_##K *))                   \
    {                                                                                              \
        p256_##K x;                                                                                \
        p256_##K##_from_bytes(&x, a);                                                              \
        op(&x, &x);                                                                                \
        p256_##K##_to_bytes(r, &x);                                                                \
    }                                                                                              \
    static void p256_table_##K##_add(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])      \
    {                                                                                              \
        p256_table_##K##_binary(r, a, b, p256_##K##_add);                                          \
    }                                                                                              \
    static void p256_table_##K##_sub(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])      \
    {                                                                                              \
        p256_table_##K##_binary(r, a, b, p256_##K##_sub);                                          \
    }                                                                                              \
    static void p256_table_##K##_mul(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])      \
    {                                                                                              \
        p256_table_##K##_binary(r, a, b, p256_##K##_mul);                                          \
    }                                                                                              \
    static void p256_table_##K##_neg(uint8_t r[32], const uint8_t a[32])                           \
    {                                                                                              \
        p256_table_##K##_unary(r, a, p256_##K##_neg);                                              \
    }                                                                                              \
    static void p256_table_##K##_sq(uint8_t r[32], const uint8_t a[32])                            \
    {                                                                                              \
        p256_table_##K##_unary(r, a, p256_##K##_sq);                                               \
    }                                                                                              \
    static void p256_table_##K##_invert(uint8_t r[32], const uint8_t a[32])                        \
    {                                                                                              \
        p256_table_##K##_unary(r, a, p256_##K##_invert);                                           \
    }                                                                                              \
    static void p256_table_##K##_cmov(uint8_t r[32], const uint8_t a[32], unsigned flag)           \
    {                                                                                              \
        p256_##K x, y;                                                                             \
        p256_##K##_from_bytes(&x, r);                                                              \
        p256_##K##_from_bytes(&y, a);                                                              \
        p256_##K##_cmov(&x, &y, flag);                                                             \
        p256_##K##_to_bytes(r, &x);                                                                \
    }                                                                                              \
    static unsigned p256_table_##K##_is_zero(const uint8_t a[32])                                  \
    {                                                                                              \
        p256_##K x;                                                                                \
        p256_##K##_from_bytes(&x, a);                                                              \
        return p256_##K##_is_zero(&x);                                                             \
    }                                                                                              \
    static unsigned p256_table_##K##_equal(const uint8_t a[32], const uint8_t b[32])               \
    {                                                                                              \
        p256_##K x, y;                                                                             \
        p256_##K##_from_bytes(&x, a);                                                              \
        p256_##K##_from_bytes(&y, b);                                                              \
        return p256_##K##_equal(&x, &y);                                                           \
    }                                                                                              \
    static void p256_table_##K##_mul_repeat(uint8_t r[32], const uint8_t b[32], unsigned long count) \
    {                                                                                              \
        p256_##K x, y;                                                                             \
        p256_##K##_from_bytes(&x, r);                                                              \
        p256_##K##_from_bytes(&y, b);                                                              \
        while (count-- > 0) p256_##K##_mul(&x, &x, &y);                                           \
        p256_##K##_to_bytes(r, &x);                                                                \
    }                                                                                              \
    static void p256_table_##K##_sq_repeat(uint8_t r[32], unsigned long count)                     \
    {                                                                                              \
        p256_##K x;                                                                                \
        p256_##K##_from_bytes(&x, r);                                                              \
        while (count-- > 0) p256_##K##_sq(&x, &x);                                                 \
        p256_##K##_to_bytes(r, &x);                                                                \
    }                                                                                              \
    static const struct ecxi_p256_arith p256_table_##K##_arith = {                                 \
        .from_bytes = p256_table_##K##_from_bytes,                                                 \
        .add = p256_table_##K##_add,                                                               \
        .sub = p256_table_##K##_sub,                                                               \
        .mul = p256_table_##K##_mul,                                                               \
        .neg = p256_table_##K##_neg,                                                               \
        .sq = p256_table_##K##_sq,                                                                 \
        .invert = p256_table_##K##_invert,                                                         \
        .cmov = p256_table_##K##_cmov,                                                             \
        .is_zero = p256_table_##K##_is_zero,                                                       \
        .equal = p256_table_##K##_equal,                                                           \
        .mul_repeat = p256_table_##K##_mul_repeat,                                                 \
        .sq_repeat = p256_table_##K##_sq_repeat,                                                   \
        .reduction_repeat = (REDUCTION_REPEAT),                                                    \
    };

/* The field's two reductions side by side (struct ecxi_p256_arith's
 * reduction_repeat): the backend's p256_field_{mul,sq}_{montgomery,solinas}
 * on plain limbs (r, b < p), whichever of them p256_fe_mul uses. */
static void p256_table_fe_reduction_repeat(uint8_t r[32], const uint8_t *b, unsigned long count, unsigned reduction)
{
    p256_limb x[P256_LIMBS], y[P256_LIMBS];
    p256_limbs_from_be(x, r);
    if (b != NULL) p256_limbs_from_be(y, b);
    if (reduction == ECXI_P256_SOLINAS && b != NULL)
        while (count-- > 0) p256_field_mul_solinas(x, x, y);
    else if (reduction == ECXI_P256_SOLINAS)
        while (count-- > 0) p256_field_sq_solinas(x, x);
    else if (b != NULL)
        while (count-- > 0) p256_field_mul_montgomery(x, x, y);
    else
        while (count-- > 0) p256_field_sq_montgomery(x, x);
    p256_limbs_to_be(r, x);
}

P256_TABLE_KIND(fe, p256_table_fe_reduction_repeat)
P256_TABLE_KIND(sc, NULL)

/* out = in^(M-2) mod M (in reduced mod M first), the addition chains. */
static void p256_table_fe_invert_chain(uint8_t out[32], const uint8_t in[32])
{
    p256_table_fe_unary(out, in, p256_fe_invert_fermat);
}

static void p256_table_sc_invert_chain(uint8_t out[32], const uint8_t in[32])
{
    p256_table_sc_unary(out, in, p256_sc_invert_chain);
}

static const struct ecxi_p256_ops p256_ops = {
    .field_invert = p256_table_fe_invert_checked,
    .scalar_invert = p256_table_sc_invert_checked,
    .public_key = p256_ecdsa_public_key,
    .sign = p256_ecdsa_sign,
    .sign_digest = p256_ecdsa_sign_digest,
    .verify = p256_ecdsa_verify,
    .verify_digest = p256_ecdsa_verify_digest,
    .public_key_compress = p256_public_key_compress,
    .public_key_decompress = p256_public_key_decompress,
    .field = &p256_table_fe_arith,
    .scalar = &p256_table_sc_arith,
    .field_invert_chain = p256_table_fe_invert_chain,
    .scalar_invert_chain = p256_table_sc_invert_chain,
    .group = &p256_group_ops,
};

#endif
