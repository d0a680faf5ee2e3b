/* The entries of the operations table that only the tests and benchmarks
 * use: raw field and scalar operations beyond f25519.h, group operations on
 * encoded Edwards points, and the P-256 modular arithmetic. The library's
 * public functions never call these. */
#ifndef ECX_BACKEND_OPS_INTERNAL_H
#define ECX_BACKEND_OPS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "backend/ops.h"

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
 * tests (src/curve25519/edwards_table.h). Points are 32-byte encodings,
 * decoded with the ZIP-215 rules (any encoding that decodes) unless stated;
 * outputs are canonical encodings. Scalars are 32 little-endian bytes with
 * bit 255 ignored (like libsodium's *_noclamp functions): [s]P uses
 * s mod 2^255, so small-order components are multiplied as they are.
 * Functions returning int give ECX_OK or ECX_ERR_INVALID (a point that does
 * not decode) unless stated. */
#define ECXI_MSM_AUTO 0u
#define ECXI_MSM_STRAUS 1u
#define ECXI_MSM_PIPPENGER 2u
#define ECXI_MSM_PIPPENGER_FIXED 3u /* msm_pippenger_fixed.h, its table built for the call */

struct ecxi_edwards_ops {
    /* r = [s]B. Constant time. */
    void (*mul_base)(uint8_t r[32], const uint8_t s[32]);
    /* r = [s]P. Constant time in s. */
    int (*mul_var)(uint8_t r[32], const uint8_t s[32], const uint8_t p[32]);
    /* r = [a]A + [b]B. Variable time. */
    int (*double_mul_vartime)(uint8_t r[32], const uint8_t a[32], const uint8_t A[32], const uint8_t b[32]);
    /* r = sum [scalars[i]] points[i] (n = 0: the identity), Straus for
     * small n, Pippenger for large n (src/curve25519/msm.h). Variable time.
     * ECX_ERR_INVALID if a point does not decode, ECX_ERR_NOMEM. */
    int (*msm_vartime)(uint8_t r[32], size_t n, const uint8_t scalars[][32], const uint8_t points[][32]);
    /* The same with the algorithm forced, for the tests: ECXI_MSM_AUTO,
     * ECXI_MSM_STRAUS or ECXI_MSM_PIPPENGER; width 0 lets Pippenger choose
     * its window, 4..15 forces it. */
    int (*msm_vartime_with)(uint8_t r[32], size_t n, const uint8_t scalars[][32], const uint8_t points[][32],
                            unsigned algorithm, unsigned width);

    /* For the tests. out = canonical re-encoding of `in` decoded under the
     * strict (zip215 = 0) or ZIP-215 (zip215 = 1) rules. */
    int (*decode)(uint8_t out[32], const uint8_t in[32], unsigned zip215);
    int (*add)(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
    int (*sub)(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);
    int (*mul_by_cofactor)(uint8_t r[32], const uint8_t p[32]);
    /* 1 or 0, or ECX_ERR_INVALID when p does not decode. has_small_order
     * computes [8]p; has_small_order_bytes is strict verification's
     * byte-level blacklist (libsodium's ge25519_has_small_order; any 32
     * bytes, never fails). */
    int (*has_small_order)(const uint8_t p[32]);
    int (*has_small_order_bytes)(const uint8_t p[32]);
    int (*is_torsion_free)(const uint8_t p[32]);
};

/* P-256 modular arithmetic on 32-byte big-endian values, one table per
 * modulus (p or n), for the tests and benchmarks (src/p256/p256_table.h).
 * Inputs are any 256-bit strings, reduced by from_bytes; outputs are
 * canonical. Constant time; outputs may alias inputs. */
struct ecxi_p256_arith {
    /* r = s mod M; returns 1 if s < M, else 0. */
    unsigned (*from_bytes)(uint8_t r[32], const uint8_t s[32]);
    void (*add)(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
    void (*sub)(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
    void (*mul)(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
    void (*neg)(uint8_t r[32], const uint8_t a[32]);
    void (*sq)(uint8_t r[32], const uint8_t a[32]);
    /* r = 1/a (safegcd), 1/0 = 0. */
    void (*invert)(uint8_t r[32], const uint8_t a[32]);
    /* r = flag ? a : r, flag in {0, 1}. */
    void (*cmov)(uint8_t r[32], const uint8_t a[32], unsigned flag);
    unsigned (*is_zero)(const uint8_t a[32]);
    unsigned (*equal)(const uint8_t a[32], const uint8_t b[32]);
    /* r = r b^count by count multiplications inside the representation
     * (one conversion in, one out): ecbench's per-multiplication rows. */
    void (*mul_repeat)(uint8_t r[32], const uint8_t b[32], unsigned long count);
    /* r = r^(2^count) by count squarings inside the representation. */
    void (*sq_repeat)(uint8_t r[32], unsigned long count);
    /* Field table only (NULL for the scalars): both reductions mod p of the
     * backend, whichever is its default, for their differential tests and
     * ecbench rows (p256/field_{mul,sq}_{montgomery,solinas}). r and b are
     * taken as limbs with no conversion; outputs (count >= 1) are < p.
     * ECXI_P256_MONTGOMERY (r < 2^256, b < p; squaring: r < p): r = r
     * b^count R^-count (b NULL: count squarings x -> x^2 R^-1), R = 2^256;
     * ECXI_P256_SOLINAS (any r, b < 2^256): r = r b^count (b NULL:
     * r^(2^count)), all mod p. */
    void (*reduction_repeat)(uint8_t r[32], const uint8_t *b, unsigned long count, unsigned reduction);
};
#define ECXI_P256_MONTGOMERY 0u
#define ECXI_P256_SOLINAS 1u

/* P-256 group operations on encoded points, for the tests
 * (src/p256/group_table.h). Points are 65 bytes, 0x04 || x || y, or 65
 * zero bytes for the identity; scalars 32 big-endian bytes reduced mod n.
 * Each returns ECX_OK, or ECX_ERR_INVALID if a point does not decode. */
struct ecxi_p256_group {
    int (*add)(uint8_t r[65], const uint8_t p[65], const uint8_t q[65]);       /* complete */
    int (*add_affine)(uint8_t r[65], const uint8_t p[65], const uint8_t q[65]); /* mixed: q not the identity */
    int (*dbl)(uint8_t r[65], const uint8_t p[65]);
    int (*mul_base)(uint8_t r[65], const uint8_t k[32]);                  /* [k]G, constant time */
    int (*mul)(uint8_t r[65], const uint8_t k[32], const uint8_t p[65]);  /* [k]P, constant time in k */
    int (*double_mul_vartime)(uint8_t r[65], const uint8_t a[32], const uint8_t b[32], const uint8_t p[65]);
};

#endif
