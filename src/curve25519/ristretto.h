/* The ristretto255 group (RFC 9496, section 4), written once against the
 * field contract and the edwards25519 code, compiled per backend.
 *
 * A ristretto255 element is a class of edwards25519 points: the points of
 * 2E (the prime-order subgroup plus the 4-torsion E[4]) modulo E[4]. Any
 * ge_p3 of the class represents it; the group law is edwards25519's
 * (edwards.h), and only decoding, encoding and the map below are ristretto's
 * own. Everything that reaches a ge_p3 through this file lies in 2E: decoded
 * points and mapped points do by construction, sums and multiples of them
 * stay there.
 *
 * The formulas are RFC 9496's, step for step, on top of fe_sqrt_ratio
 * (SQRT_RATIO_M1, field_common.h), fe_abs (CT_ABS) and fe_cneg (CT_NEG).
 * Bounds follow edwards.h: every stored coordinate is TIGHT; a LOOSE sum or
 * difference only ever feeds fe_mul or fe_sq, or is carried first.
 *
 * Constant time: encoding and the map are constant time in every input
 * (both may see secrets: the multiple of a secret scalar, the hash of a
 * secret). Decoding is constant time in the encoding, the validity verdict
 * aside: its caller branches on that verdict.
 */
#ifndef ECX_CURVE25519_RISTRETTO_H
#define ECX_CURVE25519_RISTRETTO_H

#include <stdint.h>

#include "curve25519/edwards.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/field_lanes.h"
#include "ecx/ecx.h"

/* The constants of RFC 9496, section 4.1, canonical little-endian (the
 * values as the RFC gives them: SQRT_AD_MINUS_ONE is its odd root, and the
 * map's outputs depend on that choice). SQRT_M1 and D are fe_sqrtm1_bytes
 * (field_common.h) and ge_d_bytes (edwards.h). */

/* SQRT_AD_MINUS_ONE = sqrt(a d - 1), a = -1. */
static const uint8_t ristretto_sqrt_ad_minus_one_bytes[32] = {
    0x1b, 0x2e, 0x7b, 0x49, 0xa0, 0xf6, 0x97, 0x7e, 0xbd, 0x54, 0x78, 0x1b, 0x0c, 0x8e, 0x9d, 0xaf,
    0xfd, 0xd1, 0xf5, 0x31, 0xc9, 0xfc, 0x3c, 0x0f, 0xac, 0x48, 0x83, 0x2b, 0xbf, 0x31, 0x69, 0x37};
/* INVSQRT_A_MINUS_D = 1 / sqrt(a - d). */
static const uint8_t ristretto_invsqrt_a_minus_d_bytes[32] = {
    0xea, 0x40, 0x5d, 0x80, 0xaa, 0xfd, 0xc8, 0x99, 0xbe, 0x72, 0x41, 0x5a, 0x17, 0x16, 0x2f, 0x9d,
    0x40, 0xd8, 0x01, 0xfe, 0x91, 0x7b, 0xc2, 0x16, 0xa2, 0xfc, 0xaf, 0xcf, 0x05, 0x89, 0x6c, 0x78};
/* ONE_MINUS_D_SQ = 1 - d^2. */
static const uint8_t ristretto_one_minus_d_sq_bytes[32] = {
    0x76, 0xc1, 0x5f, 0x94, 0xc1, 0x09, 0x7c, 0xe2, 0x0f, 0x35, 0x5e, 0xcd, 0x38, 0xa1, 0x81, 0x2c,
    0xe4, 0xdf, 0x70, 0xbe, 0xdd, 0xab, 0x94, 0x99, 0xd7, 0xe0, 0xb3, 0xb2, 0xa8, 0x72, 0x90, 0x02};
/* D_MINUS_ONE_SQ = (d - 1)^2. */
static const uint8_t ristretto_d_minus_one_sq_bytes[32] = {
    0x20, 0x4d, 0xed, 0x44, 0xaa, 0x5a, 0xad, 0x31, 0x99, 0x19, 0x1e, 0xb0, 0x2c, 0x4a, 0x9e, 0xd2,
    0xeb, 0x4e, 0x9b, 0x52, 0x2f, 0xd3, 0xdc, 0x4c, 0x41, 0x22, 0x6c, 0xf6, 0x7a, 0xb3, 0x68, 0x59};

/* RFC 9496, section 4.3.1, in two halves around its square root, shared
 * by ristretto_decode and ristretto_decode_lanes. The first: from the bytes
 * s, s as a field element, u1 = 1 - s^2, u2 = 1 + s^2, v = -(D u1^2) -
 * u2^2, the square root's argument v u2^2 (in *ratio) and the encoding's
 * own checks (canonical: bit 255 clear and below p; s non-negative). The
 * second: from invsqrt = SQRT_RATIO_M1(1, v u2^2) and its was_square,
 * the point (Z = 1, TIGHT coordinates, the identity on failure) and the
 * verdict. Constant time. */
typedef struct {
    fe s, u1, u2, v;
    unsigned ok;
} ristretto_decoding;

static inline void ristretto_decode_begin(ristretto_decoding *dec, fe *ratio, const uint8_t s_bytes[32])
{
    fe one, d, ss, u2_sqr, t;
    dec->ok = ge_bytes_y_is_canonical(s_bytes) & (1u ^ (unsigned)(s_bytes[31] >> 7));
    fe_from_bytes(&dec->s, s_bytes);
    dec->ok &= 1u ^ fe_is_negative(&dec->s);

    fe_one(&one);
    fe_from_bytes(&d, ge_d_bytes);
    fe_sq(&ss, &dec->s);
    fe_sub(&dec->u1, &one, &ss);
    fe_carry(&dec->u1, &dec->u1);       /* u1 = 1 - s^2 */
    fe_add(&dec->u2, &one, &ss);
    fe_carry(&dec->u2, &dec->u2);       /* u2 = 1 + s^2 */
    fe_sq(&u2_sqr, &dec->u2);

    fe_sq(&t, &dec->u1);
    fe_mul(&t, &t, &d);
    fe_add(&dec->v, &t, &u2_sqr);
    fe_carry(&dec->v, &dec->v);
    fe_neg(&dec->v, &dec->v);           /* v = -(D u1^2) - u2^2 */
    fe_mul(ratio, &dec->v, &u2_sqr);
}

static inline unsigned ristretto_decode_end(ge_p3 *r, const ristretto_decoding *dec, const fe *invsqrt,
                                            unsigned was_square)
{
    fe den_x, den_y, t;
    fe_mul(&den_x, invsqrt, &dec->u2);
    fe_mul(&den_y, invsqrt, &den_x);
    fe_mul(&den_y, &den_y, &dec->v);

    fe_mul(&t, &dec->s, &den_x);
    fe_add(&t, &t, &t);
    fe_carry(&t, &t);
    fe_abs(&r->X, &t);                  /* x = |2 s den_x| */
    fe_mul(&r->Y, &dec->u1, &den_y);    /* y = u1 den_y */
    fe_one(&r->Z);
    fe_mul(&r->T, &r->X, &r->Y);

    const unsigned ok = dec->ok & was_square & (1u ^ fe_is_negative(&r->T)) & (1u ^ fe_is_zero(&r->Y));

    /* A failure leaves a well-defined point, as ge_p3_from_bytes does. */
    ge_p3 id;
    ge_p3_identity(&id);
    ge_p3_cmov(r, &id, 1u ^ ok);
    return ok;
}

/* RFC 9496, section 4.3.1: decodes the 32 bytes s into r. Returns ECX_OK,
 * or ECX_ERR_INVALID (r is then the identity) when s is not a canonical
 * field encoding (s >= p, or bit 255 set), s is negative (odd), the square
 * root fails, t = x y is negative, or y = 0. The output has Z = 1 and TIGHT
 * coordinates. Constant time in s; only the returned verdict branches. */
static GE_FLATTEN int ristretto_decode(ge_p3 *r, const uint8_t s_bytes[32])
{
    ristretto_decoding dec;
    fe one, ratio, invsqrt;
    ristretto_decode_begin(&dec, &ratio, s_bytes);
    fe_one(&one);
    const unsigned was_square = fe_sqrt_ratio(&invsqrt, &one, &ratio);
    return ristretto_decode_end(r, &dec, &invsqrt, was_square) ? ECX_OK : ECX_ERR_INVALID;
}

/* ristretto_decode of s[k] into r[k] for k < count (1 <= count <=
 * FE_SQRT_LANES), the square roots in one fe_sqrt_ratio_lanes
 * (field_lanes.h): ok[k] = 1 if s[k] decodes, else 0 (r[k] the identity).
 * The same points and verdicts as ristretto_decode. Constant time in the
 * encodings. */
static void ristretto_decode_lanes(ge_p3 *r, unsigned *ok, const uint8_t *const *s, size_t count)
{
    ristretto_decoding dec[FE_SQRT_LANES];
    fe one[FE_SQRT_LANES], ratio[FE_SQRT_LANES], invsqrt[FE_SQRT_LANES];
    unsigned was_square[FE_SQRT_LANES] = {0};
    size_t k = 0;
    do { /* count >= 1, as in ge_p3_from_bytes_zip215_lanes */
        ristretto_decode_begin(&dec[k], &ratio[k], s[k]);
        fe_one(&one[k]);
    } while (++k < count);
    fe_sqrt_ratio_lanes(invsqrt, was_square, one, ratio, count);
    for (k = 0; k < count; k++) ok[k] = ristretto_decode_end(&r[k], &dec[k], &invsqrt[k], was_square[k]);
}

/* RFC 9496, section 4.3.2: s = the canonical encoding of the element p
 * represents (the same bytes for every representative of the class). The
 * identity encodes as 32 zero bytes: then u1 u2^2 = 0, and SQRT_RATIO_M1
 * returns 0, which zeroes every denominator. Constant time. */
static GE_FLATTEN void ristretto_encode(uint8_t s[32], const ge_p3 *p)
{
    fe one, sqrtm1, u1, u2, t, invsqrt, den1, den2, z_inv, ix0, iy0, enchanted, x, y, den_inv;

    fe_one(&one);
    fe_from_bytes(&sqrtm1, fe_sqrtm1_bytes);

    fe_add(&t, &p->Z, &p->Y);
    fe_sub(&u1, &p->Z, &p->Y);
    fe_mul(&u1, &t, &u1);               /* u1 = (Z + Y)(Z - Y) */
    fe_mul(&u2, &p->X, &p->Y);          /* u2 = X Y */

    fe_sq(&t, &u2);
    fe_mul(&t, &t, &u1);
    (void)fe_sqrt_ratio(&invsqrt, &one, &t); /* 1/sqrt(u1 u2^2), always a square for points of 2E */

    fe_mul(&den1, &invsqrt, &u1);
    fe_mul(&den2, &invsqrt, &u2);
    fe_mul(&z_inv, &den1, &den2);
    fe_mul(&z_inv, &z_inv, &p->T);

    fe_mul(&ix0, &p->X, &sqrtm1);
    fe_mul(&iy0, &p->Y, &sqrtm1);
    fe_from_bytes(&t, ristretto_invsqrt_a_minus_d_bytes);
    fe_mul(&enchanted, &den1, &t);

    /* Rotating by the 4-torsion point (sqrt(-1) : 0) picks the
     * representative whose T / Z is non-negative. */
    fe_mul(&t, &p->T, &z_inv);
    unsigned rotate = fe_is_negative(&t);
    fe_copy(&x, &p->X);
    fe_cmov(&x, &iy0, rotate);
    fe_copy(&y, &p->Y);
    fe_cmov(&y, &ix0, rotate);
    fe_copy(&den_inv, &den2);
    fe_cmov(&den_inv, &enchanted, rotate);

    /* Negating y (adding the point of order 2) makes x / Z non-negative. */
    fe_mul(&t, &x, &z_inv);
    fe_cneg(&y, &y, fe_is_negative(&t));

    fe_sub(&t, &p->Z, &y);
    fe_mul(&t, &den_inv, &t);
    fe_abs(&t, &t);                     /* s = |den_inv (Z - y)| */
    fe_to_bytes(s, &t);
}

/* RFC 9496, section 4.3.4, MAP(t): the Elligator 2 style map from a field
 * element to a point of 2E, in extended coordinates (X Y = Z T holds:
 * X = w0 w3, Y = w2 w1, Z = w1 w3, T = w0 w2). Constant time. */
static GE_FLATTEN void ristretto_map(ge_p3 *r, const fe *t)
{
    fe one, d, k, rr, u, v, s, s_prime, c, n, a, b, w0, w1, w2, w3;

    fe_one(&one);
    fe_from_bytes(&d, ge_d_bytes);

    fe_from_bytes(&k, fe_sqrtm1_bytes);
    fe_sq(&rr, t);
    fe_mul(&rr, &rr, &k);               /* r = SQRT_M1 t^2 */

    fe_add(&a, &rr, &one);
    fe_from_bytes(&k, ristretto_one_minus_d_sq_bytes);
    fe_mul(&u, &a, &k);                 /* u = (r + 1) ONE_MINUS_D_SQ */

    fe_mul(&a, &rr, &d);
    fe_add(&a, &a, &one);
    fe_carry(&a, &a);
    fe_neg(&a, &a);                     /* -1 - r D */
    fe_add(&b, &rr, &d);
    fe_mul(&v, &a, &b);                 /* v = (-1 - r D)(r + D) */

    unsigned was_square = fe_sqrt_ratio(&s, &u, &v);
    fe_mul(&s_prime, &s, t);
    fe_abs(&s_prime, &s_prime);
    fe_neg(&s_prime, &s_prime);         /* s' = -|s t| */
    fe_cmov(&s, &s_prime, 1u ^ was_square);

    fe_neg(&a, &one);
    fe_copy(&c, &rr);
    fe_cmov(&c, &a, was_square);        /* c = was_square ? -1 : r */

    fe_sub(&a, &rr, &one);
    fe_mul(&n, &c, &a);
    fe_from_bytes(&k, ristretto_d_minus_one_sq_bytes);
    fe_mul(&n, &n, &k);
    fe_sub(&n, &n, &v);
    fe_carry(&n, &n);                   /* N = c (r - 1) D_MINUS_ONE_SQ - v */

    fe_mul(&w0, &s, &v);
    fe_add(&w0, &w0, &w0);              /* w0 = 2 s v, LOOSE */
    fe_from_bytes(&k, ristretto_sqrt_ad_minus_one_bytes);
    fe_mul(&w1, &n, &k);                /* w1 = N SQRT_AD_MINUS_ONE */
    fe_sq(&a, &s);
    fe_sub(&w2, &one, &a);              /* w2 = 1 - s^2, LOOSE */
    fe_add(&w3, &one, &a);              /* w3 = 1 + s^2, LOOSE */

    fe_mul(&r->X, &w0, &w3);
    fe_mul(&r->Y, &w2, &w1);
    fe_mul(&r->Z, &w1, &w3);
    fe_mul(&r->T, &w0, &w2);
}

/* RFC 9496, section 4.3.4, the one-way map FROM_UNIFORM_BYTES: each 32-byte
 * half of h, bit 255 masked and reduced mod p (fe_from_bytes accepts values
 * up to 2^255 - 1), goes through MAP; r is the sum of the two points.
 * Constant time; the temporaries that held h are wiped. */
static void ristretto_from_uniform(ge_p3 *r, const uint8_t h[64])
{
    fe t;
    ge_p3 p1, p2;
    fe_from_bytes(&t, h);
    ristretto_map(&p1, &t);
    fe_from_bytes(&t, h + 32);
    ristretto_map(&p2, &t);
    ge_p3_add_p3(r, &p1, &p2);
    ct_wipe(&t, sizeof t);
    ct_wipe(&p1, sizeof p1);
    ct_wipe(&p2, sizeof p2);
}

#endif
