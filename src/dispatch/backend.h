/* The operations table every backend defines, and the registry's view of it.
 *
 * A backend is one or a few translation units that include its arithmetic
 * headers, then the generic implementation headers of src/curve25519, and end
 * by defining `const struct ecx_backend ecxi_backend_NAME`. Everything else in
 * a backend is static. The public functions in src/api check their
 * arguments, then make one call through the active table: dispatch happens
 * once per public call.
 */
#ifndef ECX_DISPATCH_BACKEND_H
#define ECX_DISPATCH_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "ecx/f25519.h"

/* CPU features a backend may require; see src/dispatch/cpu.c. */
#define ECXI_CPU_AVX2 (1u << 0)
#define ECXI_CPU_IFMA (1u << 1) /* avx512ifma + avx512vl, with OS support */
#define ECXI_CPU_NEON (1u << 2)

/* Field and scalar operations that f25519.h does not expose, for the tests
 * only (reached by linking the static library). Same value containers and
 * the same TIGHT-in, TIGHT-out rule as ecx_f25519_ops. */
struct ecxi_f25519_internal {
    void (*fe_neg)(ecx_fe25519 *r, const ecx_fe25519 *a);
    void (*fe_sqn)(ecx_fe25519 *r, const ecx_fe25519 *a, unsigned n);
    void (*fe_mul_small)(ecx_fe25519 *r, const ecx_fe25519 *a, uint32_t c);
    void (*fe_cmov)(ecx_fe25519 *r, const ecx_fe25519 *a, unsigned flag);
    void (*fe_cswap)(ecx_fe25519 *a, ecx_fe25519 *b, unsigned flag);
    unsigned (*fe_equal)(const ecx_fe25519 *a, const ecx_fe25519 *b);
    unsigned (*fe_is_zero)(const ecx_fe25519 *a);
    unsigned (*fe_is_negative)(const ecx_fe25519 *a);
    void (*fe_pow_p58)(ecx_fe25519 *r, const ecx_fe25519 *a);
    /* RFC 9496 SQRT_RATIO_M1: returns was_square, r = the non-negative root. */
    unsigned (*fe_sqrt_ratio)(ecx_fe25519 *r, const ecx_fe25519 *u, const ecx_fe25519 *v);
    void (*sc_from_bytes_reduce)(ecx_sc25519 *r, const uint8_t s[32]);
    void (*sc_neg)(ecx_sc25519 *r, const ecx_sc25519 *a);
    void (*sc_sq)(ecx_sc25519 *r, const ecx_sc25519 *a);
    /* Recodings of a canonical scalar (s < 2^255), see curve25519/scalar_recode.h. */
    void (*sc_recode_radix16)(int8_t digits[64], const uint8_t s[32]);
    void (*sc_recode_wnaf)(int8_t naf[256], const uint8_t s[32], unsigned w);
};

/* Group operations on encoded edwards25519 points, for the benchmarks and
 * tests (and, later, for Ristretto and range proofs). Filled in by the
 * Ed25519 work; see src/curve25519/. */
struct ecxi_edwards_ops;

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
};

/* The registry (src/dispatch/registry.c). */

/* The table named `name` if it is built and usable on this CPU, else NULL. */
const struct ecx_backend *ecxi_backend_find(const char *name);
/* The active table (runs the one-time initialisation first). */
const struct ecx_backend *ecxi_backend_active(void);

#endif
