/* SHA-256, SHA-512 and their HMACs (src/hash/sha2_impl.h, instantiated by
 * sha256.c and sha512.c): the FIPS 180-4 examples and RFC 4231's HMAC
 * cases, incremental hashing split at every point around the padding
 * limits, and libsodium (crypto_hash_sha256/512, crypto_auth_hmacsha256/512)
 * as the oracle on random messages of every length 0..1000 and random keys
 * of every length 0..300.
 *
 * SHA-256 runs all of that on each compression function this build and CPU
 * have: the portable C one and the x86 SHA-extension one (sha256_shani.c,
 * selected with ecxi_sha256_use_extensions as dispatch does); the two are
 * also compared directly, block by block, on random states and random runs
 * of 0..256 blocks, and on long random messages. The precomputed zero-key
 * HMAC state of RFC 6979 is checked against the keyed init. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hex.h"
#include "hmac_oracle.h"
#include "backend/ops.h"
#include "dispatch/cpu.h"
#include "hash/sha256.h"
#include "hash/sha512.h"

#define MAX_DIGEST 64
#define MAX_MSG 1000

/* One hash, its HMAC and their oracles, behind one shape. The contexts are
 * kept in a union so the test code is written once for both. */
typedef union {
    ecxi_sha256_ctx s256;
    ecxi_sha512_ctx s512;
    ecxi_hmac_sha256_ctx h256;
    ecxi_hmac_sha512_ctx h512;
} any_ctx;

struct hash {
    const char *name;
    size_t digest_bytes, block_bytes, length_bytes;
    size_t ctx_bytes, hmac_ctx_bytes; /* the union members' sizes, for the wipe checks */
    void (*oneshot)(uint8_t *out, const uint8_t *data, size_t len);
    void (*init)(any_ctx *c);
    void (*update)(any_ctx *c, const uint8_t *data, size_t len);
    void (*final)(any_ctx *c, uint8_t *out);
    void (*oracle)(uint8_t *out, const uint8_t *data, size_t len);
    void (*hmac)(uint8_t *out, const uint8_t *key, size_t keylen, const uint8_t *data, size_t len);
    void (*hmac_init)(any_ctx *c, const uint8_t *key, size_t keylen);
    void (*hmac_update)(any_ctx *c, const uint8_t *data, size_t len);
    void (*hmac_final)(any_ctx *c, uint8_t *out);
    void (*hmac_oracle)(uint8_t *out, const uint8_t *key, size_t keylen, const uint8_t *data, size_t len);
};

/* The adapters of one SHA-2 size: s<BITS>_* for the hash, h<BITS>_* for
 * its HMAC, each with its libsodium oracle. */
#define SHA2_ADAPTERS(BITS)                                                                        \
    static void s##BITS##_oneshot(uint8_t *o, const uint8_t *d, size_t n) { ecxi_sha##BITS(o, d, n); } \
    static void s##BITS##_init(any_ctx *c) { ecxi_sha##BITS##_init(&c->s##BITS); }                 \
    static void s##BITS##_update(any_ctx *c, const uint8_t *d, size_t n)                           \
    {                                                                                              \
        ecxi_sha##BITS##_update(&c->s##BITS, d, n);                                                \
    }                                                                                              \
    static void s##BITS##_final(any_ctx *c, uint8_t *o) { ecxi_sha##BITS##_final(&c->s##BITS, o); } \
    static void s##BITS##_oracle(uint8_t *o, const uint8_t *d, size_t n) { crypto_hash_sha##BITS(o, d, n); } \
    static void h##BITS##_init(any_ctx *c, const uint8_t *k, size_t kn)                            \
    {                                                                                              \
        ecxi_hmac_sha##BITS##_init(&c->h##BITS, k, kn);                                            \
    }                                                                                              \
    static void h##BITS##_update(any_ctx *c, const uint8_t *d, size_t n)                           \
    {                                                                                              \
        ecxi_hmac_sha##BITS##_update(&c->h##BITS, d, n);                                           \
    }                                                                                              \
    static void h##BITS##_final(any_ctx *c, uint8_t *o) { ecxi_hmac_sha##BITS##_final(&c->h##BITS, o); }
SHA2_ADAPTERS(256)
SHA2_ADAPTERS(512)

static const struct hash hashes[] = {
    {"SHA-256", 32, 64, 8, sizeof(ecxi_sha256_ctx), sizeof(ecxi_hmac_sha256_ctx), s256_oneshot, s256_init, s256_update, s256_final, s256_oracle, ecxi_hmac_sha256, h256_init,
     h256_update, h256_final, sodium_hmac_sha256},
    {"SHA-512", 64, 128, 16, sizeof(ecxi_sha512_ctx), sizeof(ecxi_hmac_sha512_ctx), s512_oneshot, s512_init, s512_update, s512_final, s512_oracle, ecxi_hmac_sha512,
     h512_init, h512_update, h512_final, sodium_hmac_sha512},
};
#define NHASHES (sizeof hashes / sizeof hashes[0])

/* ------------------------------------------------------ known answers */

struct vector {
    const char *name;
    const char *msg;
    size_t repeat; /* msg repeated this many times */
    const char *digest[NHASHES];
};

/* FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA512.pdf",
 * "SHA2_Additional.pdf"). */
static const struct vector vectors[] = {
    {"abc",
     "abc",
     1,
     {"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"}},
    {"empty",
     "",
     1,
     {"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"}},
    {"448-bit",
     "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     1,
     {"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
      "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"}},
    {"896-bit",
     "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
     "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
     1,
     {"cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"}},
    {"one million a",
     "a",
     1000000,
     {"cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"}},
};

/* RFC 4231 test cases 1, 2, 6 and 7 (6 and 7: a 131-byte key, longer than
 * SHA-256's block and SHA-512's, hashed first). */
struct hmac_vector {
    int rfc_case;
    const char *key_hex; /* NULL: key_byte repeated key_len times */
    unsigned char key_byte;
    size_t key_len;
    const char *msg;
    const char *tag[NHASHES];
};

static const struct hmac_vector hmac_vectors[] = {
    {1,
     NULL,
     0x0b,
     20,
     "Hi There",
     {"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"}},
    {2,
     "4a656665", /* "Jefe" */
     0,
     4,
     "what do ya want for nothing?",
     {"5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
      "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"}},
    {6,
     NULL,
     0xaa,
     131,
     "Test Using Larger Than Block-Size Key - Hash Key First",
     {"60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
      "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"}},
    {7,
     NULL,
     0xaa,
     131,
     "This is a test using a larger than block-size key and a larger than block-size data. The key needs "
     "to be hashed before being used by the HMAC algorithm.",
     {"9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
      "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
      "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"}},
};

static void test_vectors(const struct hash *h, size_t hi)
{
    char name[96];
    uint8_t want[MAX_DIGEST], got[MAX_DIGEST];
    any_ctx ctx;

    for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++) {
        const struct vector *t = &vectors[v];
        size_t mlen = strlen(t->msg), total = mlen * t->repeat;
        snprintf(name, sizeof name, "%s %s", h->name, t->name);
        hex_fixed(want, h->digest_bytes, t->digest[hi]);

        uint8_t *buf = malloc(total ? total : 1);
        if (!buf) abort();
        for (size_t i = 0; i < t->repeat; i++) memcpy(buf + i * mlen, t->msg, mlen);
        h->oneshot(got, buf, total);
        CHECK_MEM(got, want, h->digest_bytes, name);
        free(buf);

        /* The same message one piece at a time. */
        h->init(&ctx);
        for (size_t i = 0; i < t->repeat; i++) h->update(&ctx, (const uint8_t *)t->msg, mlen);
        h->final(&ctx, got);
        CHECK_MEM(got, want, h->digest_bytes, name);
    }

    /* NULL with length 0, in one shot and through update; final wipes. */
    static const any_ctx zero;
    hex_fixed(want, h->digest_bytes, vectors[1].digest[hi]);
    h->oneshot(got, NULL, 0);
    CHECK_MEM(got, want, h->digest_bytes, "NULL, 0");
    memset(&ctx, 0x55, sizeof ctx);
    h->init(&ctx);
    h->update(&ctx, NULL, 0);
    h->update(&ctx, NULL, 0);
    h->final(&ctx, got);
    CHECK_MEM(got, want, h->digest_bytes, "update(NULL, 0)");
    CHECK_CTX(memcmp(&ctx, &zero, h->ctx_bytes) == 0, h->name);

    for (size_t v = 0; v < sizeof hmac_vectors / sizeof hmac_vectors[0]; v++) {
        const struct hmac_vector *t = &hmac_vectors[v];
        uint8_t key[256];
        if (t->key_hex)
            hex_fixed(key, t->key_len, t->key_hex);
        else
            memset(key, t->key_byte, t->key_len);
        snprintf(name, sizeof name, "HMAC-%s RFC 4231 case %d", h->name, t->rfc_case);
        hex_fixed(want, h->digest_bytes, t->tag[hi]);
        h->hmac(got, key, t->key_len, (const uint8_t *)t->msg, strlen(t->msg));
        CHECK_MEM(got, want, h->digest_bytes, name);

        memset(&ctx, 0x55, sizeof ctx);
        h->hmac_init(&ctx, key, t->key_len);
        for (const char *p = t->msg; *p; p++) h->hmac_update(&ctx, (const uint8_t *)p, 1);
        h->hmac_final(&ctx, got);
        CHECK_MEM(got, want, h->digest_bytes, name);
        CHECK_CTX(memcmp(&ctx, &zero, h->hmac_ctx_bytes) == 0, name);
    }
}

/* --------------------------------------------------------- splitting */

/* Every split point (two updates), three-way splits, and one byte at a
 * time, for messages around the one- and two-block padding limits. */
static void test_splits(const struct hash *h)
{
    const size_t B = h->block_bytes, L = h->length_bytes;
    const size_t lengths[] = {0, 1, B - L - 1, B - L, B - L + 1, B - 1, B, B + 1,
                              2 * B - L - 1, 2 * B - L, 2 * B - 1, 2 * B, 2 * B + 1, 300, 777};
    uint8_t msg[777] = {0}, want[MAX_DIGEST], got[MAX_DIGEST];
    char name[80];
    any_ctx ctx;

    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        size_t n = lengths[li];
        check_random_bytes(msg, n);
        h->oracle(want, msg, n);
        for (size_t s = 0; s <= n; s++) {
            h->init(&ctx);
            h->update(&ctx, msg, s);
            h->update(&ctx, msg + s, n - s);
            h->final(&ctx, got);
            snprintf(name, sizeof name, "%s len %zu split %zu", h->name, n, s);
            CHECK_MEM(got, want, h->digest_bytes, name);
        }
        for (size_t s = 0; s <= n; s += 7) {
            for (size_t t = s; t <= n; t += 13) {
                h->init(&ctx);
                h->update(&ctx, msg, s);
                h->update(&ctx, msg + s, t - s);
                h->update(&ctx, msg + t, n - t);
                h->final(&ctx, got);
                snprintf(name, sizeof name, "%s len %zu split %zu,%zu", h->name, n, s, t);
                CHECK_MEM(got, want, h->digest_bytes, name);
            }
        }
        h->init(&ctx);
        for (size_t i = 0; i < n; i++) h->update(&ctx, msg + i, 1);
        h->final(&ctx, got);
        snprintf(name, sizeof name, "%s len %zu bytewise", h->name, n);
        CHECK_MEM(got, want, h->digest_bytes, name);
    }
}

/* ------------------------------------------------------------ oracle */

/* The oracle on random messages of every length 0..MAX_MSG, one shot and in
 * random-sized pieces; HMAC under random keys of every length 0..300 (around
 * and past the block size) on random messages. */
static void test_oracle(const struct hash *h)
{
    static uint8_t msg[MAX_MSG];
    uint8_t key[300], want[MAX_DIGEST], got[MAX_DIGEST];
    char name[64];
    any_ctx ctx;

    for (size_t n = 0; n <= MAX_MSG; n++) {
        check_random_bytes(msg, n);
        h->oracle(want, msg, n);
        snprintf(name, sizeof name, "%s len %zu", h->name, n);
        h->oneshot(got, msg, n);
        CHECK_MEM(got, want, h->digest_bytes, name);

        h->init(&ctx);
        for (size_t off = 0; off < n;) {
            size_t piece = (size_t)(check_rand64() % 300);
            if (piece > n - off) piece = n - off;
            h->update(&ctx, msg + off, piece);
            off += piece;
        }
        h->final(&ctx, got);
        CHECK_MEM(got, want, h->digest_bytes, name);
    }

    for (size_t k = 0; k <= sizeof key; k++) {
        size_t n = (size_t)(check_rand64() % 400);
        check_random_bytes(key, k);
        check_random_bytes(msg, n);
        h->hmac_oracle(want, key, k, msg, n);
        snprintf(name, sizeof name, "HMAC-%s key %zu len %zu", h->name, k, n);
        h->hmac(got, k ? key : NULL, k, msg, n);
        CHECK_MEM(got, want, h->digest_bytes, name);

        size_t split = n ? (size_t)(check_rand64() % (n + 1)) : 0;
        h->hmac_init(&ctx, key, k);
        h->hmac_update(&ctx, msg, split);
        h->hmac_update(&ctx, msg + split, n - split);
        h->hmac_final(&ctx, got);
        CHECK_MEM(got, want, h->digest_bytes, name);
    }
}

/* ------------------------------------------- compression functions */

/* Whether the SHA-extension compression is built and this CPU (after
 * ECX_CPU_DISABLE) may run it. */
static int shani_usable(void)
{
    return ecxi_sha256_blocks_named("shani") != NULL && (ecxi_cpu_probe() & ECXI_CPU_SHA) != 0;
}

/* The SHA-extension compression against the portable one on the same
 * random state and data: runs of 0..256 blocks (a 16 KiB message at the
 * end), from an unaligned address, and a chain of 4096 calls each fed the
 * other's previous output. */
static void test_compressions(void)
{
    ecxi_sha256_blocks_fn *portable = ecxi_sha256_blocks_named("portable");
    ecxi_sha256_blocks_fn *shani = ecxi_sha256_blocks_named("shani");
    CHECK(portable != NULL);
    CHECK(ecxi_sha256_blocks_named("bogus") == NULL);
    if (!shani_usable()) {
        printf("test_sha2: note: no SHA-extension compression here (%s): the portable one only\n",
               shani ? "the CPU, or ECX_CPU_DISABLE, has no sha" : "not built");
        return;
    }
    static uint8_t data[64 * 256 + 1];
    uint32_t a[8], b[8];
    char name[64];
    for (size_t n = 0; n <= 256; n++) {
        check_random_bytes(data, sizeof data);
        check_random_bytes((uint8_t *)a, sizeof a);
        memcpy(b, a, sizeof a);
        const uint8_t *in = data + (n & 1); /* odd addresses too */
        portable(a, in, n);
        shani(b, in, n);
        snprintf(name, sizeof name, "shani vs portable, %zu blocks", n);
        CHECK_MEM((const uint8_t *)b, (const uint8_t *)a, sizeof a, name);
    }
    check_random_bytes((uint8_t *)a, sizeof a);
    memcpy(b, a, sizeof a);
    int same = 1;
    for (int i = 0; i < 4096 && same; i++) {
        check_random_bytes(data, 64);
        portable(a, data, 1);
        shani(b, data, 1);
        same = memcmp(a, b, sizeof a) == 0;
    }
    CHECK_CTX(same, "shani vs portable, 4096 chained blocks");
}

/* Long random messages (about 1 MiB, odd lengths) against the oracle, on
 * the compression in use. */
static void test_long_messages(void)
{
    static const size_t lengths[] = {1u << 20, (1u << 20) + 63, 3 * 65536 + 1};
    uint8_t want[32], got[32];
    char name[64];
    uint8_t *msg = malloc(lengths[1]);
    if (!msg) abort();
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        check_random_bytes(msg, lengths[i]);
        crypto_hash_sha256(want, msg, lengths[i]);
        ecxi_sha256(got, msg, lengths[i]);
        snprintf(name, sizeof name, "SHA-256 (%s) len %zu", ecxi_sha256_implementation(), lengths[i]);
        CHECK_MEM(got, want, 32, name);
    }
    free(msg);
}

/* ecxi_hmac_sha256_init_zero_key: the same state as the keyed init under
 * all-zero keys of 0, 1, 32 and 64 bytes (the same K0), and the same tags
 * as the oracle under 32 zero bytes. */
static void test_zero_key(void)
{
    static const uint8_t zeros[64];
    static const size_t keylens[] = {0, 1, 32, 64};
    ecxi_hmac_sha256_ctx keyed, pre;
    uint8_t msg[200], want[32], got[32];
    for (size_t i = 0; i < sizeof keylens / sizeof keylens[0]; i++) {
        ecxi_hmac_sha256_init(&keyed, zeros, keylens[i]);
        ecxi_hmac_sha256_init_zero_key(&pre);
        CHECK_CTX(memcmp(keyed.inner.state, pre.inner.state, sizeof pre.inner.state) == 0 &&
                      memcmp(keyed.inner.count, pre.inner.count, sizeof pre.inner.count) == 0 &&
                      memcmp(keyed.outer.state, pre.outer.state, sizeof pre.outer.state) == 0 &&
                      memcmp(keyed.outer.count, pre.outer.count, sizeof pre.outer.count) == 0,
                  "zero-key HMAC state");
    }
    for (size_t n = 0; n < sizeof msg; n += 13) {
        check_random_bytes(msg, n);
        sodium_hmac_sha256(want, zeros, 32, msg, n);
        ecxi_hmac_sha256_init_zero_key(&pre);
        ecxi_hmac_sha256_update(&pre, msg, n);
        ecxi_hmac_sha256_final(&pre, got);
        CHECK_MEM(got, want, 32, "zero-key HMAC tag");
    }
}

int main(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "test_sha2: sodium_init failed\n");
        return 1;
    }
    check_seed(0x5a512);
    /* Before any ecx call, SHA-256 runs the portable compression. */
    CHECK(strcmp(ecxi_sha256_implementation(), "portable") == 0);
    test_compressions();
    /* SHA-256 (hi = 0) once per compression function, SHA-512 once. */
    const int passes = shani_usable() ? 2 : 1;
    for (int pass = 0; pass < passes; pass++) {
        const char *impl = ecxi_sha256_use_extensions(pass);
        CHECK(strcmp(impl, pass ? "shani" : "portable") == 0 && strcmp(ecxi_sha256_implementation(), impl) == 0);
        printf("test_sha2: SHA-256 on the %s compression\n", impl);
        for (size_t hi = 0; hi < (pass ? 1 : NHASHES); hi++) {
            test_vectors(&hashes[hi], hi);
            test_splits(&hashes[hi]);
            test_oracle(&hashes[hi]);
        }
        test_long_messages();
        test_zero_key();
    }
    return check_summary("test_sha2");
}
