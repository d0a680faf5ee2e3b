/* The range-proof row of tests/test_residue.c (included once, after its
 * helpers): ecx_rangeproof_prove of two 64-bit values (n = 64, m = 2) on
 * the selected backend, and its backend call for the stack-depth check.
 *
 * The secrets a run must not leave behind: the values (8 bytes each), the
 * blindings, the 32 OS bytes the prover's RNG is finalized with (recorded
 * by the test's getrandom wrapper), and every scalar the prover draws from
 * merlin's transcript RNG — alpha, rho, s_L[0 .. 127], s_R[0 .. 127], tau_1,
 * tau_2 — reproduced on the main thread by the library's own transcript
 * and RNG functions in the order src/proofs/rangeproof_prove.h documents
 * (domain separator, the commitments, the witness rekeys, the OS bytes),
 * each 64-byte draw reduced mod l by libsodium. The reproduction checks
 * itself: the prover's table call with the recorded OS bytes must give the
 * same proof again. The prover's intermediate secrets (the polynomial
 * coefficients t_1, t_2, the masks' products) are not reproduced. */
#ifndef ECX_TESTS_RESIDUE_RANGEPROOF_H
#define ECX_TESTS_RESIDUE_RANGEPROOF_H

#include <sodium.h>
#include <stdint.h>
#include <string.h>

#include "ecx/rangeproof.h"
#include "proofs/rangeproof_protocol.h"

#define RP_N 64
#define RP_M 2
#define RP_PROOF_BYTES (32 * (9 + 2 * 7)) /* log2(64 * 2) = 7 rounds */

static struct {
    ecx_rangeproof_gens *gens;
    ecx_transcript before, t; /* the transcript before the proof; the one it runs on */
    uint64_t values[RP_M];
    uint8_t blindings[RP_M][32];
    uint8_t proof[RP_PROOF_BYTES];
    uint8_t commitments[RP_M][32];
    size_t proof_len;
} rp_job;

static void rp_prepare(void)
{
    uint8_t wide[64];
    for (size_t j = 0; j < RP_M; j++) {
        check_random_bytes((uint8_t *)&rp_job.values[j], 8);
        check_random_bytes(wide, sizeof wide);
        crypto_core_ristretto255_scalar_reduce(rp_job.blindings[j], wide);
    }
    CHECK_CTX(ecx_transcript_init(&rp_job.before, "residue test") == ECX_OK, "transcript");
    rp_job.t = rp_job.before;
}

static void run_rangeproof_prove(void)
{
    job.status = ecx_rangeproof_prove(rp_job.proof, sizeof rp_job.proof, &rp_job.proof_len, rp_job.commitments,
                                      rp_job.gens, &rp_job.t, rp_job.values,
                                      (const uint8_t(*)[32])rp_job.blindings, RP_M, RP_N);
}

/* The raw call runs with fixed OS bytes (the depth does not depend on them). */
static const uint8_t RP_FIXED_RANDOM[32] = {'r', 'e', 's', 'i', 'd', 'u', 'e'};
static void raw_rangeproof_prove(void)
{
    rp_job.t = rp_job.before;
    job.status = job.backend->rangeproof->prove(rp_job.proof, rp_job.commitments, rp_job.gens, &rp_job.t,
                                                rp_job.values, (const uint8_t(*)[32])rp_job.blindings, RP_M,
                                                RP_N, RP_FIXED_RANDOM);
}

static void rp_draw_scalar(struct secrets *s, const char *name, ecxi_rp_rng *rng)
{
    uint8_t wide[64], sc[32];
    ecxi_rp_rng_fill(rng, wide, sizeof wide);
    crypto_core_ristretto255_scalar_reduce(sc, wide);
    secrets_add(s, name, sc, 32);
}

static void secrets_rangeproof(struct secrets *s)
{
    ecxi_transcript t;
    ecxi_rp_rng rng;
    uint8_t proof_again[RP_PROOF_BYTES], commitments_again[RP_M][32];
    ecx_transcript tt = rp_job.before;

    CHECK_CTX(rp_job.proof_len == RP_PROOF_BYTES, "residue: range proof length");
    CHECK_CTX(os_bytes_len == 32, "residue: the prover drew 32 OS bytes");
    /* The recorded OS bytes reproduce the proof. */
    CHECK_CTX(job.backend->rangeproof->prove(proof_again, commitments_again, rp_job.gens, &tt, rp_job.values,
                                             (const uint8_t(*)[32])rp_job.blindings, RP_M, RP_N,
                                             os_bytes) == ECX_OK,
              "residue: range proof again");
    CHECK_CTX(memcmp(proof_again, rp_job.proof, RP_PROOF_BYTES) == 0, "residue: the recorded OS bytes give the proof");

    for (size_t j = 0; j < RP_M; j++) {
        uint8_t le[8];
        for (int b = 0; b < 8; b++) le[b] = (uint8_t)(rp_job.values[j] >> (8 * b));
        secrets_add(s, "value", le, 8);
        secrets_add(s, "blinding", rp_job.blindings[j], 32);
    }
    secrets_add(s, "OS bytes of the prover's RNG", os_bytes, 32);

    CHECK_CTX(ecxi_transcript_load(&t, &rp_job.before) == ECX_OK, "residue: transcript");
    ecxi_rp_domain_sep(&t, RP_N, RP_M);
    for (size_t j = 0; j < RP_M; j++) ecxi_rp_append32(&t, "V", rp_job.commitments[j]);
    ecxi_rp_rng_init(&rng, &t);
    for (size_t j = 0; j < RP_M; j++) {
        uint8_t le[8];
        for (int b = 0; b < 8; b++) le[b] = (uint8_t)(rp_job.values[j] >> (8 * b));
        ecxi_rp_rng_rekey(&rng, "v", le, sizeof le);
        ecxi_rp_rng_rekey(&rng, "v_blinding", rp_job.blindings[j], 32);
    }
    ecxi_rp_rng_finalize(&rng, os_bytes);
    rp_draw_scalar(s, "alpha", &rng);
    rp_draw_scalar(s, "rho", &rng);
    for (size_t k = 0; k < RP_N * RP_M; k++) rp_draw_scalar(s, "s_L[k]", &rng);
    for (size_t k = 0; k < RP_N * RP_M; k++) rp_draw_scalar(s, "s_R[k]", &rng);
    rp_draw_scalar(s, "tau_1", &rng);
    rp_draw_scalar(s, "tau_2", &rng);
    ecxi_rp_rng_wipe(&rng);
    ecxi_transcript_wipe(&t);
}

#endif
