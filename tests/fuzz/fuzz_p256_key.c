/* libFuzzer target: the P-256 public-key parsers (SEC1 uncompressed
 * 0x04 || x || y and compressed 0x02 / 0x03 || x) on every usable backend.
 *
 * Input: 65 bytes, zero-padded: the whole as an uncompressed key, its
 * first 33 bytes as a compressed one. Per backend: compress(65 bytes),
 * decompress(33 bytes). Invariants (a violation traps):
 *   - statuses are ECX_OK or ECX_ERR_INVALID; all backends agree on every
 *     status and output byte; a failed call leaves its output untouched;
 *   - a wrong prefix or a coordinate >= p (byte comparisons) is rejected;
 *   - an accepted key round-trips: decompress(compress(k)) = k and
 *     compress(decompress(c)) = c;
 *   - the public functions (active backend) give the same statuses.
 * ECDSA verification under parsed keys: tests/fuzz_p256.c. */
#include "ecx/p256.h"
#include "fuzz_common.h"

static const uint8_t P[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                              0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

struct result {
    int comp, decomp;
    uint8_t comp_out[33], decomp_out[65];
};

static void run(size_t bi, const uint8_t *full, const uint8_t *compressed, struct result *o)
{
    const struct ecxi_p256_ops *p = fuzz_backend[bi]->p256;
    const char *name = fuzz_backend_name[bi];
    memset(o, 0x5a, sizeof *o);
    o->comp = p->public_key_compress(o->comp_out, full);
    o->decomp = p->public_key_decompress(o->decomp_out, compressed);
    FUZZ_REQUIRE(o->comp == ECX_OK || o->comp == ECX_ERR_INVALID, name);
    FUZZ_REQUIRE(o->decomp == ECX_OK || o->decomp == ECX_ERR_INVALID, name);
    uint8_t untouched[65];
    memset(untouched, 0x5a, sizeof untouched);
    if (o->comp != ECX_OK) FUZZ_REQUIRE(memcmp(o->comp_out, untouched, 33) == 0, name);
    if (o->decomp != ECX_OK) FUZZ_REQUIRE(memcmp(o->decomp_out, untouched, 65) == 0, name);
    if (full[0] != 0x04 || !fuzz_less_be(full + 1, P, 32) || !fuzz_less_be(full + 33, P, 32))
        FUZZ_REQUIRE(o->comp == ECX_ERR_INVALID, name);
    if ((compressed[0] != 0x02 && compressed[0] != 0x03) || !fuzz_less_be(compressed + 1, P, 32))
        FUZZ_REQUIRE(o->decomp == ECX_ERR_INVALID, name);
    uint8_t again[65];
    if (o->comp == ECX_OK) {
        FUZZ_REQUIRE(p->public_key_decompress(again, o->comp_out) == ECX_OK, name);
        FUZZ_REQUIRE(memcmp(again, full, 65) == 0, name);
    }
    if (o->decomp == ECX_OK) {
        FUZZ_REQUIRE(p->public_key_compress(again, o->decomp_out) == ECX_OK, name);
        FUZZ_REQUIRE(memcmp(again, compressed, 33) == 0, name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    uint8_t *full = fuzz_copy(data, size, 65), *compressed = fuzz_copy(data, size, 33);
    struct result first, other;
    run(0, full, compressed, &first);
    for (size_t bi = 1; bi < fuzz_backends; bi++) {
        run(bi, full, compressed, &other);
        FUZZ_REQUIRE(memcmp(&first, &other, sizeof first) == 0, fuzz_backend_name[bi]);
    }
    uint8_t out[65];
    FUZZ_REQUIRE(ecx_p256_public_key_compress(out, full) == first.comp, "public");
    FUZZ_REQUIRE(ecx_p256_public_key_decompress(out, compressed) == first.decomp, "public");
    free(full);
    free(compressed);
    return 0;
}
