/* libFuzzer target: P-256 ECDSA signature parsing — the range checks of
 * r and s — and verification of what passes them, under one fixed valid
 * key (the RFC 6979 A.2.5 key), on every usable backend.
 *
 * Input: r || s (64 bytes, zero-padded) || digest (32 bytes, zero-padded).
 * A verification is a double scalar multiplication, slow under ASan, so an
 * input costs at most two, on one other backend chosen by the input
 * (fuzz_pair) and, by bits of the input's hash (fuzz_pick): u32 on (r, s)
 * against the other on (r, s) or (r, n - s), or (half the inputs) the
 * other on (r, s) against itself on (r, n - s); on one input in eight the
 * public function too.
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
    size_t ref, bi;
    fuzz_pair(data, size, &ref, &bi);
    const uint32_t pick = fuzz_pick(data, size);
    const char *name = fuzz_backend_name[bi];

    /* Half the inputs (by the hash) compare the other backend with u32; the
     * other half compare it with itself on (r, n - s), at its own speed
     * (u32 is the slowest: most of a verification's time under ASan). */
    const int against_u32 = (pick >> 1) & 1;
    const size_t first_bi = against_u32 ? ref : bi;
    const char *first_name = fuzz_backend_name[first_bi];
    const int first = fuzz_backend[first_bi]->p256->verify_digest(sig, digest, pk, 65);
    FUZZ_REQUIRE(first == ECX_OK || first == ECX_ERR_INVALID || first == ECX_ERR_VERIFY, first_name);
    FUZZ_REQUIRE((first == ECX_ERR_INVALID) == !valid_range, first_name);
    /* The other backend: the same signature, or (r, n - s), which must
     * verify alike. */
    uint8_t *checked = sig, neg[64];
    if (valid_range && ((pick & 1) || !against_u32)) {
        memcpy(neg, sig, 32);
        negate_mod_n(neg + 32, sig + 32);
        checked = neg;
    }
    if (checked != sig || against_u32)
        FUZZ_REQUIRE(fuzz_backend[bi]->p256->verify_digest(checked, digest, pk, 65) == first, name);
    if ((pick >> 2) % 8 == 0) FUZZ_REQUIRE(ecx_p256_ecdsa_verify_digest(sig, digest, pk, 65) == first, "public");
    free(sig);
    free(digest);
    free(pk);
    return 0;
}
