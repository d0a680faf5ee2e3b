/* The operations table every backend defines: the interface between the
 * backends and dispatch, in a neutral place both include (DESIGN.md).
 *
 * A backend is one or a few translation units that include its arithmetic
 * headers, then the generic implementation headers of src/curve25519 and
 * src/p256, and end by defining `const struct ecx_backend ecxi_backend_NAME`
 * (curve25519/backend_impl.h). Everything else in a backend is static. The
 * public functions in src/api check their arguments, then make one call
 * through the active table: dispatch happens once per public call.
 *
 * This header holds what the public functions call; the entries only the
 * tests and benchmarks use are in backend/ops_internal.h.
 */
#ifndef ECX_BACKEND_OPS_H
#define ECX_BACKEND_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "ecx/f25519.h"
#include "ecx/rangeproof.h"

/* CPU features a backend may require; see src/dispatch/cpu.c. */
#define ECXI_CPU_AVX2 (1u << 0)
#define ECXI_CPU_IFMA (1u << 1) /* avx512ifma + avx512vl, with OS support */
#define ECXI_CPU_NEON (1u << 2)
#define ECXI_CPU_SHA (1u << 3)  /* x86 SHA + SSSE3 + SSE4.1: SHA-256 (src/hash), not a backend */
#define ECXI_CPU_ADX (1u << 4)  /* x86 BMI2 + ADX: P-256's field product in MULX / ADCX / ADOX */

/* Test- and benchmark-only tables (backend/ops_internal.h). */
struct ecxi_f25519_internal;
struct ecxi_edwards_ops;
struct ecxi_p256_arith;
struct ecxi_p256_group;

/* Ristretto255 (RFC 9496) on 32-byte encodings, for the public functions
 * of ristretto.h (src/curve25519/ristretto_table.h). src/api rejects NULL
 * buffers (the msm arrays only when n > 0); the table checks the rest:
 * points must be canonical encodings (RFC 9496, section 4.3.1) and scalars
 * canonical (little-endian, < l) — the scalar check is here because it must
 * be constant time for secret scalars. Each returns ECX_OK,
 * ECX_ERR_INVALID, or (msm_vartime only) ECX_ERR_NOMEM. Outputs may alias
 * inputs. */
struct ecxi_ristretto_ops {
    /* ECX_OK if p decodes, else ECX_ERR_INVALID. */
    int (*is_valid)(const uint8_t p[32]);
    int (*add)(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
    int (*sub)(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
    /* r = [s]p and r = [s]B. Constant time in s; s >= l gives
     * ECX_ERR_INVALID and r = the identity (no branch on the scalar). */
    int (*scalarmult)(uint8_t r[32], const uint8_t s[32], const uint8_t p[32]);
    int (*scalarmult_base)(uint8_t r[32], const uint8_t s[32]);
    /* The one-way map of 64 uniform bytes (section 4.3.4). Constant time. */
    int (*from_uniform)(uint8_t r[32], const uint8_t h[64]);
    /* r = sum [scalars[i]] points[i] (n = 0: the identity). Variable time. */
    int (*msm_vartime)(uint8_t r[32], size_t n, const uint8_t scalars[][32], const uint8_t points[][32]);
};

/* P-256 (src/p256/p256_table.h). Values are 32-byte big-endian (SEC1).
 * src/api rejects NULL buffers; the table checks the values, in constant
 * time because they may be secret. Outputs may alias inputs. */
struct ecxi_p256_ops {
    /* out = 1/in mod p, resp. mod n. ECX_OK for 0 < in < modulus; otherwise
     * ECX_ERR_INVALID and out = 0 (written without a branch on in). */
    int (*field_invert)(uint8_t out[32], const uint8_t in[32]);
    int (*scalar_invert)(uint8_t out[32], const uint8_t in[32]);
    /* Keys and ECDSA (src/p256/ecdsa.h). pk = [sk]G uncompressed; sign
     * with SHA-256 and RFC 6979 (sign_digest takes the 32-byte digest):
     * ECX_OK, or ECX_ERR_INVALID for sk = 0 or sk >= n with the output
     * zeroed; constant time in sk. verify takes a SEC1 key of pklen bytes
     * (65 uncompressed, 33 compressed): ECX_OK, ECX_ERR_INVALID (r or s not
     * in [1, n - 1], a key that does not decode) or ECX_ERR_VERIFY;
     * variable time. compress / decompress re-encode a public key:
     * ECX_ERR_INVALID (out untouched) if it does not decode. */
    int (*public_key)(uint8_t pk[65], const uint8_t sk[32]);
    int (*sign)(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[32]);
    int (*sign_digest)(uint8_t sig[64], const uint8_t digest[32], const uint8_t sk[32]);
    int (*verify)(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t *pk, size_t pklen);
    int (*verify_digest)(const uint8_t sig[64], const uint8_t digest[32], const uint8_t *pk, size_t pklen);
    int (*public_key_compress)(uint8_t out[33], const uint8_t pk[65]);
    int (*public_key_decompress)(uint8_t out[65], const uint8_t pk[33]);
    /* For the tests and benchmarks: the arithmetic mod p and mod n, the
     * addition-chain inversions out = in^(M-2) mod M (any in, reduced mod
     * M first; src/p256/field_invert_fermat.h, scalar_invert_chain.h), and
     * the group operations (backend/ops_internal.h). */
    const struct ecxi_p256_arith *field;
    const struct ecxi_p256_arith *scalar;
    void (*field_invert_chain)(uint8_t out[32], const uint8_t in[32]);
    void (*scalar_invert_chain)(uint8_t out[32], const uint8_t in[32]);
    const struct ecxi_p256_group *group;
};

/* Bulletproofs range proofs (src/proofs/rangeproof_table.h), for the public
 * functions of rangeproof.h. src/api checks the arguments (NULL buffers, the
 * shape, the generators' capacity, the proof buffer's size) and supplies
 * the randomness: `random` (prove) is what merlin's transcript RNG is
 * finalized with, `seed` (verify_batch) derives the verifier's random
 * scalars; tests pass fixed bytes to reproduce proofs. Transcripts are
 * advanced only on ECX_OK. See src/proofs/rangeproof_prove.h and
 * rangeproof_verify.h for the contracts. */
struct ecx_rangeproof_gens;
struct ecxi_rangeproof_ops {
    /* The generators' points from their uniform bytes, and the backend's
     * cache of them (ecx_rangeproof_gens_new). ECX_OK or ECX_ERR_NOMEM. */
    int (*gens_points)(struct ecx_rangeproof_gens *g, const uint8_t (*uniform)[64]);
    /* Constant time in values and blindings. */
    int (*prove)(uint8_t *proof, uint8_t (*commitments)[32], const struct ecx_rangeproof_gens *g,
                 ecx_transcript *t, const uint64_t *values, const uint8_t (*blindings)[32], size_t m, size_t n,
                 const uint8_t random[32]);
    /* A single verification is a batch of one. Variable time. */
    int (*verify_batch)(size_t count, const uint8_t *const proofs[], const size_t lens[],
                        const uint8_t (*const commitments[])[32], const size_t ms[], size_t n,
                        const struct ecx_rangeproof_gens *g, ecx_transcript *const ts[], const uint8_t seed[32]);
};

struct ecx_backend {
    const char *name;
    unsigned cpu_requirements; /* all of these ECXI_CPU_* bits are needed */
    const ecx_f25519_ops *f25519;
    const struct ecxi_f25519_internal *f25519_internal;

    /* Ed25519. Arguments are checked by src/api: buffers are non-NULL. */
    int (*ed25519_keypair)(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);
    int (*ed25519_sign)(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[64]);
    /* zip215 = 0: strict (libsodium 1.0.18) rules; 1: ZIP-215 rules. */
    int (*ed25519_verify)(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32],
                          unsigned zip215);
    /* ZIP-215 rules; the weights are derived from `seed` (32 random bytes
     * from the API layer). */
    int (*ed25519_verify_batch)(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                                const size_t mlens[], const uint8_t *const pks[], int results[],
                                const uint8_t seed[32]);
    const struct ecxi_edwards_ops *edwards;
    const struct ecxi_ristretto_ops *ristretto;
    const struct ecxi_p256_ops *p256;
    const struct ecxi_rangeproof_ops *rangeproof;
};

#endif
