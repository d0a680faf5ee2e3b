/* libFuzzer target for range-proof parsing and verification, on every
 * usable backend at once (built only by clang with -fsanitize=fuzzer, see
 * tests/meson.build; scripts/test.sh runs it for a fixed number of
 * executions from the seeds of tests/fuzz_rangeproof_seeds.py: the crate's
 * 16 published proofs).
 *
 * Input: shape byte (n = 8 << (b & 3), m = 1 << ((b >> 2) & 3); bit 4 set:
 * the last 32 m bytes of the input are the commitments instead of the
 * crate's vc[0 .. m-1]; bit 5 set: label "Another label"), then the proof.
 * The proof and commitments are copied into buffers of exactly their
 * length, so AddressSanitizer sees any read past them. Generators (64, 8).
 *
 * Invariants (a violation prints what failed and traps):
 *   - every status is ECX_OK, ECX_ERR_INVALID or ECX_ERR_VERIFY;
 *   - u32 and one other backend chosen by the input (fuzz_pair of
 *     tests/fuzz/fuzz_common.h) agree, each through its table with a fixed
 *     verifier seed (a verification is a multiscalar multiplication, slow
 *     under ASan: an input costs two backends, not all);
 *   - a length other than ecx_rangeproof_size(n, m) gives ECX_ERR_INVALID;
 *   - a batch of the proof twice has the single verification's status (on
 *     one input in two and one of the two backends, both chosen by the
 *     input's hash, fuzz_pick);
 *   - the public API (OS randomness, active backend) gives the same status
 *     (one input in four);
 *   - a crate proof with its own shape, commitments and label verifies. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/rangeproof.h"
#include "fuzz/fuzz_common.h"

#define LABEL "Deserialize-And-Verify Test"

/* The crate's commitments (tests/vectors/bulletproofs). */
static const char *const VC_HEX[8] = {
    "90b0c2fe57934dff9f5396e135e7d72b82b3c5393e1843178918eb2cf28a5f3c",
    "74256a3e2a7fe948210c4095195ae4db3e3498c6c5fddc2afb226c0f1e97e468",
    "7e348def6d03dc7bcbe7e03736ca2898e2efa9f6ff8ae4ed1cb5252ec1744075",
    "861859f5d4c14f5d6d7ad88dcf43c9a98064a7d8702ffc9bad9eba2ed766702a",
    "4c09b1260c833fefe25b1c3d3becc80979beca5e864d57fcb410bb15c7ba5c14",
    "08cf26bfdf2e6b731536f5e48b4c0ac7b5fc846d36aaa3fe0d28f07c207f0814",
    "a6e2d1c2770333c9a8a5ac10d9eb28e8609d5954428261335b2fd6ff0e0e8d69",
    "30beef3b58fd2c18dde771d5c77e32f8dc01361e284aef517bce54a5c74c4665",
};

static uint8_t vc[8][32];
static ecx_rangeproof_gens *gens;

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fprintf(stderr, "\n");                                                                     \
        __builtin_trap();                                                                          \
    } while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (ecx_init() != ECX_OK || ecx_rangeproof_gens_new(&gens, 64, 8) != ECX_OK) abort();
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 32; k++) {
            unsigned x;
            sscanf(VC_HEX[i] + 2 * k, "%2x", &x);
            vc[i][k] = (uint8_t)x;
        }
    fuzz_setup();
    return 0;
}

static int is_status(int s)
{
    return s == ECX_OK || s == ECX_ERR_INVALID || s == ECX_ERR_VERIFY;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const size_t n = (size_t)8 << (data[0] & 3), m = (size_t)1 << ((data[0] >> 2) & 3);
    const int own_coms = (data[0] >> 4) & 1;
    const char *label = (data[0] >> 5) & 1 ? "Another label" : LABEL;
    data++;
    size--;
    if (own_coms && size < 32 * m) return 0;
    const size_t len = own_coms ? size - 32 * m : size;
    uint8_t *proof = malloc(len ? len : 1), (*coms)[32] = malloc(32 * m);
    if (!proof || !coms) abort();
    if (len) memcpy(proof, data, len);
    memcpy(coms, own_coms ? data + len : &vc[0][0], 32 * m);

    /* u32 and one other backend per input (fuzz_pair); the batch of two
     * on one of them on one input in two, and the public call on one input
     * in four, chosen by the input's hash (fuzz_pick). */
    static const uint8_t seed[32] = {7};
    size_t pair[2];
    fuzz_pair(data - 1, size + 1, &pair[0], &pair[1]);
    const uint32_t pick = fuzz_pick(data - 1, size + 1);
    int first = 0;
    for (size_t i = 0; i < 2; i++) {
        const struct ecx_backend *b = fuzz_backend[pair[i]];
        ecx_transcript t, t2[2];
        ecx_transcript_init(&t, label);
        ecx_transcript *ts[1] = {&t};
        const uint8_t *ps[2] = {proof, proof};
        const size_t lens[2] = {len, len}, ms[2] = {m, m};
        const uint8_t(*cs[2])[32] = {(const uint8_t(*)[32])coms, (const uint8_t(*)[32])coms};
        int s = b->rangeproof->verify_batch(1, ps, lens, cs, ms, n, gens, ts, seed);
        if (!is_status(s)) FAIL("%s: status %d", b->name, s);
        if (i == 0) first = s;
        if (s != first) FAIL("%s: status %d, %s said %d", b->name, s, fuzz_backend[pair[0]]->name, first);
        if (len != ecx_rangeproof_size(n, m) && s != ECX_ERR_INVALID) FAIL("wrong length accepted: %d", s);
        if (i != (pick & 1) || ((pick >> 4) & 1)) continue;
        ecx_transcript_init(&t2[0], label);
        ecx_transcript_init(&t2[1], label);
        ecx_transcript *ts2[2] = {&t2[0], &t2[1]};
        int s2 = b->rangeproof->verify_batch(2, ps, lens, cs, ms, n, gens, ts2, seed);
        if (s2 != s) FAIL("%s: batch of two %d, single %d", b->name, s2, s);
    }
    if ((pick >> 1) % 4 != 0) {
        free(proof);
        free(coms);
        return 0;
    }
    ecx_transcript t;
    ecx_transcript_init(&t, label);
    int s = ecx_rangeproof_verify(proof, len, (const uint8_t(*)[32])coms, m, n, gens, &t);
    if (s != first) FAIL("public API %d, table %d", s, first);
    free(proof);
    free(coms);
    return 0;
}
