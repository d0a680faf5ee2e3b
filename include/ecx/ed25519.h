/* Ed25519 signatures (RFC 8032, pure Ed25519).
 *
 * Keys: a 32-byte public key pk, and a 64-byte secret key sk = seed || pk, as
 * in libsodium. Signatures: 64 bytes, R || S. Messages may be empty (m may
 * then be NULL). Every function returns ECX_OK or a negative status code of
 * ecx.h and never reads or writes past the buffers it is given. */
#ifndef ECX_ED25519_H
#define ECX_ED25519_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECX_ED25519_PUBLICKEYBYTES 32
#define ECX_ED25519_SECRETKEYBYTES 64
#define ECX_ED25519_SEEDBYTES 32
#define ECX_ED25519_BYTES 64

/* Derives the key pair of `seed` (32 bytes), or of 32 bytes of OS randomness
 * (getrandom) when seed is NULL. Constant time. ECX_ERR_INVALID if pk or sk is
 * NULL, ECX_ERR_RANDOM if the OS gives no randomness (pk and sk are then not
 * written). */
int ecx_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);

/* Deterministic signature of m under sk = seed || pk. Constant time in the
 * secret. Like libsodium, sign trusts the pk half of sk: signing with a pk
 * that does not belong to the seed produces signatures that, together with a
 * correct one, reveal the secret scalar. Keep sk as keypair made it. */
int ecx_ed25519_sign(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[64]);

/* Strict verification: accepts exactly what libsodium 1.0.18's
 * crypto_sign_verify_detached accepts — S < l, canonical encodings of A and
 * R, A and R not of small order, and the cofactorless equation
 * [S]B = R + [k]A. ECX_OK, ECX_ERR_INVALID for a NULL buffer or an encoding
 * that fails the rules (S >= l, undecodable or non-canonical point), or
 * ECX_ERR_VERIFY when the equation or a policy check (small order) fails.
 * Variable time (all inputs are public). */
int ecx_ed25519_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32]);

/* ZIP-215 verification: S must be canonical (< l); A and R may use
 * non-canonical encodings and may have small order; the cofactored equation
 * [8]([S]B - R - [k]A) = 0. Same status codes. Variable time. */
int ecx_ed25519_verify_zip215(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32]);

/* Batch verification under ZIP-215 rules: a random 128-bit linear
 * combination of the n equations checked with one multiscalar
 * multiplication. Returns ECX_OK iff every signature verifies (n = 0
 * verifies). When the batch fails and `results` is not NULL, results[i]
 * receives signature i's own verdict (what ecx_ed25519_verify_zip215 says);
 * when it verifies, every results[i] is ECX_OK. ECX_ERR_INVALID if an array
 * or an entry of one is NULL (msgs[i] may be NULL when mlens[i] is 0; with
 * n = 0 the arrays are not read and may be NULL),
 * ECX_ERR_RANDOM if the OS gives no randomness for the weights,
 * ECX_ERR_NOMEM if the scratch space cannot be allocated; with these three
 * errors results is not written. Variable time. */
int ecx_ed25519_verify_batch(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                             const size_t mlens[], const uint8_t *const pks[], int results[]);

#ifdef __cplusplus
}
#endif

#endif
