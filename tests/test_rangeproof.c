/* Bulletproofs range proofs (include/ecx/rangeproof.h) on every usable
 * backend:
 *   - the crate's published proofs (dalek-cryptography/bulletproofs,
 *     tests/range_proof.rs "deserialize_and_verify": n = 8 .. 64,
 *     m = 1 .. 8, label "Deserialize-And-Verify Test", generators (64, 8))
 *     verify on every backend, with generators (64, 16) made by every
 *     backend (the same first 8 parties; m >= 2 through each backend's
 *     fixed-base table, m = 1 through Straus);
 *   - the generators are byte-identical whichever backend made them;
 *   - with the same injected randomness every backend writes the same proof
 *     and commitments, and every backend verifies every other's;
 *   - the transcript RNG: other randomness or another witness gives another
 *     proof; the prover's and verifier's transcripts end in the same state;
 *   - round trips for n in {8, 16, 32, 64} and m in {1, 2, 4, 8, 16, 32, 64}
 *     (all m on the active backend, m <= 8 on the others, there with the
 *     active backend's generators and with their own, so both the neutral
 *     points and each backend's cache are verified), through the public
 *     API (OS randomness);
 *   - values 0, 1 and 2^n - 1 accepted, 2^n (and 2^64 - 1 for n < 64)
 *     refused at proving time with ECX_ERR_INVALID and zeroed outputs; a
 *     non-canonical blinding refused.
 * The bad-input, corruption and batch tests are in test_rangeproof_bad.c.
 * The first argument is the directory of deserialize_and_verify.txt. */
#include "rangeproof_common.h"

#include "proofs/rangeproof_gens.h"

static const char *names[MAX_BACKENDS];
static size_t nbackends;
static struct crate_vectors cv;

/* The crate's proofs verify on backend `name` with generators gens. */
static void check_crate_vectors(const ecx_rangeproof_gens *gens, const char *name)
{
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j < 4; j++) {
            size_t n = (size_t)8 << i, m = (size_t)1 << j;
            CHECK_CTX(cv.len[i][j] == ecx_rangeproof_size(n, m), ctx("size %zux%zu", n, m));
            int r = verify_public(cv.proof[i][j], cv.len[i][j], (const uint8_t(*)[32])cv.vc, m, n, gens,
                                  VECTOR_LABEL);
            CHECK_STATUS(r, ECX_OK, ctx("%s: crate proof n=%zu m=%zu", name, n, m));
        }
}

static void test_crate_vectors(void)
{
    if (!cv.loaded) return;
    ecx_rangeproof_gens *made[MAX_BACKENDS] = {0};
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        /* (64, 16): the crate's (64, 8) and more, enough for the fixed-base
         * table of rangeproof_cache.h (RP_FIXED_MIN_COUNT), so that every
         * backend verifies the crate's proofs of m >= 2 through its own. */
        CHECK_STATUS(ecx_rangeproof_gens_new(&made[b], 64, 16), ECX_OK, names[b]);
    }
    for (size_t b = 0; b < nbackends; b++) {
        if (!made[b] || !made[0]) continue;
        CHECK_CTX(made[b]->count == made[0]->count &&
                      memcmp(made[b]->points, made[0]->points, made[0]->count * 64) == 0,
                  ctx("generators of %s equal those of %s", names[b], names[0]));
    }
    /* Every backend with generators from every backend. */
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        for (size_t gb = 0; gb < nbackends; gb++)
            if (made[gb]) check_crate_vectors(made[gb], ctx("%s with generators of %s", names[b], names[gb]));
    }
    for (size_t b = 0; b < nbackends; b++) ecx_rangeproof_gens_free(made[b]);
}

/* The same injected randomness gives the same proof on every backend;
 * every backend verifies every other's. */
static void test_backends_agree(const ecx_rangeproof_gens *g)
{
    static const size_t shapes[][2] = {{8, 1}, {64, 1}, {32, 2}, {16, 8}, {64, 4}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const size_t n = shapes[s][0], m = shapes[s][1], size = ecx_rangeproof_size(n, m);
        uint64_t values[8];
        uint8_t blindings[8][32], random[32], proof[MAX_BACKENDS][RP_MAX_PROOF], coms[MAX_BACKENDS][8][32];
        random_witness(values, blindings, m, n);
        for (int i = 0; i < 32; i++) random[i] = (uint8_t)check_rand64();
        for (size_t b = 0; b < nbackends; b++) {
            const struct ecx_backend *be = ecxi_backend_find(names[b]);
            int r = prove_with(be, proof[b], coms[b], g, "agree", values, (const uint8_t(*)[32])blindings, m, n,
                               random);
            CHECK_STATUS(r, ECX_OK, ctx("%s prove %zux%zu", names[b], n, m));
            CHECK_MEM(proof[b], proof[0], size, ctx("%s proof = %s proof (%zux%zu)", names[b], names[0], n, m));
            CHECK_MEM(coms[b], coms[0], m * 32, ctx("%s commitments = %s's", names[b], names[0]));
        }
        for (size_t vb = 0; vb < nbackends; vb++) {
            if (!use_backend(names[vb])) continue;
            for (size_t b = 0; b < nbackends; b++)
                CHECK_STATUS(verify_public(proof[b], size, (const uint8_t(*)[32])coms[b], m, n, g, "agree"), ECX_OK,
                             ctx("%s verifies %s's %zux%zu", names[vb], names[b], n, m));
        }
    }
}

/* The transcript RNG: the proof depends on the randomness and on the
 * witness (rekeyed), and both sides' transcripts end alike. */
static void test_rng_and_transcripts(const ecx_rangeproof_gens *g)
{
    const struct ecx_backend *be = ecxi_backend_active();
    uint64_t values[2] = {7238283, 7238283};
    uint8_t blindings[2][32] = {{0}}, random[32] = {1}, p1[RP_MAX_PROOF], p2[RP_MAX_PROOF], p3[RP_MAX_PROOF];
    uint8_t c1[2][32], c2[2][32], c3[2][32];
    blindings[0][0] = 0xe1;
    blindings[0][1] = 0x9f;
    blindings[0][2] = 0x0c;
    memcpy(blindings[1], blindings[0], 32);
    const size_t size = ecx_rangeproof_size(64, 2);
    CHECK_STATUS(prove_with(be, p1, c1, g, "rng", values, (const uint8_t(*)[32])blindings, 2, 64, random), ECX_OK,
                 "rng 1");
    CHECK_STATUS(prove_with(be, p2, c2, g, "rng", values, (const uint8_t(*)[32])blindings, 2, 64, random), ECX_OK,
                 "rng 2");
    CHECK_MEM(p1, p2, size, "same randomness, same proof");
    random[5] ^= 1;
    CHECK_STATUS(prove_with(be, p3, c3, g, "rng", values, (const uint8_t(*)[32])blindings, 2, 64, random), ECX_OK,
                 "rng 3");
    CHECK(memcmp(p1, p3, size) != 0);
    CHECK_MEM(c1, c3, 64, "commitments do not depend on the randomness");
    random[5] ^= 1;
    values[1] = 7238284; /* another witness, same randomness: other A, S */
    CHECK_STATUS(prove_with(be, p3, c3, g, "rng", values, (const uint8_t(*)[32])blindings, 2, 64, random), ECX_OK,
                 "rng 4");
    CHECK(memcmp(p1 + 32, p3 + 32, 32) != 0);
    CHECK_STATUS(verify_public(p3, size, (const uint8_t(*)[32])c3, 2, 64, g, "rng"), ECX_OK, "rng 4 verifies");

    /* Prover and verifier transcripts agree afterwards. */
    ecx_transcript tp = transcript_for("after"), tv = transcript_for("after");
    size_t len = 0;
    CHECK_STATUS(ecx_rangeproof_prove(p1, sizeof p1, &len, c1, g, &tp, values, (const uint8_t(*)[32])blindings, 2,
                                      64),
                 ECX_OK, "public prove");
    CHECK(len == size);
    CHECK_STATUS(ecx_rangeproof_verify(p1, len, (const uint8_t(*)[32])c1, 2, 64, g, &tv), ECX_OK, "public verify");
    uint8_t ch1[32], ch2[32];
    ecx_transcript_challenge(&tp, "next", ch1, 32);
    ecx_transcript_challenge(&tv, "next", ch2, 32);
    CHECK_MEM(ch1, ch2, 32, "transcripts agree after prove and verify");
}

/* Round trips through the public API on the active backend. */
static void round_trips(const ecx_rangeproof_gens *g, size_t max_m)
{
    for (size_t n = 8; n <= 64; n *= 2)
        for (size_t m = 1; m <= max_m; m *= 2) {
            uint64_t values[64];
            uint8_t(*blindings)[32] = malloc(64 * 32), (*coms)[32] = malloc(64 * 32), proof[RP_MAX_PROOF];
            random_witness(values, blindings, m, n);
            size_t len = 0;
            ecx_transcript t = transcript_for("round trip");
            int r = ecx_rangeproof_prove(proof, sizeof proof, &len, coms, g, &t, values,
                                         (const uint8_t(*)[32])blindings, m, n);
            CHECK_STATUS(r, ECX_OK, ctx("%s prove %zux%zu", ecx_backend(), n, m));
            CHECK(len == ecx_rangeproof_size(n, m));
            CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])coms, m, n, g, "round trip"), ECX_OK,
                         ctx("%s verify %zux%zu", ecx_backend(), n, m));
            free(blindings);
            free(coms);
        }
}

/* The active backend with g (made by the first backend), then every other
 * backend twice up to m = 8: with g (another backend's generators: the
 * neutral points) and with generators (64, 16) it made itself (its own
 * cache with the fixed-base table, src/proofs/rangeproof_cache.h: m >= 2
 * verifies through it). */
static void test_round_trips(const ecx_rangeproof_gens *g)
{
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        round_trips(g, b == 0 ? 64 : 8);
        ecx_rangeproof_gens *own = NULL;
        if (b == 0) continue;
        CHECK_STATUS(ecx_rangeproof_gens_new(&own, 64, 16), ECX_OK, ctx("%s gens (64, 16)", names[b]));
        if (own) round_trips(own, 8);
        ecx_rangeproof_gens_free(own);
    }
    ecx_backend_select("auto");
}

/* Values at the edges of the range, and out of it. */
static void test_value_range(const ecx_rangeproof_gens *g)
{
    for (size_t n = 8; n <= 64; n *= 2) {
        const uint64_t top = n == 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
        uint64_t ok_values[4] = {0, 1, top, top - 1};
        uint8_t blindings[4][32] = {{0}}, coms[4][32], proof[RP_MAX_PROOF];
        size_t len = 0;
        blindings[1][0] = 1;
        ecx_transcript t = transcript_for("range");
        CHECK_STATUS(ecx_rangeproof_prove(proof, sizeof proof, &len, coms, g, &t, ok_values,
                                          (const uint8_t(*)[32])blindings, 4, n),
                     ECX_OK, ctx("0, 1, 2^%zu - 1 prove", n));
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])coms, 4, n, g, "range"), ECX_OK,
                     ctx("0, 1, 2^%zu - 1 verify", n));
        if (n == 64) continue;
        uint64_t bad[2][2] = {{1, top + 1}, {UINT64_MAX, 0}};
        for (int k = 0; k < 2; k++) {
            ecx_transcript before = transcript_for("range"), t2 = before;
            memset(proof, 0xaa, sizeof proof);
            memset(coms, 0xaa, sizeof coms);
            int r = ecx_rangeproof_prove(proof, sizeof proof, &len, coms, g, &t2, bad[k],
                                         (const uint8_t(*)[32])blindings, 2, n);
            CHECK_STATUS(r, ECX_ERR_INVALID, ctx("value out of %zu bits refused", n));
            CHECK(len == 0);
            uint8_t zero[RP_MAX_PROOF] = {0};
            CHECK_MEM(proof, zero, ecx_rangeproof_size(n, 2), "proof zeroed");
            CHECK_MEM(coms, zero, 64, "commitments zeroed");
            CHECK_MEM(&t2, &before, sizeof before, "transcript unchanged");
        }
    }
    /* A blinding >= l. */
    uint64_t v[1] = {5};
    uint8_t blinding[1][32], coms[1][32], proof[RP_MAX_PROOF];
    memcpy(blinding[0], ED_L, 32);
    size_t len;
    ecx_transcript t = transcript_for("range");
    CHECK_STATUS(ecx_rangeproof_prove(proof, sizeof proof, &len, coms, g, &t, v, (const uint8_t(*)[32])blinding,
                                      1, 8),
                 ECX_ERR_INVALID, "blinding = l refused");
}

int main(int argc, char **argv)
{
    check_seed(0x72616e6765);
    nbackends = test_backends(names);
    crate_vectors_load(&cv, argc, argv);
    test_crate_vectors();

    ecx_rangeproof_gens *g = NULL;
    CHECK_STATUS(ecx_rangeproof_gens_new(&g, 64, 64), ECX_OK, "gens (64, 64)");
    if (g) {
        test_backends_agree(g);
        test_rng_and_transcripts(g);
        test_round_trips(g);
        test_value_range(g);
    }
    ecx_rangeproof_gens_free(g);
    return check_summary("test_rangeproof");
}
