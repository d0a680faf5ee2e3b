/* Merlin transcripts and the STROBE-128 under them.
 *
 * Oracles, in order of authority:
 *   1. published fixed outputs:
 *      - Merlin: gtank/merlin merlin_test.go (TestSimpleTranscript,
 *        TestComplexTranscript; the same values in
 *        oasisprotocol/curve25519-voi primitives/merlin/merlin_test.go).
 *        The simple one is the Rust crate's own equivalence_simple test
 *        printed with its debug-transcript feature (quoted in that file);
 *        the complex one replays the crate's equivalence_complex. The
 *        crate's tests (src/transcript.rs, src/strobe.rs) compare with
 *        strobe-rs at run time and hold no fixed bytes.
 *      - STROBE-128: rozbb/strobe-rs kat/simple_test_vector.json,
 *        kat/meta_test_vector.json, kat/streaming_test_vector.json and
 *        kat/boundary_test_vector.json (taken there from mimoo/StrobeGo):
 *        the state after each operation Merlin's subset has (init, KEY,
 *        AD, meta-AD, PRF, "stream" = more) and the PRF outputs.
 *   2. tests/vectors/merlin_model.py, a Python model written from the
 *      FIPS 202, STROBE and merlin.cool specifications, which checks itself
 *      against hashlib and the vectors above before it writes the file this
 *      program replays (its path is the first argument): message, challenge
 *      and label lengths around the 166-byte rate, many appends, random
 *      scripts.
 *   3. properties: determinism, sensitivity to every part of the history,
 *      "more" = concatenation, copies as forks, argument checks, no write
 *      past an output buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hex.h"
#include "vector_file.h"
#include "common/bytes.h"
#include "ecx/ecx.h"
#include "ecx/rangeproof.h"
#include "proofs/strobe.h"
#include "proofs/transcript.h"

/* Where meson's custom_target writes the model's vectors, relative to the
 * build directory: the default when the test is run by hand from there. */
#ifndef ECX_MERLIN_VECTORS
#define ECX_MERLIN_VECTORS "tests/merlin_model.lines"
#endif

/* CHECK_MEM against a hex string of exactly n bytes. */
static void check_hex(const uint8_t *got, size_t n, const char *hex, const char *ctx)
{
    uint8_t want[200];
    CHECK_CTX(n <= sizeof want && hex_decode(want, sizeof want, hex) == (long)n, ctx);
    if (n <= sizeof want) CHECK_MEM(got, want, n, ctx);
}

/* --- 1. Published Merlin vectors -------------------------------------- */

static void test_merlin_published(void)
{
    ecx_transcript t;
    uint8_t c[32];

    /* TestSimpleTranscript (= merlin's equivalence_simple). */
    CHECK(ecx_transcript_init(&t, "test protocol") == ECX_OK);
    CHECK(ecx_transcript_append(&t, "some label", (const uint8_t *)"some data", 9) == ECX_OK);
    CHECK(ecx_transcript_challenge(&t, "challenge", c, sizeof c) == ECX_OK);
    check_hex(c, 32, "d5a21972d0d5fe320c0d263fac7fffb8145aa640af6e9bca177c03c7efcf0615", "TestSimpleTranscript");

    /* TestComplexTranscript (= merlin's equivalence_complex, whose
     * messages wrap around the sponge many times). */
    uint8_t data[1024];
    memset(data, 99, sizeof data);
    CHECK(ecx_transcript_init(&t, "test protocol") == ECX_OK);
    CHECK(ecx_transcript_append(&t, "step1", (const uint8_t *)"some data", 9) == ECX_OK);
    int ok = 1;
    for (int i = 0; i < 32; i++) {
        ok &= ecx_transcript_challenge(&t, "challenge", c, sizeof c) == ECX_OK;
        ok &= ecx_transcript_append(&t, "bigdata", data, sizeof data) == ECX_OK;
        ok &= ecx_transcript_append(&t, "challengedata", c, sizeof c) == ECX_OK;
    }
    CHECK(ok);
    check_hex(c, 32, "a8c933f54fae76e3f9bea93648c1308e7dfa2152dd51674ff3ca438351cf003c", "TestComplexTranscript");
}

/* --- 1. Published STROBE-128 vectors ----------------------------------- */

static void check_state(const ecxi_strobe128 *s, const char *hex, const char *ctx)
{
    uint8_t st[200];
    for (int i = 0; i < 25; i++) store64_le(st + 8 * i, s->state[i]);
    check_hex(st, 200, hex, ctx);
}

#define PROTO_LONG "custom string number 2, that's a pretty long string"
#define INIT_LONG                                                                                                    \
    "9c7f75fa8b893ab70ad448513c0b5243b2792a3e306706c45f1b9e4a9018920ff37e485e146b9d66fb6a1b4d6f8933e7561d2392d12d33" \
    "1293cc92e8a624acf6e1b60095e322bbfbc845e5b26995fe7d7c841374d1ff5898c92ee0636b06727321c92a603907035349ccbb1b92b7" \
    "b0057e8fa87fcebc7e88656fcb45ae04bc34cabeaebe79d91750c0e8bf13b966504d1343597265dd8865adf91409cc9b20d5f47444041f" \
    "97b699ddfbdee91ea87bd09bf8b02da75a96e947f07f5b65bb4e6efefaa16abfd9fbf6"

static const uint8_t HELLO[] = "hello, how are you good sir?";
static const uint8_t HELLO_LONG[] = "hello, how are you good sir? ????";

/* kat/simple_test_vector.json: init, KEY, AD, PRF. */
static void test_strobe_simple(void)
{
    ecxi_strobe128 s;
    uint8_t out[16];
    ecxi_strobe128_init(&s, (const uint8_t *)"custom string", 13);
    check_state(&s,
                "9c7f75fa8b893ab70ad448513c0b5263dc0c475c551526f6733bea22f16cb57cd31f682e660ee912824a772201ee1394226f4af"
                "cb62d331293cc92e8a624acf6e1b60095e322bbfbc845e5b26995fe7d7c841374d1ff5898c92ee0636b06727321c92a6039070"
                "35349ccbb1b92b7b0057e8fa87fcebc7e88656fcb45ae04bc34cabeaebe79d91750c0e8bf13b966504d1343597265dd8865adf"
                "91409cc9b20d5f47444041f97b699ddfbdee91ea87bd09bf8b02da75a96e947f07f5b65bb4e6efefaa16abfd9fbf6",
                "simple: init");
    ecxi_strobe128_key(&s, (const uint8_t *)"010101", 6, 0);
    check_state(&s,
                "3031303130310e6be02d3677fb5a70dfc1f3a6f889f561699f053f97f705d671383c613b13b3e4184397827ad73b9c26e13af70"
                "3f0bf70ff10d71516bb8a05a5b69775f1722daf9178b71cfca96cf36cd0fab68cac22f3f35afec0bf5066656d142761e3200b9e"
                "76a9ddd6ad74932110afd4a776fd82515edfe028dd4858abfda1c3b6bff17e9b82aad3b519e51e704cba48a6e383c8504cd1f7"
                "b13d7a6ac6e9690ed05ae90744c5c32a97af08d66f15c9357bf20ea9276cab5ac736b8a68f25b095c409a1c48fd4",
                "simple: KEY");
    ecxi_strobe128_ad(&s, HELLO, sizeof HELLO - 1, 0);
    check_state(&s,
                "3031303130310e6988485a1b947650b7ae848699fb904110f0701ff0986ab2514b55130413b3e4184397827ad73b9c26e13af70"
                "3f0bf70ff10d71516bb8a05a5b69775f1722daf9178b71cfca96cf36cd0fab68cac22f3f35afec0bf5066656d142761e3200b9e"
                "76a9ddd6ad74932110afd4a776fd82515edfe028dd4858abfda1c3b6bff17e9b82aad3b519e51e704cba48a6e383c8504cd1f7"
                "b13d7a6ac6e9690ed05ae90744c5c32a97af08d66f15c9357bf20ea9276cab5ac736b8a68f25b095c409a1c48fd4",
                "simple: AD");
    ecxi_strobe128_prf(&s, out, sizeof out, 0);
    check_hex(out, 16, "5ce86d0815c02a27d8bdd923f2cb0bd8", "simple: PRF output");
    check_state(&s,
                "000000000000000000000000000000006380b09c7f711ca1c97eb6612cf25c2ab2abfb9cba447b27e72134629c3947281a0be40"
                "44d4e03c60564c66885407a2e6982603b07390ab718c0fa70f25e857c189caf2bdf42786669bc2f5d43440869e8feb7d4778038"
                "3bb82c84705220c4d08b5df18081cb4939f3a38d059ee18529e85c6dade82e3c8b3c6cd0b56203299bb7311dfcbb68d1b5be5d"
                "f6d2b8697dd60e89ca4fd78ffbd1c22b939311775d913a8bf324b8ebac782e1f99605eccf03c0e59770c177812d1",
                "simple: PRF state");
}

/* kat/meta_test_vector.json: init, KEY, meta-AD, PRF. */
static void test_strobe_meta(void)
{
    ecxi_strobe128 s;
    uint8_t out[16];
    ecxi_strobe128_init(&s, (const uint8_t *)PROTO_LONG, sizeof PROTO_LONG - 1);
    check_state(&s, INIT_LONG, "meta: init");
    ecxi_strobe128_key(&s, (const uint8_t *)"010101", 6, 0);
    check_state(&s,
                "303130313031c70245935ce6fc2fffb47011279f887312c498f2a44a5aafb316e25f24fd46140c84c87f6613d7ff30a22d105ea"
                "7b8cde98ac104cf72d0c913bd71c6b7918cf8d1a15f8aa2b6bd6b92416e709b9678b52358884b3855dc4714ae0b93338829fbca"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "meta: KEY");
    ecxi_strobe128_meta_ad(&s, HELLO, sizeof HELLO - 1, 0);
    check_state(&s,
                "303130313031c7102df6308a9303dfdc1f6607fefa1632bdf787842d35c0d736913656c246140c84c87f6613d7ff30a22d105ea"
                "7b8cde98ac104cf72d0c913bd71c6b7918cf8d1a15f8aa2b6bd6b92416e709b9678b52358884b3855dc4714ae0b93338829fbca"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "meta: meta-AD");
    ecxi_strobe128_prf(&s, out, sizeof out, 0);
    check_hex(out, 16, "87e57623d5c80f6d1083473a288ccdd7", "meta: PRF output");
    check_state(&s,
                "0000000000000000000000000000000043b52a0e602d1f0ae3ef2604208be72c684fd6815a51820c6309f8a058b5c0789fd3cae"
                "d49beb6c495a7750d1b542432eaa236d335b6fb348befdccd7104543aade1a95d7a92f5126586ae19a97e067712e23f9d818e34"
                "76bcc6fdbf6eec68911c59554ad3ec1cdd030ef5317de98593339d8e2858c26f1974475848d01d4a616be74e54321585a6da03"
                "1bdbc2e0e47fb7f3d7deab9e814d76945a40c2c017960214317f7e113b877410fd3bbebf77cc66963763ebdd4a23",
                "meta: PRF state");
}

/* kat/streaming_test_vector.json: KEY, KEY continued, AD, AD continued,
 * and an AD whose bytes cross the end of the block. */
static void test_strobe_streaming(void)
{
    static const uint8_t key[] = "0101010100100101010101010101001001";
    ecxi_strobe128 s;
    ecxi_strobe128_init(&s, (const uint8_t *)PROTO_LONG, sizeof PROTO_LONG - 1);
    check_state(&s, INIT_LONG, "streaming: init");
    ecxi_strobe128_key(&s, key, sizeof key - 1, 0);
    check_state(&s,
                "3031303130313031303031303031303130313031303130313031303130303130303124fd46140c84c87f6613d7ff30a22d105ea"
                "7b8cde98ac104cf72d0c913bd71c6b7918cf8d1a15f8aa2b6bd6b92416e709b9678b52358884b3855dc4714ae0b93338829fbca"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "streaming: KEY");
    ecxi_strobe128_key(&s, key, sizeof key - 1, 1);
    check_state(&s,
                "30313031303130313030313030313031303130313031303130313031303031303031303130313031303130303130303130313031"
                "303130313031303130313030313030318cf8d1a15f8aa2b6bd6b92416e709b9678b52358884b3855dc4714ae0b93338829fbca"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "streaming: KEY more");
    ecxi_strobe128_ad(&s, HELLO_LONG, sizeof HELLO_LONG - 1, 0);
    check_state(&s,
                "30313031303130313030313030313031303130313031303130313031303031303031303130313031303130303130303130313031"
                "303130313031303130313030313030318cfab9c433e6cd9a9d03fd364e11e9f358cc4c2da82c573ab86767c779ac13b716c4f5"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "streaming: AD");
    ecxi_strobe128_ad(&s, HELLO_LONG, sizeof HELLO_LONG - 1, 1);
    check_state(&s,
                "30313031303130313030313030313031303130313031303130313031303031303031303130313031303130303130303130313031"
                "303130313031303130313030313030318cfab9c433e6cd9a9d03fd364e11e9f358cc4c2da82c573ab86767c779ac13b716c4f5"
                "305372928474e476fa6605ea99c4125e3db4030e0287a6212adfc34c23ca52c74b1c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "streaming: AD more");
    ecxi_strobe128_ad(&s, HELLO_LONG, sizeof HELLO_LONG - 1, 0);
    check_state(&s,
                "5117b46c2d842655c1be2a69f64f16aaaad2c0050fe2ac5446afe44345a9b10d044c8b3ec8005a9e362c0a431ab5c4d8228c2f8"
                "90ae56ad3fef4404aa6cc76704b503d627553ae9635d329cdfa86ed29ec0dd79787ff3fcefdee7463c053ef3b4a4fa7c8eb89a6"
                "372df2c4ccfc7469d7447bd19a67940642334706e5ff6b1ef58514e55c6b5c6921c58eb7cb5c57978c92c42e598926fcfdcd97"
                "05fb948ed6fe9027c65fb0659c98a9c9668d523dfa2b27bde76224944503b686901c989fedac34994dd16daedf00",
                "streaming: AD across the block end");
}

/* kat/boundary_test_vector.json, its first operations: one-byte KEY, AD. */
static void test_strobe_boundary(void)
{
    static const uint8_t data[] = {0, 1};
    ecxi_strobe128 s;
    ecxi_strobe128_init(&s, (const uint8_t *)PROTO_LONG, sizeof PROTO_LONG - 1);
    ecxi_strobe128_key(&s, data, 1, 0);
    check_state(&s,
                "0073c69cfaafc70245935ce6fc2fffb47011279f887312c498f2a44a5aafb316e25f24fd46140c84c87f6613d7ff30a22d105ea"
                "7b8cde98ac104cf72d0c913bd71c6b7918cf8d1a15f8aa2b6bd6b92416e709b9678b52358884b3855dc4714ae0b93338829fbca"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "boundary: KEY");
    ecxi_strobe128_ad(&s, data, 2, 0);
    check_state(&s,
                "0073c49cfbafc70245935ce6fc2fffb47011279f887312c498f2a44a5aafb316e25f24fd46140c84c87f6613d7ff30a22d105ea"
                "7b8cde98ac104cf72d0c913bd71c6b7918cf8d1a15f8aa2b6bd6b92416e709b9678b52358884b3855dc4714ae0b93338829fbca"
                "58361efeeb58c41e9511258beba1322752c123696de8c20159b6b17303f56df8741c6fecc991611ca8f755d54bed57960feb03"
                "2f47d64df53030a491151fe6f4cdd0c48f9c0a81e5bce406de061283d6257ac6ef2babc776e5dee146793acef9cf",
                "boundary: AD");
}

/* --- 2. The Python model's vectors ------------------------------------- */

/* One challenge: the output is written with a canary after it, which must
 * survive (no byte written past len). */
static void replay_challenge(ecx_transcript *t, const char *label, size_t len, const uint8_t *want,
                             const char *ctx)
{
    uint8_t *out = malloc(len + 16);
    if (!out) abort();
    memset(out, 0xa5, len + 16);
    CHECK_CTX(ecx_transcript_challenge(t, label, len ? out : NULL, len) == ECX_OK, ctx);
    if (len) CHECK_MEM(out, want, len, ctx);
    int canary = 1;
    for (size_t i = len; i < len + 16; i++) canary &= out[i] == 0xa5;
    CHECK_CTX(canary, ctx);
    free(out);
}

static void test_model(const char *path)
{
    struct vec_file v;
    if (!vec_open_path(&v, path, "pass the file tests/merlin_model.lines of the build directory as the first argument"))
        return;
    char ctx[96];
    size_t bufcap = 0;
    uint8_t *buf = NULL;
    char *label = NULL;
    unsigned long ops = 0, challenges = 0;
    int have_t = 0;
    ecx_transcript t;

    while (vec_next(&v)) {
        snprintf(ctx, sizeof ctx, "model line %lu", v.lineno);
        CHECK_CTX(!v.ended, ctx);
        /* Every field is at most the line long, so one buffer of the line's
         * length holds any of them decoded (and a label's NUL). */
        if (v.length + 1 > bufcap) {
            bufcap = v.length + 1;
            free(buf);
            free(label);
            buf = malloc(bufcap);
            label = malloc(bufcap);
            if (!buf || !label) abort();
        }

        char **field = v.field;
        const int nf = v.nfields;
        const int want_nf = field[0][0] == 'N' ? 2 : field[0][0] == 'A' ? 3 : field[0][0] == 'C' ? 4 : -1;
        if (!(nf == want_nf && strlen(field[0]) == 1)) {
            CHECK_CTX(0, ctx);
            continue;
        }
        long label_len = hex_decode((uint8_t *)label, bufcap - 1, field[1]);
        if (label_len < 0 || memchr(label, 0, (size_t)label_len) != NULL) {
            CHECK_CTX(0, ctx);
            continue;
        }
        label[label_len] = 0;
        ops++;

        if (field[0][0] == 'N') {
            CHECK_CTX(ecx_transcript_init(&t, label) == ECX_OK, ctx);
            have_t = 1;
            continue;
        }
        if (!have_t) {
            CHECK_CTX(0, ctx);
            continue;
        }
        if (field[0][0] == 'A') {
            long n = hex_decode(buf, bufcap, field[2]);
            CHECK_CTX(n >= 0, ctx);
            if (n >= 0) CHECK_CTX(ecx_transcript_append(&t, label, n ? buf : NULL, (size_t)n) == ECX_OK, ctx);
        } else {
            char *end = NULL;
            unsigned long len = strtoul(field[2], &end, 10);
            long n = hex_decode(buf, bufcap, field[3]);
            if (*end != 0 || n < 0 || (unsigned long)n != len) {
                CHECK_CTX(0, ctx);
                continue;
            }
            replay_challenge(&t, label, (size_t)len, buf, ctx);
            challenges++;
        }
    }
    CHECK_CTX(v.ended && v.end_count == ops, "model file complete (#end count)");
    vec_close(&v);
    free(buf);
    free(label);
    CHECK_CTX(challenges > 1000, "model file has its challenges");
    printf("test_transcript: %lu operations, %lu challenges from %s\n", ops, challenges, path);
}

/* --- 3. Properties ------------------------------------------------------- */

/* The 32-byte challenge "c" after init(init_label) and the given appends. */
struct append {
    const char *label;
    const char *msg;
};

static void history(uint8_t out[32], const char *init_label, const struct append *a, size_t n)
{
    ecx_transcript t;
    int ok = ecx_transcript_init(&t, init_label) == ECX_OK;
    for (size_t i = 0; i < n; i++)
        ok &= ecx_transcript_append(&t, a[i].label, (const uint8_t *)a[i].msg, strlen(a[i].msg)) == ECX_OK;
    ok &= ecx_transcript_challenge(&t, "c", out, 32) == ECX_OK;
    CHECK(ok);
}

static void test_histories(void)
{
    uint8_t base[32], again[32], other[32];
    const struct append h[] = {{"a", "xy"}, {"b", "z"}};
    history(base, "proto", h, 2);
    history(again, "proto", h, 2);
    CHECK_MEM(base, again, 32, "identical histories");

    history(other, "proto2", h, 2);
    CHECK_CTX(memcmp(base, other, 32) != 0, "init label");
    const struct append label[] = {{"a", "xy"}, {"c", "z"}};
    history(other, "proto", label, 2);
    CHECK_CTX(memcmp(base, other, 32) != 0, "append label");
    const struct append msg[] = {{"a", "xy"}, {"b", "y"}};
    history(other, "proto", msg, 2);
    CHECK_CTX(memcmp(base, other, 32) != 0, "message byte");
    const struct append order[] = {{"b", "z"}, {"a", "xy"}};
    history(other, "proto", order, 2);
    CHECK_CTX(memcmp(base, other, 32) != 0, "order of appends");
    const struct append split[] = {{"a", "x"}, {"a", "y"}, {"b", "z"}};
    history(other, "proto", split, 3);
    CHECK_CTX(memcmp(base, other, 32) != 0, "message split across appends");
    const struct append moved[] = {{"a", "x"}, {"b", "yz"}};
    history(other, "proto", moved, 2);
    CHECK_CTX(memcmp(base, other, 32) != 0, "byte moved between messages");
    const struct append label_msg[] = {{"ax", "y"}, {"b", "z"}};
    history(other, "proto", label_msg, 2);
    CHECK_CTX(memcmp(base, other, 32) != 0, "byte moved from message to label");
    const struct append empty[] = {{"a", "xy"}, {"b", "z"}, {"e", ""}};
    history(other, "proto", empty, 3);
    CHECK_CTX(memcmp(base, other, 32) != 0, "an extra empty message");

    /* The challenge's label and length are absorbed too: a 64-byte
     * challenge does not start with the 32-byte one. */
    ecx_transcript t, u;
    uint8_t c64[64];
    CHECK(ecx_transcript_init(&t, "proto") == ECX_OK);
    u = t;
    CHECK(ecx_transcript_challenge(&t, "c", c64, 64) == ECX_OK);
    CHECK(ecx_transcript_challenge(&u, "c", other, 32) == ECX_OK);
    CHECK_CTX(memcmp(c64, other, 32) != 0, "challenge length");
    CHECK(ecx_transcript_init(&t, "proto") == ECX_OK);
    CHECK(ecx_transcript_challenge(&t, "d", c64, 32) == ECX_OK);
    CHECK_CTX(memcmp(c64, other, 32) != 0, "challenge label");

    /* Successive challenges differ (each one is absorbed). */
    CHECK(ecx_transcript_challenge(&t, "d", c64 + 32, 32) == ECX_OK);
    CHECK_CTX(memcmp(c64, c64 + 32, 32) != 0, "successive challenges");

    /* init starts over whatever t held. */
    history(base, "proto", NULL, 0);
    CHECK(ecx_transcript_init(&t, "proto") == ECX_OK);
    CHECK(ecx_transcript_challenge(&t, "c", other, 32) == ECX_OK);
    CHECK_MEM(base, other, 32, "init after use starts over");
}

/* A copy by assignment is a fork: both continue independently and equal
 * operations give equal outputs. */
static void test_fork(void)
{
    ecx_transcript t, u;
    uint8_t a[48], b[48];
    CHECK(ecx_transcript_init(&t, "fork") == ECX_OK);
    CHECK(ecx_transcript_append(&t, "m", (const uint8_t *)"123", 3) == ECX_OK);
    u = t;
    CHECK(ecx_transcript_append(&t, "extra", (const uint8_t *)"t only", 6) == ECX_OK);
    CHECK(ecx_transcript_challenge(&t, "x", a, sizeof a) == ECX_OK);
    CHECK(ecx_transcript_challenge(&u, "x", b, sizeof b) == ECX_OK);
    CHECK_CTX(memcmp(a, b, sizeof a) != 0, "fork: t's append does not reach u");
    ecx_transcript v = u;
    CHECK(ecx_transcript_challenge(&u, "y", a, sizeof a) == ECX_OK);
    CHECK(ecx_transcript_challenge(&v, "y", b, sizeof b) == ECX_OK);
    CHECK_MEM(a, b, sizeof a, "fork: equal continuations");
}

/* STROBE "more": an operation continued is the operation over the
 * concatenation, at every split point and from every start position. */
static void same_strobe(const ecxi_strobe128 *x, const ecxi_strobe128 *y, const char *ctx)
{
    CHECK_CTX(memcmp(x->state, y->state, sizeof x->state) == 0 && x->pos == y->pos && x->pos_begin == y->pos_begin &&
                  x->cur_flags == y->cur_flags,
              ctx);
}

static void test_strobe_more(void)
{
    uint8_t data[400], out1[400], out2[400];
    check_random_bytes(data, sizeof data);
    static const size_t lens[] = {0, 1, 5, 164, 165, 166, 167, 331, 332, 333, 400};
    static const size_t pre[] = {0, 1, 100, 161, 162, 163, 164, 165};
    for (size_t pi = 0; pi < sizeof pre / sizeof pre[0]; pi++) {
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            const size_t len = lens[li];
            const size_t splits[] = {0, len > 0 ? 1 : 0, len / 2, len > 0 ? len - 1 : 0, len};
            for (size_t si = 0; si < sizeof splits / sizeof splits[0]; si++) {
                const size_t k = splits[si];
                char ctx[80];
                for (int op = 0; op < 4; op++) {
                    ecxi_strobe128 x, y;
                    ecxi_strobe128_init(&x, (const uint8_t *)"more", 4);
                    ecxi_strobe128_ad(&x, data, pre[pi], 0); /* a start position */
                    y = x;
                    snprintf(ctx, sizeof ctx, "more: op %d, start %zu, len %zu, split %zu", op, pre[pi], len, k);
                    switch (op) {
                    case 0:
                        ecxi_strobe128_meta_ad(&x, data, len, 0);
                        ecxi_strobe128_meta_ad(&y, data, k, 0);
                        ecxi_strobe128_meta_ad(&y, data + k, len - k, 1);
                        break;
                    case 1:
                        ecxi_strobe128_ad(&x, data, len, 0);
                        ecxi_strobe128_ad(&y, data, k, 0);
                        ecxi_strobe128_ad(&y, data + k, len - k, 1);
                        break;
                    case 2:
                        ecxi_strobe128_key(&x, data, len, 0);
                        ecxi_strobe128_key(&y, data, k, 0);
                        ecxi_strobe128_key(&y, data + k, len - k, 1);
                        break;
                    default:
                        ecxi_strobe128_prf(&x, out1, len, 0);
                        ecxi_strobe128_prf(&y, out2, k, 0);
                        ecxi_strobe128_prf(&y, out2 + k, len - k, 1);
                        CHECK_MEM(out1, out2, len, ctx);
                        break;
                    }
                    same_strobe(&x, &y, ctx);
                }
            }
        }
    }

    /* Continuing a different operation begins a new one (merlin panics). */
    ecxi_strobe128 x, y;
    ecxi_strobe128_init(&x, (const uint8_t *)"more", 4);
    ecxi_strobe128_ad(&x, data, 10, 0);
    y = x;
    ecxi_strobe128_meta_ad(&x, data, 10, 1);
    ecxi_strobe128_meta_ad(&y, data, 10, 0);
    same_strobe(&x, &y, "more with other flags begins an operation");

    /* The internal transcript equals the public one (the range proofs will
     * use it directly). */
    ecxi_transcript it;
    ecx_transcript t;
    uint8_t a[32], b[32];
    ecxi_transcript_init(&it, (const uint8_t *)"test protocol", 13);
    ecxi_transcript_append(&it, (const uint8_t *)"some label", 10, (const uint8_t *)"some data", 9);
    ecxi_transcript_challenge(&it, (const uint8_t *)"challenge", 9, a, 32);
    check_hex(a, 32, "d5a21972d0d5fe320c0d263fac7fffb8145aa640af6e9bca177c03c7efcf0615", "internal transcript");
    ecxi_transcript_store(&t, &it);
    ecxi_transcript_challenge(&it, (const uint8_t *)"again", 5, a, 32);
    CHECK(ecx_transcript_challenge(&t, "again", b, 32) == ECX_OK);
    CHECK_MEM(a, b, 32, "store then public challenge");
    ecxi_transcript_wipe(&it);
    static const uint64_t zero[25];
    CHECK(memcmp(it.strobe.state, zero, sizeof zero) == 0 && it.strobe.pos == 0);
}

/* --- Argument checks ------------------------------------------------------ */

/* Each call must fail with ECX_ERR_INVALID and leave t and the output
 * untouched. */
static void test_arguments(void)
{
    ecx_transcript t, saved;
    uint8_t buf[64], before[64];
    check_random_bytes(buf, sizeof buf);
    memcpy(before, buf, sizeof buf);

    CHECK(ecx_transcript_init(NULL, "x") == ECX_ERR_INVALID);
    memset(&t, 0x5a, sizeof t);
    saved = t;
    CHECK(ecx_transcript_init(&t, NULL) == ECX_ERR_INVALID);
    CHECK(memcmp(&t, &saved, sizeof t) == 0);

    CHECK(ecx_transcript_init(&t, "args") == ECX_OK);
    saved = t;
    CHECK(ecx_transcript_append(NULL, "l", buf, 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_append(&t, NULL, buf, 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_append(&t, "l", NULL, 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(NULL, "c", buf, 32) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(&t, NULL, buf, 32) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(&t, "c", NULL, 32) == ECX_ERR_INVALID);
#if SIZE_MAX > UINT32_MAX
    /* Lengths merlin cannot encode are refused before any byte is read or
     * written (ASan would see a read or write past buf). */
    CHECK(ecx_transcript_append(&t, "l", buf, (size_t)UINT32_MAX + 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(&t, "c", buf, (size_t)UINT32_MAX + 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(&t, "c", buf, SIZE_MAX) == ECX_ERR_INVALID);
#endif
    CHECK_CTX(memcmp(&t, &saved, sizeof t) == 0, "failed calls leave the transcript");
    CHECK_CTX(memcmp(buf, before, sizeof buf) == 0, "failed calls write no output");

    /* Empty messages and challenges may come without a buffer. */
    ecx_transcript u = t;
    CHECK(ecx_transcript_append(&t, "l", NULL, 0) == ECX_OK);
    CHECK(ecx_transcript_append(&u, "l", buf, 0) == ECX_OK);
    CHECK(ecx_transcript_challenge(&t, "c", NULL, 0) == ECX_OK);
    CHECK(ecx_transcript_challenge(&u, "c", buf, 0) == ECX_OK);
    CHECK_CTX(memcmp(&t, &u, sizeof t) == 0, "NULL and non-NULL empty buffers agree");
    CHECK(ecx_transcript_init(&t, "") == ECX_OK);
    CHECK(ecx_transcript_append(&t, "", NULL, 0) == ECX_OK);
    uint8_t one[1];
    CHECK(ecx_transcript_challenge(&t, "", one, 1) == ECX_OK);

    /* A transcript init never set up, or a damaged one, is refused rather
     * than used (its position could index outside the state). */
    static const int damage[][2] = {
        {25, 0xa6}, {25, 0xff}, {25, 0x0100 * 3 + 2}, {25, 1 << 24}, {26, 1}, {27, 1},
    };
    ecx_transcript z;
    memset(&z, 0, sizeof z);
    CHECK(ecx_transcript_append(&z, "l", buf, 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(&z, "c", buf, 32) == ECX_ERR_INVALID);
    memset(&z, 0xff, sizeof z);
    CHECK(ecx_transcript_append(&z, "l", buf, 1) == ECX_ERR_INVALID);
    CHECK(ecx_transcript_challenge(&z, "c", buf, 32) == ECX_ERR_INVALID);
    for (size_t i = 0; i < sizeof damage / sizeof damage[0]; i++) {
        CHECK(ecx_transcript_init(&z, "damaged") == ECX_OK);
        z.opaque[damage[i][0]] = (uint64_t)damage[i][1];
        saved = z;
        CHECK(ecx_transcript_append(&z, "l", buf, 1) == ECX_ERR_INVALID);
        CHECK(ecx_transcript_challenge(&z, "c", buf, 32) == ECX_ERR_INVALID);
        CHECK(memcmp(&z, &saved, sizeof z) == 0);
    }
    CHECK_CTX(memcmp(buf, before, sizeof buf) == 0, "refused transcripts write no output");
}

int main(int argc, char **argv)
{
    check_seed(0x3e71);
    test_merlin_published();
    test_strobe_simple();
    test_strobe_meta();
    test_strobe_streaming();
    test_strobe_boundary();
    test_model(argc > 1 ? argv[1] : ECX_MERLIN_VECTORS);
    test_histories();
    test_fork();
    test_strobe_more();
    test_arguments();
    return check_summary("test_transcript");
}
