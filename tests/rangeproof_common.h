/* Shared helpers of the range-proof tests (test_rangeproof.c,
 * test_rangeproof_bad.c): the crate's published proofs
 * (tests/vectors/bulletproofs/deserialize_and_verify.txt), deterministic
 * proofs through a backend's table with injected randomness, transcripts.
 *
 * Each test program includes this header once (its functions are static). */
#ifndef ECX_TESTS_RANGEPROOF_COMMON_H
#define ECX_TESTS_RANGEPROOF_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ed25519_common.h"
#include "backend/ops.h"
#include "dispatch/registry.h"
#include "ecx/rangeproof.h"

#define VECTOR_LABEL "Deserialize-And-Verify Test"
#define RP_MAX_PROOF (32 * (9 + 2 * 12))

/* The crate's deserialize_and_verify set: proofs[i][j] for n = 8 << i,
 * m = 1 << j, over the commitments vc[0 .. m-1]. */
struct crate_vectors {
    uint8_t vc[8][32];
    uint8_t proof[4][4][RP_MAX_PROOF];
    size_t len[4][4];
    int loaded;
};

/* Reads the vectors from DIR/deserialize_and_verify.txt (DIR = argv[1]);
 * counts a failure if the file is missing or incomplete. */
static inline void crate_vectors_load(struct crate_vectors *cv, int argc, char **argv)
{
    memset(cv, 0, sizeof *cv);
    struct vec_file v;
    if (!vec_open(&v, argc, argv, "deserialize_and_verify.txt")) return;
    size_t nvc = 0, nproofs = 0;
    while (vec_next(&v) > 0) {
        if (strcmp(v.field[0], "vc") == 0 && v.nfields == 2 && nvc < 8) {
            hex_fixed(cv->vc[nvc++], 32, v.field[1]);
        } else if (strcmp(v.field[0], "proof") == 0 && v.nfields == 4) {
            unsigned n = (unsigned)strtoul(v.field[1], NULL, 10), m = (unsigned)strtoul(v.field[2], NULL, 10);
            unsigned i = n == 8 ? 0 : n == 16 ? 1 : n == 32 ? 2 : 3, j = m == 1 ? 0 : m == 2 ? 1 : m == 4 ? 2 : 3;
            long len = hex_decode(cv->proof[i][j], RP_MAX_PROOF, v.field[3]);
            if (len > 0) {
                cv->len[i][j] = (size_t)len;
                nproofs++;
            }
        }
    }
    vec_close(&v);
    CHECK_CTX(nvc == 8 && nproofs == 16, ctx("crate vectors: %zu commitments, %zu proofs", nvc, nproofs));
    cv->loaded = nvc == 8 && nproofs == 16;
}

/* A transcript started with label. */
static inline ecx_transcript transcript_for(const char *label)
{
    ecx_transcript t;
    if (ecx_transcript_init(&t, label) != ECX_OK) abort();
    return t;
}

/* Random canonical blindings (below 2^252) and values below 2^n. */
static inline void random_witness(uint64_t *values, uint8_t (*blindings)[32], size_t m, size_t n)
{
    for (size_t j = 0; j < m; j++) {
        uint64_t v = check_rand64();
        values[j] = n == 64 ? v : v & (((uint64_t)1 << n) - 1);
        for (int b = 0; b < 32; b += 8) {
            uint64_t r = check_rand64();
            memcpy(blindings[j] + b, &r, 8);
        }
        blindings[j][31] &= 0x0f;
    }
}

/* Proves through backend b's table with the injected randomness `random`
 * on a fresh transcript for label. Returns the status. */
static inline int prove_with(const struct ecx_backend *b, uint8_t *proof, uint8_t (*coms)[32],
                             const ecx_rangeproof_gens *g, const char *label, const uint64_t *values,
                             const uint8_t (*blindings)[32], size_t m, size_t n, const uint8_t random[32])
{
    ecx_transcript t = transcript_for(label);
    return b->rangeproof->prove(proof, coms, g, &t, values, blindings, m, n, random);
}

/* Verifies through the public API on a fresh transcript for label. */
static inline int verify_public(const uint8_t *proof, size_t len, const uint8_t (*coms)[32], size_t m, size_t n,
                                const ecx_rangeproof_gens *g, const char *label)
{
    ecx_transcript t = transcript_for(label);
    return ecx_rangeproof_verify(proof, len, coms, m, n, g, &t);
}

#endif
