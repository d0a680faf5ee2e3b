/* libFuzzer target: ristretto255 decoding (RFC 9496 section 4.3.1) and the
 * operations on decoded points, every backend against u32.
 *
 * Input: p (32 bytes) || q (32), zero-padded. Each input costs about eight
 * decodings (an inverse square root each, slow under ASan), so it runs the
 * parser on one backend and one differential comparison against u32, and
 * the input's hash (fuzz_pick) chooses which backend (fuzz_pair), which
 * operation and which identity the input checks; over a run every backend
 * meets every check.
 *   other backend: is_valid(p), is_valid(q), then op(p, q), op = add or sub;
 *   u32: op(p, q);
 *   when both decode, on the other backend (p op q) op^-1 q = p or
 *   p + identity = p (the encoding is canonical);
 *   on one input in four, the public is_valid (active backend).
 * Invariants (a violation traps):
 *   - statuses are ECX_OK or ECX_ERR_INVALID; u32 and the other backend
 *     agree on op's status and output bytes;
 *   - op is ECX_OK exactly when both points decode (else r is the
 *     identity encoding or untouched, compared only on success);
 *   - the identities above;
 *   - the public is_valid gives the table's status. */
#include "ecx/ristretto.h"
#include "fuzz_common.h"

static const uint8_t IDENTITY[32];

typedef int (*ristretto_op)(uint8_t r[32], const uint8_t p[32], const uint8_t q[32]);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    uint8_t *in = fuzz_copy(data, size, 64);
    const uint8_t *p = in, *q = in + 32;
    size_t ref, bi;
    fuzz_pair(data, size, &ref, &bi);
    const uint32_t pick = fuzz_pick(data, size);
    const struct ecxi_ristretto_ops *r = fuzz_backend[bi]->ristretto, *u = fuzz_backend[ref]->ristretto;
    const char *name = fuzz_backend_name[bi];

    const int valid_p = r->is_valid(p), valid_q = r->is_valid(q);
    FUZZ_REQUIRE(valid_p == ECX_OK || valid_p == ECX_ERR_INVALID, name);
    FUZZ_REQUIRE(valid_q == ECX_OK || valid_q == ECX_ERR_INVALID, name);
    const int both = valid_p == ECX_OK && valid_q == ECX_OK;

    const int use_sub = pick & 1;
    uint8_t out[32], ref_out[32];
    const int st = (use_sub ? r->sub : r->add)(out, p, q);
    const int ref_st = (use_sub ? u->sub : u->add)(ref_out, p, q);
    FUZZ_REQUIRE(st == ECX_OK || st == ECX_ERR_INVALID, name);
    FUZZ_REQUIRE((st == ECX_OK) == both, name);
    FUZZ_REQUIRE(ref_st == st, fuzz_backend_name[ref]);
    if (st == ECX_OK) FUZZ_REQUIRE(memcmp(out, ref_out, 32) == 0, fuzz_backend_name[ref]);

    if (both) {
        uint8_t back[32];
        if (pick & 2) /* (p op q) op^-1 q = p */
            FUZZ_REQUIRE((use_sub ? r->add : r->sub)(back, out, q) == ECX_OK, name);
        else /* p + identity = p: the encoding is canonical */
            FUZZ_REQUIRE(r->add(back, p, IDENTITY) == ECX_OK, name);
        FUZZ_REQUIRE(memcmp(back, p, 32) == 0, name);
    }
    if ((pick >> 4) % 4 == 0) FUZZ_REQUIRE(ecx_ristretto255_is_valid(p) == valid_p, "public");
    free(in);
    return 0;
}
