/* P-256 field arithmetic, GF(p) with p = 2^256 - 2^224 + 2^192 + 2^96 - 1
 * (FIPS 186-5, SEC 2), written once over a backend's modular routines
 * (p256/modular.h). Included by a backend's p256.h after it has defined
 * them.
 *
 * The operations (all constant time, outputs may alias inputs, values fully
 * reduced in the backend's representation):
 *   unsigned p256_fe_from_bytes(p256_fe *r, const uint8_t s[32]);
 *       r = s mod p (big-endian); returns 1 iff s < p
 *   void p256_fe_to_bytes(uint8_t s[32], const p256_fe *a);   canonical, < p
 *   void p256_fe_add(r, a, b), p256_fe_sub(r, a, b), p256_fe_mul(r, a, b);
 *   void p256_fe_neg(r, a), p256_fe_sq(r, a);
 *   void p256_fe_invert(r, a);          1/a, 1/0 = 0 (safegcd)
 *   void p256_fe_cmov(r, a, flag);      r = flag ? a : r, flag in {0, 1}
 *   unsigned p256_fe_is_zero(a), p256_fe_equal(a, b);
 * The Fermat inversion a^(p-2) is generic code of its own
 * (p256/field_invert_fermat.h). */
#ifndef ECX_P256_FIELD_H
#define ECX_P256_FIELD_H

#include "p256/modular.h"

P256_TYPED_OPS(fe, &p256_field_mod)

#endif
