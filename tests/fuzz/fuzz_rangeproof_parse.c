/* libFuzzer target: range-proof parsing (the crate's RangeProof::from_bytes:
 * ecxi_rp_parse) and the decoding of the proof's points, on every usable
 * backend.
 *
 * Input: a shape byte (n = 8 << (b & 3), m = 1 << ((b >> 2) & 7), so that
 * m = 128 is a shape to refuse), then the proof bytes, copied into a
 * buffer of exactly their length. Invariants (a violation traps):
 *   - ecx_rangeproof_size(n, m) is 32 (9 + 2 log2(n m)) for the allowed
 *     shapes and 0 otherwise;
 *   - the parse is ECX_OK exactly when the length is that size and the
 *     five scalars (t_x, t_x_blinding, e_blinding, a, b) are below l (byte
 *     comparisons), and then every field points where the format puts it;
 *   - each point of a parsed proof (A, S, T_1, T_2, L_k, R_k) decodes alike
 *     on every backend.
 * Verification: tests/fuzz_rangeproof.c. */
#include "ecx/rangeproof.h"
#include "fuzz_common.h"
#include "proofs/rangeproof_protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    if (size == 0) return 0;
    const size_t n = (size_t)8 << (data[0] & 3), m = (size_t)1 << ((data[0] >> 2) & 7);
    const size_t len = size - 1;
    uint8_t *proof = fuzz_copy(data + 1, len, len);
    unsigned lg = 0;
    while (((size_t)1 << lg) < n * m) lg++;
    const int shape = m <= 64;
    const size_t want = shape ? 32 * (9 + 2 * (size_t)lg) : 0;
    FUZZ_REQUIRE(ecx_rangeproof_size(n, m) == want, NULL);
    FUZZ_REQUIRE(ecxi_rp_shape_ok(n, m) == shape, NULL);
    if (shape) {
        ecxi_rp_view v;
        const int st = ecxi_rp_parse(&v, proof, len, n, m);
        int expect = len == want;
        if (expect) {
            expect = fuzz_below_l(proof + 128) && fuzz_below_l(proof + 160) && fuzz_below_l(proof + 192) &&
                     fuzz_below_l(proof + len - 64) && fuzz_below_l(proof + len - 32);
        }
        FUZZ_REQUIRE(st == ECX_OK || st == ECX_ERR_INVALID, NULL);
        FUZZ_REQUIRE((st == ECX_OK) == expect, NULL);
        if (st == ECX_OK) {
            FUZZ_REQUIRE(v.lg == lg, NULL);
            FUZZ_REQUIRE(v.A == proof && v.S == proof + 32 && v.T1 == proof + 64 && v.T2 == proof + 96, NULL);
            FUZZ_REQUIRE(v.t_x == proof + 128 && v.t_x_blinding == proof + 160 && v.e_blinding == proof + 192,
                         NULL);
            FUZZ_REQUIRE(v.a == proof + len - 64 && v.b == proof + len - 32, NULL);
            const uint8_t *points[4 + 2 * ECXI_RP_MAX_LG] = {v.A, v.S, v.T1, v.T2};
            for (unsigned k = 0; k < lg; k++) {
                FUZZ_REQUIRE(v.L[k] == proof + 224 + 64 * k && v.R[k] == proof + 256 + 64 * k, NULL);
                points[4 + 2 * k] = v.L[k];
                points[5 + 2 * k] = v.R[k];
            }
            for (unsigned i = 0; i < 4 + 2 * lg; i++) {
                const int first = fuzz_backend[0]->ristretto->is_valid(points[i]);
                FUZZ_REQUIRE(first == ECX_OK || first == ECX_ERR_INVALID, fuzz_backend_name[0]);
                for (size_t bi = 1; bi < fuzz_backends; bi++)
                    FUZZ_REQUIRE(fuzz_backend[bi]->ristretto->is_valid(points[i]) == first, fuzz_backend_name[bi]);
            }
        }
    }
    free(proof);
    return 0;
}
