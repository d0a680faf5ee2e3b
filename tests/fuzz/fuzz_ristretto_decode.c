/* libFuzzer target: ristretto255 decoding (RFC 9496 section 4.3.1) and the
 * operations on decoded points, on every usable backend.
 *
 * Input: p (32 bytes) || q (32), zero-padded. On u32 and one other backend
 * chosen by the input (fuzz_pair: decoding costs an inverse square root,
 * slow under ASan): is_valid(p), add(p, q), sub(p, q), add(p, identity).
 * Invariants (a violation traps):
 *   - statuses are ECX_OK or ECX_ERR_INVALID; the two backends agree on
 *     every status and output byte;
 *   - add and sub are ECX_OK exactly when both points decode;
 *   - p + identity re-encodes to p itself (the encoding is canonical);
 *   - (p + q) - q = p when both decode;
 *   - the public is_valid (active backend) gives the same. */
#include "ecx/ristretto.h"
#include "fuzz_common.h"

struct result {
    int valid_p, valid_q, add, sub, add_id;
    uint8_t add_out[32], sub_out[32], add_id_out[32];
};

static const uint8_t IDENTITY[32];

static void run(size_t bi, const uint8_t *p, const uint8_t *q, struct result *o)
{
    const struct ecxi_ristretto_ops *r = fuzz_backend[bi]->ristretto;
    const char *name = fuzz_backend_name[bi];
    memset(o, 0, sizeof *o);
    o->valid_p = r->is_valid(p);
    o->valid_q = r->is_valid(q);
    FUZZ_REQUIRE(o->valid_p == ECX_OK || o->valid_p == ECX_ERR_INVALID, name);
    FUZZ_REQUIRE(o->valid_q == ECX_OK || o->valid_q == ECX_ERR_INVALID, name);
    const int both = o->valid_p == ECX_OK && o->valid_q == ECX_OK;
    o->add = r->add(o->add_out, p, q);
    o->sub = r->sub(o->sub_out, p, q);
    o->add_id = r->add(o->add_id_out, p, IDENTITY);
    FUZZ_REQUIRE((o->add == ECX_OK) == both && (o->sub == ECX_OK) == both, name);
    FUZZ_REQUIRE(o->add == ECX_OK || o->add == ECX_ERR_INVALID, name);
    FUZZ_REQUIRE((o->add_id == ECX_OK) == (o->valid_p == ECX_OK), name);
    if (o->add_id == ECX_OK) FUZZ_REQUIRE(memcmp(o->add_id_out, p, 32) == 0, name);
    if (both) {
        uint8_t back[32];
        FUZZ_REQUIRE(r->sub(back, o->add_out, q) == ECX_OK, name);
        FUZZ_REQUIRE(memcmp(back, p, 32) == 0, name);
    }
    if (o->add != ECX_OK) memset(o->add_out, 0, 32);
    if (o->sub != ECX_OK) memset(o->sub_out, 0, 32);
    if (o->add_id != ECX_OK) memset(o->add_id_out, 0, 32);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    uint8_t *in = fuzz_copy(data, size, 64);
    struct result first, other;
    size_t ref, bi;
    fuzz_pair(data, size, &ref, &bi);
    run(ref, in, in + 32, &first);
    run(bi, in, in + 32, &other);
    FUZZ_REQUIRE(memcmp(&first, &other, sizeof first) == 0, fuzz_backend_name[bi]);
    FUZZ_REQUIRE(ecx_ristretto255_is_valid(in) == first.valid_p, "public");
    free(in);
    return 0;
}
