/* The range-proof prover, compiled per backend: one prover playing every
 * party and the dealer of the crate's aggregated protocol
 * (src/range_proof/{party,dealer}.rs and docs/notes on the aggregated
 * protocol), so that the proof is exactly what RangeProof::prove_multiple
 * produces for the same blinding scalars, and verifies there.
 *
 * Randomness: merlin's transcript RNG (rangeproof_protocol.h), seeded by a
 * clone of the transcript after the commitments, rekeyed with the witness
 * (each value as "v" <- LE64(v_j), each blinding as "v_blinding" <- its 32
 * bytes), then finalized with 32 random bytes. Scalars are drawn in the
 * order alpha (a_blinding), rho (s_blinding), s_L[0 .. nm-1],
 * s_R[0 .. nm-1], tau_1, tau_2 (one set for the aggregate, which is
 * distributed as the crate's sums over parties).
 *
 * CONSTANT TIME in the values and blindings: the bits select G_i or -H_i by
 * masks, the secret-scalar products are constant-time (ge_scalarmult,
 * ge_scalarmult_base, rp_msm_ct), the range check of the values and the
 * canonicity of the blindings reach only the status and a masked output.
 * What the protocol publishes is declassified as soon as it exists (the
 * commitments, A, S, T_1, T_2, t_x, its blinding, e_blinding, and l(x),
 * r(x) before the variable-time inner-product argument, inner_product.h). */
#ifndef ECX_PROOFS_RANGEPROOF_PROVE_H
#define ECX_PROOFS_RANGEPROOF_PROVE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/constant_time.h"
#include "curve25519/edwards.h"
#include "curve25519/ristretto.h"
#include "curve25519/scalar_mul_base.h"
#include "curve25519/scalar_mul_variable.h"
#include "ecx/ecx.h"
#include "proofs/declassify.h"
#include "proofs/inner_product.h"
#include "proofs/rangeproof_gens.h"
#include "proofs/rangeproof_points.h"
#include "proofs/rangeproof_protocol.h"

/* r = Scalar::random(rng): 64 bytes of the RNG reduced mod l. */
static void rp_random_scalar(sc *r, ecxi_rp_rng *rng)
{
    uint8_t wide[64];
    ecxi_rp_rng_fill(rng, wide, sizeof wide);
    sc_from_wide(r, wide);
    ct_wipe(wide, sizeof wide);
}

/* out = encoding of [a]B + [b]P (a Pedersen commitment with P =
 * B_blinding). Constant time in a and b. */
static void rp_commit(uint8_t out[32], const sc *a, const sc *b, const ge_p3 *P)
{
    struct {
        uint8_t a[32], b[32];
        ge_p3 x, y;
    } v;
    sc_to_bytes(v.a, a);
    sc_to_bytes(v.b, b);
    ge_scalarmult_base(&v.x, v.a);
    ge_scalarmult(&v.y, v.b, P);
    ge_p3_add_p3(&v.x, &v.x, &v.y);
    ristretto_encode(out, &v.x);
    ct_wipe(&v, sizeof v);
}

/* Scalars and points the prover allocates (one block each). */
struct rp_prover {
    sc *v, *gamma;          /* m values and blindings */
    sc *sL, *sR, *l, *r;    /* nm each */
    sc *msm_s;              /* 2 nm + 1 */
    ge_p3 *G, *H, *msm_p;   /* nm, nm, 2 nm + 1 */
};

static void rp_prover_free(struct rp_prover *p, size_t m, size_t N)
{
    if (p->v) ct_wipe(p->v, m * sizeof(sc));
    if (p->gamma) ct_wipe(p->gamma, m * sizeof(sc));
    if (p->sL) ct_wipe(p->sL, N * sizeof(sc));
    if (p->sR) ct_wipe(p->sR, N * sizeof(sc));
    if (p->l) ct_wipe(p->l, N * sizeof(sc));
    if (p->r) ct_wipe(p->r, N * sizeof(sc));
    if (p->msm_s) ct_wipe(p->msm_s, (2 * N + 1) * sizeof(sc));
    free(p->v);
    free(p->gamma);
    free(p->sL);
    free(p->sR);
    free(p->l);
    free(p->r);
    free(p->msm_s);
    free(p->G);
    free(p->H);
    free(p->msm_p);
}

static int rp_prover_alloc(struct rp_prover *p, size_t m, size_t N)
{
    memset(p, 0, sizeof *p);
    p->v = malloc(m * sizeof(sc));
    p->gamma = malloc(m * sizeof(sc));
    p->sL = malloc(N * sizeof(sc));
    p->sR = malloc(N * sizeof(sc));
    p->l = malloc(N * sizeof(sc));
    p->r = malloc(N * sizeof(sc));
    p->msm_s = malloc((2 * N + 1) * sizeof(sc));
    p->G = malloc(N * sizeof(ge_p3));
    p->H = malloc(N * sizeof(ge_p3));
    p->msm_p = malloc((2 * N + 1) * sizeof(ge_p3));
    if (p->v && p->gamma && p->sL && p->sR && p->l && p->r && p->msm_s && p->G && p->H && p->msm_p) return 1;
    rp_prover_free(p, m, N);
    memset(p, 0, sizeof *p);
    return 0;
}

/* The prover (struct ecxi_rangeproof_ops.prove, src/backend/ops.h): writes
 * the proof (ecxi_rp_proof_size(n, m) bytes) and the commitments V_j =
 * [v_j]B + [gamma_j]B_blinding, and advances the transcript as the crate
 * does. The caller (src/api) has checked the shape, the generators'
 * capacity and the buffers. ECX_ERR_INVALID if a value is >= 2^n or a
 * blinding is not canonical (the proof and commitments are then zeroed,
 * the transcript unchanged), or the transcript is not one; ECX_ERR_NOMEM.
 * Constant time in values and blindings (see above). */
static int rp_op_prove(uint8_t *proof, uint8_t (*commitments)[32], const struct ecx_rangeproof_gens *g,
                       ecx_transcript *pub, const uint64_t *values, const uint8_t (*blindings)[32], size_t m,
                       size_t n, const uint8_t random[32])
{
    if (!ecxi_rp_shape_ok(n, m) || g->gens_capacity < n || g->party_capacity < m) return ECX_ERR_INVALID;
    const size_t N = n * m, size = ecxi_rp_proof_size(n, m);
    ecxi_transcript t;
    if (ecxi_transcript_load(&t, pub) != ECX_OK) return ECX_ERR_INVALID;
    struct rp_prover p;
    if (!rp_prover_alloc(&p, m, N)) return ECX_ERR_NOMEM;

    /* The witness and its validity, without a branch. */
    unsigned ok = 1;
    for (size_t j = 0; j < m; j++) {
        ok &= sc_from_bytes(&p.gamma[j], blindings[j]);
        const uint64_t high = n == 64 ? 0 : values[j] >> n;
        ok &= (unsigned)(((high | (0 - high)) >> 63) ^ 1);
        rp_sc_from_u64(&p.v[j], values[j]);
    }

    ge_p3 Bb, acc;
    ge_p1p1 u;
    rp_load_p3(&Bb, g->points[ECXI_RP_GEN_B_BLINDING]);
    for (size_t j = 0; j < m; j++) {
        rp_commit(commitments[j], &p.v[j], &p.gamma[j], &Bb);
        ecxi_declassify(commitments[j], 32);
    }
    for (size_t j = 0; j < m; j++)
        for (size_t i = 0; i < n; i++) {
            rp_load_p3(&p.G[j * n + i], g->points[ecxi_rp_gen_G(g, j, i)]);
            rp_load_p3(&p.H[j * n + i], g->points[ecxi_rp_gen_H(g, j, i)]);
        }

    ecxi_rp_domain_sep(&t, n, m);
    for (size_t j = 0; j < m; j++) ecxi_rp_append32(&t, "V", commitments[j]);

    ecxi_rp_rng rng;
    ecxi_rp_rng_init(&rng, &t);
    for (size_t j = 0; j < m; j++) {
        uint8_t le[8];
        for (int b = 0; b < 8; b++) le[b] = (uint8_t)(values[j] >> (8 * b));
        ecxi_rp_rng_rekey(&rng, "v", le, sizeof le);
        ecxi_rp_rng_rekey(&rng, "v_blinding", blindings[j], 32);
        ct_wipe(le, sizeof le);
    }
    ecxi_rp_rng_finalize(&rng, random);
    sc alpha, rho, tau1, tau2;
    rp_random_scalar(&alpha, &rng);
    rp_random_scalar(&rho, &rng);
    for (size_t k = 0; k < N; k++) rp_random_scalar(&p.sL[k], &rng);
    for (size_t k = 0; k < N; k++) rp_random_scalar(&p.sR[k], &rng);
    rp_random_scalar(&tau1, &rng);
    rp_random_scalar(&tau2, &rng);
    ecxi_rp_rng_wipe(&rng);

    /* A = [alpha]B_blinding + sum_k (bit_k ? G_k : -H_k): a_L = bits,
     * a_R = a_L - 1. */
    uint8_t bytes[32];
    sc_to_bytes(bytes, &alpha);
    ge_scalarmult(&acc, bytes, &Bb);
    for (size_t j = 0; j < m; j++)
        for (size_t i = 0; i < n; i++) {
            ge_cached gc, hc;
            ge_p3_to_cached(&gc, &p.G[j * n + i]);
            ge_p3_to_cached(&hc, &p.H[j * n + i]);
            ge_cached_neg(&hc, &hc);
            ge_cached_cmov(&hc, &gc, (unsigned)(values[j] >> i) & 1u);
            ge_add(&u, &acc, &hc);
            ge_p1p1_to_p3(&acc, &u);
        }
    ristretto_encode(proof, &acc);
    ecxi_declassify(proof, 32);

    /* S = [rho]B_blinding + <s_L, G> + <s_R, H>, constant time. */
    p.msm_s[0] = rho;
    p.msm_p[0] = Bb;
    for (size_t k = 0; k < N; k++) {
        p.msm_s[1 + k] = p.sL[k];
        p.msm_p[1 + k] = p.G[k];
        p.msm_s[1 + N + k] = p.sR[k];
        p.msm_p[1 + N + k] = p.H[k];
    }
    int status = rp_msm_ct(&acc, 2 * N + 1, p.msm_s, p.msm_p);
    if (status != ECX_OK) goto done;
    ristretto_encode(proof + 32, &acc);
    ecxi_declassify(proof + 32, 32);

    sc y, z, x, w, one, zz, t0, t1, t2, tmp, tmp2, ypow, zpow, two_pow;
    ecxi_rp_append32(&t, "A", proof);
    ecxi_rp_append32(&t, "S", proof + 32);
    rp_challenge(&y, &t, "y");
    rp_challenge(&z, &t, "z");

    /* l(X) = (a_L - z) + s_L X, r(X) = y^k (a_R + z + s_R X) + z^(2+j) 2^i
     * for k = j n + i; l0, r0 go to l, r and r1 = y^k s_R to sR. */
    sc_one(&one);
    rp_sc_mul(&zz, &z, &z);
    sc_one(&ypow);
    zpow = zz;
    for (size_t j = 0; j < m; j++) {
        two_pow = zpow;
        for (size_t i = 0; i < n; i++) {
            const size_t k = j * n + i;
            sc aL;
            sc_zero(&aL);
            sc_cmov(&aL, &one, (unsigned)(values[j] >> i) & 1u);
            sc_sub(&p.l[k], &aL, &z);
            sc_sub(&tmp, &aL, &one);
            sc_add(&tmp, &tmp, &z);
            rp_sc_mul(&tmp, &tmp, &ypow);
            sc_add(&p.r[k], &tmp, &two_pow);
            rp_sc_mul(&p.sR[k], &p.sR[k], &ypow);
            rp_sc_mul(&ypow, &ypow, &y);
            sc_add(&two_pow, &two_pow, &two_pow);
        }
        rp_sc_mul(&zpow, &zpow, &z);
    }
    /* t0 = <l0, r0>, t2 = <l1, r1>, t1 = <l0 + l1, r0 + r1> - t0 - t2. */
    sc_zero(&t0);
    sc_zero(&t1);
    sc_zero(&t2);
    for (size_t k = 0; k < N; k++) {
        rp_sc_mul(&tmp, &p.l[k], &p.r[k]);
        sc_add(&t0, &t0, &tmp);
        rp_sc_mul(&tmp, &p.sL[k], &p.sR[k]);
        sc_add(&t2, &t2, &tmp);
        sc_add(&tmp, &p.l[k], &p.sL[k]);
        sc_add(&tmp2, &p.r[k], &p.sR[k]);
        rp_sc_mul(&tmp, &tmp, &tmp2);
        sc_add(&t1, &t1, &tmp);
    }
    sc_sub(&t1, &t1, &t0);
    sc_sub(&t1, &t1, &t2);

    rp_commit(proof + 64, &t1, &tau1, &Bb);
    rp_commit(proof + 96, &t2, &tau2, &Bb);
    ecxi_declassify(proof + 64, 64);
    ecxi_rp_append32(&t, "T_1", proof + 64);
    ecxi_rp_append32(&t, "T_2", proof + 96);
    rp_challenge(&x, &t, "x");

    /* t_x = t0 + t1 x + t2 x^2; t_x_blinding = sum_j z^(2+j) gamma_j +
     * tau1 x + tau2 x^2; e_blinding = alpha + rho x. */
    rp_sc_mul(&tmp, &t2, &x);
    sc_add(&tmp, &tmp, &t1);
    rp_sc_mul(&tmp, &tmp, &x);
    sc_add(&tmp, &tmp, &t0);
    sc_to_bytes(proof + 128, &tmp);
    rp_sc_mul(&tmp, &tau2, &x);
    sc_add(&tmp, &tmp, &tau1);
    rp_sc_mul(&tmp, &tmp, &x);
    zpow = zz;
    for (size_t j = 0; j < m; j++) {
        rp_sc_mul(&tmp2, &zpow, &p.gamma[j]);
        sc_add(&tmp, &tmp, &tmp2);
        rp_sc_mul(&zpow, &zpow, &z);
    }
    sc_to_bytes(proof + 160, &tmp);
    rp_sc_mul(&tmp, &rho, &x);
    sc_add(&tmp, &tmp, &alpha);
    sc_to_bytes(proof + 192, &tmp);
    ecxi_declassify(proof + 128, 96);
    ecxi_rp_append32(&t, "t_x", proof + 128);
    ecxi_rp_append32(&t, "t_x_blinding", proof + 160);
    ecxi_rp_append32(&t, "e_blinding", proof + 192);
    rp_challenge(&w, &t, "w");

    for (size_t k = 0; k < N; k++) {
        rp_sc_mul(&tmp, &p.sL[k], &x);
        sc_add(&p.l[k], &p.l[k], &tmp);
        rp_sc_mul(&tmp, &p.sR[k], &x);
        sc_add(&p.r[k], &p.r[k], &tmp);
    }
    ecxi_declassify(p.l, N * sizeof(sc));
    ecxi_declassify(p.r, N * sizeof(sc));

    /* Q = [w]B; the H factors y^-k go to msm_s (free again). */
    sc_to_bytes(bytes, &w);
    ge_scalarmult_base(&acc, bytes);
    sc_invert(&tmp, &y);
    sc_one(&p.msm_s[0]);
    for (size_t k = 1; k < N; k++) rp_sc_mul(&p.msm_s[k], &p.msm_s[k - 1], &tmp);
    status = rp_ipp_prove(proof + 224, &t, &acc, p.msm_s, p.G, p.H, p.l, p.r, N);

done:;
    /* Publish only a valid witness's proof: masks, no branch on ok. */
    const unsigned valid = ok & (unsigned)(status == ECX_OK);
    const uint8_t mask8 = (uint8_t)ct_barrier_u32(0u - valid);
    const uint64_t mask64 = ct_barrier_u64(0 - (uint64_t)valid);
    for (size_t i = 0; i < size; i++) proof[i] &= mask8;
    for (size_t j = 0; j < m; j++)
        for (int b = 0; b < 32; b++) commitments[j][b] &= mask8;
    ecx_transcript fresh;
    ecxi_transcript_store(&fresh, &t);
    for (size_t i = 0; i < sizeof fresh.opaque / sizeof fresh.opaque[0]; i++)
        pub->opaque[i] = (fresh.opaque[i] & mask64) | (pub->opaque[i] & ~mask64);
    ct_wipe(&fresh, sizeof fresh);
    ecxi_transcript_wipe(&t);
    ct_wipe(bytes, sizeof bytes);
    ct_wipe(&alpha, sizeof alpha);
    ct_wipe(&rho, sizeof rho);
    ct_wipe(&tau1, sizeof tau1);
    ct_wipe(&tau2, sizeof tau2);
    ct_wipe(&acc, sizeof acc);
    rp_prover_free(&p, m, N);
    if (status != ECX_OK) return status;
    return -(int)(1u ^ ok); /* ECX_OK or ECX_ERR_INVALID, arithmetically */
}

#endif
