/* The scalar contract: integers mod l = 2^252 + 27742317777372353535851937790883648493,
 * the order of the prime-order subgroup of edwards25519.
 *
 * Every backend defines a type `sc` and then includes this header before
 * defining the functions below (all `static`). The representation is the
 * backend's choice (for example Montgomery form); every value a function
 * returns is fully reduced in that representation, so values may be compared
 * limb by limb. All functions are constant time unless named _vartime.
 * Outputs may alias inputs.
 */
#ifndef ECX_CURVE25519_SCALAR_H
#define ECX_CURVE25519_SCALAR_H

#include <stdint.h>

#include "ecx/f25519.h"

/* The public container of f25519.h holds the backend's representation
 * verbatim. */
static void sc_to_public(ecx_sc25519 *r, const sc *a);
static void sc_from_public(sc *r, const ecx_sc25519 *a);

static void sc_zero(sc *r);
static void sc_one(sc *r);

/* r = s if s < l and returns 1; else r = 0 and returns 0. The comparison is
 * constant time. */
static unsigned sc_from_bytes(sc *r, const uint8_t s[32]);
/* r = s mod l for any 256-bit s. */
static void sc_from_bytes_reduce(sc *r, const uint8_t s[32]);
/* r = s mod l for any 512-bit s (little-endian). */
static void sc_from_wide(sc *r, const uint8_t s[64]);
/* s = canonical little-endian encoding (< l). */
static void sc_to_bytes(uint8_t s[32], const sc *a);

static void sc_add(sc *r, const sc *a, const sc *b);
static void sc_sub(sc *r, const sc *a, const sc *b);
static void sc_neg(sc *r, const sc *a);
static void sc_mul(sc *r, const sc *a, const sc *b);
static void sc_sq(sc *r, const sc *a);
/* r = 1/a mod l, with 1/0 = 0. Constant time (safegcd). */
static void sc_invert(sc *r, const sc *a);

/* r = flag ? a : r (flag 0 or 1); 1 if a == 0; 1 if a == b. */
static void sc_cmov(sc *r, const sc *a, unsigned flag);
static unsigned sc_is_zero(const sc *a);
static unsigned sc_equal(const sc *a, const sc *b);

#endif
