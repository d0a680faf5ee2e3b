/* SEC1 encodings of P-256 points (SEC 1 v2, section 2.3.3 / 2.3.4):
 * uncompressed 0x04 || x || y (65 bytes) and compressed 0x02 / 0x03 || x
 * (33 bytes, the prefix carries the parity of y), coordinates big-endian.
 * The point at infinity has no encoding here (SEC1's single 0x00 byte is
 * rejected: it is never a valid public key).
 *
 * Decompression takes the square root y = a^((p+1)/4), valid because
 * p = 3 mod 4, and checks y^2 = a.
 */
#ifndef ECX_P256_POINT_ENCODING_H
#define ECX_P256_POINT_ENCODING_H

#include <stddef.h>
#include <stdint.h>

#include "p256/point.h"

/* r = a^((p+1)/4). (p + 1)/4 = 2^254 - 2^222 + 2^190 + 2^94: from the top,
 * 32 ones, then single ones at bits 190 and 94. With x_k = a^(2^k - 1):
 * x_2, x_4, x_8, x_16, x_32 by doubling the run (31S + 5M), then
 * x_32 2^32 + 1, 2^96 more and + 1, 2^94 more: 253 squarings and 7
 * multiplications. Constant time. */
static void p256_fe_pow_sqrt(p256_fe *r, const p256_fe *a)
{
    p256_fe x = *a, t;
    for (unsigned k = 1; k < 32; k *= 2) { /* x = x_k -> x_2k */
        t = x;
        for (unsigned i = 0; i < k; i++) p256_fe_sq(&t, &t);
        p256_fe_mul(&x, &t, &x);
    }
    for (int i = 0; i < 32; i++) p256_fe_sq(&x, &x);
    p256_fe_mul(&x, &x, a);
    for (int i = 0; i < 96; i++) p256_fe_sq(&x, &x);
    p256_fe_mul(&x, &x, a);
    for (int i = 0; i < 94; i++) p256_fe_sq(&x, &x);
    *r = x;
}

/* 1 if the canonical value of a is odd. */
static inline unsigned p256_fe_is_odd(const p256_fe *a)
{
    uint8_t s[32];
    p256_fe_to_bytes(s, a);
    return s[31] & 1u;
}

/* r = x^3 - 3x + b, the right-hand side of the curve equation. */
static void p256_curve_rhs(p256_fe *r, const p256_fe *x)
{
    p256_fe x3, t;
    p256_fe_sq(&x3, x);
    p256_fe_mul(&x3, &x3, x);
    p256_fe_add(&t, x, x);
    p256_fe_add(&t, &t, x);
    p256_fe_sub(&x3, &x3, &t);
    p256_fe_add(r, &x3, &p256_fe_b);
}

/* Decodes a SEC1 point of len bytes: 65 (0x04 || x || y) or 33 (0x02 or
 * 0x03 || x). Returns 1 and sets r if the length and prefix are right, x
 * and y are < p and the point is on the curve; else returns 0. Variable
 * time (public keys only). */
static unsigned p256_affine_decode_vartime(p256_affine *r, const uint8_t *s, size_t len)
{
    if (len == 65 && s[0] == 0x04) {
        if (!p256_fe_from_bytes(&r->x, s + 1) || !p256_fe_from_bytes(&r->y, s + 33)) return 0;
        return p256_affine_on_curve(r);
    }
    if (len == 33 && (s[0] == 0x02 || s[0] == 0x03)) {
        p256_fe rhs, y2;
        if (!p256_fe_from_bytes(&r->x, s + 1)) return 0;
        p256_curve_rhs(&rhs, &r->x);
        p256_fe_pow_sqrt(&r->y, &rhs);
        p256_fe_sq(&y2, &r->y);
        if (!p256_fe_equal(&y2, &rhs)) return 0; /* x^3 - 3x + b is not a square */
        if (p256_fe_is_odd(&r->y) != (unsigned)(s[0] & 1)) p256_fe_neg(&r->y, &r->y);
        return 1;
    }
    return 0;
}

/* out = 0x04 || x || y. */
static void p256_affine_encode_uncompressed(uint8_t out[65], const p256_affine *a)
{
    out[0] = 0x04;
    p256_fe_to_bytes(out + 1, &a->x);
    p256_fe_to_bytes(out + 33, &a->y);
}

/* out = (0x02 | parity of y) || x. */
static void p256_affine_encode_compressed(uint8_t out[33], const p256_affine *a)
{
    out[0] = (uint8_t)(0x02 | p256_fe_is_odd(&a->y));
    p256_fe_to_bytes(out + 1, &a->x);
}

#endif
