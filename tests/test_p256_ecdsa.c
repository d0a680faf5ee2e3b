/* P-256 keys and ECDSA on every usable backend, without OpenSSL (so it runs
 * under qemu too; tests/test_p256_openssl.c adds OpenSSL as the oracle
 * natively):
 *
 *  - RFC 6979 appendix A.2.5 (P-256, SHA-256): the public key of the
 *    example key, the signatures of "sample" and "test" byte for byte, the
 *    published nonces k (x([k]G) mod n = r), and their verification with
 *    both key encodings and through the digest functions;
 *  - Wycheproof ecdsa_secp256r1_sha256_p1363_test.json, every case on every
 *    backend: "valid" cases verify, the others do not (signatures of a
 *    length other than 64 cannot be passed to the 64-byte API and are
 *    checked to be "invalid" cases), with the uncompressed key, the
 *    compressed key and the digest entry point, which must agree;
 *  - seeded random keys and messages: keys, signatures and compressed keys
 *    byte-identical across backends; each signature verifies, and fails
 *    (ECX_ERR_VERIFY) after a flipped bit in r, s or the message;
 *  - the group operations of the test table (src/p256/group_table.h)
 *    against each other: [n]G = identity, [n - 1]G = -G, P + (-P), P + P =
 *    2P, P + identity, mixed = projective addition, [k]G by the comb = [k]G
 *    by the variable-base ladder = [k]G + [0]P by the double-base
 *    multiplication, linearity [a]G + [b]P = [a + b c]G for P = [c]G, also
 *    for small a, b, c and P = -G, +-G/2, where the variable-time Jacobian
 *    additions meet equal and opposite points;
 *  - bad input: every status code of the public functions (NULL buffers,
 *    secret keys 0, n, n + 1, 2^256 - 1, r or s = 0 / n / 2^256 - 1, keys
 *    with a wrong prefix or length, x or y >= p, off the curve, the point
 *    at infinity, a compressed x with no y), zeroed outputs where the
 *    header promises them, and aliasing.
 *
 * The first argument is the directory of the converted vectors
 * (tests/vectors/meson.build). ECX_TEST_ITERATIONS sets the random rounds
 * (default 64). */
#include "check.h"
#include "hex.h"
#include "vector_file.h"
#include "backend/ops_internal.h"
#include "dispatch/cpu.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/p256.h"
#include "hash/sha256.h"
#include "p256_backends.h"

#define MAX_BACKENDS 8

static const char *names[MAX_BACKENDS];
static const struct ecxi_p256_ops *ops[MAX_BACKENDS];
static size_t n_backends;

static const char N_HEX[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
static const char P_HEX[] = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
static const char G_HEX[] = "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
                            "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";

/* ------------------------------------------------------------------------ */
/* RFC 6979 A.2.5                                                            */

static void test_rfc6979(void)
{
    static const struct {
        const char *msg, *k, *r, *s;
    } cases[] = {
        {"sample", "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60",
         "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716",
         "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"},
        {"test", "d16b6ae827f17175e040871a1c7ec3500192c4c92677336ec2537acaee0008e0",
         "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367",
         "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"},
    };
    uint8_t sk[32], want_pk[65], pk[65], cpk[33];
    hex_fixed(sk, 32, "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721");
    want_pk[0] = 0x04;
    hex_fixed(want_pk + 1, 32, "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6");
    hex_fixed(want_pk + 33, 32, "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299");
    for (size_t b = 0; b < n_backends; b++) {
        CHECK_CTX(ops[b]->public_key(pk, sk) == ECX_OK, names[b]);
        CHECK_MEM(pk, want_pk, 65, names[b]);
        CHECK_CTX(ops[b]->public_key_compress(cpk, pk) == ECX_OK, names[b]);
        CHECK_CTX(cpk[0] == (0x02 | (want_pk[64] & 1)) && memcmp(cpk + 1, want_pk + 1, 32) == 0, names[b]);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const uint8_t *m = (const uint8_t *)cases[i].msg;
            size_t mlen = strlen(cases[i].msg);
            uint8_t want[64], sig[64], digest[32], k[32], kg[65];
            hex_fixed(want, 32, cases[i].r);
            hex_fixed(want + 32, 32, cases[i].s);
            CHECK_CTX(ops[b]->sign(sig, m, mlen, sk) == ECX_OK, names[b]);
            CHECK_MEM(sig, want, 64, names[b]);
            ecxi_sha256(digest, m, mlen);
            memset(sig, 0, 64);
            CHECK_CTX(ops[b]->sign_digest(sig, digest, sk) == ECX_OK, names[b]);
            CHECK_MEM(sig, want, 64, names[b]);
            CHECK_CTX(ops[b]->verify(want, m, mlen, pk, 65) == ECX_OK, names[b]);
            CHECK_CTX(ops[b]->verify(want, m, mlen, cpk, 33) == ECX_OK, names[b]);
            CHECK_CTX(ops[b]->verify_digest(want, digest, pk, 65) == ECX_OK, names[b]);
            CHECK_CTX(ops[b]->verify(want, m, mlen - 1, pk, 65) == ECX_ERR_VERIFY, names[b]);
            /* The nonce: r = x([k]G) mod n (x < n here, so r = x). */
            hex_fixed(k, 32, cases[i].k);
            CHECK_CTX(ops[b]->group->mul_base(kg, k) == ECX_OK, names[b]);
            CHECK_MEM(kg + 1, want, 32, names[b]);
        }
    }
    printf("RFC 6979 A.2.5: key, 2 signatures and nonces on %zu backends\n", n_backends);
}

/* ------------------------------------------------------------------------ */
/* Wycheproof                                                                */

static void test_wycheproof(int argc, char **argv)
{
    struct vec_file v;
    unsigned long cases = 0, valid = 0;
    if (!vec_open(&v, argc, argv, "wycheproof_ecdsa_p256.lines")) return;
    while (vec_next(&v)) {
        uint8_t pk[65], cpk[33], sig[512], digest[32];
        static uint8_t msg[8192];
        char ctx[96];
        CHECK(v.nfields == 5);
        if (v.nfields != 5) continue;
        snprintf(ctx, sizeof ctx, "wycheproof tcId %s", v.field[0]);
        const int want_ok = strcmp(v.field[1], "valid") == 0;
        CHECK_CTX(want_ok || strcmp(v.field[1], "invalid") == 0, ctx); /* the file has no "acceptable" */
        long siglen = hex_decode(sig, sizeof sig, v.field[3]);
        long mlen = hex_decode(msg, sizeof msg, v.field[4]);
        CHECK_CTX(hex_decode(pk, 65, v.field[2]) == 65 && siglen >= 0 && mlen >= 0, ctx);
        if (siglen < 0 || mlen < 0) continue;
        cases++;
        valid += (unsigned long)want_ok;
        if (siglen != 64) {
            /* Not representable as sig[64]: must be a rejected case. */
            CHECK_CTX(!want_ok, ctx);
            continue;
        }
        ecxi_sha256(digest, msg, (size_t)mlen);
        for (size_t b = 0; b < n_backends; b++) {
            CHECK_CTX(ops[b]->public_key_compress(cpk, pk) == ECX_OK, ctx);
            int r1 = ops[b]->verify(sig, msg, (size_t)mlen, pk, 65);
            int r2 = ops[b]->verify(sig, msg, (size_t)mlen, cpk, 33);
            int r3 = ops[b]->verify_digest(sig, digest, pk, 65);
            CHECK_CTX((r1 == ECX_OK) == want_ok, ctx);
            CHECK_CTX(r1 == ECX_OK || r1 == ECX_ERR_VERIFY || r1 == ECX_ERR_INVALID, ctx);
            CHECK_CTX(r1 == r2 && r1 == r3, ctx);
        }
    }
    CHECK_CTX(v.ended && v.end_count == cases && cases == 262, "wycheproof file complete");
    vec_close(&v);
    printf("Wycheproof: %lu cases (%lu valid) on %zu backends\n", cases, valid, n_backends);
}

/* ------------------------------------------------------------------------ */
/* Random keys and messages across backends                                   */

static void test_random(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        uint8_t sk[32], m[100], pk[MAX_BACKENDS][65], cpk[MAX_BACKENDS][33], sig[MAX_BACKENDS][64], back[65];
        size_t mlen = (size_t)(check_rand64() % sizeof m);
        check_random_bytes(sk, 32);
        check_random_bytes(m, mlen);
        for (size_t b = 0; b < n_backends; b++) {
            CHECK_CTX(ops[b]->public_key(pk[b], sk) == ECX_OK, names[b]);
            CHECK_CTX(ops[b]->public_key_compress(cpk[b], pk[b]) == ECX_OK, names[b]);
            CHECK_CTX(ops[b]->public_key_decompress(back, cpk[b]) == ECX_OK, names[b]);
            CHECK_MEM(back, pk[b], 65, names[b]);
            CHECK_CTX(ops[b]->sign(sig[b], m, mlen, sk) == ECX_OK, names[b]);
            CHECK_MEM(pk[b], pk[0], 65, names[b]);
            CHECK_MEM(cpk[b], cpk[0], 33, names[b]);
            CHECK_MEM(sig[b], sig[0], 64, names[b]);
            CHECK_CTX(ops[b]->verify(sig[b], m, mlen, pk[b], 65) == ECX_OK, names[b]);
            CHECK_CTX(ops[b]->verify(sig[b], m, mlen, cpk[b], 33) == ECX_OK, names[b]);
            /* A flipped bit in r or s, in the message, or a key of another
             * message's signer fails the equation (or, for r or s pushed
             * to >= n, the range check). */
            uint8_t bad[64];
            memcpy(bad, sig[b], 64);
            bad[check_rand64() % 64] ^= (uint8_t)(1u << (check_rand64() % 8));
            int r = ops[b]->verify(bad, m, mlen, pk[b], 65);
            CHECK_CTX(r == ECX_ERR_VERIFY || r == ECX_ERR_INVALID, names[b]);
            if (mlen > 0) {
                m[0] ^= 1;
                CHECK_CTX(ops[b]->verify(sig[b], m, mlen, pk[b], 65) == ECX_ERR_VERIFY, names[b]);
                m[0] ^= 1;
            }
        }
    }
    printf("random: %lu keys and signatures, identical on %zu backends\n", rounds, n_backends);
}

/* ------------------------------------------------------------------------ */
/* Group operations against each other                                        */

static void scalar_of(uint8_t s[32], uint64_t v)
{
    memset(s, 0, 32);
    for (int i = 0; i < 8; i++) s[31 - i] = (uint8_t)(v >> (8 * i));
}

static void test_group(unsigned long rounds)
{
    static const uint8_t identity[65];
    uint8_t n[32], nm1[32], g[65], neg_g[65], r[65], t[65], u[65];
    hex_fixed(n, 32, N_HEX);
    memcpy(nm1, n, 32);
    nm1[31] -= 1;
    hex_fixed(g, 65, G_HEX);
    for (size_t b = 0; b < n_backends; b++) {
        const struct ecxi_p256_group *gr = ops[b]->group;
        const char *ctx = names[b];
        CHECK_CTX(gr->mul_base(r, n) == ECX_OK && memcmp(r, identity, 65) == 0, ctx); /* n = 0 mod n */
        scalar_of(t, 1);
        CHECK_CTX(gr->mul_base(r, t) == ECX_OK, ctx);
        CHECK_MEM(r, g, 65, ctx);
        CHECK_CTX(gr->mul_base(neg_g, nm1) == ECX_OK, ctx);
        CHECK_MEM(neg_g + 1, g + 1, 32, ctx); /* -G = (x, p - y) */
        CHECK_CTX(gr->add(r, g, neg_g) == ECX_OK && memcmp(r, identity, 65) == 0, ctx);
        CHECK_CTX(gr->add_affine(r, g, neg_g) == ECX_OK && memcmp(r, identity, 65) == 0, ctx);
        CHECK_CTX(gr->add(r, identity, identity) == ECX_OK && memcmp(r, identity, 65) == 0, ctx);
        CHECK_CTX(gr->dbl(r, identity) == ECX_OK && memcmp(r, identity, 65) == 0, ctx);
        CHECK_CTX(gr->add(r, g, identity) == ECX_OK, ctx);
        CHECK_MEM(r, g, 65, ctx);
        CHECK_CTX(gr->add(r, identity, g) == ECX_OK, ctx);
        CHECK_MEM(r, g, 65, ctx);
        CHECK_CTX(gr->add_affine(r, identity, g) == ECX_OK, ctx);
        CHECK_MEM(r, g, 65, ctx);
        CHECK_CTX(gr->mul(r, n, g) == ECX_OK && memcmp(r, identity, 65) == 0, ctx);
        CHECK_CTX(gr->mul(r, t, identity) == ECX_OK && memcmp(r, identity, 65) == 0, ctx);
        CHECK_CTX(gr->add_affine(r, g, identity) == ECX_ERR_INVALID, ctx);
        u[0] = 0x04;
        memset(u + 1, 0, 64); /* (0, 0) is not on the curve */
        CHECK_CTX(gr->add(r, g, u) == ECX_ERR_INVALID && gr->mul(r, t, u) == ECX_ERR_INVALID, ctx);

        /* The exceptional cases of the variable-time Jacobian additions
         * inside double_mul_vartime: with P = [c]G for small c, [a]G +
         * [b]P meets equal points (a doubling) and opposite points (the
         * identity) in its additions; the expected value is [a + b c]G. */
        for (int ai = 0; ai < 6; ai++)
            for (int bi = 0; bi < 6; bi++)
                for (int ci = 0; ci < 6; ci++) {
                    static const uint64_t small[6] = {0, 1, 2, 3, 5, 127};
                    uint8_t a[32], bb[32], c[32], bc[32], sum[32], pc[65], got[65], want[65];
                    scalar_of(a, small[ai]);
                    scalar_of(bb, small[bi]);
                    scalar_of(c, (uint64_t)ci + 1);
                    if (ci == 3) memcpy(c, nm1, 32); /* P = -G */
                    if (ci >= 4) { /* P = G/2 or -G/2: b = 2 makes the mixed addition meet +-G */
                        uint8_t two[32];
                        scalar_of(two, 2);
                        ops[b]->scalar->invert(c, two);
                        if (ci == 5) ops[b]->scalar->neg(c, c);
                    }
                    if (bi == 5) memcpy(bb, nm1, 32);   /* b = -1 */
                    ops[b]->scalar->mul(bc, bb, c);
                    ops[b]->scalar->add(sum, a, bc);
                    CHECK_CTX(gr->mul_base(pc, c) == ECX_OK && gr->mul_base(want, sum) == ECX_OK, ctx);
                    CHECK_CTX(gr->double_mul_vartime(got, a, bb, pc) == ECX_OK, ctx);
                    CHECK_MEM(got, want, 65, ctx);
                }

        for (unsigned long i = 0; i < rounds; i++) {
            uint8_t a[32], c[32], p[65], q[65], s1[65], s2[65], s3[65];
            check_random_bytes(a, 32);
            check_random_bytes(c, 32);
            if (i == 0) scalar_of(a, 0);
            if (i == 1) memcpy(a, nm1, 32);
            if (i == 2) memset(a, 0xff, 32);
            if (i == 3) scalar_of(a, 2);
            /* [a]G three ways. */
            CHECK_CTX(gr->mul_base(s1, a) == ECX_OK, ctx);
            CHECK_CTX(gr->mul(s2, a, g) == ECX_OK, ctx);
            CHECK_CTX(gr->double_mul_vartime(s3, a, n, g) == ECX_OK, ctx);
            CHECK_MEM(s2, s1, 65, ctx);
            CHECK_MEM(s3, s1, 65, ctx);
            /* P = [c]G; P + P = 2P; mixed = full; P + (-P) = identity. */
            CHECK_CTX(gr->mul_base(p, c) == ECX_OK, ctx);
            CHECK_CTX(gr->add(s1, p, p) == ECX_OK && gr->dbl(s2, p) == ECX_OK, ctx);
            CHECK_MEM(s1, s2, 65, ctx);
            CHECK_CTX(gr->add(s1, s1, p) == ECX_OK && gr->add_affine(s2, s2, p) == ECX_OK, ctx);
            CHECK_MEM(s1, s2, 65, ctx);
            memcpy(q, p, 65);
            if (memcmp(p, identity, 65) != 0) {
                uint8_t minus1[32];
                memcpy(minus1, nm1, 32);
                CHECK_CTX(gr->mul(q, minus1, p) == ECX_OK, ctx);
                CHECK_CTX(gr->add(s1, p, q) == ECX_OK && memcmp(s1, identity, 65) == 0, ctx);
            }
            /* [a]G + [b]P with P = [c]G equals [a + b c]G: checked as
             * [a]G + [b]P = [a]G + [b]([c]G) computed by mul. */
            uint8_t bsc[32];
            check_random_bytes(bsc, 32);
            CHECK_CTX(gr->double_mul_vartime(s1, a, bsc, p) == ECX_OK, ctx);
            CHECK_CTX(gr->mul_base(s2, a) == ECX_OK && gr->mul(s3, bsc, p) == ECX_OK, ctx);
            CHECK_CTX(gr->add(s2, s2, s3) == ECX_OK, ctx);
            CHECK_MEM(s1, s2, 65, ctx);
            /* Every backend gives the same bytes as the first. */
            if (b > 0) {
                uint8_t ref[65];
                ops[0]->group->double_mul_vartime(ref, a, bsc, p);
                CHECK_MEM(s1, ref, 65, ctx);
            }
        }
    }
    printf("group: edge cases and %lu random rounds per backend\n", rounds);
}

/* ------------------------------------------------------------------------ */
/* Bad input through the public functions                                     */

static void test_bad_input(const char *name)
{
    static const uint8_t zero64[65];
    uint8_t sk[32], pk[65], cpk[33], sig[64], out[65], m[3] = {1, 2, 3}, n[32], p[32], digest[32] = {0};
    hex_fixed(n, 32, N_HEX);
    hex_fixed(p, 32, P_HEX);

    /* Secret keys out of range: 0, n, n + 1, 2^256 - 1. */
    uint8_t bad_sk[4][32];
    memset(bad_sk[0], 0, 32);
    memcpy(bad_sk[1], n, 32);
    memcpy(bad_sk[2], n, 32);
    bad_sk[2][31]++;
    memset(bad_sk[3], 0xff, 32);
    for (int i = 0; i < 4; i++) {
        memset(pk, 0xaa, 65);
        memset(sig, 0xaa, 64);
        memset(cpk, 0xaa, 33);
        CHECK_CTX(ecx_p256_public_key(pk, bad_sk[i]) == ECX_ERR_INVALID && memcmp(pk, zero64, 65) == 0, name);
        CHECK_CTX(ecx_p256_public_key_compressed(cpk, bad_sk[i]) == ECX_ERR_INVALID && memcmp(cpk, zero64, 33) == 0,
                  name);
        CHECK_CTX(ecx_p256_ecdsa_sign(sig, m, 3, bad_sk[i]) == ECX_ERR_INVALID && memcmp(sig, zero64, 64) == 0, name);
        memset(sig, 0xaa, 64);
        CHECK_CTX(ecx_p256_ecdsa_sign_digest(sig, digest, bad_sk[i]) == ECX_ERR_INVALID &&
                      memcmp(sig, zero64, 64) == 0,
                  name);
    }
    /* n - 1 is the largest valid key. */
    memcpy(sk, n, 32);
    sk[31]--;
    CHECK_CTX(ecx_p256_public_key(pk, sk) == ECX_OK, name);
    /* A valid pair for the rest; the outputs may alias the inputs. */
    check_random_bytes(sk, 32);
    CHECK_CTX(ecx_p256_public_key(pk, sk) == ECX_OK, name);
    CHECK_CTX(ecx_p256_ecdsa_sign(sig, m, 3, sk) == ECX_OK, name);
    CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, pk) == ECX_OK, name);
    CHECK_CTX(ecx_p256_public_key_compress(cpk, pk) == ECX_OK, name);
    {
        uint8_t alias[65];
        memcpy(alias, sk, 32);
        CHECK_CTX(ecx_p256_public_key(alias, alias) == ECX_OK && memcmp(alias, pk, 65) == 0, name);
        memcpy(alias, sk, 32);
        CHECK_CTX(ecx_p256_ecdsa_sign(alias, m, 3, alias) == ECX_OK && memcmp(alias, sig, 64) == 0, name);
        memcpy(alias, pk, 65);
        CHECK_CTX(ecx_p256_public_key_compress(alias, alias) == ECX_OK && memcmp(alias, cpk, 33) == 0, name);
        CHECK_CTX(ecx_p256_public_key_decompress(alias, alias) == ECX_OK && memcmp(alias, pk, 65) == 0, name);
        ecxi_sha256(digest, m, 3);
        memcpy(alias, digest, 32);
        CHECK_CTX(ecx_p256_ecdsa_sign_digest(alias, alias, sk) == ECX_OK && memcmp(alias, sig, 64) == 0, name);
    }
    CHECK_CTX(ecx_p256_ecdsa_verify_key(sig, m, 3, cpk, 33) == ECX_OK, name);
    CHECK_CTX(ecx_p256_ecdsa_verify_digest(sig, digest, cpk, 33) == ECX_OK, name);
    CHECK_CTX(ecx_p256_ecdsa_verify_digest(sig, digest, pk, 65) == ECX_OK, name);

    /* NULL buffers. */
    CHECK_CTX(ecx_p256_public_key(NULL, sk) == ECX_ERR_INVALID && ecx_p256_public_key(pk, NULL) == ECX_ERR_INVALID,
              name);
    CHECK_CTX(ecx_p256_public_key_compressed(NULL, sk) == ECX_ERR_INVALID, name);
    CHECK_CTX(ecx_p256_ecdsa_sign(NULL, m, 3, sk) == ECX_ERR_INVALID && ecx_p256_ecdsa_sign(sig, NULL, 3, sk) ==
                  ECX_ERR_INVALID && ecx_p256_ecdsa_sign(sig, m, 3, NULL) == ECX_ERR_INVALID,
              name);
    CHECK_CTX(ecx_p256_ecdsa_verify(NULL, m, 3, pk) == ECX_ERR_INVALID && ecx_p256_ecdsa_verify(sig, NULL, 3, pk) ==
                  ECX_ERR_INVALID && ecx_p256_ecdsa_verify(sig, m, 3, NULL) == ECX_ERR_INVALID,
              name);
    CHECK_CTX(ecx_p256_ecdsa_sign_digest(sig, NULL, sk) == ECX_ERR_INVALID &&
                  ecx_p256_ecdsa_verify_digest(sig, NULL, pk, 65) == ECX_ERR_INVALID,
              name);
    CHECK_CTX(ecx_p256_public_key_compress(NULL, pk) == ECX_ERR_INVALID &&
                  ecx_p256_public_key_decompress(out, NULL) == ECX_ERR_INVALID,
              name);
    /* The empty message may be NULL. */
    uint8_t esig[64];
    CHECK_CTX(ecx_p256_ecdsa_sign(esig, NULL, 0, sk) == ECX_OK && ecx_p256_ecdsa_verify(esig, NULL, 0, pk) == ECX_OK,
              name);

    /* r and s out of range. */
    const uint8_t *bad_rs[4] = {zero64, n, bad_sk[2], bad_sk[3]};
    for (int i = 0; i < 4; i++)
        for (int half = 0; half < 2; half++) {
            uint8_t bad[64];
            memcpy(bad, sig, 64);
            memcpy(bad + 32 * half, bad_rs[i], 32);
            CHECK_CTX(ecx_p256_ecdsa_verify(bad, m, 3, pk) == ECX_ERR_INVALID, name);
            CHECK_CTX(ecx_p256_ecdsa_verify_digest(bad, digest, pk, 65) == ECX_ERR_INVALID, name);
        }
    /* r, s = n - 1 are in range: a failed equation, not a range error. */
    {
        uint8_t edge[64];
        memcpy(edge, n, 32);
        edge[31]--;
        memcpy(edge + 32, edge, 32);
        CHECK_CTX(ecx_p256_ecdsa_verify(edge, m, 3, pk) == ECX_ERR_VERIFY, name);
    }

    /* Public keys that do not decode. */
    uint8_t bad_pk[65];
    for (int prefix = 0; prefix < 256; prefix += 1) {
        if (prefix == 4) continue;
        memcpy(bad_pk, pk, 65);
        bad_pk[0] = (uint8_t)prefix;
        CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, bad_pk) == ECX_ERR_INVALID, name);
        CHECK_CTX(ecx_p256_public_key_compress(out, bad_pk) == ECX_ERR_INVALID, name);
    }
    CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, zero64) == ECX_ERR_INVALID, name); /* SEC1 infinity, padded */
    memset(bad_pk, 0, 65);
    bad_pk[0] = 0x04;
    CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, bad_pk) == ECX_ERR_INVALID, name); /* (0, 0) */
    memcpy(bad_pk, pk, 65);
    bad_pk[64] ^= 1; /* off the curve */
    CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, bad_pk) == ECX_ERR_INVALID, name);
    CHECK_CTX(ecx_p256_public_key_compress(out, bad_pk) == ECX_ERR_INVALID, name);
    memcpy(bad_pk, pk, 65);
    memcpy(bad_pk + 1, p, 32); /* x = p */
    CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, bad_pk) == ECX_ERR_INVALID, name);
    memcpy(bad_pk, pk, 65);
    memset(bad_pk + 33, 0xff, 32); /* y = 2^256 - 1 >= p */
    CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, bad_pk) == ECX_ERR_INVALID, name);
    {
        /* y + p for a key with y < 2^256 - p: the same y mod p, but not canonical. */
        uint8_t gy[65];
        hex_fixed(gy, 65, G_HEX);
        CHECK_CTX(ecx_p256_ecdsa_verify(sig, m, 3, gy) == ECX_ERR_VERIFY, name); /* G itself decodes */
    }
    /* Key lengths other than 65 and 33, and mismatched prefixes. */
    static const size_t lengths[] = {0, 1, 32, 34, 64, 66};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        uint8_t buf[66];
        memset(buf, 0, sizeof buf);
        memcpy(buf, pk, 65);
        CHECK_CTX(ecx_p256_ecdsa_verify_key(sig, m, 3, buf, lengths[i]) == ECX_ERR_INVALID, name);
        memcpy(buf, cpk, 33);
        CHECK_CTX(ecx_p256_ecdsa_verify_digest(sig, digest, buf, lengths[i]) == ECX_ERR_INVALID, name);
    }
    CHECK_CTX(ecx_p256_ecdsa_verify_key(sig, m, 3, pk, 33) == ECX_ERR_INVALID, name);  /* 0x04 with 33 bytes */
    memcpy(bad_pk, cpk, 33);
    bad_pk[0] = 0x04;
    CHECK_CTX(ecx_p256_public_key_decompress(out, bad_pk) == ECX_ERR_INVALID, name);
    memcpy(bad_pk, cpk, 33);
    bad_pk[0] ^= 1; /* the other y: a valid key, but not the signer's */
    CHECK_CTX(ecx_p256_ecdsa_verify_key(sig, m, 3, bad_pk, 33) == ECX_ERR_VERIFY, name);
    memcpy(bad_pk + 1, p, 32); /* compressed x = p */
    CHECK_CTX(ecx_p256_public_key_decompress(out, bad_pk) == ECX_ERR_INVALID, name);
    /* A compressed x whose x^3 - 3x + b is not a square: about half of all
     * x; count that some are rejected and all others decode to the curve. */
    unsigned rejected = 0, accepted = 0;
    for (int i = 0; i < 32; i++) {
        uint8_t c[33], full[65];
        c[0] = 0x02;
        check_random_bytes(c + 1, 32);
        c[1] &= 0x7f;
        memset(out, 0x55, 65);
        int r = ecx_p256_public_key_decompress(out, c);
        if (r == ECX_OK) {
            accepted++;
            CHECK_CTX(ecx_p256_public_key_compress(full, out) == ECX_OK && memcmp(full, c, 33) == 0, name);
        } else {
            rejected++;
            CHECK_CTX(r == ECX_ERR_INVALID && out[0] == 0x55, name); /* untouched */
        }
    }
    CHECK_CTX(rejected > 0 && accepted > 0, name);
}

int main(int argc, char **argv)
{
    unsigned long rounds = 64;
    const char *env = getenv("ECX_TEST_ITERATIONS");
    if (env) rounds = strtoul(env, NULL, 0);
    check_seed(0x9256);

    n_backends = p256_test_backends(names, ops, MAX_BACKENDS, p256_has_group);
    printf("test_p256_ecdsa: backends:");
    for (size_t i = 0; i < n_backends; i++) printf(" %s", names[i]);
    printf("\n");

    /* SHA-256 (the message hash and RFC 6979's HMAC-SHA-256) on the
     * compression dispatch chose at init, the SHA extensions exactly where
     * the build and the CPU probe have them; then the vectors once more on
     * the portable one. */
    const int sha_ext = ecxi_sha256_blocks_named("shani") != NULL && (ecxi_cpu_probe() & ECXI_CPU_SHA) != 0;
    CHECK(strcmp(ecxi_sha256_implementation(), sha_ext ? "shani" : "portable") == 0);
    for (int pass = 0; pass < (sha_ext ? 2 : 1); pass++) {
        const char *sha = ecxi_sha256_use_extensions(sha_ext && pass == 0);
        printf("test_p256_ecdsa: RFC 6979 and Wycheproof with SHA-256 on the %s compression\n", sha);
        test_rfc6979();
        test_wycheproof(argc, argv);
    }
    (void)ecxi_sha256_use_extensions(sha_ext);
    test_random(rounds);
    test_group(rounds);
    for (size_t i = 0; i < n_backends; i++) {
        CHECK_CTX(ecx_backend_select(names[i]) == ECX_OK, names[i]);
        test_bad_input(names[i]);
    }
    ecx_backend_select("auto");
    printf("bad input: status codes on %zu backends\n", n_backends);
    return check_summary("test_p256_ecdsa");
}
