/* Shared pieces of libecx-sodium.so, the libsodium 1.0.18 drop-in
 * (sign.c, core_ed25519.c, ristretto255.c; docs/ecbench.md, "The libsodium
 * drop-in"). The files include <sodium.h> so that every definition is
 * checked against libsodium's own prototype, and they get libsodium's
 * default visibility from it; src/sodium/sodium.map exports exactly the
 * functions implemented here, so everything else a program calls still
 * resolves to the real libsodium under LD_PRELOAD. */
#ifndef ECX_SODIUM_DROPIN_H
#define ECX_SODIUM_DROPIN_H

#include <stddef.h>
#include <stdint.h>

/* 32 bytes of randomness the way libsodium gives it: its own
 * randombytes_buf when the real libsodium is loaded (so a program's
 * randombytes_set_implementation still applies), else getrandom.
 * Returns 0, or -1 if the OS gives none. */
int ecxi_sodium_random(uint8_t *out, size_t n);

/* 1 if the 32 bytes are all zero, else 0; constant time (sodium_is_zero). */
int ecxi_sodium_is_zero(const uint8_t *s, size_t n);

/* r = x mod l for any 32-byte little-endian x (it is zero-extended to 64
 * bytes and reduced). Constant time. */
void ecxi_sodium_reduce32(uint8_t r[32], const uint8_t x[32]);

#endif
