/* Ed25519 batch verification under the ZIP-215 rules, written once against
 * the field and scalar contracts and compiled per backend.
 *
 * Source: the random linear combination of Bernstein, Duif, Lange, Schwabe
 * and Yang, "High-speed high-security signatures" (CHES 2011, section 5),
 * with the cofactored equation of ZIP-215 and the batch equation of
 * Bernstein, Doumen, Lange and Oosterwijk, "Faster batch forgery
 * identification" (INDOCRYPT 2012); ed25519-zebra's batch verifier checks
 * the same equation. For signatures (R_i, S_i) on m_i under A_i, with
 * k_i = SHA-512(R_i || A_i || m_i) mod l and independent random 128-bit
 * weights z_i, the batch verifies iff
 *
 *     [8] ( [-sum z_i S_i] B + sum [z_i] R_i + sum [z_i k_i] A_i ) = 0,
 *
 * checked with one multiscalar multiplication of 2n + 1 points (msm.h). If
 * every signature verifies on its own, the sum is zero; if one does not,
 * the sum is zero with probability at most about 2^-128 over the weights.
 *
 * Per signature the rules are those of ed25519_impl_verify with zip215 = 1:
 * S canonical (< l), A and R any encoding that decodes (non-canonical y and
 * the sign bit on x = 0 allowed, small order allowed).
 *
 * The weights. The API layer passes 32 random bytes `seed` (OS
 * randomness); the weights are derived deterministically from it, so this
 * code is testable:
 *
 *     z_i = bytes 16 (i mod 4) .. 16 (i mod 4) + 15 of
 *           SHA-512(seed || LE64(floor(i / 4))),
 *
 * read as a little-endian 128-bit integer (one SHA-512 block gives four
 * weights); a weight of 0 (probability 2^-128) is replaced by 1 so that no
 * signature drops out of the combination.
 *
 * VARIABLE TIME: everything here is public.
 */
#ifndef ECX_CURVE25519_ED25519_BATCH_H
#define ECX_CURVE25519_ED25519_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curve25519/ed25519_impl.h"
#include "curve25519/edwards_decode_x2.h"
#include "curve25519/edwards.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/msm.h"
#include "ecx/ecx.h"
#include "hash/sha512.h"

/* The four weights of block `block`: out = SHA-512(seed || LE64(block)). */
static inline void ed25519_batch_weight_block(uint8_t out[64], const uint8_t seed[32], uint64_t block)
{
    uint8_t in[40];
    memcpy(in, seed, 32);
    for (int k = 0; k < 8; k++) in[32 + k] = (uint8_t)(block >> (8 * k));
    ecxi_sha512(out, in, sizeof in);
}

/* Fills results[0..n-1] (when not NULL) with each signature's own ZIP-215
 * verdict and returns ECX_ERR_VERIFY: the failure path of the batch. */
static int ed25519_batch_fail(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                              const size_t mlens[], const uint8_t *const pks[], int results[])
{
    if (results)
        for (size_t i = 0; i < n; i++) results[i] = ed25519_impl_verify(sigs[i], msgs[i], mlens[i], pks[i], 1);
    return ECX_ERR_VERIFY;
}

/* Batch verification of the n signatures sigs[i] on (msgs[i], mlens[i])
 * under pks[i] with the ZIP-215 rules; weights from `seed` as above. The
 * arrays and their entries are non-NULL (msgs[i] may be NULL when mlens[i]
 * is 0): src/api checks them.
 *
 * Returns ECX_OK iff every signature verifies (n = 0 verifies); results[i]
 * (if results is not NULL) is then ECX_OK for all i. Otherwise returns
 * ECX_ERR_VERIFY — whatever the reason, a wrong equation or an encoding
 * ZIP-215 rejects — and, when results is not NULL, results[i] is what
 * ed25519_impl_verify(..., zip215 = 1) says of signature i (ECX_OK,
 * ECX_ERR_INVALID or ECX_ERR_VERIFY). Should every entry verify on its own
 * while the combination fails (impossible but for a 2^-128 event), the
 * batch still returns ECX_ERR_VERIFY. ECX_ERR_NOMEM (results untouched) if
 * the scratch space cannot be allocated. VARIABLE TIME. */
static int ed25519_impl_verify_batch(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                                     const size_t mlens[], const uint8_t *const pks[], int results[],
                                     const uint8_t seed[32])
{
    if (n == 0) return ECX_OK;
    if (n > (SIZE_MAX / 2 - 1) / (sizeof(ge_p3) + 32)) return ECX_ERR_NOMEM;
    const size_t m = 2 * n + 1;
    ge_p3 *points = malloc(m * sizeof *points);
    uint8_t(*scalars)[32] = malloc(m * 32);
    if (!points || !scalars) {
        free(points);
        free(scalars);
        return ECX_ERR_NOMEM;
    }

    /* points[0] = B, points[1 + 2i] = R_i, points[2 + 2i] = A_i. */
    sc bsum, z, k, S, t;
    uint8_t weights[64], zbytes[32] = {0}, h[64];
    ecxi_sha512_ctx ctx;
    int decoded = 1;
    sc_zero(&bsum);
    for (size_t i = 0; i < n && decoded; i++) {
        const uint8_t *R = sigs[i], *Sb = sigs[i] + 32;
        const uint8_t *enc[2] = {R, pks[i]};
        unsigned ok[2];
        if (!sc_from_bytes(&S, Sb)) {
            decoded = 0;
            break;
        }
        /* R_i and A_i, decoded together (edwards_decode_x2.h). */
        ge_p3_from_bytes_zip215_x2(&points[1 + 2 * i], ok, enc);
        if (!(ok[0] & ok[1])) {
            decoded = 0;
            break;
        }

        /* k_i = SHA-512(R || A || m) mod l, from the bytes as given. */
        ecxi_sha512_init(&ctx);
        ecxi_sha512_update(&ctx, R, 32);
        ecxi_sha512_update(&ctx, pks[i], 32);
        ecxi_sha512_update(&ctx, msgs[i], mlens[i]);
        ecxi_sha512_final(&ctx, h);
        sc_from_wide(&k, h);

        /* z_i, 128 bits, never 0. */
        if (i % 4 == 0) ed25519_batch_weight_block(weights, seed, (uint64_t)(i / 4));
        memcpy(zbytes, weights + 16 * (i % 4), 16);
        unsigned nonzero = 0;
        for (int b = 0; b < 16; b++) nonzero |= zbytes[b];
        if (!nonzero) zbytes[0] = 1;
        sc_from_bytes(&z, zbytes); /* < 2^128 < l: always canonical */

        memcpy(scalars[1 + 2 * i], zbytes, 32);
        sc_mul(&t, &z, &k);
        sc_to_bytes(scalars[2 + 2 * i], &t);
        sc_mul(&t, &z, &S);
        sc_add(&bsum, &bsum, &t);
    }

    int status;
    if (!decoded) {
        status = ECX_ERR_VERIFY;
    } else {
        ge_p3 sum;
        sc_neg(&bsum, &bsum);
        sc_to_bytes(scalars[0], &bsum);
        ge_p3_base(&points[0]);
        status = ge_msm_vartime(&sum, m, (const uint8_t(*)[32])scalars, points);
        if (status == ECX_OK) {
            ge_p3_mul_by_cofactor(&sum, &sum);
            status = ge_p3_is_identity(&sum) ? ECX_OK : ECX_ERR_VERIFY;
        }
    }
    free(points);
    free(scalars);

    if (status == ECX_OK) {
        if (results)
            for (size_t i = 0; i < n; i++) results[i] = ECX_OK;
        return ECX_OK;
    }
    if (status == ECX_ERR_NOMEM) return status;
    return ed25519_batch_fail(n, sigs, msgs, mlens, pks, results);
}

#endif
