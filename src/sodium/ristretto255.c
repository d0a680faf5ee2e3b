/* libsodium 1.0.18's ristretto255 functions (crypto_core_ristretto255_*,
 * crypto_scalarmult_ristretto255*) on ecx's ristretto.h. Where libsodium
 * 1.0.18 differs from RFC 9496 and from ecx (docs/ristretto255.md), this
 * file follows libsodium: bit 255 of an encoding is ignored, a scalar is
 * any 32 bytes (bit 255 cleared, then reduced mod l, which leaves the
 * product unchanged in a group of order l), and an identity result returns
 * -1. Constant time in the scalars and the one-way map's input. */
#include <string.h>

#include <sodium.h>

#include "dropin.h"
#include "ecx/ecx.h"
#include "ecx/ristretto.h"

/* The encoding with bit 255 cleared, as libsodium 1.0.18 decodes it. */
static const uint8_t *low255(uint8_t copy[32], const uint8_t *p)
{
    memcpy(copy, p, 32);
    copy[31] &= 0x7f;
    return copy;
}

int crypto_core_ristretto255_is_valid_point(const unsigned char *p)
{
    uint8_t c[32];
    return ecx_ristretto255_is_valid(low255(c, p)) == ECX_OK;
}

int crypto_core_ristretto255_add(unsigned char *r, const unsigned char *p, const unsigned char *q)
{
    uint8_t a[32], b[32];
    return ecx_ristretto255_add(r, low255(a, p), low255(b, q)) == ECX_OK ? 0 : -1;
}

int crypto_core_ristretto255_sub(unsigned char *r, const unsigned char *p, const unsigned char *q)
{
    uint8_t a[32], b[32];
    return ecx_ristretto255_sub(r, low255(a, p), low255(b, q)) == ECX_OK ? 0 : -1;
}

int crypto_core_ristretto255_from_hash(unsigned char *p, const unsigned char *r)
{
    return ecx_ristretto255_from_uniform(p, r) == ECX_OK ? 0 : -1;
}

void crypto_core_ristretto255_random(unsigned char *p)
{
    uint8_t h[64];
    if (ecxi_sodium_random(h, sizeof h) != 0) memset(h, 0, sizeof h);
    ecx_ristretto255_from_uniform(p, h);
}

/* n with bit 255 cleared, reduced mod l. */
static void scalar_of(uint8_t t[32], const uint8_t *n)
{
    uint8_t c[32];
    ecxi_sodium_reduce32(t, low255(c, n));
    explicit_bzero(c, sizeof c);
}

int crypto_scalarmult_ristretto255(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    uint8_t t[32], c[32];
    if (ecx_ristretto255_is_valid(low255(c, p)) != ECX_OK) return -1;
    scalar_of(t, n);
    int rc = ecx_ristretto255_scalarmult(q, t, c);
    explicit_bzero(t, sizeof t);
    return rc != ECX_OK || ecxi_sodium_is_zero(q, 32) ? -1 : 0;
}

int crypto_scalarmult_ristretto255_base(unsigned char *q, const unsigned char *n)
{
    uint8_t t[32];
    scalar_of(t, n);
    int rc = ecx_ristretto255_scalarmult_base(q, t);
    explicit_bzero(t, sizeof t);
    return rc != ECX_OK || ecxi_sodium_is_zero(q, 32) ? -1 : 0;
}

/* The scalar functions are the same mod l as edwards25519's. */
void crypto_core_ristretto255_scalar_random(unsigned char *r) { crypto_core_ed25519_scalar_random(r); }

int crypto_core_ristretto255_scalar_invert(unsigned char *recip, const unsigned char *s)
{
    return crypto_core_ed25519_scalar_invert(recip, s);
}

void crypto_core_ristretto255_scalar_negate(unsigned char *neg, const unsigned char *s)
{
    crypto_core_ed25519_scalar_negate(neg, s);
}

void crypto_core_ristretto255_scalar_complement(unsigned char *comp, const unsigned char *s)
{
    crypto_core_ed25519_scalar_complement(comp, s);
}

void crypto_core_ristretto255_scalar_add(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    crypto_core_ed25519_scalar_add(z, x, y);
}

void crypto_core_ristretto255_scalar_sub(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    crypto_core_ed25519_scalar_sub(z, x, y);
}

void crypto_core_ristretto255_scalar_mul(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    crypto_core_ed25519_scalar_mul(z, x, y);
}

void crypto_core_ristretto255_scalar_reduce(unsigned char *r, const unsigned char *s)
{
    crypto_core_ed25519_scalar_reduce(r, s);
}
