/* Group-level tests of the edwards25519 code on every usable backend,
 * through each backend's ecxi_edwards_ops table, with libsodium as the
 * oracle:
 *   - mul_base against crypto_scalarmult_ed25519_base_noclamp;
 *   - mul_var against crypto_scalarmult_ed25519_noclamp (prime-order points)
 *     and against a slow double-and-add over crypto_core_ed25519_add (points
 *     with a small-order component, which libsodium's scalarmult refuses);
 *   - double_mul_vartime against the sum of the two libsodium products;
 *   - decoding: round trips, strict vs ZIP-215 on every non-canonical y
 *     (p .. 2^255 - 1) and on x = 0 with the sign bit, random strings
 *     against libsodium's decoder;
 *   - the eight small-order points and their non-canonical encodings:
 *     small-order and torsion checks, the cofactor;
 *   - every backend byte-identical to the first;
 *   - RFC 8032 section 7.1 test 1 and keys/signatures equal to libsodium's
 *     (the full signature suite is tests/test_ed25519_*.c).
 */
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ed25519_common.h"
#include "backend_tables.h"

static const char *names[MAX_BACKENDS];
static const struct ecx_backend *backends[MAX_BACKENDS];
static size_t nbackends;

static char ctxbuf[256];
static const char *ctxf(const char *what, size_t b, int i)
{
    snprintf(ctxbuf, sizeof ctxbuf, "%s backend=%s case=%d", what, names[b], i);
    return ctxbuf;
}

/* ------------------------------------------------------------ oracles */

/* [s]B with bit 255 of s ignored; libsodium refuses (-1) when the result is
 * the identity, which is then what we expect. */
static void ref_base(uint8_t q[32], const uint8_t s[32])
{
    if (crypto_scalarmult_ed25519_base_noclamp(q, s) != 0) memcpy(q, ED_IDENTITY, 32);
}

/* [s]P for P in the prime-order subgroup (not the identity). */
static void ref_mul(uint8_t q[32], const uint8_t s[32], const uint8_t p[32])
{
    if (crypto_scalarmult_ed25519_noclamp(q, s, p) != 0) memcpy(q, ED_IDENTITY, 32);
}

/* [s]P for any decodable P, bit 255 of s ignored: double-and-add over
 * libsodium's point addition, which accepts every point (slow: tests only). */
static void ref_mul_slow(uint8_t q[32], const uint8_t s[32], const uint8_t p[32])
{
    uint8_t acc[32];
    memcpy(acc, ED_IDENTITY, 32);
    for (int i = 254; i >= 0; i--) {
        CHECK(crypto_core_ed25519_add(acc, acc, acc) == 0);
        if ((s[i / 8] >> (i % 8)) & 1) CHECK(crypto_core_ed25519_add(acc, acc, p) == 0);
    }
    memcpy(q, acc, 32);
}

static void random_scalar(uint8_t s[32])
{
    check_random_bytes(s, 32);
}

/* A random point of the prime-order subgroup (never the identity). */
static void random_point(uint8_t p[32])
{
    uint8_t s[32];
    do {
        check_random_bytes(s, 32);
        s[31] &= 0x0f;
    } while (crypto_scalarmult_ed25519_base_noclamp(p, s) != 0);
}

/* Scalars that exercise the recodings' edges. */
#define N_EDGE_SCALARS 14
static void edge_scalar(uint8_t s[32], int k)
{
    memset(s, 0, 32);
    switch (k) {
    case 0: break;                                    /* 0 */
    case 1: s[0] = 1; break;
    case 2: s[0] = 8; break;                          /* the top of a digit */
    case 3: s[0] = 0x88; break;
    case 4: memcpy(s, ED_L, 32); s[0]--; break;    /* l - 1 */
    case 5: memcpy(s, ED_L, 32); break;            /* l */
    case 6: memcpy(s, ED_L, 32); s[0]++; break;    /* l + 1 */
    case 7: s[31] = 0x10; break;                      /* 2^252 */
    case 8: memset(s, 0xff, 31); s[31] = 0x1f; break; /* 2^253 - 1 */
    case 9: memset(s, 0xff, 31); s[31] = 0x7f; break; /* 2^255 - 1 */
    case 10: memset(s, 0xff, 32); break;              /* bit 255 set: ignored */
    case 11: memset(s, 0x88, 32); s[31] = 0x78; break; /* every digit 8 */
    case 12: s[31] = 0x80; break;                     /* 2^255 = 0 after masking */
    case 13: memset(s, 0x77, 32); break;
    }
}

/* ------------------------------------------------------------ tests */

static void test_mul_base(void)
{
    uint8_t s[32], want[32], got[32];
    for (int i = 0; i < N_EDGE_SCALARS + 300; i++) {
        if (i < N_EDGE_SCALARS)
            edge_scalar(s, i);
        else
            random_scalar(s);
        ref_base(want, s);
        for (size_t b = 0; b < nbackends; b++) {
            backends[b]->edwards->mul_base(got, s);
            CHECK_MEM(got, want, 32, ctxf("mul_base", b, i));
        }
    }
}

static void test_mul_var(void)
{
    uint8_t s[32], p[32], want[32], got[32];
    for (int i = 0; i < N_EDGE_SCALARS + 150; i++) {
        if (i < N_EDGE_SCALARS)
            edge_scalar(s, i);
        else
            random_scalar(s);
        random_point(p);
        ref_mul(want, s, p);
        for (size_t b = 0; b < nbackends; b++) {
            CHECK(backends[b]->edwards->mul_var(got, s, p) == ECX_OK);
            CHECK_MEM(got, want, 32, ctxf("mul_var", b, i));
        }
    }
    /* Points with a small-order component, and small-order points. */
    for (int i = 0; i < 14 + 6; i++) {
        if (i < 14) {
            hex_fixed(p, 32, SMALL_ORDER_HEX[i]);
        } else {
            uint8_t t[32], q[32];
            random_point(q);
            hex_fixed(t, 32, SMALL_ORDER_HEX[4 + (i % 4)]);
            CHECK(crypto_core_ed25519_add(p, q, t) == 0);
        }
        random_scalar(s);
        if (i % 3 == 0) edge_scalar(s, 9 + (i % 5));
        ref_mul_slow(want, s, p);
        for (size_t b = 0; b < nbackends; b++) {
            CHECK(backends[b]->edwards->mul_var(got, s, p) == ECX_OK);
            CHECK_MEM(got, want, 32, ctxf("mul_var torsion", b, i));
        }
    }
    /* A string that is no point. */
    uint8_t bad[32] = {2};
    for (size_t b = 0; b < nbackends; b++)
        CHECK(backends[b]->edwards->mul_var(got, s, bad) == ECX_ERR_INVALID);
}

/* Every backend's double_mul_vartime(a, A, b) equals [a]A + [b]B, with
 * [a]A from the slow oracle when slow (small-order A) or libsodium. */
static void check_double_mul(const uint8_t a[32], const uint8_t A[32], const uint8_t bsc[32], int slow,
                             const char *what, int i)
{
    uint8_t want[32], got[32], t1[32], t2[32];
    if (slow)
        ref_mul_slow(t1, a, A);
    else
        ref_mul(t1, a, A);
    ref_base(t2, bsc);
    CHECK(crypto_core_ed25519_add(want, t1, t2) == 0);
    for (size_t b = 0; b < nbackends; b++) {
        CHECK(backends[b]->edwards->double_mul_vartime(got, a, A, bsc) == ECX_OK);
        CHECK_MEM(got, want, 32, ctxf(what, b, i));
    }
}

static void test_double_mul(void)
{
    uint8_t a[32], bsc[32], A[32];
    for (int i = 0; i < N_EDGE_SCALARS * 2 + 150; i++) {
        random_scalar(a);
        random_scalar(bsc);
        if (i < N_EDGE_SCALARS)
            edge_scalar(a, i);
        else if (i < 2 * N_EDGE_SCALARS)
            edge_scalar(bsc, i - N_EDGE_SCALARS);
        random_point(A);
        check_double_mul(a, A, bsc, 0, "double_mul", i);
    }
    /* Both scalars at an edge at once (0 and 0, 1 and 0, then pairs). */
    for (int i = 0; i < N_EDGE_SCALARS; i++) {
        edge_scalar(a, i);
        edge_scalar(bsc, i <= 1 ? 0 : (i * 5 + 3) % N_EDGE_SCALARS);
        random_point(A);
        check_double_mul(a, A, bsc, 0, "double_mul edge pair", i);
    }
    /* Small-order A: [a]A by the slow oracle. */
    for (int i = 0; i < 8; i++) {
        hex_fixed(A, 32, SMALL_ORDER_HEX[i]);
        random_scalar(a);
        random_scalar(bsc);
        check_double_mul(a, A, bsc, 1, "double_mul small A", i);
    }
}

/* Sets the y of an encoding to p + k (0 <= k <= 18) with the given sign. */
static void noncanonical_y(uint8_t s[32], int k, int sign)
{
    memset(s, 0xff, 32);
    s[0] = (uint8_t)(0xed + k);
    s[31] = sign ? 0xff : 0x7f;
}

static void test_decode(void)
{
    uint8_t p[32], got[32], want[32], q[32];
    /* Round trips of canonical points, both policies. */
    for (int i = 0; i < 100; i++) {
        random_point(p);
        for (size_t b = 0; b < nbackends; b++) {
            for (unsigned z = 0; z < 2; z++) {
                CHECK(backends[b]->edwards->decode(got, p, z) == ECX_OK);
                CHECK_MEM(got, p, 32, ctxf("decode round trip", b, i));
            }
        }
    }
    /* Random strings: decodable exactly when libsodium's decoder (inside
     * crypto_core_ed25519_add, which accepts any encoding) takes them, and to
     * the same point. Strict additionally needs y < p. */
    int decodable = 0;
    for (int i = 0; i < 400; i++) {
        check_random_bytes(p, 32);
        int ok = crypto_core_ed25519_add(want, p, ED_IDENTITY) == 0;
        decodable += ok;
        for (size_t b = 0; b < nbackends; b++) {
            int r = backends[b]->edwards->decode(got, p, 1);
            CHECK_CTX(r == (ok ? ECX_OK : ECX_ERR_INVALID), ctxf("decode zip215 random", b, i));
            if (ok && r == ECX_OK) CHECK_MEM(got, want, 32, ctxf("decode zip215 random", b, i));
            r = backends[b]->edwards->decode(got, p, 0);
            CHECK_CTX(r == (ok ? ECX_OK : ECX_ERR_INVALID), ctxf("decode strict random", b, i));
        }
    }
    CHECK(decodable > 100 && decodable < 300); /* about half of all y are */

    /* Every non-canonical y = p + k, both signs. */
    for (int k = 0; k <= 18; k++) {
        for (int sign = 0; sign < 2; sign++) {
            uint8_t canon[32] = {0};
            canon[0] = (uint8_t)k;
            canon[31] = sign ? 0x80 : 0;
            noncanonical_y(p, k, sign);
            int ok = crypto_core_ed25519_add(want, p, ED_IDENTITY) == 0;
            for (size_t b = 0; b < nbackends; b++) {
                const char *c = ctxf("non-canonical y", b, 2 * k + sign);
                CHECK_CTX(backends[b]->edwards->decode(got, p, 0) == ECX_ERR_INVALID, c);
                int r = backends[b]->edwards->decode(got, p, 1);
                CHECK_CTX(r == (ok ? ECX_OK : ECX_ERR_INVALID), c);
                if (ok && r == ECX_OK) {
                    CHECK_MEM(got, want, 32, c);
                    /* Same point as the canonical y = k with the same sign. */
                    CHECK_CTX(backends[b]->edwards->decode(q, canon, 1) == ECX_OK, c);
                    CHECK_MEM(got, q, 32, c);
                }
            }
        }
    }
    /* x = 0 with the sign bit: y = 1 and y = -1. */
    const char *x0[2] = {"0100000000000000000000000000000000000000000000000000000000000080",
                         "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"};
    for (int i = 0; i < 2; i++) {
        hex_fixed(p, 32, x0[i]);
        memcpy(want, p, 32);
        want[31] &= 0x7f;
        for (size_t b = 0; b < nbackends; b++) {
            CHECK_CTX(backends[b]->edwards->decode(got, p, 0) == ECX_ERR_INVALID, ctxf("x=0 sign", b, i));
            CHECK_CTX(backends[b]->edwards->decode(got, p, 1) == ECX_OK, ctxf("x=0 sign", b, i));
            CHECK_MEM(got, want, 32, ctxf("x=0 sign", b, i));
        }
    }
}

static void test_small_order(void)
{
    uint8_t p[32], got[32], want[32], t[32];
    for (int i = 0; i < 14; i++) {
        hex_fixed(p, 32, SMALL_ORDER_HEX[i]);
        int is_identity = crypto_core_ed25519_add(want, p, ED_IDENTITY) == 0 && memcmp(want, ED_IDENTITY, 32) == 0;
        for (size_t b = 0; b < nbackends; b++) {
            const struct ecxi_edwards_ops *e = backends[b]->edwards;
            const char *c = ctxf("small order", b, i);
            CHECK_CTX(e->decode(got, p, 1) == ECX_OK, c);
            CHECK_CTX(e->decode(got, p, 0) == (i < 8 ? ECX_OK : ECX_ERR_INVALID), c);
            CHECK_CTX(e->has_small_order(p) == 1, c);
            CHECK_CTX(e->has_small_order_bytes(p) == 1, c);
            CHECK_CTX(e->is_torsion_free(p) == is_identity, c);
            CHECK_CTX(e->mul_by_cofactor(got, p) == ECX_OK, c);
            CHECK_MEM(got, ED_IDENTITY, 32, c);
        }
    }
    /* The eight canonical ones are distinct and form a group: the sum of
     * any two is among them. */
    for (int i = 0; i < 8; i++) {
        uint8_t a[32];
        hex_fixed(a, 32, SMALL_ORDER_HEX[i]);
        for (int j = 0; j < 8; j++) {
            uint8_t c[32];
            hex_fixed(c, 32, SMALL_ORDER_HEX[j]);
            if (i != j) CHECK(memcmp(a, c, 32) != 0);
            CHECK(backends[0]->edwards->add(t, a, c) == ECX_OK);
            int found = 0;
            for (int k = 0; k < 8; k++) {
                hex_fixed(c, 32, SMALL_ORDER_HEX[k]);
                found |= memcmp(t, c, 32) == 0;
            }
            CHECK(found);
        }
    }
    /* Prime-order points and mixed points. */
    for (int i = 0; i < 20; i++) {
        random_point(p);
        hex_fixed(t, 32, SMALL_ORDER_HEX[1 + (i % 7)]);
        uint8_t mixed[32];
        CHECK(crypto_core_ed25519_add(mixed, p, t) == 0);
        for (size_t b = 0; b < nbackends; b++) {
            const struct ecxi_edwards_ops *e = backends[b]->edwards;
            const char *c = ctxf("prime order / mixed", b, i);
            CHECK_CTX(e->has_small_order(p) == 0, c);
            CHECK_CTX(e->has_small_order_bytes(p) == 0, c);
            CHECK_CTX(e->is_torsion_free(p) == 1, c);
            CHECK_CTX(e->has_small_order(mixed) == 0, c);
            CHECK_CTX(e->is_torsion_free(mixed) == 0, c);
            /* [8](P + T) = [8]P */
            uint8_t eight[32] = {8};
            ref_mul(want, eight, p);
            CHECK_CTX(e->mul_by_cofactor(got, mixed) == ECX_OK, c);
            CHECK_MEM(got, want, 32, c);
            /* add / sub against libsodium */
            CHECK_CTX(e->add(got, p, t) == ECX_OK, c);
            CHECK_MEM(got, mixed, 32, c);
            CHECK_CTX(e->sub(got, mixed, t) == ECX_OK, c);
            CHECK_MEM(got, p, 32, c);
        }
    }
    /* The byte-level blacklist agrees with decoding + [8]P = 0 on the
     * neighbourhood of every listed y (each byte position +-1). */
    for (int i = 0; i < 14; i++) {
        hex_fixed(p, 32, SMALL_ORDER_HEX[i]);
        for (int pos = 0; pos < 32; pos++) {
            for (int delta = -1; delta <= 1; delta += 2) {
                memcpy(t, p, 32);
                t[pos] = (uint8_t)(t[pos] + delta);
                int want_small = backends[0]->edwards->has_small_order(t) == 1;
                CHECK_CTX(backends[0]->edwards->has_small_order_bytes(t) == want_small,
                          ctxf("blacklist neighbourhood", 0, i * 64 + pos));
            }
        }
    }
}

/* Every backend gives the same bytes on the same random inputs, torsion
 * and non-canonical encodings included. */
static void test_backends_identical(void)
{
    if (nbackends < 2) return;
    for (int i = 0; i < 200; i++) {
        uint8_t s[32], s2[32], p[32], t[32], r0[32], r1[32];
        random_scalar(s);
        random_scalar(s2);
        random_point(p);
        hex_fixed(t, 32, SMALL_ORDER_HEX[i % 14]);
        CHECK(backends[0]->edwards->add(p, p, t) == ECX_OK);
        for (size_t b = 1; b < nbackends; b++) {
            const char *c = ctxf("backends identical", b, i);
            backends[0]->edwards->mul_base(r0, s);
            backends[b]->edwards->mul_base(r1, s);
            CHECK_MEM(r1, r0, 32, c);
            CHECK(backends[0]->edwards->mul_var(r0, s, p) == ECX_OK);
            CHECK(backends[b]->edwards->mul_var(r1, s, p) == ECX_OK);
            CHECK_MEM(r1, r0, 32, c);
            CHECK(backends[0]->edwards->double_mul_vartime(r0, s, p, s2) == ECX_OK);
            CHECK(backends[b]->edwards->double_mul_vartime(r1, s, p, s2) == ECX_OK);
            CHECK_MEM(r1, r0, 32, c);
        }
    }
}

/* RFC 8032 section 7.1, TEST 1 (empty message), and a few random keys and
 * signatures against libsodium, on every backend through its table. */
static void test_ed25519_sanity(void)
{
    uint8_t seed[32], pk_want[32], sig_want[64], pk[32], sk[64], sig[64];
    hex_fixed(seed, 32, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
    hex_fixed(pk_want, 32, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    hex_fixed(sig_want, 64,
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46b"
        "d25bf5f0595bbe24655141438e7a100b");
    for (size_t b = 0; b < nbackends; b++) {
        const struct ecx_backend *e = backends[b];
        const char *c = ctxf("RFC 8032 test 1", b, 0);
        CHECK_CTX(e->ed25519_keypair(pk, sk, seed) == ECX_OK, c);
        CHECK_MEM(pk, pk_want, 32, c);
        CHECK_MEM(sk, seed, 32, c);
        CHECK_MEM(sk + 32, pk_want, 32, c);
        CHECK_CTX(e->ed25519_sign(sig, NULL, 0, sk) == ECX_OK, c);
        CHECK_MEM(sig, sig_want, 64, c);
        CHECK_CTX(e->ed25519_verify(sig, NULL, 0, pk, 0) == ECX_OK, c);
        CHECK_CTX(e->ed25519_verify(sig, NULL, 0, pk, 1) == ECX_OK, c);
        sig[0] ^= 1;
        CHECK_CTX(e->ed25519_verify(sig, NULL, 0, pk, 0) != ECX_OK, c);
        CHECK_CTX(e->ed25519_verify(sig, NULL, 0, pk, 1) != ECX_OK, c);
    }
    for (int i = 0; i < 40; i++) {
        uint8_t m[200], lsk[64];
        size_t mlen = (size_t)(check_rand64() % sizeof m);
        check_random_bytes(seed, 32);
        check_random_bytes(m, mlen);
        crypto_sign_seed_keypair(pk_want, lsk, seed);
        crypto_sign_detached(sig_want, NULL, m, mlen, lsk);
        for (size_t b = 0; b < nbackends; b++) {
            const struct ecx_backend *e = backends[b];
            const char *c = ctxf("ed25519 vs libsodium", b, i);
            CHECK_CTX(e->ed25519_keypair(pk, sk, seed) == ECX_OK, c);
            CHECK_MEM(pk, pk_want, 32, c);
            CHECK_MEM(sk, lsk, 64, c);
            CHECK_CTX(e->ed25519_sign(sig, m, mlen, sk) == ECX_OK, c);
            CHECK_MEM(sig, sig_want, 64, c);
            CHECK_CTX(e->ed25519_verify(sig, m, mlen, pk, 0) == ECX_OK, c);
            CHECK_CTX(e->ed25519_verify(sig, m, mlen, pk, 1) == ECX_OK, c);
            /* Signing in place over the message buffer. */
            uint8_t buf[200 + 64];
            memcpy(buf, m, mlen);
            if (mlen >= 64) {
                CHECK_CTX(e->ed25519_sign(buf, buf, mlen, sk) == ECX_OK, c);
                CHECK_MEM(buf, sig_want, 64, c);
            }
        }
    }
}

/* The public functions' argument checks. */
static void test_api_arguments(void)
{
    uint8_t pk[32], sk[64], sig[64], seed[32] = {0};
    CHECK(ecx_ed25519_keypair(NULL, sk, seed) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_keypair(pk, NULL, seed) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_keypair(pk, sk, seed) == ECX_OK);
    CHECK(ecx_ed25519_keypair(pk, sk, NULL) == ECX_OK); /* OS randomness */
    CHECK(ecx_ed25519_sign(NULL, NULL, 0, sk) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_sign(sig, NULL, 1, sk) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_sign(sig, NULL, 0, NULL) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_sign(sig, NULL, 0, sk) == ECX_OK);
    CHECK(ecx_ed25519_verify(sig, NULL, 0, pk) == ECX_OK);
    CHECK(ecx_ed25519_verify_zip215(sig, NULL, 0, pk) == ECX_OK);
    CHECK(ecx_ed25519_verify(NULL, NULL, 0, pk) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_verify(sig, NULL, 0, NULL) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_verify(sig, NULL, 5, pk) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_verify_zip215(sig, NULL, 5, pk) == ECX_ERR_INVALID);
    CHECK(ecx_ed25519_verify_batch(0, NULL, NULL, NULL, NULL, NULL) == ECX_OK);
    CHECK(ecx_ed25519_verify_batch(1, NULL, NULL, NULL, NULL, NULL) == ECX_ERR_INVALID);
}

static int has_edwards(const struct ecx_backend *b) { return b->edwards != NULL; }

int main(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    check_seed(0xed25519);
    nbackends = test_backend_tables(names, backends, MAX_BACKENDS, has_edwards);
    if (nbackends == 0) return check_summary("test_edwards");

    test_mul_base();
    test_mul_var();
    test_double_mul();
    test_decode();
    test_small_order();
    test_backends_identical();
    test_ed25519_sanity();
    test_api_arguments();
    return check_summary("test_edwards");
}
