/* libFuzzer target: P-256 ECDSA signature parsing — the range checks of
 * r and s — and verification of what passes them, under one fixed valid
 * key (the RFC 6979 A.2.5 key), on every usable backend.
 *
 * Input: r || s (64 bytes, zero-padded) || digest (32 bytes, zero-padded).
 * Verification runs on u32 and one other backend chosen by the input
 * (fuzz_pair: a double scalar multiplication is slow under ASan).
 * Invariants (a violation traps):
 *   - statuses are ECX_OK, ECX_ERR_INVALID or ECX_ERR_VERIFY; the two
 *     backends agree;
 *   - ECX_ERR_INVALID exactly when r or s is 0 or >= n (byte comparisons);
 *   - (r, s) and (r, n - s) verify alike (ECDSA's malleability: s is not
 *     normalised, so both must be accepted or both refused);
 *   - the public function (active backend) gives the same status.
 * The key parsers: fuzz_p256_key.c; messages and keys together:
 * tests/fuzz_p256.c. */
#include "ecx/p256.h"
#include "fuzz_common.h"

static const uint8_t N[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                              0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63,
                              0x25, 0x51};
/* RFC 6979 A.2.5: Ux, Uy. */
static const uint8_t PK[65] = {
    0x04, 0x60, 0xfe, 0xd4, 0xba, 0x25, 0x5a, 0x9d, 0x31, 0xc9, 0x61, 0xeb, 0x74, 0xc6, 0x35, 0x6d, 0x68,
    0xc0, 0x49, 0xb8, 0x92, 0x3b, 0x61, 0xfa, 0x6c, 0xe6, 0x69, 0x62, 0x2e, 0x60, 0xf2, 0x9f, 0xb6, 0x79,
    0x03, 0xfe, 0x10, 0x08, 0xb8, 0xbc, 0x99, 0xa4, 0x1a, 0xe9, 0xe9, 0x56, 0x28, 0xbc, 0x64, 0xf2, 0xf1,
    0xb2, 0x0c, 0x2d, 0x7e, 0x9f, 0x51, 0x77, 0xa3, 0xc2, 0x94, 0xd4, 0x46, 0x22, 0x99};

static int in_range(const uint8_t x[32])
{
    static const uint8_t zero[32];
    return memcmp(x, zero, 32) != 0 && fuzz_less_be(x, N, 32);
}

/* out = n - s (big-endian, s < n). */
static void negate_mod_n(uint8_t out[32], const uint8_t s[32])
{
    int borrow = 0;
    for (int i = 31; i >= 0; i--) {
        int d = N[i] - s[i] - borrow;
        borrow = d < 0;
        out[i] = (uint8_t)(d + (borrow ? 256 : 0));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_setup();
    uint8_t *sig = fuzz_copy(data, size, 64);
    uint8_t *digest = fuzz_copy(size > 64 ? data + 64 : data, size > 64 ? size - 64 : 0, 32);
    uint8_t *pk = fuzz_copy(PK, sizeof PK, sizeof PK);
    const int valid_range = in_range(sig) && in_range(sig + 32);
    int first = 0;
    size_t pair[2];
    fuzz_pair(data, size, &pair[0], &pair[1]);
    for (int i = 0; i < 2; i++) {
        const char *name = fuzz_backend_name[pair[i]];
        const int st = fuzz_backend[pair[i]]->p256->verify_digest(sig, digest, pk, 65);
        FUZZ_REQUIRE(st == ECX_OK || st == ECX_ERR_INVALID || st == ECX_ERR_VERIFY, name);
        FUZZ_REQUIRE((st == ECX_ERR_INVALID) == !valid_range, name);
        if (i == 0) first = st;
        FUZZ_REQUIRE(st == first, name);
    }
    if (valid_range) {
        uint8_t neg[64];
        memcpy(neg, sig, 32);
        negate_mod_n(neg + 32, sig + 32);
        FUZZ_REQUIRE(fuzz_backend[pair[1]]->p256->verify_digest(neg, digest, pk, 65) == first,
                     fuzz_backend_name[pair[1]]);
    }
    FUZZ_REQUIRE(ecx_p256_ecdsa_verify_digest(sig, digest, pk, 65) == first, "public");
    free(sig);
    free(digest);
    free(pk);
    return 0;
}
