/* The f25519 operations tables (public ecx_f25519_ops and the test-only
 * ecxi_f25519_internal), written once over the field and scalar contracts.
 * Each wrapper moves values between the public containers and the backend's
 * types; values crossing the interface are TIGHT, so fe_add and fe_sub carry
 * before they return. */
#ifndef ECX_CURVE25519_F25519_TABLE_H
#define ECX_CURVE25519_F25519_TABLE_H

#include "backend/ops_internal.h"

static void table_fe_from_bytes(ecx_fe25519 *r, const uint8_t s[32])
{
    fe x;
    fe_from_bytes(&x, s);
    fe_to_public(r, &x);
}

static void table_fe_to_bytes(uint8_t s[32], const ecx_fe25519 *a)
{
    fe x;
    fe_from_public(&x, a);
    fe_to_bytes(s, &x);
}

/* The wrappers of binary and unary operations share one shape. */
#define TABLE_FE_BINARY(op, finish)                                                               \
    static void table_##op(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b)            \
    {                                                                                              \
        fe x, y;                                                                                   \
        fe_from_public(&x, a);                                                                     \
        fe_from_public(&y, b);                                                                     \
        op(&x, &x, &y);                                                                            \
        finish;                                                                                    \
        fe_to_public(r, &x);                                                                       \
    }
#define TABLE_FE_UNARY(op)                                                                         \
    static void table_##op(ecx_fe25519 *r, const ecx_fe25519 *a)                                  \
    {                                                                                              \
        fe x;                                                                                      \
        fe_from_public(&x, a);                                                                     \
        op(&x, &x);                                                                                \
        fe_to_public(r, &x);                                                                       \
    }
TABLE_FE_BINARY(fe_add, fe_carry(&x, &x))
TABLE_FE_BINARY(fe_sub, fe_carry(&x, &x))
TABLE_FE_BINARY(fe_mul, (void)0)
TABLE_FE_UNARY(fe_sq)
TABLE_FE_UNARY(fe_invert)
TABLE_FE_UNARY(fe_neg)
TABLE_FE_UNARY(fe_pow_p58)

/* A vector backend may define its own, without the copies
 * (backend/vector/field_x4.h). */
#ifndef ECXI_TABLE_FE_MUL_X4_DIRECT
static void table_fe_mul_x4(ecx_fe25519 r[4], const ecx_fe25519 a[4], const ecx_fe25519 b[4])
{
    fe x[4], y[4];
    for (int i = 0; i < 4; i++) {
        fe_from_public(&x[i], &a[i]);
        fe_from_public(&y[i], &b[i]);
    }
    fe_mul_x4(x, x, y);
    for (int i = 0; i < 4; i++) fe_to_public(&r[i], &x[i]);
}
#endif

static void table_fe_sqn(ecx_fe25519 *r, const ecx_fe25519 *a, unsigned n)
{
    fe x;
    fe_from_public(&x, a);
    if (n > 0) fe_sqn(&x, &x, n);
    fe_to_public(r, &x);
}

static void table_fe_mul_small(ecx_fe25519 *r, const ecx_fe25519 *a, uint32_t c)
{
    fe x;
    fe_from_public(&x, a);
    fe_mul_small(&x, &x, c);
    fe_to_public(r, &x);
}

static void table_fe_cmov(ecx_fe25519 *r, const ecx_fe25519 *a, unsigned flag)
{
    fe x, y;
    fe_from_public(&x, r);
    fe_from_public(&y, a);
    fe_cmov(&x, &y, flag);
    fe_to_public(r, &x);
}

static void table_fe_cswap(ecx_fe25519 *a, ecx_fe25519 *b, unsigned flag)
{
    fe x, y;
    fe_from_public(&x, a);
    fe_from_public(&y, b);
    fe_cswap(&x, &y, flag);
    fe_to_public(a, &x);
    fe_to_public(b, &y);
}

static unsigned table_fe_equal(const ecx_fe25519 *a, const ecx_fe25519 *b)
{
    fe x, y;
    fe_from_public(&x, a);
    fe_from_public(&y, b);
    return fe_equal(&x, &y);
}

#define TABLE_FE_PREDICATE(op)                                                                     \
    static unsigned table_##op(const ecx_fe25519 *a)                                              \
    {                                                                                              \
        fe x;                                                                                      \
        fe_from_public(&x, a);                                                                     \
        return op(&x);                                                                             \
    }
TABLE_FE_PREDICATE(fe_is_zero)
TABLE_FE_PREDICATE(fe_is_negative)

static unsigned table_fe_sqrt_ratio(ecx_fe25519 *r, const ecx_fe25519 *u, const ecx_fe25519 *v)
{
    fe x, y, z;
    fe_from_public(&x, u);
    fe_from_public(&y, v);
    unsigned was_square = fe_sqrt_ratio(&z, &x, &y);
    fe_to_public(r, &z);
    return was_square;
}

static int table_sc_from_bytes(ecx_sc25519 *r, const uint8_t s[32])
{
    sc x;
    unsigned ok = sc_from_bytes(&x, s);
    sc_to_public(r, &x);
    return ok ? 0 : -1; /* ECX_OK / ECX_ERR_INVALID */
}

#define TABLE_SC_FROM(op, bytes)                                                                   \
    static void table_##op(ecx_sc25519 *r, const uint8_t s[bytes])                                \
    {                                                                                              \
        sc x;                                                                                      \
        op(&x, s);                                                                                 \
        sc_to_public(r, &x);                                                                       \
    }
TABLE_SC_FROM(sc_from_wide, 64)
TABLE_SC_FROM(sc_from_bytes_reduce, 32)

static void table_sc_to_bytes(uint8_t s[32], const ecx_sc25519 *a)
{
    sc x;
    sc_from_public(&x, a);
    sc_to_bytes(s, &x);
}

#define TABLE_SC_BINARY(op)                                                                        \
    static void table_##op(ecx_sc25519 *r, const ecx_sc25519 *a, const ecx_sc25519 *b)            \
    {                                                                                              \
        sc x, y;                                                                                   \
        sc_from_public(&x, a);                                                                     \
        sc_from_public(&y, b);                                                                     \
        op(&x, &x, &y);                                                                            \
        sc_to_public(r, &x);                                                                       \
    }
#define TABLE_SC_UNARY(op)                                                                         \
    static void table_##op(ecx_sc25519 *r, const ecx_sc25519 *a)                                  \
    {                                                                                              \
        sc x;                                                                                      \
        sc_from_public(&x, a);                                                                     \
        op(&x, &x);                                                                                \
        sc_to_public(r, &x);                                                                       \
    }
TABLE_SC_BINARY(sc_add)
TABLE_SC_BINARY(sc_sub)
TABLE_SC_BINARY(sc_mul)
TABLE_SC_UNARY(sc_invert)
TABLE_SC_UNARY(sc_neg)
TABLE_SC_UNARY(sc_sq)

static void table_sc_batch_invert(ecx_sc25519 *v, size_t n)
{
    sc chunk[SC_BATCH_CHUNK];
    while (n > 0) {
        size_t k = n < SC_BATCH_CHUNK ? n : SC_BATCH_CHUNK;
        for (size_t i = 0; i < k; i++) sc_from_public(&chunk[i], &v[i]);
        sc_batch_invert(chunk, k);
        for (size_t i = 0; i < k; i++) sc_to_public(&v[i], &chunk[i]);
        v += k;
        n -= k;
    }
}

/* Defines the two tables of backend NAME (an identifier). */
#define ECXI_F25519_TABLES(NAME)                                                                   \
    static const ecx_f25519_ops f25519_ops = {                                                     \
        #NAME,                 table_fe_from_bytes, table_fe_to_bytes, table_fe_add,               \
        table_fe_sub,          table_fe_mul,        table_fe_sq,       table_fe_invert,            \
        table_fe_mul_x4,       table_sc_from_bytes, table_sc_from_wide, table_sc_to_bytes,         \
        table_sc_add,          table_sc_sub,        table_sc_mul,      table_sc_invert,            \
        table_sc_batch_invert,                                                                     \
    };                                                                                             \
    static const struct ecxi_f25519_internal f25519_internal = {                                   \
        table_fe_neg,         table_fe_sqn,          table_fe_mul_small,                           \
        table_fe_cmov,        table_fe_cswap,        table_fe_equal,                               \
        table_fe_is_zero,     table_fe_is_negative,  table_fe_pow_p58,                             \
        table_fe_sqrt_ratio,  table_sc_from_bytes_reduce, table_sc_neg,                            \
        table_sc_sq,          sc_recode_radix16,     sc_recode_wnaf,                               \
    };

#endif
