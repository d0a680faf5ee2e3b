/* Point encoding and decoding of edwards25519 (RFC 8032, sections 5.1.2 and
 * 5.1.3), written once against the field contract.
 *
 * An encoding is the 255-bit little-endian y coordinate with the parity
 * ("sign") of x in bit 255. Two decoding policies:
 *
 *   GE_DECODE_STRICT  the canonical encodings only, as libsodium 1.0.18
 *                     checks keys (ge25519_is_canonical): y < p is required,
 *                     and the encodings of x = 0 with the sign bit set
 *                     (y = 1 and y = -1 with bit 255 set) are rejected.
 *                     libsodium itself lets those two through its decoder,
 *                     but both are points of small order, which its
 *                     verification rejects anyway; the accept sets of
 *                     strict verification are the same.
 *   GE_DECODE_ZIP215  ZIP-215 (Zcash): any y in [0, 2^255) is accepted and
 *                     reduced mod p, and x = 0 with the sign bit set is
 *                     accepted as x = 0.
 */
#ifndef ECX_CURVE25519_EDWARDS_ENCODING_H
#define ECX_CURVE25519_EDWARDS_ENCODING_H

#include <stdint.h>

#include "curve25519/edwards.h"
#include "ecx/ecx.h"

#define GE_DECODE_STRICT 0u
#define GE_DECODE_ZIP215 1u

/* 1 if the 255-bit y of an encoding (bit 255 ignored) is < p, else 0: the
 * only non-canonical y values are p .. 2^255 - 1, i.e. bytes 1..30 all 0xff,
 * byte 31 = 0x7f (under the sign bit) and byte 0 >= 0xed. Constant time. */
static inline unsigned ge_bytes_y_is_canonical(const uint8_t s[32])
{
    unsigned top = (unsigned)(s[31] & 0x7f) ^ 0x7fu;
    for (int i = 1; i < 31; i++) top |= (unsigned)s[i] ^ 0xffu;
    unsigned all_ones = ((top - 1u) >> 8) & 1u;          /* 1 iff top == 0 */
    unsigned low_big = ((0xecu - (unsigned)s[0]) >> 8) & 1u; /* 1 iff s[0] >= 0xed */
    return 1u ^ (all_ones & low_big);
}

/* 1 if s is a canonical encoding as far as the bytes tell: y < p, and not
 * the sign bit set on y = 1 or y = p - 1 (the two points with x = 0). Whether
 * y belongs to a curve point at all is left to decoding. Constant time. */
static inline unsigned ge_bytes_is_canonical(const uint8_t s[32])
{
    static const uint8_t one[32] = {0x01};
    static const uint8_t pm1[32] = {
        0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    unsigned d1 = (unsigned)((s[31] & 0x7f) ^ one[31]), d2 = (unsigned)((s[31] & 0x7f) ^ pm1[31]);
    for (int i = 0; i < 31; i++) {
        d1 |= (unsigned)(s[i] ^ one[i]);
        d2 |= (unsigned)(s[i] ^ pm1[i]);
    }
    unsigned x_is_zero = (((d1 - 1u) >> 8) | ((d2 - 1u) >> 8)) & 1u;
    return ge_bytes_y_is_canonical(s) & (1u ^ (x_is_zero & (unsigned)(s[31] >> 7)));
}

/* The two halves of decoding around its square root, shared with the
 * several-lane decoder (edwards_decode_lanes.h). ge_decode_ratio: from the
 * bytes s, Y = y (bit 255 dropped, y may be >= p) and the ratio u / v =
 * (y^2 - 1) / (d y^2 + 1) = x^2 (v is never 0: -1/d is not a square).
 * ge_decode_finish: r = (x with the sign bit of s, y, 1, x y) from the root
 * x and r's Y, or the identity unless ok (a well-defined point rather than
 * garbage). Constant time. */
static inline void ge_decode_ratio(fe *Y, fe *u, fe *v, const uint8_t s[32])
{
    fe one, d, y2;
    fe_one(&one);
    fe_from_bytes(&d, ge_d_bytes);
    fe_from_bytes(Y, s);
    fe_sq(&y2, Y);
    fe_sub(u, &y2, &one);             /* u = y^2 - 1 */
    fe_carry(u, u);
    fe_mul(v, &y2, &d);
    fe_add(v, v, &one);               /* v = d y^2 + 1 */
    fe_carry(v, v);
}

static inline void ge_decode_finish(ge_p3 *r, const fe *x, const uint8_t s[32], unsigned ok)
{
    fe_one(&r->Z);
    fe_cneg(&r->X, x, (unsigned)(s[31] >> 7));
    fe_mul(&r->T, &r->X, &r->Y);
    ge_p3 id;
    ge_p3_identity(&id);
    ge_p3_cmov(r, &id, 1u ^ ok);
}

/* Decodes s into r under `policy` (GE_DECODE_STRICT or GE_DECODE_ZIP215).
 * Returns ECX_OK, or ECX_ERR_INVALID (r is then the identity) when y is not
 * the y of a curve point or the policy rejects the encoding. The output has
 * Z = 1 and every coordinate TIGHT. Constant time in s (the result status
 * aside). */
static GE_FLATTEN int ge_p3_from_bytes(ge_p3 *r, const uint8_t s[32], unsigned policy)
{
    fe u, v, x;
    ge_decode_ratio(&r->Y, &u, &v, s);

    /* x = +sqrt(u/v), the even root. */
    unsigned ok = fe_sqrt_ratio(&x, &u, &v);
    if (policy == GE_DECODE_STRICT) {
        ok &= ge_bytes_y_is_canonical(s);
        ok &= 1u ^ (fe_is_zero(&x) & (unsigned)(s[31] >> 7));
    }
    ge_decode_finish(r, &x, s, ok);
    return ok ? ECX_OK : ECX_ERR_INVALID;
}

/* s = the canonical encoding of the projective point p. One inversion
 * (safegcd, constant time) and two multiplications. Constant time. */
static inline void ge_p2_to_bytes(uint8_t s[32], const ge_p2 *p)
{
    fe zinv, x, y;
    fe_invert(&zinv, &p->Z);
    fe_mul(&x, &p->X, &zinv);
    fe_mul(&y, &p->Y, &zinv);
    fe_to_bytes(s, &y);
    s[31] = (uint8_t)(s[31] | (fe_is_negative(&x) << 7));
}

/* Same for an extended point. */
static inline void ge_p3_to_bytes(uint8_t s[32], const ge_p3 *p)
{
    ge_p2 q;
    ge_p3_to_p2(&q, p);
    ge_p2_to_bytes(s, &q);
}

/* 1 if the encoding s names a point of small order under either policy —
 * i.e. its y (bit 255 ignored, reduced mod p) is the y of one of the eight
 * points of E[8]: 0, 1, -1, and the two y of the points of order 8; with the
 * non-canonical p (= 0) and p + 1 (= 1). This is exactly libsodium 1.0.18's
 * ge25519_has_small_order blacklist, and needs no square root. Constant
 * time. */
static inline unsigned ge_bytes_has_small_order(const uint8_t s[32])
{
    static const uint8_t small[7][32] = {
        /* 0 (order 4) */
        {0},
        /* 1 (order 1) */
        {0x01},
        /* the y of the points of order 8 */
        {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
         0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
        {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
         0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
        /* p - 1 (order 2) */
        {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
        /* p (= 0, order 4) */
        {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
        /* p + 1 (= 1, order 1) */
        {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    };
    unsigned found = 0;
    for (int k = 0; k < 7; k++) {
        unsigned diff = (unsigned)((s[31] & 0x7f) ^ small[k][31]);
        for (int i = 0; i < 31; i++) diff |= (unsigned)(s[i] ^ small[k][i]);
        found |= ((diff - 1u) >> 8) & 1u;
    }
    return found;
}

#endif
