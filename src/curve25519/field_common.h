/* Field functions written once on top of the per-backend contract
 * (curve25519/field.h): conditional negation, absolute value, the
 * exponentiation a^((p-5)/8), and RFC 9496's SQRT_RATIO_M1. */
#ifndef ECX_CURVE25519_FIELD_COMMON_H
#define ECX_CURVE25519_FIELD_COMMON_H

/* sqrt(-1) mod p = 2^((p-1)/4), canonical little-endian. */
static const uint8_t fe_sqrtm1_bytes[32] = {
    0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
    0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b};

/* r = flag ? -a : a (flag 0 or 1). TIGHT -> TIGHT, constant time. */
static inline void fe_cneg(fe *r, const fe *a, unsigned flag)
{
    fe minus;
    fe_neg(&minus, a);
    fe_copy(r, a);
    fe_cmov(r, &minus, flag);
}

/* r = |a|: a or -a, whichever has an even canonical encoding. Constant time. */
static inline void fe_abs(fe *r, const fe *a)
{
    fe_cneg(r, a, fe_is_negative(a));
}

/* The addition chain of a^((p-5)/8) = a^(2^252 - 3), the usual one for
 * 2^255-21 in curve25519 papers ending with two squarings and a product by
 * a: 250 squarings, 11 multiplications. Written once for fe_pow_p58 and its
 * several-lane form fe_pow_p58_lanes (field_lanes.h): SQN(r, x, n) computes
 * x^(2^n) and MUL(r, x, y) x y, on pointers (or arrays) r, a, t0, t1, t2. */
#define FE_POW_P58_CHAIN(SQN, MUL, r, a, t0, t1, t2)                                               \
    do {                                                                                           \
        SQN(t0, a, 1);    /* a^2 */                                                                \
        SQN(t1, t0, 2);   /* a^8 */                                                                \
        MUL(t1, a, t1);   /* a^9 */                                                                \
        MUL(t0, t0, t1);  /* a^11 */                                                               \
        SQN(t0, t0, 1);   /* a^22 */                                                               \
        MUL(t0, t1, t0);  /* a^31 = a^(2^5 - 1) */                                                 \
        SQN(t1, t0, 5);                                                                            \
        MUL(t0, t1, t0);  /* a^(2^10 - 1) */                                                       \
        SQN(t1, t0, 10);                                                                           \
        MUL(t1, t1, t0);  /* a^(2^20 - 1) */                                                       \
        SQN(t2, t1, 20);                                                                           \
        MUL(t1, t2, t1);  /* a^(2^40 - 1) */                                                       \
        SQN(t1, t1, 10);                                                                           \
        MUL(t0, t1, t0);  /* a^(2^50 - 1) */                                                       \
        SQN(t1, t0, 50);                                                                           \
        MUL(t1, t1, t0);  /* a^(2^100 - 1) */                                                      \
        SQN(t2, t1, 100);                                                                          \
        MUL(t1, t2, t1);  /* a^(2^200 - 1) */                                                      \
        SQN(t1, t1, 50);                                                                           \
        MUL(t0, t1, t0);  /* a^(2^250 - 1) */                                                      \
        SQN(t0, t0, 2);   /* a^(2^252 - 4) */                                                      \
        MUL(r, t0, a);    /* a^(2^252 - 3) */                                                      \
    } while (0)

/* r = a^((p-5)/8) = a^(2^252 - 3). Constant time. */
static void fe_pow_p58(fe *r, const fe *a)
{
    fe t0, t1, t2;
    FE_POW_P58_CHAIN(fe_sqn, fe_mul, r, a, &t0, &t1, &t2);
}

/* RFC 9496's SQRT_RATIO_M1 in two halves around its exponentiation, so
 * that several square roots can share one (fe_sqrt_ratio_lanes,
 * curve25519/field_lanes.h): the first gives v^3 and w = u v^7,
 * the second takes x = w^((p-5)/8) and finishes. Constant time. */
static inline void fe_sqrt_ratio_begin(fe *w, fe *v3, const fe *u, const fe *v)
{
    fe v7;
    fe_sq(v3, v);
    fe_mul(v3, v3, v);                /* v^3 */
    fe_sq(&v7, v3);
    fe_mul(&v7, &v7, v);              /* v^7 */
    fe_mul(w, u, &v7);
}

static inline unsigned fe_sqrt_ratio_end(fe *r, const fe *pow, const fe *u, const fe *v, const fe *v3)
{
    fe sqrtm1, x, check, u_neg, u_neg_i, x_prime;
    fe_from_bytes(&sqrtm1, fe_sqrtm1_bytes);
    fe_mul(&x, pow, v3);
    fe_mul(&x, &x, u);                /* x = u v^3 (u v^7)^((p-5)/8) */

    fe_sq(&check, &x);
    fe_mul(&check, &check, v);        /* v x^2 */
    fe_neg(&u_neg, u);
    fe_mul(&u_neg_i, &u_neg, &sqrtm1);

    unsigned correct_sign = fe_equal(&check, u);
    unsigned flipped_sign = fe_equal(&check, &u_neg);
    unsigned flipped_sign_i = fe_equal(&check, &u_neg_i);

    fe_mul(&x_prime, &x, &sqrtm1);
    fe_cmov(&x, &x_prime, flipped_sign | flipped_sign_i);
    fe_abs(r, &x);
    return correct_sign | flipped_sign;
}

/* RFC 9496, section 4.2, SQRT_RATIO_M1(u, v): returns 1 and r = +sqrt(u/v)
 * if u/v is a square; returns 0 and r = +sqrt(sqrt(-1) * u/v) otherwise
 * (with r = 0 when u = 0, and when v = 0 (returning 0 unless u = 0)). The
 * root returned is the non-negative one. Constant time. TIGHT inputs. */
static unsigned fe_sqrt_ratio(fe *r, const fe *u, const fe *v)
{
    fe w, v3, pow;
    fe_sqrt_ratio_begin(&w, &v3, u, v);
    fe_pow_p58(&pow, &w);             /* (u v^7)^((p-5)/8) */
    return fe_sqrt_ratio_end(r, &pow, u, v, &v3);
}

/* r[k] = a[k] b[k] for k = 0..3 (the f25519 table's fe_mul_x4): four
 * serial products. A vector backend brings one 4-way multiplication
 * instead (backend/vector/field_x4.h, switched by ECXI_VECTOR_KERNELS).
 * LOOSE in, TIGHT out; r may alias a or b. Constant time. */
#ifndef ECXI_VECTOR_KERNELS
static inline void fe_mul_x4(fe r[4], const fe a[4], const fe b[4])
{
    for (int k = 0; k < 4; k++) fe_mul(&r[k], &a[k], &b[k]);
}
#endif

#endif
