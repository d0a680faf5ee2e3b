/* libFuzzer target: the Ed25519 parsers — the Edwards point decoding of a
 * signature's R and of a public key under both policies (strict RFC 8032
 * and ZIP-215) and the scalar parsing of S — on every usable backend.
 *
 * Input: R (32 bytes) || S (32) || pk (32), zero-padded. Invariants (a
 * violation traps):
 *   - statuses are ECX_OK or ECX_ERR_INVALID; all backends agree on every
 *     status and output byte (a failed decoding's output is not compared);
 *   - strict OK => ZIP-215 OK with the same re-encoding, which is the input
 *     itself (strict accepts canonical encodings only);
 *   - a ZIP-215 re-encoding decodes strictly to itself;
 *   - S is accepted exactly when S < l (a byte comparison), and an
 *     accepted S re-encodes to itself.
 * Verification itself is fuzzed by tests/fuzz_ed25519.c. */
#include "ecx/f25519.h"
#include "fuzz_common.h"

struct parsed {
    int dec[2][2];          /* [R or pk][policy] */
    uint8_t out[2][2][32];
    int sc;
    uint8_t sc_out[32];
};

static void parse(size_t bi, const uint8_t *in, struct parsed *o)
{
    const struct ecxi_edwards_ops *ed = fuzz_backend[bi]->edwards;
    const char *name = fuzz_backend_name[bi];
    const ecx_f25519_ops *f = ecx_f25519(name);
    const uint8_t *point[2] = {in, in + 64};
    memset(o, 0, sizeof *o);
    for (int k = 0; k < 2; k++) {
        for (unsigned policy = 0; policy < 2; policy++) {
            o->dec[k][policy] = ed->decode(o->out[k][policy], point[k], policy);
            FUZZ_REQUIRE(o->dec[k][policy] == ECX_OK || o->dec[k][policy] == ECX_ERR_INVALID, name);
            if (o->dec[k][policy] != ECX_OK) memset(o->out[k][policy], 0, 32);
        }
        if (o->dec[k][0] == ECX_OK) {
            FUZZ_REQUIRE(o->dec[k][1] == ECX_OK, name);
            FUZZ_REQUIRE(memcmp(o->out[k][0], o->out[k][1], 32) == 0, name);
            FUZZ_REQUIRE(memcmp(o->out[k][0], point[k], 32) == 0, name);
        }
        if (o->dec[k][1] == ECX_OK) {
            uint8_t again[32];
            FUZZ_REQUIRE(ed->decode(again, o->out[k][1], 0) == ECX_OK, name);
            FUZZ_REQUIRE(memcmp(again, o->out[k][1], 32) == 0, name);
        }
    }
    ecx_sc25519 s;
    o->sc = f->sc_from_bytes(&s, in + 32);
    FUZZ_REQUIRE(o->sc == ECX_OK || o->sc == ECX_ERR_INVALID, name);
    FUZZ_REQUIRE((o->sc == ECX_OK) == fuzz_below_l(in + 32), name);
    if (o->sc == ECX_OK) {
        f->sc_to_bytes(o->sc_out, &s);
        FUZZ_REQUIRE(memcmp(o->sc_out, in + 32, 32) == 0, name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    uint8_t *in = fuzz_copy(data, size, 96);
    struct parsed first, other;
    parse(0, in, &first);
    for (size_t bi = 1; bi < fuzz_backends; bi++) {
        parse(bi, in, &other);
        FUZZ_REQUIRE(memcmp(&first, &other, sizeof first) == 0, fuzz_backend_name[bi]);
    }
    free(in);
    return 0;
}
