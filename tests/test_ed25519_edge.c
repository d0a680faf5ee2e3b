/* Ed25519 bad input and edge encodings, on every usable backend:
 *
 *  - NULL for every pointer argument of keypair, sign, verify and
 *    verify_zip215 -> ECX_ERR_INVALID, no crash; m NULL with mlen 0 is fine;
 *  - non-canonical S (S = l, S + l, 2^255 + S, 2^256 - 1) -> ECX_ERR_INVALID
 *    under both rule sets; canonical but wrong S (0, l - 1) -> ECX_ERR_VERIFY;
 *  - the 8 small-order points and their 6 non-canonical encodings as A and as
 *    R, in signatures crafted (with libsodium's scalar arithmetic) so that
 *    the cofactored equation holds: ZIP-215 accepts them all, strict
 *    verification rejects them all, as libsodium does (ECX_ERR_VERIFY for
 *    the canonical encodings, ECX_ERR_INVALID for the non-canonical ones); the identity as A, as R, and as both;
 *  - undecodable A or R (y = 2 is not on the curve) -> ECX_ERR_INVALID,
 *    also when the other point is of small order (encodings are checked
 *    before policies);
 *    also when both are off the curve;
 *  - R with its sign bit flipped (-R: same y) -> ECX_ERR_VERIFY under both,
 *    and a signature built so that [S]B - [k]A = -R exactly;
 *    a non-canonical encoding (y = p + 3) of a point of large order ->
 *    ECX_ERR_INVALID under strict rules, ECX_ERR_VERIFY under ZIP-215 (it
 *    decodes; the equation fails). */
#include "ed25519_common.h"

/* Strict verification of a small-order A or R: a policy rejection
 * (ECX_ERR_VERIFY) for the canonical encodings, an encoding error
 * (ECX_ERR_INVALID) for the non-canonical ones. */
static int strict_small(size_t i)
{
    return i < SMALL_ORDER_CANONICAL ? ECX_ERR_VERIFY : ECX_ERR_INVALID;
}

/* Runs both verifiers on every backend, expecting the statuses want_strict
 * and want_zip; checks libsodium agrees with the strict acceptance. */
static void expect(const char *const *backends, size_t nb, const char *what, const uint8_t sig[64],
                   const uint8_t *m, size_t mlen, const uint8_t pk[32], int want_strict, int want_zip)
{
    char what_copy[160]; /* what may be ctx()'s buffer, which the checks reuse */
    snprintf(what_copy, sizeof what_copy, "%s", what);
    what = what_copy;
    int sodium = sodium_verdict(sig, m, mlen, pk);
    CHECK_CTX((sodium == ECX_OK) == (want_strict == ECX_OK), ctx("%s: libsodium disagrees with the test", what));
    int first[2] = {0, 0};
    for (size_t b = 0; b < nb; b++) {
        if (!use_backend(backends[b])) continue;
        char w[200];
        snprintf(w, sizeof w, "%s: %s", backends[b], what);
        uint8_t *s = dup_exact(sig, 64), *mm = dup_exact(m, mlen), *p = dup_exact(pk, 32);
        int strict = ecx_ed25519_verify(s, mm, mlen, p);
        int zip = ecx_ed25519_verify_zip215(s, mm, mlen, p);
        free(s), free(mm), free(p);
        CHECK_STATUS(strict, want_strict, ctx("%s (strict)", w));
        CHECK_STATUS(zip, want_zip, ctx("%s (ZIP-215)", w));
        if (b == 0) {
            first[0] = strict, first[1] = zip;
        } else {
            CHECK_CTX(strict == first[0] && zip == first[1], ctx("%s: status differs from %s's", w, backends[0]));
        }
    }
}

static void test_null_arguments(const char *const *backends, size_t nb)
{
    struct key k;
    uint8_t m[32], sig[64], esig[64], out[64], pk[32], sk[64];
    make_key(&k);
    check_random_bytes(m, sizeof m);
    crypto_sign_detached(sig, NULL, m, sizeof m, k.sk);
    crypto_sign_detached(esig, NULL, m, 0, k.sk);
    for (size_t b = 0; b < nb; b++) {
        if (!use_backend(backends[b])) continue;
        const char *n = backends[b];
        CHECK_STATUS(ecx_ed25519_keypair(NULL, sk, k.seed), ECX_ERR_INVALID, ctx("%s keypair(pk NULL)", n));
        CHECK_STATUS(ecx_ed25519_keypair(pk, NULL, k.seed), ECX_ERR_INVALID, ctx("%s keypair(sk NULL)", n));
        CHECK_STATUS(ecx_ed25519_keypair(NULL, NULL, NULL), ECX_ERR_INVALID, ctx("%s keypair(NULL x3)", n));
        CHECK_STATUS(ecx_ed25519_keypair(NULL, sk, NULL), ECX_ERR_INVALID, ctx("%s keypair(pk, seed NULL)", n));

        CHECK_STATUS(ecx_ed25519_sign(NULL, m, sizeof m, k.sk), ECX_ERR_INVALID, ctx("%s sign(sig NULL)", n));
        CHECK_STATUS(ecx_ed25519_sign(out, NULL, sizeof m, k.sk), ECX_ERR_INVALID, ctx("%s sign(m NULL)", n));
        CHECK_STATUS(ecx_ed25519_sign(out, NULL, SIZE_MAX, k.sk), ECX_ERR_INVALID,
                     ctx("%s sign(m NULL, mlen SIZE_MAX)", n));
        CHECK_STATUS(ecx_ed25519_sign(out, m, sizeof m, NULL), ECX_ERR_INVALID, ctx("%s sign(sk NULL)", n));
        CHECK_STATUS(ecx_ed25519_sign(NULL, NULL, 0, NULL), ECX_ERR_INVALID, ctx("%s sign(NULL x3)", n));
        memset(out, 0, sizeof out);
        CHECK_STATUS(ecx_ed25519_sign(out, NULL, 0, k.sk), ECX_OK, ctx("%s sign(m NULL, mlen 0)", n));
        CHECK_MEM(out, esig, 64, ctx("%s sign(m NULL, mlen 0)", n));

        for (int zip = 0; zip < 2; zip++) {
            int (*verify)(const uint8_t *, const uint8_t *, size_t, const uint8_t *) =
                zip ? ecx_ed25519_verify_zip215 : ecx_ed25519_verify;
            const char *v = zip ? "verify_zip215" : "verify";
            CHECK_STATUS(verify(NULL, m, sizeof m, k.pk), ECX_ERR_INVALID, ctx("%s %s(sig NULL)", n, v));
            CHECK_STATUS(verify(sig, NULL, sizeof m, k.pk), ECX_ERR_INVALID, ctx("%s %s(m NULL)", n, v));
            CHECK_STATUS(verify(sig, NULL, SIZE_MAX, k.pk), ECX_ERR_INVALID, ctx("%s %s(m NULL, SIZE_MAX)", n, v));
            CHECK_STATUS(verify(sig, m, sizeof m, NULL), ECX_ERR_INVALID, ctx("%s %s(pk NULL)", n, v));
            CHECK_STATUS(verify(NULL, NULL, 0, NULL), ECX_ERR_INVALID, ctx("%s %s(NULL x3)", n, v));
            CHECK_STATUS(verify(esig, NULL, 0, k.pk), ECX_OK, ctx("%s %s(m NULL, mlen 0)", n, v));
            CHECK_STATUS(verify(sig, m, sizeof m, k.pk), ECX_OK, ctx("%s %s(valid)", n, v));
        }
    }
}

static void test_noncanonical_s(const char *const *backends, size_t nb)
{
    struct key k;
    uint8_t m[48], sig[64], bad[64];
    make_key(&k);
    check_random_bytes(m, sizeof m);
    crypto_sign_detached(sig, NULL, m, sizeof m, k.sk);
    for (int c = 0; c < 7; c++) {
        memcpy(bad, sig, 64);
        uint8_t *S = bad + 32;
        const char *what;
        int want = ECX_ERR_INVALID;
        switch (c) {
        case 0:
            memcpy(S, ED_L, 32), what = "S = l";
            break;
        case 1:
            add256(S, sig + 32, ED_L), what = "S + l";
            break;
        case 2:
            S[31] |= 0x80, what = "S + 2^255";
            break;
        case 3:
            memset(S, 0xff, 32), what = "S = 2^256 - 1";
            break;
        case 4: {
            uint8_t one[32] = {1};
            add256(S, ED_L, one), what = "S = l + 1";
            break;
        }
        case 5:
            memset(S, 0, 32), what = "S = 0", want = ECX_ERR_VERIFY;
            break;
        default: {
            uint8_t minus1[32];
            memcpy(minus1, ED_L, 32);
            minus1[0]--;
            memcpy(S, minus1, 32), what = "S = l - 1", want = ECX_ERR_VERIFY;
            break;
        }
        }
        expect(backends, nb, what, bad, m, sizeof m, k.pk, want, want);
    }
}

/* The small-order points as A: R = [r]B, S = r, so [S]B - R - [k]A = -[k]A,
 * which [8] kills. ZIP-215 accepts; strict rejects (small-order A). */
static void test_small_order_a(const char *const *backends, size_t nb)
{
    for (size_t i = 0; i < 14; i++) { /* the test's own encoding helpers */
        uint8_t p[32];
        hex_fixed(p, 32, SMALL_ORDER_HEX[i]);
        CHECK_CTX(point_canonical(p) == (i < SMALL_ORDER_CANONICAL) && point_decodes(p), SMALL_ORDER_HEX[i]);
    }
    uint8_t m[20], sig[64], A[32];
    check_random_bytes(m, sizeof m);
    for (size_t i = 0; i < 14; i++) {
        sign_small_order_a(sig, A, i);
        expect(backends, nb, ctx("small-order A %s", SMALL_ORDER_HEX[i]), sig, m, sizeof m, A, strict_small(i),
               ECX_OK);
    }
}

/* The small-order points as R, under a normal key: S = [k]a, so
 * [S]B - R - [k]A = -R, which [8] kills (and which is 0 for the identity:
 * the cofactorless equation holds then, only the small-order rule rejects). */
static void test_small_order_r(const char *const *backends, size_t nb)
{
    struct key key;
    uint8_t m[33], sig[64];
    make_key(&key);
    check_random_bytes(m, sizeof m);
    for (size_t i = 0; i < 14; i++) {
        sign_small_order_r(sig, m, sizeof m, &key, i);
        expect(backends, nb, ctx("small-order R %s", SMALL_ORDER_HEX[i]), sig, m, sizeof m, key.pk, strict_small(i),
               ECX_OK);
    }
    /* The identity as both A and R, S = 0: every equation holds. */
    uint8_t id[32];
    hex_fixed(id, 32, SMALL_ORDER_HEX[0]);
    memcpy(sig, id, 32);
    memset(sig + 32, 0, 32);
    expect(backends, nb, "identity as A and R, S = 0", sig, m, sizeof m, id, ECX_ERR_VERIFY, ECX_OK);
    /* ... and with S = 1 no equation holds. */
    sig[32] = 1;
    expect(backends, nb, "identity as A and R, S = 1", sig, m, sizeof m, id, ECX_ERR_VERIFY, ECX_ERR_VERIFY);
}

/* Encodings that do not decode, and a non-canonical encoding of a point of
 * large order. */
static void test_bad_encodings(const char *const *backends, size_t nb)
{
    struct key k;
    uint8_t m[7], sig[64], bad[64], pk[32];
    /* y = 2 is not on the curve, neither is y = p + 2; y = 3 is, with large
     * order, and p + 3 encodes it non-canonically. */
    static const char *const off_curve[] = {
        "0200000000000000000000000000000000000000000000000000000000000000",
        "0200000000000000000000000000000000000000000000000000000000000080",
        "efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    };
    static const char *const noncanonical[] = {
        "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    };
    make_key(&k);
    check_random_bytes(m, sizeof m);
    crypto_sign_detached(sig, NULL, m, sizeof m, k.sk);
    /* Each encoding as A (under the valid signature) and as R (in it). */
    const struct {
        const char *kind;
        const char *const *encodings;
        size_t count;
        int want_strict, want_zip;
    } groups[] = {
        {"off the curve", off_curve, sizeof off_curve / sizeof off_curve[0], ECX_ERR_INVALID, ECX_ERR_INVALID},
        {"non-canonical", noncanonical, sizeof noncanonical / sizeof noncanonical[0], ECX_ERR_INVALID,
         ECX_ERR_VERIFY},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
        for (size_t i = 0; i < groups[g].count; i++) {
            const char *enc = groups[g].encodings[i];
            hex_fixed(pk, 32, enc);
            expect(backends, nb, ctx("A %s %s", groups[g].kind, enc), sig, m, sizeof m, pk, groups[g].want_strict,
                   groups[g].want_zip);
            memcpy(bad, sig, 64);
            memcpy(bad, pk, 32);
            expect(backends, nb, ctx("R %s %s", groups[g].kind, enc), bad, m, sizeof m, k.pk,
                   groups[g].want_strict, groups[g].want_zip);
        }
    /* Two faults, an encoding and a policy one: the encoding wins. A is of
     * small order (a policy failure under strict rules), R is off the curve. */
    hex_fixed(pk, 32, SMALL_ORDER_HEX[4]);
    memcpy(bad, sig, 64);
    hex_fixed(bad, 32, off_curve[0]);
    expect(backends, nb, "small-order A and R off the curve", bad, m, sizeof m, pk, ECX_ERR_INVALID,
           ECX_ERR_INVALID);
    /* The other orders of the same two faults, and both points off the
     * curve: still encoding errors. (Strict verification decodes R either
     * before the equation, on the vector backends, or after it fails, on
     * the serial ones: curve25519/ed25519_impl.h. These cases and the
     * ones above pin down that both ways give the same statuses.) */
    hex_fixed(pk, 32, off_curve[0]);
    memcpy(bad, sig, 64);
    hex_fixed(bad, 32, SMALL_ORDER_HEX[4]);
    expect(backends, nb, "A off the curve and small-order R", bad, m, sizeof m, pk, ECX_ERR_INVALID,
           ECX_ERR_INVALID);
    hex_fixed(bad, 32, off_curve[1]);
    expect(backends, nb, "A and R off the curve", bad, m, sizeof m, pk, ECX_ERR_INVALID, ECX_ERR_INVALID);
    /* R with its sign bit flipped: the point -R, same y, canonical (x != 0).
     * Only x tells it from the R that [S]B - [k]A gives. */
    memcpy(bad, sig, 64);
    bad[31] ^= 0x80;
    expect(backends, nb, "R with its sign bit flipped", bad, m, sizeof m, k.pk, ECX_ERR_VERIFY, ECX_ERR_VERIFY);
    /* A signature whose [S]B - [k]A is exactly -R: R = -[r]B (the encoding
     * of [r]B with the sign bit flipped), S = r + k a, so [S]B - [k]A =
     * [r]B. Same y as R, the other x: a check of y alone would accept. */
    uint8_t r[32], k_hram[32], ka[32];
    crypto_core_ed25519_scalar_random(r);
    CHECK_CTX(crypto_scalarmult_ed25519_base_noclamp(bad, r) == 0, "[r]B");
    bad[31] ^= 0x80;
    hram(k_hram, bad, k.pk, m, sizeof m);
    crypto_core_ed25519_scalar_mul(ka, k_hram, k.a);
    crypto_core_ed25519_scalar_add(bad + 32, r, ka);
    expect(backends, nb, "[S]B - [k]A = -R", bad, m, sizeof m, k.pk, ECX_ERR_VERIFY, ECX_ERR_VERIFY);
    bad[31] ^= 0x80; /* and the same S under R = [r]B itself: k changes, no equation holds */
    expect(backends, nb, "[S]B - [k]A = -R, R flipped back", bad, m, sizeof m, k.pk, ECX_ERR_VERIFY,
           ECX_ERR_VERIFY);
    /* The canonical y = 3 with the same signature: decodes, equation fails. */
    hex_fixed(pk, 32, "0300000000000000000000000000000000000000000000000000000000000000");
    expect(backends, nb, "A = (y = 3), wrong key", sig, m, sizeof m, pk, ECX_ERR_VERIFY, ECX_ERR_VERIFY);
}

int main(void)
{
    const char *backends[MAX_BACKENDS];
    oracle_init();
    check_seed(0xed6e);
    size_t nb = test_backends_listed(backends);
    test_null_arguments(backends, nb);
    test_noncanonical_s(backends, nb);
    test_small_order_a(backends, nb);
    test_small_order_r(backends, nb);
    test_bad_encodings(backends, nb);
    ecx_backend_select("auto");
    return check_summary("test_ed25519_edge");
}
