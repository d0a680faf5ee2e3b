/* P-256 scalar arithmetic, mod the group order
 * n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
 * (FIPS 186-5, SEC 2), written once over a backend's modular routines
 * (p256/modular.h). Included by a backend's p256.h after it has defined
 * them.
 *
 * The operations mirror p256/field.h with p256_sc and mod n:
 *   unsigned p256_sc_from_bytes(p256_sc *r, const uint8_t s[32]);
 *       r = s mod n (big-endian); returns 1 iff s < n
 *   void p256_sc_to_bytes(uint8_t s[32], const p256_sc *a);   canonical, < n
 *   p256_sc_add, p256_sc_sub, p256_sc_mul, p256_sc_neg, p256_sc_sq,
 *   p256_sc_invert (1/0 = 0, safegcd), p256_sc_cmov, p256_sc_is_zero,
 *   p256_sc_equal.
 * All constant time; outputs may alias inputs. */
#ifndef ECX_P256_SCALAR_H
#define ECX_P256_SCALAR_H

#include "p256/modular.h"

P256_TYPED_OPS(sc, &p256_scalar_mod)

#endif
