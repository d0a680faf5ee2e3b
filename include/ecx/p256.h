/* NIST P-256 (FIPS 186-5; SEC 2 "secp256r1"): modular inversion in its field
 * and in its scalar group.
 *
 *   p = 2^256 - 2^224 + 2^192 + 2^96 - 1                         (field)
 *   n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
 *                                                                 (group order)
 *
 * Values are 32-byte big-endian integers (SEC1 order). Both functions run in
 * constant time in the value of `in` (it may be a secret nonce or key): the
 * range check is computed without a branch, and only the returned status
 * tells the verdict. Outputs may alias inputs.
 *
 * Keys (ecx_p256_public_key) and ECDSA sign and verify (DESIGN.md) come with
 * the P-256 issue; docs/p256.md describes the arithmetic behind these. */
#ifndef ECX_P256_H
#define ECX_P256_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECX_P256_FIELDBYTES 32
#define ECX_P256_SCALARBYTES 32

/* out = in^-1 mod p. ECX_OK for 0 < in < p. ECX_ERR_INVALID if out or in
 * is NULL (out untouched), or if in = 0 or in >= p (out is set to 32 zero
 * bytes). */
int ecx_p256_field_invert(uint8_t out[32], const uint8_t in[32]);

/* out = in^-1 mod n. ECX_OK for 0 < in < n. ECX_ERR_INVALID if out or in
 * is NULL (out untouched), or if in = 0 or in >= n (out is set to 32 zero
 * bytes). */
int ecx_p256_scalar_invert(uint8_t out[32], const uint8_t in[32]);

#ifdef __cplusplus
}
#endif

#endif
