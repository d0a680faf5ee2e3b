/* libFuzzer target for P-256 public-key parsing and ECDSA verification, on
 * every usable backend at once (built only by clang with -fsanitize=fuzzer,
 * see tests/meson.build; scripts/test.sh runs it for a bounded time, seeded
 * from the Wycheproof vectors by tests/fuzz_p256_seed_corpus.py).
 *
 * Input: sig (64 bytes) || form (1 byte: even = a 65-byte key, odd = a
 * 33-byte key) || pk (65 or 33 bytes) || message (the rest). Shorter inputs
 * are zero-padded (the message is then empty). sig and pk are copied into
 * buffers of exactly their size and the message is used in place, so
 * AddressSanitizer sees any read past one of them.
 *
 * On u32 and one other backend chosen by the input (fuzz_pair of
 * tests/fuzz/fuzz_common.h), through their tables: verify (message) and
 * the key re-encodings (compress for 65 bytes, decompress for 33) on both;
 * on one of the two, chosen by the input's hash (fuzz_pick),
 * verify_digest (SHA-256 of the message), and on one the verification
 * under the re-encoded key. Then one public function (active backend),
 * also chosen by the hash.
 *
 * Invariants (a violation prints what failed and traps, so libFuzzer keeps
 * the input):
 *   - every status is ECX_OK, ECX_ERR_INVALID or ECX_ERR_VERIFY;
 *   - the two backends agree on every status and every output byte;
 *   - verify and verify_digest of SHA-256(m) agree;
 *   - verification says ECX_ERR_INVALID exactly when r or s is 0 or >= n
 *     (a byte comparison with n) or the key does not re-encode;
 *   - a key that re-encodes round-trips to itself, and verification under
 *     the other encoding gives the same status;
 *   - the public API gives the table's statuses. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/p256.h"
#include "hash/sha256.h"
#include "fuzz/fuzz_common.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_p256: invariant violated: %s\n", what);
    __builtin_trap();
}

#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) fail(#cond);                                                                  \
    } while (0)

static int status_ok(int r) { return r == ECX_OK || r == ECX_ERR_INVALID || r == ECX_ERR_VERIFY; }

/* 1 if the 32-byte big-endian x is in [1, n - 1]. */
static int in_range(const uint8_t x[32])
{
    static const uint8_t n[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63,
                                  0x25, 0x51};
    static const uint8_t zero[32];
    return memcmp(x, zero, 32) != 0 && memcmp(x, n, 32) < 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t head[64 + 1 + 65] = {0};
    memcpy(head, data, size < sizeof head ? size : sizeof head);
    const size_t pklen = (head[64] & 1) ? 33 : 65;
    const size_t used = 65 + pklen;
    const uint8_t *msg = size > used ? data + used : NULL;
    const size_t mlen = size > used ? size - used : 0;

    uint8_t *sig = malloc(64), *pk = malloc(pklen), digest[32];
    if (!sig || !pk) abort();
    memcpy(sig, head, 64);
    memcpy(pk, head + 65, pklen);
    ecxi_sha256(digest, msg, mlen);

    /* u32 and one other backend per input (fuzz_pair): a verification is
     * a double scalar multiplication, slow under ASan. */
    fuzz_setup();
    size_t pair[2];
    fuzz_pair(data, size, &pair[0], &pair[1]);
    const uint32_t pick = fuzz_pick(data, size);
    int first_verify = 0, first_encode = 0;
    uint8_t first_out[65];
    for (size_t b = 0; b < 2; b++) {
        const struct ecxi_p256_ops *ops = fuzz_backend[pair[b]]->p256;
        uint8_t out[65], back[65];
        const int v = ops->verify(sig, msg, mlen, pk, pklen);
        /* verify_digest on one backend of the two (by the input's hash). */
        const int vd = b == (pick & 1) ? ops->verify_digest(sig, digest, pk, pklen) : v;
        const int e = pklen == 65 ? ops->public_key_compress(out, pk) : ops->public_key_decompress(out, pk);
        REQUIRE(status_ok(v) && status_ok(e));
        REQUIRE(e == ECX_OK || e == ECX_ERR_INVALID);
        REQUIRE(v == vd);
        REQUIRE((v == ECX_ERR_INVALID) == (!in_range(sig) || !in_range(sig + 32) || e != ECX_OK));
        if (e == ECX_OK) {
            const size_t other = pklen == 65 ? 33 : 65;
            /* out is the other encoding: compress it back if it is the 65-byte one */
            const int e2 = other == 65 ? ops->public_key_compress(back, out) : ops->public_key_decompress(back, out);
            REQUIRE(e2 == ECX_OK && memcmp(back, pk, pklen) == 0);
            if (b == ((pick >> 1) & 1)) REQUIRE(ops->verify(sig, msg, mlen, out, other) == v);
        }
        if (b == 0) {
            first_verify = v;
            first_encode = e;
            if (e == ECX_OK) memcpy(first_out, out, pklen == 65 ? 33 : 65);
        } else {
            REQUIRE(v == first_verify && e == first_encode);
            if (e == ECX_OK) REQUIRE(memcmp(out, first_out, pklen == 65 ? 33 : 65) == 0);
        }
    }
    /* The public API (active backend): one of the three calls per input. */
    const uint32_t call = (pick >> 2) % 3;
    if (call == 0) REQUIRE(ecx_p256_ecdsa_verify_key(sig, msg, mlen, pk, pklen) == first_verify);
    if (call == 1) REQUIRE(ecx_p256_ecdsa_verify_digest(sig, digest, pk, pklen) == first_verify);
    if (call == 2 && pklen == 65) REQUIRE(ecx_p256_ecdsa_verify(sig, msg, mlen, pk) == first_verify);
    free(sig);
    free(pk);
    return 0;
}
