/* The prover's inner-product argument (Bulletproofs, Bunz et al., IEEE S&P
 * 2018, protocol 2 with the Fiat-Shamir transform), as the crate's
 * InnerProductProof::create (src/inner_product_proof.rs): the same L_k,
 * R_k, transcript and challenges, so the proof bytes are the crate's for
 * the same witness.
 *
 * Where the crate folds the generators after every round (G' = u^-1 G_lo +
 * u G_hi, two scalar multiplications per generator and round), the
 * generators stay the original ones here and only their coefficients are
 * folded: after the rounds so far, the k-th original G (resp. H) enters the
 * current G'[k mod n'] with the coefficient gc[k] (resp. hc[k]), the product
 * of the challenges it was folded with (and the H factor y^-k). Each round
 * then costs two multiscalar multiplications over the original points and
 * no point folding: L = <a_lo, G'_hi> + <b_hi, H'_lo> + c_L Q becomes
 *   sum over k with (k mod n') >= n of a[(k mod n') - n] gc[k] G_k
 *   + sum over k with (k mod n') <  n of b[(k mod n') + n] hc[k] H_k + c_L Q,
 * and R the same with lo and hi exchanged.
 *
 * VARIABLE TIME: a and b are l(x) and r(x), which the protocol without the
 * inner-product compression sends in the clear (the paper's equations 44-47:
 * they are blinded by s_L, s_R); the caller declassifies them. */
#ifndef ECX_PROOFS_INNER_PRODUCT_H
#define ECX_PROOFS_INNER_PRODUCT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "curve25519/edwards.h"
#include "curve25519/msm.h"
#include "curve25519/ristretto.h"
#include "ecx/ecx.h"
#include "proofs/rangeproof_points.h"
#include "proofs/rangeproof_protocol.h"

/* r = sum_{i < n} a[i] b[i]. */
static void rp_inner_product(sc *r, const sc *a, const sc *b, size_t n)
{
    sc t;
    sc_zero(r);
    for (size_t i = 0; i < n; i++) {
        rp_sc_mul(&t, &a[i], &b[i]);
        sc_add(r, r, &t);
    }
}

/* A challenge scalar: 64 transcript bytes reduced mod l. */
static void rp_challenge(sc *r, ecxi_transcript *t, const char *label)
{
    uint8_t wide[64];
    ecxi_rp_challenge64(t, label, wide);
    sc_from_wide(r, wide);
}

/* One of L, R: sum_k coef_k P_k + c Q, where for lower = 1 the G side takes
 * the k with (k mod np) >= half (L) and for lower = 0 those below (R). */
static int rp_ipp_side(uint8_t out[32], size_t N, size_t np, unsigned lower, const sc *a, const sc *b,
                       const sc *gc, const sc *hc, const ge_p3 *G, const ge_p3 *H, const ge_p3 *Q, const sc *c,
                       ge_p3 *pts, uint8_t (*scal)[32])
{
    const size_t half = np / 2;
    sc t;
    for (size_t k = 0; k < N; k++) {
        const size_t pos = k & (np - 1);
        const unsigned g_side = lower ? pos >= half : pos < half;
        if (g_side) {
            rp_sc_mul(&t, &a[lower ? pos - half : pos + half], &gc[k]);
            pts[k] = G[k];
        } else {
            rp_sc_mul(&t, &b[lower ? pos + half : pos - half], &hc[k]);
            pts[k] = H[k];
        }
        sc_to_bytes(scal[k], &t);
    }
    pts[N] = *Q;
    sc_to_bytes(scal[N], c);
    ge_p3 sum;
    int status = ge_msm_vartime(&sum, N + 1, (const uint8_t(*)[32])scal, pts);
    if (status == ECX_OK) ristretto_encode(out, &sum);
    return status;
}

/* Writes the inner-product proof for <a, b> over the generators G, H (N
 * each, N a power of two >= 1) with the H factors hfac (y^-k) and the point
 * Q: out = L_0 || R_0 || ... || L_{lg-1} || R_{lg-1} || a' || b', 64 lg + 64
 * bytes. a and b (N each) are overwritten. Appends to t as the crate does.
 * ECX_OK or ECX_ERR_NOMEM. VARIABLE TIME (see above). */
static int rp_ipp_prove(uint8_t *out, ecxi_transcript *t, const ge_p3 *Q, const sc *hfac, const ge_p3 *G,
                        const ge_p3 *H, sc *a, sc *b, size_t N)
{
    sc *gc = malloc(N * sizeof *gc), *hc = malloc(N * sizeof *hc);
    ge_p3 *pts = malloc((N + 1) * sizeof *pts);
    uint8_t(*scal)[32] = malloc((N + 1) * 32);
    int status = ECX_ERR_NOMEM;
    if (!gc || !hc || !pts || !scal) goto done;

    ecxi_rp_ipp_domain_sep(t, N);
    for (size_t k = 0; k < N; k++) {
        sc_one(&gc[k]);
        hc[k] = hfac[k];
    }
    status = ECX_OK;
    for (size_t np = N; np > 1 && status == ECX_OK; np /= 2) {
        const size_t half = np / 2;
        sc c_L, c_R, u, u_inv, t1, t2;
        rp_inner_product(&c_L, a, b + half, half);
        rp_inner_product(&c_R, a + half, b, half);
        status = rp_ipp_side(out, N, np, 1, a, b, gc, hc, G, H, Q, &c_L, pts, scal);
        if (status == ECX_OK) status = rp_ipp_side(out + 32, N, np, 0, a, b, gc, hc, G, H, Q, &c_R, pts, scal);
        if (status != ECX_OK) break;
        ecxi_rp_append32(t, "L", out);
        ecxi_rp_append32(t, "R", out + 32);
        out += 64;
        rp_challenge(&u, t, "u");
        sc_invert(&u_inv, &u);
        for (size_t i = 0; i < half; i++) {
            rp_sc_mul(&t1, &a[i], &u); /* a' = u a_lo + u^-1 a_hi */
            rp_sc_mul(&t2, &a[half + i], &u_inv);
            sc_add(&a[i], &t1, &t2);
            rp_sc_mul(&t1, &b[i], &u_inv); /* b' = u^-1 b_lo + u b_hi */
            rp_sc_mul(&t2, &b[half + i], &u);
            sc_add(&b[i], &t1, &t2);
        }
        /* G' = u^-1 G_lo + u G_hi, H' = u H_lo + u^-1 H_hi. */
        for (size_t k = 0; k < N; k++) {
            const unsigned lo = (k & (np - 1)) < half;
            rp_sc_mul(&gc[k], &gc[k], lo ? &u_inv : &u);
            rp_sc_mul(&hc[k], &hc[k], lo ? &u : &u_inv);
        }
    }
    if (status == ECX_OK) {
        sc_to_bytes(out, &a[0]);
        sc_to_bytes(out + 32, &b[0]);
    }
done:
    free(gc);
    free(hc);
    free(pts);
    free(scal);
    return status;
}

#endif
