/* SHA-512: the FIPS 180-4 example vectors, incremental hashing split at every
 * point, and libsodium's crypto_hash_sha512 as the oracle on random messages
 * of every length 0..1000. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hash/sha512.h"

static void from_hex(uint8_t *out, const char *hex, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

struct vector {
    const char *name;
    const char *msg;
    size_t repeat; /* msg repeated this many times */
    const char *digest;
};

/* FIPS 180-4 examples (NIST CSRC "SHA512.pdf", "SHA2_Additional.pdf"). */
static const struct vector vectors[] = {
    {"abc", "abc", 1,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"896-bit two-block",
     "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
     "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     1,
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {"empty", "", 1,
     "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
     "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
    {"one million a", "a", 1000000,
     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
     "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
};

static void test_vectors(void)
{
    for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++) {
        const struct vector *t = &vectors[v];
        size_t mlen = strlen(t->msg), total = mlen * t->repeat;
        uint8_t want[64], got[64];
        from_hex(want, t->digest, 64);

        uint8_t *buf = malloc(total ? total : 1);
        if (!buf) abort();
        for (size_t i = 0; i < t->repeat; i++) memcpy(buf + i * mlen, t->msg, mlen);

        ecxi_sha512(got, buf, total);
        CHECK_MEM(got, want, 64, t->name);

        /* The same message one piece at a time. */
        ecxi_sha512_ctx ctx;
        ecxi_sha512_init(&ctx);
        for (size_t i = 0; i < t->repeat; i++) ecxi_sha512_update(&ctx, (const uint8_t *)t->msg, mlen);
        ecxi_sha512_final(&ctx, got);
        CHECK_MEM(got, want, 64, t->name);
        free(buf);
    }

    /* NULL with length 0, in one shot and through update. */
    uint8_t want[64], got[64];
    from_hex(want, vectors[2].digest, 64);
    ecxi_sha512(got, NULL, 0);
    CHECK_MEM(got, want, 64, "NULL, 0");
    ecxi_sha512_ctx ctx;
    ecxi_sha512_init(&ctx);
    ecxi_sha512_update(&ctx, NULL, 0);
    ecxi_sha512_update(&ctx, NULL, 0);
    ecxi_sha512_final(&ctx, got);
    CHECK_MEM(got, want, 64, "update(NULL, 0)");

    /* final wipes the context. */
    static const ecxi_sha512_ctx zero;
    CHECK(memcmp(&ctx, &zero, sizeof ctx) == 0);
}

/* Every split point (two updates), plus three-way splits around block
 * boundaries, for messages around the one- and two-block padding limits. */
static void test_splits(void)
{
    static const size_t lengths[] = {0, 1, 111, 112, 113, 127, 128, 129, 239, 240, 255, 256, 257, 300, 777};
    uint8_t msg[777] = {0}, want[64], got[64];
    char ctx_name[64];

    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        size_t n = lengths[li];
        check_random_bytes(msg, n);
        crypto_hash_sha512(want, msg, n);
        for (size_t s = 0; s <= n; s++) {
            ecxi_sha512_ctx ctx;
            ecxi_sha512_init(&ctx);
            ecxi_sha512_update(&ctx, msg, s);
            ecxi_sha512_update(&ctx, msg + s, n - s);
            ecxi_sha512_final(&ctx, got);
            snprintf(ctx_name, sizeof ctx_name, "len %zu split %zu", n, s);
            CHECK_MEM(got, want, 64, ctx_name);
        }
        /* Three pieces: first split every 7 bytes, second at every point after it. */
        for (size_t s = 0; s <= n; s += 7) {
            for (size_t t = s; t <= n; t += 13) {
                ecxi_sha512_ctx ctx;
                ecxi_sha512_init(&ctx);
                ecxi_sha512_update(&ctx, msg, s);
                ecxi_sha512_update(&ctx, msg + s, t - s);
                ecxi_sha512_update(&ctx, msg + t, n - t);
                ecxi_sha512_final(&ctx, got);
                snprintf(ctx_name, sizeof ctx_name, "len %zu split %zu,%zu", n, s, t);
                CHECK_MEM(got, want, 64, ctx_name);
            }
        }
        /* One byte at a time. */
        ecxi_sha512_ctx ctx;
        ecxi_sha512_init(&ctx);
        for (size_t i = 0; i < n; i++) ecxi_sha512_update(&ctx, msg + i, 1);
        ecxi_sha512_final(&ctx, got);
        snprintf(ctx_name, sizeof ctx_name, "len %zu bytewise", n);
        CHECK_MEM(got, want, 64, ctx_name);
    }
}

/* libsodium on random messages of every length 0..1000, one shot and in
 * random-sized pieces. */
static void test_oracle(void)
{
    uint8_t msg[1000] = {0}, want[64], got[64];
    char ctx_name[32];
    for (size_t n = 0; n <= 1000; n++) {
        check_random_bytes(msg, n);
        crypto_hash_sha512(want, msg, n);
        snprintf(ctx_name, sizeof ctx_name, "len %zu", n);
        ecxi_sha512(got, msg, n);
        CHECK_MEM(got, want, 64, ctx_name);

        ecxi_sha512_ctx ctx;
        ecxi_sha512_init(&ctx);
        for (size_t off = 0; off < n;) {
            size_t piece = (size_t)(check_rand64() % 300);
            if (piece > n - off) piece = n - off;
            ecxi_sha512_update(&ctx, msg + off, piece);
            off += piece;
        }
        ecxi_sha512_final(&ctx, got);
        CHECK_MEM(got, want, 64, ctx_name);
    }
}

int main(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "test_sha512: sodium_init failed\n");
        return 1;
    }
    check_seed(0x5a512);
    test_vectors();
    test_splits();
    test_oracle();
    return check_summary("test_sha512");
}
