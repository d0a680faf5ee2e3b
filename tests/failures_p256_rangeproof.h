/* The P-256, transcript and range-proof rows of tests/test_failures.c
 * (included once, after its wrappers and inputs).
 *
 * P-256 and the transcript functions neither draw randomness nor allocate.
 * The range proofs do both: ecx_rangeproof_prove draws 32 bytes (its RNG's
 * finalization), ecx_rangeproof_verify and _verify_batch 32 bytes (the
 * verifier's weights); gens_new, prove and both verifications allocate.
 * Checked on every backend:
 *   - randomness failing: prove gives ECX_ERR_RANDOM with the proof and
 *     commitments zeroed, *proof_len = 0 and the transcript unchanged (the
 *     documented outputs on an error); verify and verify_batch give
 *     ECX_ERR_RANDOM with the transcripts unchanged; nothing allocated;
 *   - the k-th allocation failing, for each k: ECX_ERR_NOMEM, the same
 *     outputs, every block freed; gens_new leaves *g untouched. */
#ifndef ECX_TESTS_FAILURES_P256_RANGEPROOF_H
#define ECX_TESTS_FAILURES_P256_RANGEPROOF_H

#include <stdint.h>
#include <string.h>

#include "ecx/p256.h"
#include "ecx/rangeproof.h"

#define RP_BITS 8
#define RP_PARTIES 2
#define RP_SIZE (32 * (9 + 2 * 4)) /* log2(8 * 2) = 4 rounds */

static uint8_t p256_sk[32] = {[31] = 7}, p256_pk[65], p256_pkc[33], p256_sig[64], p256_digest[32] = {1, 2, 3};
static ecx_rangeproof_gens *rp_gens;
static ecx_transcript rp_t0, rp_t, rp_t2;
static const uint64_t rp_values[RP_PARTIES] = {200, 17};
static uint8_t rp_blindings[RP_PARTIES][32] = {{5}, {9}};
static uint8_t rp_valid_proof[RP_SIZE], rp_valid_coms[RP_PARTIES][32];
static uint8_t rp_proof[RP_SIZE], rp_coms[RP_PARTIES][32];
static size_t rp_len;

/* Inputs made once with the real OS and allocator: a P-256 key and
 * signature, generators (8 bits, 2 parties) and a valid proof. */
static void make_p256_rangeproof_inputs(void)
{
    CHECK(ecx_p256_public_key(p256_pk, p256_sk) == ECX_OK);
    CHECK(ecx_p256_public_key_compress(p256_pkc, p256_pk) == ECX_OK);
    CHECK(ecx_p256_ecdsa_sign(p256_sig, msg[0], MSG_LEN, p256_sk) == ECX_OK);
    CHECK(ecx_rangeproof_gens_new(&rp_gens, RP_BITS, RP_PARTIES) == ECX_OK);
    CHECK(ecx_transcript_init(&rp_t0, "failures") == ECX_OK);
    rp_t = rp_t0;
    CHECK(ecx_rangeproof_prove(rp_valid_proof, sizeof rp_valid_proof, &rp_len, rp_valid_coms, rp_gens, &rp_t,
                               rp_values, (const uint8_t(*)[32])rp_blindings, RP_PARTIES, RP_BITS) == ECX_OK);
    CHECK(rp_len == RP_SIZE);
}

static int call_p256_field_invert(void) { return ecx_p256_field_invert(out32, p256_sk); }
static int call_p256_scalar_invert(void) { return ecx_p256_scalar_invert(out32, p256_sk); }
static int call_p256_public_key(void)
{
    uint8_t pk[65];
    return ecx_p256_public_key(pk, p256_sk);
}
static int call_p256_public_key_compressed(void) { return ecx_p256_public_key_compressed(out64, p256_sk); }
static int call_p256_compress(void) { return ecx_p256_public_key_compress(out64, p256_pk); }
static int call_p256_decompress(void)
{
    uint8_t full[65];
    return ecx_p256_public_key_decompress(full, p256_pkc);
}
static int call_p256_sign(void) { return ecx_p256_ecdsa_sign(out64, msg[0], MSG_LEN, p256_sk); }
static int call_p256_sign_digest(void) { return ecx_p256_ecdsa_sign_digest(out64, p256_digest, p256_sk); }
static int call_p256_verify(void) { return ecx_p256_ecdsa_verify(p256_sig, msg[0], MSG_LEN, p256_pk); }
static int call_p256_verify_key(void) { return ecx_p256_ecdsa_verify_key(p256_sig, msg[0], MSG_LEN, p256_pkc, 33); }
static int call_p256_verify_digest(void)
{
    uint8_t digest[32];
    crypto_hash_sha256(digest, msg[0], MSG_LEN);
    return ecx_p256_ecdsa_verify_digest(p256_sig, digest, p256_pk, 65);
}
static int call_transcript_init(void) { return ecx_transcript_init(&rp_t, "failures"); }
static int call_transcript_append(void) { return ecx_transcript_append(&rp_t, "m", msg[0], MSG_LEN); }
static int call_transcript_challenge(void) { return ecx_transcript_challenge(&rp_t, "c", out64, 64); }
static int call_rp_gens_new(void)
{
    ecx_rangeproof_gens *g = NULL;
    int status = ecx_rangeproof_gens_new(&g, RP_BITS, 1);
    ecx_rangeproof_gens_free(g);
    return status;
}
static int call_rp_size(void) { return ecx_rangeproof_size(RP_BITS, RP_PARTIES) == RP_SIZE ? ECX_OK : -100; }
static int call_rp_prove(void)
{
    rp_t = rp_t0;
    return ecx_rangeproof_prove(rp_proof, sizeof rp_proof, &rp_len, rp_coms, rp_gens, &rp_t, rp_values,
                                (const uint8_t(*)[32])rp_blindings, RP_PARTIES, RP_BITS);
}
static int call_rp_verify(void)
{
    rp_t = rp_t0;
    return ecx_rangeproof_verify(rp_valid_proof, RP_SIZE, (const uint8_t(*)[32])rp_valid_coms, RP_PARTIES, RP_BITS,
                                 rp_gens, &rp_t);
}
static int call_rp_verify_batch_empty(void)
{
    return ecx_rangeproof_verify_batch(0, NULL, NULL, NULL, NULL, RP_BITS, NULL, NULL);
}
static int call_rp_verify_batch(void)
{
    const uint8_t *proofs[2] = {rp_valid_proof, rp_valid_proof};
    const size_t lens[2] = {RP_SIZE, RP_SIZE}, ms[2] = {RP_PARTIES, RP_PARTIES};
    const uint8_t(*coms[2])[32] = {(const uint8_t(*)[32])rp_valid_coms, (const uint8_t(*)[32])rp_valid_coms};
    ecx_transcript *ts[2] = {&rp_t, &rp_t2};
    rp_t = rp_t0;
    rp_t2 = rp_t0;
    return ecx_rangeproof_verify_batch(2, proofs, lens, coms, ms, RP_BITS, rp_gens, ts);
}

/* The documented outputs of a failed call: prove zeroes the proof and the
 * commitments and sets *proof_len = 0; every range-proof call leaves the
 * transcripts as they were. 1 if so. */
static int rp_outputs_as_documented(int (*call)(void))
{
    static const uint8_t zero[RP_SIZE];
    int ok = memcmp(&rp_t, &rp_t0, sizeof rp_t) == 0;
    if (call == call_rp_prove)
        ok &= rp_len == 0 && memcmp(rp_proof, zero, RP_SIZE) == 0 && memcmp(rp_coms, zero, sizeof rp_coms) == 0;
    if (call == call_rp_verify_batch) ok &= memcmp(&rp_t2, &rp_t0, sizeof rp_t2) == 0;
    return ok;
}

/* Poisons the outputs before a call that must fail: a failure has to
 * write the documented values, not leave them. */
static void rp_poison(void)
{
    memset(rp_proof, 0x5c, sizeof rp_proof);
    memset(rp_coms, 0x5c, sizeof rp_coms);
    rp_len = 12345;
}

static int (*const rp_random_calls[])(void) = {call_rp_prove, call_rp_verify, call_rp_verify_batch};
#define N_RP_RANDOM_CALLS (sizeof rp_random_calls / sizeof rp_random_calls[0])

static void test_random_rangeproof(const char *backend, enum random_mode mode)
{
    char ctx[160];
    for (size_t i = 0; i < N_RP_RANDOM_CALLS; i++) {
        snprintf(ctx, sizeof ctx, "%s, failing randomness mode %d, range-proof call %zu", backend, (int)mode, i);
        rp_poison();
        random_set(mode);
        alloc_arm(0);
        const int status = rp_random_calls[i]();
        alloc_disarm();
        random_set(RANDOM_REAL);
        CHECK_CTX(status == ECX_ERR_RANDOM, ctx);
        CHECK_CTX(rp_outputs_as_documented(rp_random_calls[i]), ctx);
        CHECK_CTX(live_count == 0 && live_overflow == 0, ctx);
    }
}

/* gens_new with its k-th allocation failing: ECX_ERR_NOMEM, *g untouched. */
static ecx_rangeproof_gens *const GENS_UNTOUCHED = (ecx_rangeproof_gens *)&rp_t0;
static ecx_rangeproof_gens *gens_out;
static int call_rp_gens_new_kept(void)
{
    gens_out = GENS_UNTOUCHED;
    int status = ecx_rangeproof_gens_new(&gens_out, RP_BITS, 1);
    if (status == ECX_OK) ecx_rangeproof_gens_free(gens_out);
    return status;
}

static void test_nomem_rangeproof(const char *backend)
{
    char ctx[160];
    int (*const calls_nomem[])(void) = {call_rp_gens_new_kept, call_rp_prove, call_rp_verify, call_rp_verify_batch};
    for (size_t i = 0; i < sizeof calls_nomem / sizeof calls_nomem[0]; i++) {
        alloc_arm(0);
        int status = calls_nomem[i]();
        alloc_disarm();
        const unsigned long total = alloc_calls;
        snprintf(ctx, sizeof ctx, "%s, range-proof call %zu (%lu allocations)", backend, i, total);
        CHECK_CTX(status == ECX_OK, ctx);
        CHECK_CTX(total > 0, ctx);
        for (unsigned long k = 1; k <= total; k++) {
            rp_poison();
            alloc_arm(k);
            status = calls_nomem[i]();
            alloc_disarm();
            CHECK_CTX(status == ECX_ERR_NOMEM, ctx);
            CHECK_CTX(live_count == 0 && live_overflow == 0, ctx);
            if (calls_nomem[i] == call_rp_gens_new_kept)
                CHECK_CTX(gens_out == GENS_UNTOUCHED, ctx);
            else
                CHECK_CTX(rp_outputs_as_documented(calls_nomem[i]), ctx);
        }
    }
}

#endif
