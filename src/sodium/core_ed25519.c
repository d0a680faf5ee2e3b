/* libsodium 1.0.18's edwards25519 point and scalar functions
 * (crypto_core_ed25519_*, crypto_scalarmult_ed25519*) on ecx's Edwards
 * operations table and f25519 scalars. Points decode as libsodium's
 * ge25519_frombytes does (any y below 2^255, reduced; ecx's ZIP-215
 * decoding); the checks that libsodium adds (canonical y, the small-order
 * blacklist, the prime-order subgroup) are made here in its order. The
 * scalar multiplications and scalar arithmetic are constant time in the
 * scalar; the point checks are variable time in the (public) point, as in
 * libsodium. */
#include <string.h>

#include <sodium.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "dropin.h"
#include "ecx/f25519.h"

static const struct ecxi_edwards_ops *edwards(void) { return ecxi_backend_active()->edwards; }

/* libsodium's ge25519_is_canonical: the low 255 bits are below p. */
static int is_canonical(const uint8_t s[32])
{
    unsigned c = (s[31] & 0x7f) ^ 0x7f;
    for (int i = 30; i > 0; i--) c |= s[i] ^ 0xffu;
    c = (c - 1u) >> 8;
    unsigned d = (0xedu - 1u - (unsigned)s[0]) >> 8;
    return 1 - (int)(c & d & 1);
}

/* libsodium's checks of crypto_core_ed25519_is_valid_point and of the
 * scalar multiplications' input point. */
static int is_valid_point(const uint8_t p[32])
{
    const struct ecxi_edwards_ops *e = edwards();
    return is_canonical(p) && e->has_small_order_bytes(p) == 0 && e->is_torsion_free(p) == 1;
}

int crypto_core_ed25519_is_valid_point(const unsigned char *p) { return is_valid_point(p); }

/* r = p + q or p - q; -1 (r untouched) if either does not decode. */
static int add_or_sub(uint8_t *r, const uint8_t *p, const uint8_t *q, int sub)
{
    const struct ecxi_edwards_ops *e = edwards();
    uint8_t out[32];
    if ((sub ? e->sub(out, p, q) : e->add(out, p, q)) != 0) return -1;
    memcpy(r, out, 32);
    return 0;
}

int crypto_core_ed25519_add(unsigned char *r, const unsigned char *p, const unsigned char *q)
{
    return add_or_sub(r, p, q, 0);
}

int crypto_core_ed25519_sub(unsigned char *r, const unsigned char *p, const unsigned char *q)
{
    return add_or_sub(r, p, q, 1);
}

/* libsodium's _crypto_scalarmult_ed25519_is_inf: q encodes the identity
 * (sign bit ignored). */
static int is_identity(const uint8_t q[32])
{
    unsigned c = q[0] ^ 1u;
    for (int i = 1; i < 31; i++) c |= q[i];
    c |= q[31] & 0x7fu;
    return (int)(((c - 1u) >> 8) & 1);
}

/* The scalar as libsodium uses it: clamped (bits 0-2 cleared, bit 254
 * set) or not, and bit 255 cleared. */
static void scalar_bits(uint8_t t[32], const uint8_t n[32], int clamp)
{
    memcpy(t, n, 32);
    if (clamp) {
        t[0] &= 248;
        t[31] |= 64;
    }
    t[31] &= 127;
}

/* q = [t]P for P in the prime-order subgroup; -1 if P is not valid (q
 * untouched), if the result is the identity or n is zero (q written). */
static int scalarmult(uint8_t *q, const uint8_t *n, const uint8_t *p, int clamp)
{
    uint8_t t[32];
    if (!is_valid_point(p)) return -1;
    scalar_bits(t, n, clamp);
    if (edwards()->mul_var(q, t, p) != 0) return -1;
    explicit_bzero(t, sizeof t);
    return is_identity(q) || ecxi_sodium_is_zero(n, 32) ? -1 : 0;
}

static int scalarmult_base(uint8_t *q, const uint8_t *n, int clamp)
{
    uint8_t t[32];
    scalar_bits(t, n, clamp);
    edwards()->mul_base(q, t);
    explicit_bzero(t, sizeof t);
    return is_identity(q) || ecxi_sodium_is_zero(n, 32) ? -1 : 0;
}

int crypto_scalarmult_ed25519(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    return scalarmult(q, n, p, 1);
}

int crypto_scalarmult_ed25519_noclamp(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    return scalarmult(q, n, p, 0);
}

int crypto_scalarmult_ed25519_base(unsigned char *q, const unsigned char *n) { return scalarmult_base(q, n, 1); }

int crypto_scalarmult_ed25519_base_noclamp(unsigned char *q, const unsigned char *n)
{
    return scalarmult_base(q, n, 0);
}

/* ---- scalars mod l: every input is any 32 bytes, reduced first ---- */

static void load(ecx_sc25519 *r, const uint8_t x[32])
{
    uint8_t reduced[32];
    ecxi_sodium_reduce32(reduced, x);
    ecx_f25519(NULL)->sc_from_bytes(r, reduced);
}

int crypto_core_ed25519_scalar_invert(unsigned char *recip, const unsigned char *s)
{
    const ecx_f25519_ops *f = ecx_f25519(NULL);
    ecx_sc25519 x;
    load(&x, s);
    f->sc_invert(&x, &x); /* 0 for 0 */
    int zero = ecxi_sodium_is_zero(s, 32);
    f->sc_to_bytes(recip, &x);
    return -zero;
}

/* r = (a - b) mod l (multiply = 0) or a b mod l (multiply = 1), for any
 * 32-byte a, b. Constant time. */
static void binary_mod_l(uint8_t *r, const uint8_t *a, const uint8_t *b, int multiply)
{
    const ecx_f25519_ops *f = ecx_f25519(NULL);
    ecx_sc25519 x, y;
    load(&x, a);
    load(&y, b);
    if (multiply)
        f->sc_mul(&x, &x, &y);
    else
        f->sc_sub(&x, &x, &y);
    f->sc_to_bytes(r, &x);
}

void crypto_core_ed25519_scalar_negate(unsigned char *neg, const unsigned char *s)
{
    static const uint8_t zero[32];
    binary_mod_l(neg, zero, s, 0);
}

void crypto_core_ed25519_scalar_complement(unsigned char *comp, const unsigned char *s)
{
    static const uint8_t one[32] = {1};
    binary_mod_l(comp, one, s, 0);
}

/* libsodium 1.0.18 adds the two 32-byte strings modulo 2^256 (the carry
 * out of the top byte is dropped: sodium_add over 32 bytes) and reduces
 * the sum mod l; for x + y >= 2^256 that differs from (x + y) mod l, and
 * the drop-in keeps libsodium's result. Constant time. */
void crypto_core_ed25519_scalar_add(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    uint8_t sum[32];
    unsigned carry = 0;
    for (int i = 0; i < 32; i++) {
        carry += (unsigned)x[i] + y[i];
        sum[i] = (uint8_t)carry;
        carry >>= 8;
    }
    ecxi_sodium_reduce32(z, sum);
}

/* libsodium: x + (-y mod l), with the same 2^256 wrap. */
void crypto_core_ed25519_scalar_sub(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    uint8_t neg[32];
    crypto_core_ed25519_scalar_negate(neg, y);
    crypto_core_ed25519_scalar_add(z, x, neg);
}

void crypto_core_ed25519_scalar_mul(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    binary_mod_l(z, x, y, 1);
}

void crypto_core_ed25519_scalar_reduce(unsigned char *r, const unsigned char *s)
{
    const ecx_f25519_ops *f = ecx_f25519(NULL);
    ecx_sc25519 x;
    f->sc_from_wide(&x, s);
    f->sc_to_bytes(r, &x);
}

/* Uniform in [1, l): 32 random bytes with the top three bits cleared,
 * redrawn while >= l or zero (libsodium's loop). */
void crypto_core_ed25519_scalar_random(unsigned char *r)
{
    const ecx_f25519_ops *f = ecx_f25519(NULL);
    ecx_sc25519 x;
    do {
        if (ecxi_sodium_random(r, 32) != 0) memset(r, 0, 32);
        r[31] &= 0x1f;
    } while (f->sc_from_bytes(&x, r) != 0 || ecxi_sodium_is_zero(r, 32));
}
