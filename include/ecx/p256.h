/* NIST P-256 (FIPS 186-5; SEC 2 "secp256r1"): modular inversion in its field
 * and in its scalar group, keys, and ECDSA with SHA-256.
 *
 *   p = 2^256 - 2^224 + 2^192 + 2^96 - 1                         (field)
 *   n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
 *                                                                 (group order)
 *
 * Values are 32-byte big-endian integers (SEC1 order). Public keys are SEC1
 * points: uncompressed 0x04 || x || y (65 bytes) or compressed 0x02 / 0x03
 * || x (33 bytes). Signatures are r || s (64 bytes, the IEEE P1363 form
 * that JWS / WebCrypto use; s is not normalised to the low half). Nonces
 * are deterministic (RFC 6979, HMAC-SHA-256), so signing needs no
 * randomness.
 *
 * Everything that touches a secret (the inversions' input, secret keys,
 * nonces) runs in constant time; the range checks are branch-free and only
 * the returned status tells the verdict. Verification and the public-key
 * encodings work on public data and run in variable time. Outputs may
 * alias inputs. docs/p256.md describes the algorithms. */
#ifndef ECX_P256_H
#define ECX_P256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECX_P256_FIELDBYTES 32
#define ECX_P256_SCALARBYTES 32
#define ECX_P256_SECRETKEYBYTES 32
#define ECX_P256_PUBLICKEYBYTES 65           /* uncompressed */
#define ECX_P256_COMPRESSEDPUBLICKEYBYTES 33
#define ECX_P256_SIGNATUREBYTES 64
#define ECX_P256_DIGESTBYTES 32

/* out = in^-1 mod p. ECX_OK for 0 < in < p. ECX_ERR_INVALID if out or in
 * is NULL (out untouched), or if in = 0 or in >= p (out is set to 32 zero
 * bytes). */
int ecx_p256_field_invert(uint8_t out[32], const uint8_t in[32]);

/* out = in^-1 mod n. ECX_OK for 0 < in < n. ECX_ERR_INVALID if out or in
 * is NULL (out untouched), or if in = 0 or in >= n (out is set to 32 zero
 * bytes). */
int ecx_p256_scalar_invert(uint8_t out[32], const uint8_t in[32]);

/* pk = [sk]G, uncompressed (0x04 || x || y). ECX_OK for 0 < sk < n;
 * ECX_ERR_INVALID if a buffer is NULL (pk untouched) or sk = 0 or sk >= n
 * (pk = 65 zero bytes). A secret key is 32 uniformly random bytes that
 * pass this check (retry on ECX_ERR_INVALID, probability 2^-32). */
int ecx_p256_public_key(uint8_t pk[65], const uint8_t sk[32]);

/* The same public key, compressed (33 bytes). */
int ecx_p256_public_key_compressed(uint8_t pk[33], const uint8_t sk[32]);

/* Re-encode a public key: uncompressed to compressed and back. ECX_OK, or
 * ECX_ERR_INVALID (out untouched) for a NULL buffer or a key that does not
 * decode: wrong prefix, a coordinate >= p, a point off the curve (for the
 * compressed form: an x with no y). */
int ecx_p256_public_key_compress(uint8_t out[33], const uint8_t pk[65]);
int ecx_p256_public_key_decompress(uint8_t out[65], const uint8_t pk[33]);

/* sig = r || s, the ECDSA signature of SHA-256(m) under sk, with the
 * RFC 6979 nonce. m may be NULL when mlen = 0. ECX_OK; ECX_ERR_INVALID for
 * a NULL buffer (sig untouched) or sk = 0 or sk >= n (sig = 64 zero
 * bytes). Constant time in sk. */
int ecx_p256_ecdsa_sign(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[32]);

/* The same for a message hashed by the caller: digest is the 32-byte
 * SHA-256 output (any 32 bytes are accepted and used as bits2int of
 * RFC 6979 / FIPS 186-5, i.e. as a big-endian integer reduced mod n). */
int ecx_p256_ecdsa_sign_digest(uint8_t sig[64], const uint8_t digest[32], const uint8_t sk[32]);

/* Verifies sig = r || s on SHA-256(m) under the uncompressed key pk.
 * ECX_OK if valid; ECX_ERR_INVALID for a NULL buffer (m may be NULL when
 * mlen = 0), r or s not in [1, n - 1], or a key that does not decode (wrong
 * prefix, x or y >= p, off the curve); ECX_ERR_VERIFY if the equation
 * fails. Variable time (all inputs are public). */
int ecx_p256_ecdsa_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[65]);

/* The same with a SEC1 key of pklen bytes: 65 (uncompressed) or 33
 * (compressed); any other length gives ECX_ERR_INVALID. */
int ecx_p256_ecdsa_verify_key(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t *pk,
                              size_t pklen);

/* Verification of a 32-byte digest hashed by the caller, with a SEC1 key
 * of pklen bytes (65 or 33). Statuses as ecx_p256_ecdsa_verify. */
int ecx_p256_ecdsa_verify_digest(const uint8_t sig[64], const uint8_t digest[32], const uint8_t *pk,
                                 size_t pklen);

#ifdef __cplusplus
}
#endif

#endif
