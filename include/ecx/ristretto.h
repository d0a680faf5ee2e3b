/* The ristretto255 prime-order group (RFC 9496), built on curve25519.
 *
 * Elements: 32-byte canonical encodings (RFC 9496, section 4.3.2); the
 * identity encodes as 32 zero bytes and is a valid element. An input element
 * must be a canonical encoding that decodes (section 4.3.1): anything else —
 * a field value >= p, a set bit 255, a negative (odd) value, one that fails
 * the square root or gives a negative x y or y = 0 — is rejected with
 * ECX_ERR_INVALID. Scalars: 32 bytes, little-endian, canonical (< l, the
 * group order 2^252 + 27742317777372353535851937790883648493); a scalar
 * >= l is ECX_ERR_INVALID (reduce wide values mod l first, for instance with
 * the sc_from_wide of f25519.h).
 *
 * Every function returns ECX_OK or a negative status code of ecx.h, never
 * reads or writes past the buffers it is given, and accepts outputs that
 * alias inputs. On ECX_ERR_INVALID the output is untouched, except where a
 * function says otherwise. docs/ristretto255.md compares the rules with
 * libsodium's crypto_core_ristretto255_* and crypto_scalarmult_ristretto255*. */
#ifndef ECX_RISTRETTO_H
#define ECX_RISTRETTO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECX_RISTRETTO255_BYTES 32
#define ECX_RISTRETTO255_SCALARBYTES 32
#define ECX_RISTRETTO255_UNIFORMBYTES 64

/* ECX_OK if p is a valid (canonical, decodable) encoding of an element,
 * ECX_ERR_INVALID if it is not or p is NULL. Variable time only in the
 * verdict. */
int ecx_ristretto255_is_valid(const uint8_t p[32]);

/* r = p + q, and r = p - q. ECX_ERR_INVALID if a buffer is NULL or p or q
 * is not a valid encoding. Constant time except for the validity verdicts. */
int ecx_ristretto255_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
int ecx_ristretto255_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);

/* r = [s]p. Constant time in s (and p). s = 0, or p the identity, gives the
 * identity encoding with ECX_OK (libsodium returns -1 there instead).
 * ECX_ERR_INVALID if a buffer is NULL or p is not a valid encoding (r
 * untouched), or if s >= l: then r receives the identity encoding, since
 * the product runs on a zeroed scalar rather than branch on a secret. */
int ecx_ristretto255_scalarmult(uint8_t r[32], const uint8_t s[32], const uint8_t p[32]);

/* r = [s]B for the generator B (the class of the edwards25519 basepoint;
 * it encodes as e2f2ae0a...d2d76). Constant time in s. The same status
 * codes, and the same identity results, as ecx_ristretto255_scalarmult. */
int ecx_ristretto255_scalarmult_base(uint8_t r[32], const uint8_t s[32]);

/* r = the element that RFC 9496's one-way map FROM_UNIFORM_BYTES (section
 * 4.3.4) derives from 64 uniformly random bytes h, such as a SHA-512 output:
 * libsodium's crypto_core_ristretto255_from_hash. Nobody knows the discrete
 * logarithm of the result. Constant time in h. ECX_ERR_INVALID only for a
 * NULL buffer. */
int ecx_ristretto255_from_uniform(uint8_t r[32], const uint8_t h[64]);

/* r = sum_{i < n} [scalars[i]] points[i], the identity for n = 0 (the
 * arrays are then not read and may be NULL). ECX_ERR_INVALID if r is NULL,
 * an array is NULL while n > 0, a scalar is >= l or a point is not a valid
 * encoding; ECX_ERR_NOMEM if the scratch space (up to about 2 KB per
 * point) cannot be allocated. r is untouched on failure.
 * VARIABLE TIME: for public scalars and points only. */
int ecx_ristretto255_msm_vartime(uint8_t r[32], size_t n, const uint8_t scalars[][32],
                                 const uint8_t points[][32]);

#ifdef __cplusplus
}
#endif

#endif
