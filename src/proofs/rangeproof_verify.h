/* Range-proof verification, single and batched, compiled per backend.
 *
 * One proof is checked with the crate's single-multiscalar equation
 * (src/range_proof/mod.rs, verify_multiple_with_rng): with the challenges
 * y, z, x, w, u_1 .. u_lg replayed from the transcript, a random c, and
 * s_i the products of the u_k^(+-1) of the inner-product verification
 * (InnerProductProof::verification_scalars),
 *   A + [x]S + [c x]T_1 + [c x^2]T_2 + sum_k ([u_k^2]L_k + [u_k^-2]R_k)
 *   + [-e_blinding - c t_x_blinding]B_blinding
 *   + [w (t_x - a b) + c (delta(y, z) - t_x)]B
 *   + sum_i [-z - a s_i]G_i + sum_i [z + y^-i (z^2 z^(i/n) 2^(i mod n) - b s_(nm-1-i))]H_i
 *   + sum_j [c z^2 z^j]V_j = identity,
 * delta(y, z) = (z - z^2) sum_{i<nm} y^i - z^3 (2^n - 1) sum_{j<m} z^j.
 * The inversions (every u_k and y) are one batch inversion per proof.
 *
 * A batch multiplies each proof's equation by its own random weight r and
 * adds them: the shared points (B, B_blinding, G, H) get the summed
 * scalars, the proofs' own points their weighted ones, and one
 * multiscalar multiplication decides for all. c and r come from SHAKE256 of
 * the caller's 32 random bytes and the proof's index. A single proof is a
 * batch of one.
 *
 * VARIABLE TIME: public data only. */
#ifndef ECX_PROOFS_RANGEPROOF_VERIFY_H
#define ECX_PROOFS_RANGEPROOF_VERIFY_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curve25519/edwards.h"
#include "curve25519/msm.h"
#include "curve25519/ristretto.h"
#include "curve25519/scalar_batch.h"
#include "ecx/ecx.h"
#include "hash/keccak.h"
#include "proofs/inner_product.h"
#include "proofs/rangeproof_cache.h"
#include "proofs/rangeproof_gens.h"
#include "proofs/rangeproof_points.h"
#include "proofs/rangeproof_protocol.h"

/* r = SHAKE256(seed || LE64(index)), 64 bytes reduced mod l. */
static void rp_weight(sc *r, const uint8_t seed[32], uint64_t index)
{
    uint8_t in[40], wide[64];
    memcpy(in, seed, 32);
    for (int i = 0; i < 8; i++) in[32 + i] = (uint8_t)(index >> (8 * i));
    ecxi_shake256(wide, sizeof wide, in, sizeof in);
    sc_from_wide(r, wide);
}

/* Decodes a proof's points into pts (A, S, T_1, T_2 at 0..3, L_k at 4 + k,
 * R_k at 4 + lg + k, V_j at 4 + 2 lg + j), FE_SQRT_LANES per square root
 * (ristretto_decode_lanes), and returns the status the crate gives for the
 * first point it refuses, in the transcript's order (V_0 .. V_(m-1), A, S,
 * T_1, T_2, L_0, R_0, L_1, ...): ECX_ERR_INVALID for a point that does not
 * decode; for all but the V_j also ECX_ERR_VERIFY for the identity's
 * encoding (32 zero bytes: validate_and_append_point). ECX_OK if none. */
static int rp_decode_points(const ecxi_rp_view *v, const uint8_t (*V)[32], size_t m, ge_p3 *pts)
{
    enum { MAX_POINTS = ECXI_RP_MAX_M + 4 + 2 * ECXI_RP_MAX_LG };
    static const uint8_t ZERO[32] = {0};
    const unsigned lg = v->lg;
    const size_t count = m + 4 + 2 * (size_t)lg;
    const uint8_t *enc[MAX_POINTS];
    size_t at[MAX_POINTS]; /* where point i of the transcript's order goes in pts */
    size_t i = 0;
    for (size_t j = 0; j < m; j++) enc[i] = V[j], at[i++] = 4 + 2 * (size_t)lg + j;
    const uint8_t *const first[4] = {v->A, v->S, v->T1, v->T2};
    for (size_t j = 0; j < 4; j++) enc[i] = first[j], at[i++] = j;
    for (unsigned k = 0; k < lg; k++) {
        enc[i] = v->L[k], at[i++] = 4 + k;
        enc[i] = v->R[k], at[i++] = 4 + lg + k;
    }

    unsigned ok[MAX_POINTS];
    for (i = 0; i < count; i += FE_SQRT_LANES) {
        const size_t lanes = count - i < FE_SQRT_LANES ? count - i : FE_SQRT_LANES;
        ge_p3 decoded[FE_SQRT_LANES];
        ristretto_decode_lanes(decoded, &ok[i], &enc[i], lanes);
        for (size_t k = 0; k < lanes; k++) pts[at[i + k]] = decoded[k];
    }
    for (i = 0; i < count; i++) {
        if (i >= m && memcmp(enc[i], ZERO, 32) == 0) return ECX_ERR_VERIFY;
        if (!ok[i]) return ECX_ERR_INVALID;
    }
    return ECX_OK;
}

/* The shared part of a batch: the scalars of B, B_blinding, G_k, H_k
 * (k < n max m), summed over the proofs. */
struct rp_shared {
    sc B, Bb;
    sc *G, *H;
    sc *s; /* scratch: 2 n max m scalars for a proof */
};

/* One proof: replays its transcript t, decodes its points into pts[]
 * (4 + 2 lg + m of them: A, S, T_1, T_2, L_k, R_k, V_j) with their weighted
 * scalars in scal[], and adds its weighted scalars of the shared points to
 * sh. ECX_OK, ECX_ERR_INVALID (a point that does not decode) or
 * ECX_ERR_VERIFY (an identity where the crate refuses one). */
static int rp_verify_one(const ecxi_rp_view *v, const uint8_t (*V)[32], size_t m, size_t n, ecxi_transcript *t,
                         const uint8_t seed[32], uint64_t index, struct rp_shared *sh, ge_p3 *pts,
                         uint8_t (*scal)[32])
{
    const size_t N = n * m;
    const unsigned lg = v->lg;
    int st;
    sc y, z, x, w, c, r, zz, a, b, tx, txb, eb, tmp, tmp2, one;
    sc u[ECXI_RP_MAX_LG], inv[ECXI_RP_MAX_LG + 1], usq[ECXI_RP_MAX_LG], uinvsq[ECXI_RP_MAX_LG];

    if ((st = rp_decode_points(v, V, m, pts)) != ECX_OK) return st;
    ecxi_rp_domain_sep(t, n, m);
    for (size_t j = 0; j < m; j++) ecxi_rp_append32(t, "V", V[j]);
    ecxi_rp_append32(t, "A", v->A);
    ecxi_rp_append32(t, "S", v->S);
    rp_challenge(&y, t, "y");
    rp_challenge(&z, t, "z");
    ecxi_rp_append32(t, "T_1", v->T1);
    ecxi_rp_append32(t, "T_2", v->T2);
    rp_challenge(&x, t, "x");
    ecxi_rp_append32(t, "t_x", v->t_x);
    ecxi_rp_append32(t, "t_x_blinding", v->t_x_blinding);
    ecxi_rp_append32(t, "e_blinding", v->e_blinding);
    rp_challenge(&w, t, "w");
    ecxi_rp_ipp_domain_sep(t, N);
    for (unsigned k = 0; k < lg; k++) {
        ecxi_rp_append32(t, "L", v->L[k]);
        ecxi_rp_append32(t, "R", v->R[k]);
        rp_challenge(&u[k], t, "u");
        inv[k] = u[k];
        rp_sc_mul(&usq[k], &u[k], &u[k]);
    }
    inv[lg] = y;
    sc_batch_invert(inv, lg + 1); /* every 1/u_k and 1/y at once */

    (void)sc_from_bytes(&a, v->a);
    (void)sc_from_bytes(&b, v->b);
    (void)sc_from_bytes(&tx, v->t_x);
    (void)sc_from_bytes(&txb, v->t_x_blinding);
    (void)sc_from_bytes(&eb, v->e_blinding);
    rp_weight(&c, seed, 2 * index);
    rp_weight(&r, seed, 2 * index + 1);
    sc_one(&one);
    rp_sc_mul(&zz, &z, &z);

    /* The inner product's s_i (InnerProductProof::verification_scalars):
     * s_0 = prod 1/u_k and s_i = s_(i - 2^lg_i) u_(lg - lg_i)^2, the crate's
     * order of the challenges, so s_i = s_0 prod_{bit j of i} u_(lg-1-j)^2
     * and s_(N-1-i) = 1/s_i = s_(N-1) prod_{bit j of i} u_(lg-1-j)^-2.
     * Two arrays follow that recurrence with their own step factors, one
     * product per element:
     *   gs[i] = r a s_i               (step j: u_(lg-1-j)^2)
     *   hs[i] = r b s_(N-1-i) y^-i    (step j: u_(lg-1-j)^-2 y^-(2^j)).
     * G_i gets -(r z + gs[i]); H_i gets r z - hs[i] + Q_q P_t for i = q n + t,
     * with P_t = 2^t y^-t and Q_q = r z^2 z^q y^-(q n): their product is
     * r z^2 z^q 2^t y^-i. Three products per i in all. */
    sc *gs = sh->s, *hs = sh->s + N;
    sc gstep[ECXI_RP_MAX_LG], hstep[ECXI_RP_MAX_LG], yinv_pow, s_first, s_last;
    s_first = one;
    s_last = one; /* s_(N-1) = prod u_k */
    for (unsigned k = 0; k < lg; k++) {
        rp_sc_mul(&uinvsq[k], &inv[k], &inv[k]);
        rp_sc_mul(&s_first, &s_first, &inv[k]);
        rp_sc_mul(&s_last, &s_last, &u[k]);
    }
    yinv_pow = inv[lg];
    for (unsigned j = 0; j < lg; j++) {
        gstep[j] = usq[lg - 1 - j];
        rp_sc_mul(&hstep[j], &uinvsq[lg - 1 - j], &yinv_pow); /* yinv_pow = y^-(2^j) */
        rp_sc_mul(&yinv_pow, &yinv_pow, &yinv_pow);
    }
    sc rz, ypow, zpow;
    rp_sc_mul(&rz, &r, &z);
    rp_sc_mul(&tmp, &r, &a);
    rp_sc_mul(&gs[0], &tmp, &s_first);
    rp_sc_mul(&tmp, &r, &b);
    rp_sc_mul(&hs[0], &tmp, &s_last);
    for (size_t i = 1; i < N; i++) {
        const unsigned lg_i = ecxi_rp_log2(i); /* floor(log2 i) */
        const size_t k = (size_t)1 << lg_i;
        rp_sc_mul(&gs[i], &gs[i - k], &gstep[lg_i]);
        rp_sc_mul(&hs[i], &hs[i - k], &hstep[lg_i]);
    }

    /* P_t (t < n), and ypow = y^-n by log2 n squarings. */
    sc P[ECXI_RP_MAX_N];
    sc_one(&P[0]);
    for (size_t t = 1; t < n; t++) {
        rp_sc_mul(&P[t], &P[t - 1], &inv[lg]);
        sc_add(&P[t], &P[t], &P[t]);
    }
    ypow = inv[lg];
    for (size_t t = 1; t < n; t <<= 1) rp_sc_mul(&ypow, &ypow, &ypow);
    sc qstep, q; /* z y^-n, Q_j */
    rp_sc_mul(&qstep, &z, &ypow);
    rp_sc_mul(&zpow, &r, &zz); /* r z^2 z^j */
    q = zpow;
    for (size_t j = 0; j < m; j++) {
        for (size_t t = 0; t < n; t++) {
            const size_t k = j * n + t;
            sc_add(&tmp, &gs[k], &rz);
            sc_sub(&sh->G[k], &sh->G[k], &tmp);
            rp_sc_mul(&tmp, &q, &P[t]);
            sc_sub(&tmp, &tmp, &hs[k]);
            sc_add(&tmp, &tmp, &rz);
            sc_add(&sh->H[k], &sh->H[k], &tmp);
        }
        rp_sc_mul(&tmp, &zpow, &c); /* V_j: r c z^2 z^j */
        sc_to_bytes(scal[4 + 2 * lg + j], &tmp);
        rp_sc_mul(&zpow, &zpow, &z);
        rp_sc_mul(&q, &q, &qstep);
    }

    /* delta = (z - z^2) sum_{i<N} y^i - z^3 (2^n - 1) sum_{j<m} z^j, with
     * sum_{i<N} y^i = prod_{j<lg} (1 + y^(2^j)) for N = 2^lg (the crate's
     * util::sum_of_powers). */
    sc sum_y, sum_z, delta;
    sc_one(&sum_y);
    ypow = y;
    for (unsigned j = 0; j < lg; j++) {
        sc_add(&tmp, &ypow, &one);
        rp_sc_mul(&sum_y, &sum_y, &tmp);
        rp_sc_mul(&ypow, &ypow, &ypow);
    }
    sc_zero(&sum_z);
    sc_one(&zpow);
    for (size_t j = 0; j < m; j++) {
        sc_add(&sum_z, &sum_z, &zpow);
        rp_sc_mul(&zpow, &zpow, &z);
    }
    sc_sub(&tmp, &z, &zz);
    rp_sc_mul(&delta, &tmp, &sum_y);
    rp_sc_from_u64(&tmp, n == 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1);
    rp_sc_mul(&tmp, &tmp, &sum_z);
    rp_sc_mul(&tmp, &tmp, &zz);
    rp_sc_mul(&tmp, &tmp, &z);
    sc_sub(&delta, &delta, &tmp);

    /* B: r (w (t_x - a b) + c (delta - t_x)); B_blinding: r (-e - c t_x_blinding). */
    rp_sc_mul(&tmp, &a, &b);
    sc_sub(&tmp, &tx, &tmp);
    rp_sc_mul(&tmp, &tmp, &w);
    sc_sub(&tmp2, &delta, &tx);
    rp_sc_mul(&tmp2, &tmp2, &c);
    sc_add(&tmp, &tmp, &tmp2);
    rp_sc_mul(&tmp, &tmp, &r);
    sc_add(&sh->B, &sh->B, &tmp);
    rp_sc_mul(&tmp, &c, &txb);
    sc_add(&tmp, &tmp, &eb);
    rp_sc_mul(&tmp, &tmp, &r);
    sc_sub(&sh->Bb, &sh->Bb, &tmp);

    /* A: r; S: r x; T_1: r c x; T_2: r c x^2; L_k: r u_k^2; R_k: r u_k^-2. */
    sc_to_bytes(scal[0], &r);
    rp_sc_mul(&tmp, &r, &x);
    sc_to_bytes(scal[1], &tmp);
    rp_sc_mul(&tmp, &tmp, &c);
    sc_to_bytes(scal[2], &tmp);
    rp_sc_mul(&tmp, &tmp, &x);
    sc_to_bytes(scal[3], &tmp);
    for (unsigned k = 0; k < lg; k++) {
        rp_sc_mul(&tmp, &r, &usq[k]);
        sc_to_bytes(scal[4 + k], &tmp);
        rp_sc_mul(&tmp, &r, &uinvsq[k]);
        sc_to_bytes(scal[4 + lg + k], &tmp);
    }
    return ECX_OK;
}

/* The fixed-base table (rangeproof_cache.h) is used when the shared points
 * are at least this many times the proofs' own (a 64 x m proof: 2 + 128 m
 * against 5 + 2 lg(64 m) + m; a batch of 64 proofs 64 x 1: 130 against
 * 1088, where the own points' Pippenger with its doublings would be paid
 * anyway and the table's bucket sum on top). */
#define RP_FIXED_MIN_SHARE 2

/* r = the batch's multiscalar multiplication: total points pts[] with
 * their scalars scal[], laid out as B, B_blinding (in pts already), the
 * n max_m G_k and the n max_m H_k (in pts here, loaded from g), then the
 * proofs' own points (in pts already). With this backend's cache of g
 * (rangeproof_cache.h) the G_k and H_k are copied from it, or, at
 * Pippenger's sizes, not copied at all: their ready forms go to
 * ge_msm_pippenger_parts_vartime as they are. ECX_OK or ECX_ERR_NOMEM.
 * VARIABLE TIME. */
static int rp_verify_msm(ge_p3 *r, const struct ecx_rangeproof_gens *g, size_t n, size_t max_m, size_t total,
                         const uint8_t (*scal)[32], ge_p3 *pts)
{
    const size_t Nmax = n * max_m;
    struct rp_cache_view cache;
    if (!rp_cache_get(&cache, g)) {
        for (size_t k = 0; k < Nmax; k++) {
            const size_t j = k / n, i = k % n;
            rp_load_p3(&pts[2 + k], g->points[ecxi_rp_gen_G(g, j, i)]);
            rp_load_p3(&pts[2 + Nmax + k], g->points[ecxi_rp_gen_H(g, j, i)]);
        }
        return ge_msm_vartime(r, total, scal, pts);
    }
    if (total < GE_MSM_STRAUS_MAX_N) {
        for (size_t k = 0; k < Nmax; k++) {
            const size_t j = k / n, i = k % n;
            pts[2 + k] = cache.points[ecxi_rp_gen_G(g, j, i)];
            pts[2 + Nmax + k] = cache.points[ecxi_rp_gen_H(g, j, i)];
        }
        return ge_msm_vartime(r, total, scal, pts);
    }
    const size_t run = n == g->gens_capacity ? max_m : 1; /* parties per part */
    const size_t own = total - 2 - 2 * Nmax;
    if (cache.columns > 1 && 2 + 2 * Nmax >= RP_FIXED_MIN_SHARE * own) {
        /* The shared points through the fixed-base table (no doublings,
         * one bucket sum), the proofs' own points apart, then one addition. */
        struct ge_fixed_part fparts[1 + 2 * ECXI_RP_MAX_M];
        size_t nf = 0;
        fparts[nf++] = (struct ge_fixed_part){ECXI_RP_GEN_B, 2, scal};
        for (int h = 0; h < 2; h++)
            for (size_t j = 0; j < max_m; j += run)
                fparts[nf++] = (struct ge_fixed_part){h ? ecxi_rp_gen_H(g, j, 0) : ecxi_rp_gen_G(g, j, 0), run * n,
                                                      scal + 2 + h * Nmax + j * n};
        const struct ge_fixed_table table = {cache.ready, cache.points, g->count, GE_PIPPENGER_FIXED_WIDTH};
        ge_p3 shared, mine;
        int st = ge_msm_pippenger_fixed_vartime(&shared, &table, nf, fparts);
        if (st == ECX_OK) st = ge_msm_vartime(&mine, own, scal + 2 + 2 * Nmax, pts + 2 + 2 * Nmax);
        if (st == ECX_OK) ge_p3_add_p3(r, &shared, &mine);
        return st;
    }
    /* Parts: B and B_blinding; G party by party (one part if the parties'
     * vectors are adjacent in g); H the same way; the proofs' points. */
    struct ge_msm_part parts[2 + 2 * ECXI_RP_MAX_M];
    size_t np = 0;
    parts[np++] = (struct ge_msm_part){2, scal, pts, NULL};
    for (int h = 0; h < 2; h++)
        for (size_t j = 0; j < max_m; j += run) {
            const size_t first = h ? ecxi_rp_gen_H(g, j, 0) : ecxi_rp_gen_G(g, j, 0);
            parts[np++] = (struct ge_msm_part){run * n, scal + 2 + h * Nmax + j * n, cache.points + first,
                                               cache.ready + first};
        }
    parts[np++] = (struct ge_msm_part){own, scal + 2 + 2 * Nmax, pts + 2 + 2 * Nmax, NULL};
    return ge_msm_pippenger_parts_vartime(r, np, parts, 0);
}

/* The batch verifier (struct ecxi_rangeproof_ops.verify_batch): count
 * proofs of n bits, proof i for the ms[i] commitments commitments[i], each
 * with its own transcript ts[i], in one multiscalar multiplication.
 * seed: 32 random bytes for c and the weights. src/api has checked the
 * arrays for NULL. ECX_OK if every proof verifies (count = 0 included),
 * and then every transcript has absorbed its proof as the crate's verifier
 * does; otherwise no transcript changes and the status is ECX_ERR_INVALID
 * (a bad shape, too few generators, a malformed proof, a point that does
 * not decode, a damaged transcript), ECX_ERR_VERIFY (an equation fails, an
 * identity point where the crate refuses one) or ECX_ERR_NOMEM.
 * VARIABLE TIME. */
static int rp_op_verify_batch(size_t count, const uint8_t *const proofs[], const size_t lens[],
                              const uint8_t (*const commitments[])[32], const size_t ms[], size_t n,
                              const struct ecx_rangeproof_gens *g, ecx_transcript *const ts[],
                              const uint8_t seed[32])
{
    if (count == 0) return ECX_OK;
    if (count > SIZE_MAX / (sizeof(ecxi_rp_view) + sizeof(ecxi_transcript) + 64 * (4 + 2 * ECXI_RP_MAX_LG + ECXI_RP_MAX_M) * (sizeof(ge_p3) + 32)))
        return ECX_ERR_NOMEM;
    size_t max_m = 0, own = 0;
    for (size_t p = 0; p < count; p++) {
        if (!ecxi_rp_shape_ok(n, ms[p]) || g->gens_capacity < n || g->party_capacity < ms[p]) return ECX_ERR_INVALID;
        if (ms[p] > max_m) max_m = ms[p];
        own += 4 + 2 * ecxi_rp_log2(n * ms[p]) + ms[p];
    }
    const size_t Nmax = n * max_m, total = 2 + 2 * Nmax + own;
    ecxi_rp_view *views = malloc(count * sizeof *views);
    ecxi_transcript *work = malloc(count * sizeof *work);
    ge_p3 *pts = malloc(total * sizeof *pts);
    uint8_t(*scal)[32] = malloc(total * 32);
    struct rp_shared sh;
    sh.G = calloc(4 * Nmax, sizeof(sc));
    sh.H = sh.G ? sh.G + Nmax : NULL;
    sh.s = sh.G ? sh.G + 2 * Nmax : NULL;
    int status = ECX_ERR_NOMEM;
    if (!views || !work || !pts || !scal || !sh.G) goto done;

    status = ECX_OK;
    for (size_t p = 0; p < count && status == ECX_OK; p++) {
        status = ecxi_rp_parse(&views[p], proofs[p], lens[p], n, ms[p]);
        if (status == ECX_OK) status = ecxi_transcript_load(&work[p], ts[p]);
    }
    if (status != ECX_OK) goto done;

    for (size_t k = 0; k < Nmax; k++) {
        sc_zero(&sh.G[k]);
        sc_zero(&sh.H[k]);
    }
    sc_zero(&sh.B);
    sc_zero(&sh.Bb);
    size_t pos = 2 + 2 * Nmax;
    for (size_t p = 0; p < count && status == ECX_OK; p++) {
        status = rp_verify_one(&views[p], commitments[p], ms[p], n, &work[p], seed, p, &sh, pts + pos, scal + pos);
        pos += 4 + 2 * views[p].lg + ms[p];
    }
    if (status != ECX_OK) goto done;

    ge_p3_base(&pts[0]);
    sc_to_bytes(scal[0], &sh.B);
    rp_load_p3(&pts[1], g->points[ECXI_RP_GEN_B_BLINDING]);
    sc_to_bytes(scal[1], &sh.Bb);
    for (size_t k = 0; k < Nmax; k++) {
        sc_to_bytes(scal[2 + k], &sh.G[k]);
        sc_to_bytes(scal[2 + Nmax + k], &sh.H[k]);
    }
    ge_p3 sum;
    status = rp_verify_msm(&sum, g, n, max_m, total, (const uint8_t(*)[32])scal, pts);
    if (status == ECX_OK && !rp_is_identity(&sum)) status = ECX_ERR_VERIFY;
    if (status == ECX_OK)
        for (size_t p = 0; p < count; p++) ecxi_transcript_store(ts[p], &work[p]);

done:
    if (work) ct_wipe(work, count * sizeof *work);
    free(views);
    free(work);
    free(pts);
    free(scal);
    free(sh.G);
    return status;
}

#endif
