/* Rows of the rangeproof area: Bulletproofs range proofs through a
 * backend's `rangeproof` table (src/proofs/rangeproof_table.h).
 *
 *   BACKEND/rangeproof/prove/64xM, BACKEND/rangeproof/verify/64xM,
 *     M = 1, 2, 4, 8, 16, 32: the seed scenario of the published comparison
 *     of dalek's and adjoint-io's bulletproofs — every value 7238283, every
 *     blinding the scalar 827361;
 *   BACKEND/rangeproof_random/{prove,verify}/64xM: random values and
 *     blindings;
 *   BACKEND/rangeproof/verify_batch/64x1xK, K = 16, 64: one batch of K
 *     single-value proofs (items per second counts proofs).
 * There is no peer row: the Rust crate cannot run in this process;
 * docs/performance.md compares with its figures in multiples of
 * libsodium/ristretto255/scalarmult, which runs in the same ecbench run.
 *
 * A prove row times one whole proof (commitments included); the previous
 * proof's first 32 bytes are the next call's injected randomness. A verify
 * row cycles through 8 distinct proofs (fresh transcript each call). The
 * generators (64, 32) are made once per backend with that backend
 * selected, outside the timing. */
#include <stdlib.h>
#include <string.h>

#include "ecbench.h"
#include "ecx/ecx.h"
#include "ecx/rangeproof.h"

#define RING 8
#define MAX_M 32
#define PROOF_MAX (32 * (9 + 2 * 11))
#define LABEL "ecbench rangeproof"

/* The generators (64, MAX_M) of backend b, made once with b active (as a
 * user who selected b gets them: with b's own cache,
 * src/proofs/rangeproof_cache.h), then the previous backend restored. */
static ecx_rangeproof_gens *shared_gens(ecxb_state *st, const struct ecbench_backend *b)
{
    enum { MAX_BACKENDS = 8 };
    static const struct ecbench_backend *owners[MAX_BACKENDS];
    static ecx_rangeproof_gens *gens[MAX_BACKENDS];
    size_t k = 0;
    while (k < MAX_BACKENDS && owners[k] && owners[k] != b) k++;
    if (k == MAX_BACKENDS) {
        ecxb_skip_with_error(st, "too many backends");
        return NULL;
    }
    if (!owners[k]) {
        const char *before = ecx_backend();
        int status = ecx_backend_select(b->name);
        if (status == ECX_OK) status = ecx_rangeproof_gens_new(&gens[k], 64, MAX_M);
        ecx_backend_select(before);
        if (status != ECX_OK) {
            ecxb_skip_with_error(st, "ecx_rangeproof_gens_new failed");
            return NULL;
        }
        owners[k] = b;
    }
    return gens[k];
}

/* The witness: the seed scenario's, or random. */
static void witness(uint64_t *values, uint8_t (*blindings)[32], size_t m, int seeded)
{
    for (size_t j = 0; j < m; j++) {
        memset(blindings[j], 0, 32);
        if (seeded) {
            values[j] = 7238283;
            blindings[j][0] = 0xe1; /* 827361 = 0x0c9fe1 */
            blindings[j][1] = 0x9f;
            blindings[j][2] = 0x0c;
        } else {
            ecbench_random_bytes((uint8_t *)&values[j], 8);
            ecbench_random_bytes(blindings[j], 32);
            blindings[j][31] &= 0x0f;
        }
    }
}

static int prove_once(const struct ecbench_backend *b, const ecx_rangeproof_gens *g, uint8_t *proof,
                      uint8_t (*coms)[32], const uint64_t *values, const uint8_t (*blindings)[32], size_t m,
                      const uint8_t random[32])
{
    ecx_transcript t;
    ecx_transcript_init(&t, LABEL);
    return b->table->rangeproof->prove(proof, coms, g, &t, values, blindings, m, 64, random);
}

static void run_prove(ecxb_state *st, const struct ecbench_backend *b, size_t m, int seeded)
{
    static uint64_t values[MAX_M];
    static uint8_t blindings[MAX_M][32], coms[MAX_M][32], proof[PROOF_MAX];
    const ecx_rangeproof_gens *g = shared_gens(st, b);
    if (!g) return;
    uint8_t random[32];
    witness(values, blindings, m, seeded);
    ecbench_random_bytes(random, sizeof random);
    while (ecxb_keep_running(st)) {
        if (prove_once(b, g, proof, coms, values, (const uint8_t(*)[32])blindings, m, random) != ECX_OK) {
            ecxb_skip_with_error(st, "rangeproof prove failed");
            break;
        }
        memcpy(random, proof, 32);
    }
    ecxb_do_not_optimize(proof);
}

/* RING proofs of m values (seeded or random witnesses). */
struct ring {
    uint8_t proof[RING][PROOF_MAX];
    uint8_t coms[RING][MAX_M][32];
};

static int make_ring(struct ring *r, const struct ecbench_backend *b, const ecx_rangeproof_gens *g, size_t m,
                     int seeded)
{
    static uint64_t values[MAX_M];
    static uint8_t blindings[MAX_M][32];
    for (int k = 0; k < RING; k++) {
        uint8_t random[32];
        witness(values, blindings, m, seeded);
        ecbench_random_bytes(random, sizeof random);
        if (prove_once(b, g, r->proof[k], r->coms[k], values, (const uint8_t(*)[32])blindings, m, random) != ECX_OK)
            return 0;
    }
    return 1;
}

static void run_verify(ecxb_state *st, const struct ecbench_backend *b, size_t m, int seeded)
{
    static struct ring r;
    const ecx_rangeproof_gens *g = shared_gens(st, b);
    if (!g) return;
    if (!make_ring(&r, b, g, m, seeded)) {
        ecxb_skip_with_error(st, "rangeproof prove failed");
        return;
    }
    const size_t len = ecx_rangeproof_size(64, m);
    uint8_t seed[32];
    ecbench_random_bytes(seed, sizeof seed);
    size_t k = 0;
    while (ecxb_keep_running(st)) {
        ecx_transcript t;
        ecx_transcript_init(&t, LABEL);
        ecx_transcript *ts[1] = {&t};
        const uint8_t *proofs[1] = {r.proof[k]};
        const uint8_t(*coms[1])[32] = {(const uint8_t(*)[32])r.coms[k]};
        const size_t lens[1] = {len}, ms[1] = {m};
        if (b->table->rangeproof->verify_batch(1, proofs, lens, coms, ms, 64, g, ts, seed) != ECX_OK) {
            ecxb_skip_with_error(st, "rangeproof verify rejected a valid proof");
            break;
        }
        seed[0]++;
        k = (k + 1) % RING;
    }
}

/* The witnesses of a row: the seed scenario's or random. */
struct witness_kind {
    int seeded;
};
static const struct witness_kind seed_scenario = {1}, random_witnesses = {0};

static void bm_prove(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    run_prove(st, b, row->param, ((const struct witness_kind *)row->op)->seeded);
}

static void bm_verify(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    run_verify(st, b, row->param, ((const struct witness_kind *)row->op)->seeded);
}

/* One batch of count single-value proofs (seeded witnesses, distinct
 * randomness). */
static void bm_verify_batch(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const size_t count = row->param;
    enum { MAX_BATCH = 64 };
    static uint8_t proof[MAX_BATCH][PROOF_MAX], coms[MAX_BATCH][1][32];
    const ecx_rangeproof_gens *g = shared_gens(st, b);
    if (!g || count > MAX_BATCH) return;
    uint64_t values[1];
    uint8_t blindings[1][32];
    witness(values, blindings, 1, 1);
    const uint8_t *proofs[MAX_BATCH];
    const uint8_t(*cs[MAX_BATCH])[32];
    size_t lens[MAX_BATCH], ms[MAX_BATCH];
    ecx_transcript t[MAX_BATCH];
    ecx_transcript *ts[MAX_BATCH];
    for (size_t k = 0; k < count; k++) {
        uint8_t random[32];
        ecbench_random_bytes(random, sizeof random);
        if (prove_once(b, g, proof[k], coms[k], values, (const uint8_t(*)[32])blindings, 1, random) != ECX_OK) {
            ecxb_skip_with_error(st, "rangeproof prove failed");
            return;
        }
        proofs[k] = proof[k];
        cs[k] = (const uint8_t(*)[32])coms[k];
        lens[k] = ecx_rangeproof_size(64, 1);
        ms[k] = 1;
        ts[k] = &t[k];
    }
    uint8_t seed[32];
    ecbench_random_bytes(seed, sizeof seed);
    while (ecxb_keep_running(st)) {
        for (size_t k = 0; k < count; k++) ecx_transcript_init(&t[k], LABEL);
        if (b->table->rangeproof->verify_batch(count, proofs, lens, cs, ms, 64, g, ts, seed) != ECX_OK) {
            ecxb_skip_with_error(st, "rangeproof verify_batch rejected valid proofs");
            break;
        }
        seed[0]++;
    }
    ecxb_set_items_processed(st, (int64_t)count * ecxb_iterations(st));
}

/* The prove and verify rows of M = 1 .. 32 values for one kind of witness. */
#define RP_ROWS(AREA, WITNESS)                                                                     \
    {NULL, AREA "/prove/64x1", bm_prove, 1, ECXB_MS, NULL, WITNESS},                               \
    {NULL, AREA "/prove/64x2", bm_prove, 2, ECXB_MS, NULL, WITNESS},                               \
    {NULL, AREA "/prove/64x4", bm_prove, 4, ECXB_MS, NULL, WITNESS},                               \
    {NULL, AREA "/prove/64x8", bm_prove, 8, ECXB_MS, NULL, WITNESS},                               \
    {NULL, AREA "/prove/64x16", bm_prove, 16, ECXB_MS, NULL, WITNESS},                             \
    {NULL, AREA "/prove/64x32", bm_prove, 32, ECXB_MS, NULL, WITNESS},                             \
    {NULL, AREA "/verify/64x1", bm_verify, 1, ECXB_US, NULL, WITNESS},                             \
    {NULL, AREA "/verify/64x2", bm_verify, 2, ECXB_US, NULL, WITNESS},                             \
    {NULL, AREA "/verify/64x4", bm_verify, 4, ECXB_US, NULL, WITNESS},                             \
    {NULL, AREA "/verify/64x8", bm_verify, 8, ECXB_MS, NULL, WITNESS},                             \
    {NULL, AREA "/verify/64x16", bm_verify, 16, ECXB_MS, NULL, WITNESS},                           \
    {NULL, AREA "/verify/64x32", bm_verify, 32, ECXB_MS, NULL, WITNESS}

static const struct ecbench_row rangeproof_rows[] = {
    RP_ROWS("rangeproof", &seed_scenario),
    RP_ROWS("rangeproof_random", &random_witnesses),
    {NULL, "rangeproof/verify_batch/64x1x16", bm_verify_batch, 16, ECXB_MS, NULL, NULL},
    {NULL, "rangeproof/verify_batch/64x1x64", bm_verify_batch, 64, ECXB_MS, NULL, NULL},
};

const struct ecbench_suite ecbench_suite_rangeproof = {"rangeproof", rangeproof_rows,
                                                       sizeof rangeproof_rows / sizeof rangeproof_rows[0]};
