/* The field contract: GF(p), p = 2^255 - 19.
 *
 * Every backend defines a type `fe` and then includes this header before
 * defining the functions below (all `static`, most `static inline`), so the
 * compiler checks each backend against one list of signatures. Generic code
 * (src/curve25519) is written against these names only.
 *
 * Bounds. A backend's limbs are either TIGHT or LOOSE:
 *   - TIGHT: what every function returns unless stated otherwise; safe input
 *     to every function.
 *   - LOOSE: what fe_add and fe_sub return (no carry propagation). A LOOSE
 *     value may only be passed to fe_mul, fe_sq, fe_sq2, fe_sqn or fe_carry.
 * The numeric bounds are documented in each backend's field.h. Constant time
 * means: no branch and no memory index depends on the values.
 * All functions are constant time unless named _vartime. Outputs may alias
 * inputs.
 */
#ifndef ECX_CURVE25519_FIELD_H
#define ECX_CURVE25519_FIELD_H

#include <stdint.h>

#include "ecx/f25519.h"

/* The public container of f25519.h holds the backend's limbs verbatim
 * (packed into the five uint64_t words as the backend likes). Only TIGHT
 * values cross it. */
static void fe_to_public(ecx_fe25519 *r, const fe *a);
static void fe_from_public(fe *r, const ecx_fe25519 *a);

/* r = 0, r = 1, r = a. */
static void fe_zero(fe *r);
static void fe_one(fe *r);
static void fe_copy(fe *r, const fe *a);

/* r = the little-endian value of s with bit 255 cleared; values in [p, 2^255)
 * are accepted (the result is TIGHT, not necessarily < p). */
static void fe_from_bytes(fe *r, const uint8_t s[32]);
/* s = canonical little-endian encoding of a mod p (always < p). */
static void fe_to_bytes(uint8_t s[32], const fe *a);

/* TIGHT a, b -> LOOSE r. */
static void fe_add(fe *r, const fe *a, const fe *b);
static void fe_sub(fe *r, const fe *a, const fe *b);
/* LOOSE a -> TIGHT r, same value mod p. */
static void fe_carry(fe *r, const fe *a);
/* r = -a. TIGHT -> TIGHT. */
static void fe_neg(fe *r, const fe *a);

/* r = a * b, r = a^2, r = 2 a^2, r = a^(2^n) (n >= 1). LOOSE -> TIGHT. */
static void fe_mul(fe *r, const fe *a, const fe *b);
static void fe_sq(fe *r, const fe *a);
static void fe_sq2(fe *r, const fe *a);
static void fe_sqn(fe *r, const fe *a, unsigned n);
/* r = a * c for a small constant 0 <= c < 2^20. TIGHT -> TIGHT. */
static void fe_mul_small(fe *r, const fe *a, uint32_t c);

/* r = flag ? a : r; (a, b) = flag ? (b, a) : (a, b). flag is 0 or 1. */
static void fe_cmov(fe *r, const fe *a, unsigned flag);
static void fe_cswap(fe *a, fe *b, unsigned flag);

/* 1 if a == b (mod p), else 0; 1 if a == 0 (mod p); 1 if the canonical
 * encoding of a is odd ("negative" in RFC 8032 / RFC 9496). */
static unsigned fe_equal(const fe *a, const fe *b);
static unsigned fe_is_zero(const fe *a);
static unsigned fe_is_negative(const fe *a);

/* r = 1/a mod p, with 1/0 = 0. Constant time (safegcd). */
static void fe_invert(fe *r, const fe *a);

/* Generic functions, defined once in curve25519/field_common.h on top of the
 * ones above:
 *   fe_cneg, fe_abs, fe_pow_p58, fe_sqrt_ratio. */

#endif
