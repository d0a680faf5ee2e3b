/* Range proofs against bad input, on every usable backend unless stated:
 *   - every single-byte corruption (each byte xored with a random non-zero
 *     value) of the crate's proof of each of the 16 shapes is rejected
 *     (active backend; a sample of positions on the others);
 *   - wrong commitments (another valid point: ECX_ERR_VERIFY; bytes that do
 *     not decode: ECX_ERR_INVALID), wrong n or m, another transcript label,
 *     truncated and overlong proofs, non-canonical scalars (s + l), points
 *     that do not decode, identity points (ECX_ERR_VERIFY, as the crate);
 *     with two bad points, the first one's status in the transcript's order;
 *   - generators too small for n or m, m not a power of two, n not in the
 *     set, NULL arrays, a damaged transcript, a short proof buffer:
 *     ECX_ERR_INVALID, outputs zeroed, transcripts unchanged;
 *   - batches of 0 (NULL arrays), 1 and 64 proofs, mixed m, on every
 *     backend; one bad proof at each position of the 64 is found, and no
 *     transcript changes then; on success every transcript is where a
 *     single verification leaves it. */
#include "rangeproof_common.h"

static const char *names[MAX_BACKENDS];
static size_t nbackends;
static struct crate_vectors cv;

/* Verifies the crate's proof (i, j), bytes replaced by p[0 .. len-1]. */
static int verify_crate(const uint8_t *p, size_t len, unsigned i, unsigned j, const ecx_rangeproof_gens *g)
{
    uint8_t *exact = dup_exact(p, len);
    int r = verify_public(exact, len, (const uint8_t(*)[32])cv.vc, (size_t)1 << j, (size_t)8 << i, g, VECTOR_LABEL);
    free(exact);
    return r;
}

static void test_corruptions(const ecx_rangeproof_gens *g)
{
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++) {
                const size_t len = cv.len[i][j];
                uint8_t p[RP_MAX_PROOF];
                unsigned rejected = 0, tried = 0;
                for (size_t pos = 0; pos < len; pos += b == 0 ? 1 : 37) {
                    memcpy(p, cv.proof[i][j], len);
                    uint8_t x = (uint8_t)check_rand64();
                    p[pos] ^= x ? x : 0x80;
                    int r = verify_crate(p, len, i, j, g);
                    tried++;
                    rejected += r == ECX_ERR_INVALID || r == ECX_ERR_VERIFY;
                }
                CHECK_CTX(rejected == tried, ctx("%s: %u of %u corruptions of %zux%zu rejected", names[b], rejected,
                                                 tried, (size_t)8 << i, (size_t)1 << j));
            }
    }
    ecx_backend_select("auto");
}

/* t = s + l (s < l, so no carry out of 256 bits). */
static void add_l(uint8_t t[32], const uint8_t s[32])
{
    add256(t, s, ED_L);
}

static void test_malformed(const ecx_rangeproof_gens *g)
{
    const unsigned i = 3, j = 1; /* n = 64, m = 2 */
    const size_t n = 64, m = 2, len = cv.len[i][j];
    const uint8_t *proof = cv.proof[i][j];
    uint8_t p[RP_MAX_PROOF + 64];
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        const char *be = names[b];
        CHECK_STATUS(verify_crate(proof, len, i, j, g), ECX_OK, ctx("%s: the original verifies", be));

        /* Commitments. */
        uint8_t vc[2][32];
        memcpy(vc, cv.vc, 64);
        memcpy(vc[1], cv.vc[2], 32);
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])vc, m, n, g, VECTOR_LABEL), ECX_ERR_VERIFY,
                     ctx("%s: another commitment", be));
        memcpy(vc[1], cv.vc[0], 32);
        memcpy(vc[0], cv.vc[1], 32);
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])vc, m, n, g, VECTOR_LABEL), ECX_ERR_VERIFY,
                     ctx("%s: commitments swapped", be));
        memset(vc[0], 0xff, 32);
        vc[0][31] = 0x7f;
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])vc, m, n, g, VECTOR_LABEL), ECX_ERR_INVALID,
                     ctx("%s: commitment that does not decode", be));

        /* Shape, label, length. */
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])cv.vc, m, 32, g, VECTOR_LABEL), ECX_ERR_INVALID,
                     ctx("%s: n = 32 for a 64-bit proof", be));
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])cv.vc, 1, n, g, VECTOR_LABEL), ECX_ERR_INVALID,
                     ctx("%s: m = 1 for m = 2", be));
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])cv.vc, 4, n, g, VECTOR_LABEL), ECX_ERR_INVALID,
                     ctx("%s: m = 4 for m = 2", be));
        CHECK_STATUS(verify_public(cv.proof[2][2], cv.len[2][2], (const uint8_t(*)[32])cv.vc, 2, 64, g,
                                   VECTOR_LABEL),
                     ECX_ERR_VERIFY, ctx("%s: a 32x4 proof (same length) as 64x2", be));
        CHECK_STATUS(verify_public(proof, len, (const uint8_t(*)[32])cv.vc, m, n, g, "Another label"), ECX_ERR_VERIFY,
                     ctx("%s: another label", be));
        const long deltas[] = {-1, -31, -32, -64, 1, 32, 64};
        for (size_t d = 0; d < sizeof deltas / sizeof deltas[0]; d++) {
            memcpy(p, proof, len);
            memset(p + len, 0, 64);
            CHECK_STATUS(verify_crate(p, (size_t)((long)len + deltas[d]), i, j, g), ECX_ERR_INVALID,
                         ctx("%s: length %ld", be, (long)len + deltas[d]));
        }
        CHECK_STATUS(verify_crate(p, 0, i, j, g), ECX_ERR_INVALID, ctx("%s: empty proof", be));

        /* Non-canonical scalars: t_x, t_x_blinding, e_blinding, a, b. */
        const size_t scalars[5] = {128, 160, 192, len - 64, len - 32};
        for (int s = 0; s < 5; s++) {
            memcpy(p, proof, len);
            add_l(p + scalars[s], proof + scalars[s]);
            CHECK_STATUS(verify_crate(p, len, i, j, g), ECX_ERR_INVALID, ctx("%s: scalar %d + l", be, s));
        }

        /* Points: every point slot (A, S, T_1, T_2, L_k, R_k) with bytes that do
         * not decode, and with the identity. */
        size_t slots[4 + 2 * 7], nslots = 0;
        for (size_t k = 0; k < 4; k++) slots[nslots++] = 32 * k;
        for (size_t k = 0; k < 2 * 7; k++) slots[nslots++] = 224 + 32 * k;
        for (size_t s = 0; s < nslots; s++) {
            memcpy(p, proof, len);
            memset(p + slots[s], 0xff, 32);
            p[slots[s] + 31] = 0x7f;
            CHECK_STATUS(verify_crate(p, len, i, j, g), ECX_ERR_INVALID, ctx("%s: point at %zu undecodable", be, slots[s]));
            memset(p + slots[s], 0, 32);
            CHECK_STATUS(verify_crate(p, len, i, j, g), ECX_ERR_VERIFY, ctx("%s: identity at %zu", be, slots[s]));
        }
        /* Two bad points: the status is the first one's in the transcript's
         * order (the verifier decodes them all at once, several per square
         * root, and must still answer as the crate does point by point). */
        for (size_t s1 = 0; s1 < nslots; s1++)
            for (size_t s2 = s1 + 1; s2 < nslots; s2++)
                for (int undecodable_first = 0; undecodable_first < 2; undecodable_first++) {
                    memcpy(p, proof, len);
                    const size_t bad = undecodable_first ? slots[s1] : slots[s2];
                    memset(p + slots[s1], 0, 32), memset(p + slots[s2], 0, 32);
                    memset(p + bad, 0xff, 32);
                    p[bad + 31] = 0x7f;
                    CHECK_STATUS(verify_crate(p, len, i, j, g), undecodable_first ? ECX_ERR_INVALID : ECX_ERR_VERIFY,
                                 ctx("%s: %s at %zu, then %s at %zu", be, undecodable_first ? "undecodable" : "identity",
                                     slots[s1], undecodable_first ? "identity" : "undecodable", slots[s2]));
                }
        /* A commitment that does not decode comes before every point of the proof. */
        memcpy(p, proof, len);
        memset(p, 0, 32); /* A: the identity */
        memset(vc[0], 0xff, 32);
        vc[0][31] = 0x7f;
        CHECK_STATUS(verify_public(p, len, (const uint8_t(*)[32])vc, m, n, g, VECTOR_LABEL), ECX_ERR_INVALID,
                     ctx("%s: commitment undecodable, A the identity", be));
    }
    ecx_backend_select("auto");
}

/* Arguments the API must refuse. */
static void test_bad_arguments(const ecx_rangeproof_gens *g)
{
    const uint8_t *proof = cv.proof[3][0]; /* 64 x 1 */
    const size_t len = cv.len[3][0];
    const uint8_t(*vc)[32] = (const uint8_t(*)[32])cv.vc;
    ecx_rangeproof_gens *small = NULL, *few = NULL, *dummy = (ecx_rangeproof_gens *)1;
    CHECK_STATUS(ecx_rangeproof_gens_new(&small, 32, 8), ECX_OK, "gens (32, 8)");
    CHECK_STATUS(ecx_rangeproof_gens_new(&few, 64, 1), ECX_OK, "gens (64, 1)");
    CHECK_STATUS(ecx_rangeproof_gens_new(NULL, 8, 1), ECX_ERR_INVALID, "gens_new(NULL)");
    CHECK_STATUS(ecx_rangeproof_gens_new(&dummy, 65, 1), ECX_ERR_INVALID, "gens capacity 65");
    CHECK_STATUS(ecx_rangeproof_gens_new(&dummy, 64, 65), ECX_ERR_INVALID, "party capacity 65");
    CHECK(dummy == (ecx_rangeproof_gens *)1);
    ecx_rangeproof_gens_free(NULL);

    CHECK_STATUS(verify_public(proof, len, vc, 1, 64, small, VECTOR_LABEL), ECX_ERR_INVALID, "gens too small for n");
    CHECK_STATUS(verify_public(cv.proof[3][1], cv.len[3][1], vc, 2, 64, few, VECTOR_LABEL), ECX_ERR_INVALID,
                 "gens too small for m");
    CHECK_STATUS(verify_public(proof, len, vc, 1, 64, few, VECTOR_LABEL), ECX_OK, "gens (64, 1) suffice for 64x1");
    CHECK_STATUS(verify_public(proof, len, vc, 1, 64, NULL, VECTOR_LABEL), ECX_ERR_INVALID, "gens NULL");
    const size_t bad_n[] = {0, 1, 7, 24, 63, 128}, bad_m[] = {0, 3, 5, 6, 65, 128};
    for (size_t k = 0; k < 6; k++) {
        CHECK_STATUS(verify_public(proof, len, vc, 1, bad_n[k], g, VECTOR_LABEL), ECX_ERR_INVALID, ctx("n = %zu", bad_n[k]));
        CHECK_STATUS(verify_public(proof, len, vc, bad_m[k], 64, g, VECTOR_LABEL), ECX_ERR_INVALID, ctx("m = %zu", bad_m[k]));
        CHECK(ecx_rangeproof_size(bad_n[k], 1) == 0 && ecx_rangeproof_size(64, bad_m[k]) == 0);
    }
    CHECK(ecx_rangeproof_size(64, 1) == 672 && ecx_rangeproof_size(8, 1) == 480 && ecx_rangeproof_size(64, 64) == 1056);
    CHECK_STATUS(verify_public(NULL, len, vc, 1, 64, g, VECTOR_LABEL), ECX_ERR_INVALID, "proof NULL");
    CHECK_STATUS(verify_public(proof, len, NULL, 1, 64, g, VECTOR_LABEL), ECX_ERR_INVALID, "commitments NULL");
    CHECK_STATUS(ecx_rangeproof_verify(proof, len, vc, 1, 64, g, NULL), ECX_ERR_INVALID, "transcript NULL");
    ecx_transcript damaged;
    memset(&damaged, 0, sizeof damaged);
    CHECK_STATUS(ecx_rangeproof_verify(proof, len, vc, 1, 64, g, &damaged), ECX_ERR_INVALID, "zeroed transcript");

    /* Prover arguments. */
    uint64_t values[2] = {1, 2};
    uint8_t blindings[2][32] = {{3}, {4}}, coms[2][32], out[RP_MAX_PROOF], zero[RP_MAX_PROOF] = {0};
    size_t out_len = 99;
    ecx_transcript t = transcript_for("bad"), before = t;
    const uint8_t(*bl)[32] = (const uint8_t(*)[32])blindings;
    memset(out, 0xaa, sizeof out);
    CHECK_STATUS(ecx_rangeproof_prove(out, 671, &out_len, coms, g, &t, values, bl, 1, 64), ECX_ERR_INVALID, "short buffer");
    CHECK(out_len == 0);
    CHECK_MEM(out, zero, 671, "short buffer zeroed");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, small, &t, values, bl, 1, 64), ECX_ERR_INVALID, "prove: gens too small");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, few, &t, values, bl, 2, 64), ECX_ERR_INVALID, "prove: too few parties");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, g, &t, values, bl, 3, 64), ECX_ERR_INVALID, "prove: m = 3");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, g, &t, values, bl, 1, 12), ECX_ERR_INVALID, "prove: n = 12");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, g, &t, NULL, bl, 1, 64), ECX_ERR_INVALID, "prove: values NULL");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, g, &t, values, NULL, 1, 64), ECX_ERR_INVALID, "prove: blindings NULL");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, NULL, g, &t, values, bl, 1, 64), ECX_ERR_INVALID, "prove: commitments NULL");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, NULL, coms, g, &t, values, bl, 1, 64), ECX_ERR_INVALID, "prove: proof_len NULL");
    CHECK_STATUS(ecx_rangeproof_prove(NULL, sizeof out, &out_len, coms, g, &t, values, bl, 1, 64), ECX_ERR_INVALID, "prove: proof NULL");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, g, NULL, values, bl, 1, 64), ECX_ERR_INVALID, "prove: transcript NULL");
    CHECK_STATUS(ecx_rangeproof_prove(out, sizeof out, &out_len, coms, g, &damaged, values, bl, 1, 64), ECX_ERR_INVALID, "prove: zeroed transcript");
    CHECK_MEM(&t, &before, sizeof t, "transcript unchanged by refused calls");
    ecx_rangeproof_gens_free(small);
    ecx_rangeproof_gens_free(few);
}

#define BATCH 64

static void test_batches(const ecx_rangeproof_gens *g)
{
    static uint8_t proofs[BATCH][RP_MAX_PROOF], coms[BATCH][4][32];
    const uint8_t *pp[BATCH];
    size_t lens[BATCH], ms[BATCH];
    const uint8_t(*cp[BATCH])[32];
    ecx_transcript ts[BATCH], singles[BATCH];
    ecx_transcript *tp[BATCH];
    const struct ecx_backend *be = ecxi_backend_active();
    for (size_t k = 0; k < BATCH; k++) {
        uint64_t values[4];
        uint8_t blindings[4][32], random[32];
        ms[k] = k < BATCH - 3 ? 1 : (size_t)1 << (k - (BATCH - 3)); /* 61 single, then m = 1, 2, 4 */
        random_witness(values, blindings, ms[k], 64);
        for (int i = 0; i < 32; i++) random[i] = (uint8_t)check_rand64();
        char label[32];
        snprintf(label, sizeof label, "batch %zu", k);
        CHECK_STATUS(prove_with(be, proofs[k], coms[k], g, label, values, (const uint8_t(*)[32])blindings, ms[k], 64,
                                random),
                     ECX_OK, ctx("batch proof %zu", k));
        pp[k] = proofs[k];
        lens[k] = ecx_rangeproof_size(64, ms[k]);
        cp[k] = (const uint8_t(*)[32])coms[k];
        tp[k] = &ts[k];
        singles[k] = transcript_for(label);
        CHECK_STATUS(ecx_rangeproof_verify(pp[k], lens[k], cp[k], ms[k], 64, g, &singles[k]), ECX_OK, "single");
    }
    CHECK_STATUS(ecx_rangeproof_verify_batch(0, NULL, NULL, NULL, NULL, 64, NULL, NULL), ECX_OK, "empty batch");
    CHECK_STATUS(ecx_rangeproof_verify_batch(1, pp, lens, cp, ms, 64, g, NULL), ECX_ERR_INVALID, "ts NULL");
    CHECK_STATUS(ecx_rangeproof_verify_batch(1, pp, NULL, cp, ms, 64, g, tp), ECX_ERR_INVALID, "lens NULL");
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        const size_t counts[3] = {1, 2, BATCH};
        for (int c = 0; c < 3; c++) {
            size_t first = counts[c] == BATCH ? 0 : BATCH - counts[c];
            for (size_t k = 0; k < BATCH; k++) {
                char label[32];
                snprintf(label, sizeof label, "batch %zu", k);
                ts[k] = transcript_for(label);
            }
            CHECK_STATUS(ecx_rangeproof_verify_batch(counts[c], pp + first, lens + first, cp + first, ms + first, 64, g,
                                                     tp + first),
                         ECX_OK, ctx("%s: batch of %zu", names[b], counts[c]));
            for (size_t k = first; k < BATCH; k++) {
                uint8_t a[32], s[32];
                ecx_transcript x = ts[k], y = singles[k];
                ecx_transcript_challenge(&x, "after", a, 32);
                ecx_transcript_challenge(&y, "after", s, 32);
                CHECK_MEM(a, s, 32, ctx("%s: batch transcript %zu as a single verification's", names[b], k));
            }
        }
    }
    ecx_backend_select("auto");
    /* One bad proof at each position: a commitment of another proof. */
    for (size_t bad = 0; bad < BATCH; bad++) {
        for (size_t k = 0; k < BATCH; k++) {
            char label[32];
            snprintf(label, sizeof label, "batch %zu", k);
            ts[k] = transcript_for(label);
        }
        ecx_transcript saved[BATCH];
        memcpy(saved, ts, sizeof ts);
        const uint8_t(*keep)[32] = cp[bad];
        cp[bad] = (const uint8_t(*)[32])coms[(bad + 1) % BATCH];
        CHECK_STATUS(ecx_rangeproof_verify_batch(BATCH, pp, lens, cp, ms, 64, g, tp), ECX_ERR_VERIFY,
                     ctx("bad proof at %zu", bad));
        cp[bad] = keep;
        CHECK_MEM(ts, saved, sizeof ts, "no transcript changed");
    }
    /* A malformed proof in a batch. */
    lens[7]--;
    CHECK_STATUS(ecx_rangeproof_verify_batch(BATCH, pp, lens, cp, ms, 64, g, tp), ECX_ERR_INVALID, "short proof in a batch");
    lens[7]++;
}

int main(int argc, char **argv)
{
    check_seed(0x626164);
    nbackends = test_backends(names);
    crate_vectors_load(&cv, argc, argv);
    ecx_rangeproof_gens *g = NULL;
    CHECK_STATUS(ecx_rangeproof_gens_new(&g, 64, 8), ECX_OK, "gens (64, 8)");
    if (g && cv.loaded) {
        test_corruptions(g);
        test_malformed(g);
        test_bad_arguments(g);
        test_batches(g);
    }
    ecx_rangeproof_gens_free(g);
    return check_summary("test_rangeproof_bad");
}
