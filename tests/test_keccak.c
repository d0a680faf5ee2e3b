/* Keccak-f[1600], SHA3-256, SHA3-512, SHAKE128, SHAKE256: published known
 * answers, Python's hashlib as the oracle on every message length 0..600 and
 * some longer ones (a file generated at build time by
 * tests/vectors/gen_keccak_vectors.py, its path the first argument),
 * incremental == one-shot for every split point of every length
 * 0..2*168, and the sponge rebuilt by hand on the bare permutation, the way
 * the Merlin transcript will use it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hex.h"
#include "vector_file.h"
#include "common/bytes.h"
#include "hash/keccak.h"

/* Where meson's custom_target writes the hashlib vectors, relative to the
 * build directory: the default when the test is run by hand from there. */
#ifndef ECX_KECCAK_VECTORS
#define ECX_KECCAK_VECTORS "tests/keccak_hashlib.lines"
#endif

#define XOF_BYTES 200 /* SHAKE output per line of the vector file */
#define MAX_MSG 10000 /* longest message in the vector file */

enum fn { SHA3_256, SHA3_512, SHAKE128, SHAKE256, NFN };
static const char *const fn_name[NFN] = {"SHA3-256", "SHA3-512", "SHAKE128", "SHAKE256"};
static const size_t fn_rate[NFN] = {ECXI_SHA3_256_RATE, ECXI_SHA3_512_RATE, ECXI_SHAKE128_RATE, ECXI_SHAKE256_RATE};

static void init_fn(ecxi_keccak_ctx *ctx, enum fn f)
{
    switch (f) {
    case SHA3_256: ecxi_sha3_256_init(ctx); break;
    case SHA3_512: ecxi_sha3_512_init(ctx); break;
    case SHAKE128: ecxi_shake128_init(ctx); break;
    default: ecxi_shake256_init(ctx); break;
    }
}

/* The function's output length here: the digest, or outlen for SHAKE. */
static size_t out_len(enum fn f, size_t outlen)
{
    return f == SHA3_256 ? ECXI_SHA3_256_BYTES : f == SHA3_512 ? ECXI_SHA3_512_BYTES : outlen;
}

/* One-shot through the public helpers. */
static void oneshot(enum fn f, uint8_t *out, size_t outlen, const uint8_t *msg, size_t len)
{
    switch (f) {
    case SHA3_256: ecxi_sha3_256(out, msg, len); break;
    case SHA3_512: ecxi_sha3_512(out, msg, len); break;
    case SHAKE128: ecxi_shake128(out, outlen, msg, len); break;
    default: ecxi_shake256(out, outlen, msg, len); break;
    }
}

/* Finishes ctx: final for SHA-3 (and checks it wiped the context), squeeze
 * then wipe for SHAKE. */
static void finish(enum fn f, ecxi_keccak_ctx *ctx, uint8_t *out, size_t outlen)
{
    static const ecxi_keccak_ctx zero;
    switch (f) {
    case SHA3_256: ecxi_sha3_256_final(ctx, out); break;
    case SHA3_512: ecxi_sha3_512_final(ctx, out); break;
    default:
        ecxi_keccak_squeeze(ctx, out, outlen);
        ecxi_keccak_wipe(ctx);
        break;
    }
    if (memcmp(ctx, &zero, sizeof *ctx) != 0) CHECK_CTX(0, "context not wiped");
}

/* ------------------------------------------------------------ permutation */

/* Keccak-f[1600] of the all-zero state, then of that result: the Keccak
 * team's KeccakF-1600-IntermediateValues.txt (XKCP, TestVectors/), lanes in
 * the order x + 5y. */
static void test_permutation(void)
{
    static const uint64_t once[25] = {
        0xF1258F7940E1DDE7ull, 0x84D5CCF933C0478Aull, 0xD598261EA65AA9EEull, 0xBD1547306F80494Dull,
        0x8B284E056253D057ull, 0xFF97A42D7F8E6FD4ull, 0x90FEE5A0A44647C4ull, 0x8C5BDA0CD6192E76ull,
        0xAD30A6F71B19059Cull, 0x30935AB7D08FFC64ull, 0xEB5AA93F2317D635ull, 0xA9A6E6260D712103ull,
        0x81A57C16DBCF555Full, 0x43B831CD0347C826ull, 0x01F22F1A11A5569Full, 0x05E5635A21D9AE61ull,
        0x64BEFEF28CC970F2ull, 0x613670957BC46611ull, 0xB87C5A554FD00ECBull, 0x8C3EE88A1CCF32C8ull,
        0x940C7922AE3A2614ull, 0x1841F924A2C509E4ull, 0x16F53526E70465C2ull, 0x75F644E97F30A13Bull,
        0xEAF1FF7B5CECA249ull,
    };
    uint64_t s[25] = {0};
    ecxi_keccak_f1600(s);
    CHECK_MEM(s, once, sizeof once, "Keccak-f[1600](0)");
    CHECK(s[0] == 0xF1258F7940E1DDE7ull);
    ecxi_keccak_f1600(s);
    CHECK(s[0] == 0x2D5C954DF96ECB3Cull);

    /* A permutation: distinct random states stay distinct, and one flipped
     * bit anywhere changes about half of the output (a wrong rotation or
     * index in one lane would show as a lane that does not diffuse). */
    for (int bit = 0; bit < 1600; bit += 37) {
        uint64_t a[25], b[25];
        check_random_bytes((uint8_t *)a, sizeof a);
        memcpy(b, a, sizeof a);
        b[bit / 64] ^= 1ull << (bit % 64);
        ecxi_keccak_f1600(a);
        ecxi_keccak_f1600(b);
        int diff = 0;
        for (int i = 0; i < 25; i++)
            for (uint64_t x = a[i] ^ b[i]; x; x &= x - 1) diff++;
        CHECK(diff > 600 && diff < 1000);
    }
}

/* ------------------------------------------------------------ known answers */

struct kat {
    enum fn f;
    const char *msg;
    size_t repeat; /* msg repeated this many times */
    const char *out;
};

/* NIST CSRC "Example Values" for FIPS 202 (SHA3-256_Msg0.pdf,
 * SHA3-256_1600.pdf, ... SHAKE256_Msg1600.pdf: the empty message and 200
 * bytes of 0xa3, which crosses a block boundary at every rate), and the SHA-3
 * digests of FIPS 180-4's example messages ("abc", the 448-bit message, one
 * million 'a') as the DI Management SHA test-vector page lists them. Every
 * value was cross-checked with Python's hashlib before being written in. */
static const struct kat kats[] = {
    {SHA3_256, "", 1, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
    {SHA3_256, "abc", 1, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {SHA3_256, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
     "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"},
    {SHA3_256, "a", 1000000, "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1"},
    {SHA3_512, "", 1,
     "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
     "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
    {SHA3_512, "abc", 1,
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
     "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},
    {SHA3_512, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
     "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
     "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e"},
    {SHA3_512, "a", 1000000,
     "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
     "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87"},
    {SHAKE128, "", 1, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"},
    {SHAKE256, "", 1,
     "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
     "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"},
    {SHA3_256, "\xa3", 200, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
    {SHA3_512, "\xa3", 200,
     "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
     "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"},
    {SHAKE128, "\xa3", 200,
     "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037"
     "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846"},
    {SHAKE256, "\xa3", 200,
     "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"
     "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b"},
};

static void test_known_answers(void)
{
    for (size_t k = 0; k < sizeof kats / sizeof kats[0]; k++) {
        const struct kat *t = &kats[k];
        size_t mlen = strlen(t->msg), total = mlen * t->repeat;
        uint8_t want[64], got[64];
        long outlen = hex_decode(want, sizeof want, t->out);
        CHECK(outlen > 0);
        if (outlen <= 0) continue;
        char name[96];
        snprintf(name, sizeof name, "known answer %zu, %s of %zu bytes", k, fn_name[t->f], total);

        uint8_t *buf = malloc(total ? total : 1);
        if (!buf) abort();
        for (size_t i = 0; i < t->repeat; i++) memcpy(buf + i * mlen, t->msg, mlen);
        oneshot(t->f, got, (size_t)outlen, buf, total);
        CHECK_MEM(got, want, (size_t)outlen, name);
        free(buf);

        /* The same message one piece at a time. */
        ecxi_keccak_ctx ctx;
        init_fn(&ctx, t->f);
        for (size_t i = 0; i < t->repeat; i++) ecxi_keccak_absorb(&ctx, (const uint8_t *)t->msg, mlen);
        finish(t->f, &ctx, got, (size_t)outlen);
        CHECK_MEM(got, want, (size_t)outlen, name);
    }

    /* NULL with length 0, in one shot and through absorb and squeeze. */
    uint8_t want[64], got[64];
    hex_decode(want, 32, kats[0].out);
    ecxi_sha3_256(got, NULL, 0);
    CHECK_MEM(got, want, 32, "SHA3-256(NULL, 0)");
    hex_decode(want, 32, kats[8].out);
    ecxi_shake128(got, 32, NULL, 0);
    CHECK_MEM(got, want, 32, "SHAKE128(NULL, 0)");
    ecxi_shake128(NULL, 0, NULL, 0);
    ecxi_keccak_ctx ctx;
    ecxi_shake128_init(&ctx);
    ecxi_keccak_absorb(&ctx, NULL, 0);
    ecxi_keccak_squeeze(&ctx, NULL, 0); /* pads, outputs nothing */
    ecxi_keccak_squeeze(&ctx, got, 32);
    ecxi_keccak_wipe(&ctx);
    CHECK_MEM(got, want, 32, "SHAKE128 squeeze(NULL, 0) first");
}

/* ------------------------------------------------------------ hashlib oracle */

/* Squeezes outlen bytes in pieces of the given sizes, cycled. */
static void squeeze_pieces(ecxi_keccak_ctx *ctx, uint8_t *out, size_t outlen, const size_t *pieces, size_t np)
{
    for (size_t off = 0, i = 0; off < outlen; i++) {
        size_t p = pieces[i % np];
        if (p > outlen - off) p = outlen - off;
        ecxi_keccak_squeeze(ctx, out + off, p);
        off += p;
    }
}

static void test_oracle(const char *path)
{
    struct vec_file v;
    if (!vec_open_path(&v, path, "pass the file tests/keccak_hashlib.lines of the build directory as the first argument"))
        return;
    uint8_t *msg = malloc(MAX_MSG), want[NFN][XOF_BYTES], got[XOF_BYTES];
    if (!msg) abort();
    char name[64];
    unsigned long cases = 0;
    unsigned char seen_len[601] = {0};
    /* Uneven squeeze pieces, crossing lane and block boundaries differently. */
    static const size_t pieces_a[] = {1, 7, 64, 128}, pieces_b[] = {128, 64, 7, 1}, pieces_c[] = {3, 0, 13};

    while (vec_next(&v)) {
        CHECK_CTX(!v.ended, "vector line after #end");
        char **field = v.field;
        snprintf(name, sizeof name, "vector line %lu", v.lineno);
        CHECK_CTX(v.nfields == 5, name);
        if (v.nfields != 5) continue;
        long n = hex_decode(msg, MAX_MSG, field[0]);
        int ok = n >= 0;
        for (int f = 0; f < NFN; f++) ok &= hex_decode(want[f], XOF_BYTES, field[1 + f]) == (long)out_len((enum fn)f, XOF_BYTES);
        CHECK_CTX(ok, name);
        if (!ok) continue;
        size_t len = (size_t)n;
        cases++;
        if (len <= 600) seen_len[len] = 1;

        for (int fi = 0; fi < NFN; fi++) {
            enum fn f = (enum fn)fi;
            size_t olen = out_len(f, XOF_BYTES), rate = fn_rate[f];
            snprintf(name, sizeof name, "%s len %zu", fn_name[f], len);

            oneshot(f, got, olen, msg, len);
            CHECK_MEM(got, want[f], olen, name);

            /* Two absorbs split at places that matter for this rate: the
             * ends, lane boundaries and their neighbours, block boundaries,
             * the middle. */
            const size_t splits[] = {0, 1, 7, 8, 9, rate - 1, rate, rate + 1, len / 2, 2 * rate + 3, len - 1};
            for (size_t si = 0; si < sizeof splits / sizeof splits[0]; si++) {
                size_t s = splits[si];
                if (s > len) continue;
                ecxi_keccak_ctx ctx;
                init_fn(&ctx, f);
                ecxi_keccak_absorb(&ctx, msg, s);
                ecxi_keccak_absorb(&ctx, msg + s, len - s);
                finish(f, &ctx, got, olen);
                CHECK_MEM(got, want[f], olen, name);
            }

            /* Absorb in uneven pieces (13-byte steps never align with a
             * lane or a rate), then for SHAKE squeeze in uneven pieces. */
            ecxi_keccak_ctx ctx;
            init_fn(&ctx, f);
            for (size_t off = 0, i = 0; off < len; i++) {
                size_t p = (i % 3 == 0) ? 13 : (i % 3 == 1) ? 1 : 100;
                if (p > len - off) p = len - off;
                ecxi_keccak_absorb(&ctx, msg + off, p);
                off += p;
            }
            if (f == SHAKE128 || f == SHAKE256) {
                memset(got, 0, sizeof got);
                squeeze_pieces(&ctx, got, olen, pieces_a, 4);
                ecxi_keccak_wipe(&ctx);
                CHECK_MEM(got, want[f], olen, name);

                const size_t *const patterns[] = {pieces_b, pieces_c};
                const size_t counts[] = {4, 3};
                for (int p = 0; p < 2; p++) {
                    init_fn(&ctx, f);
                    ecxi_keccak_absorb(&ctx, msg, len);
                    memset(got, 0, sizeof got);
                    squeeze_pieces(&ctx, got, olen, patterns[p], counts[p]);
                    ecxi_keccak_wipe(&ctx);
                    CHECK_MEM(got, want[f], olen, name);
                }
            } else {
                finish(f, &ctx, got, olen);
                CHECK_MEM(got, want[f], olen, name);
            }
        }
    }
    const int seen_end = v.ended;
    const unsigned long end_count = v.end_count;
    vec_close(&v);
    free(msg);

    /* The file is whole: its end marker, every message it announced, every
     * length 0..600. */
    CHECK_CTX(seen_end, "vector file has no #end line (truncated?)");
    CHECK_CTX(cases == end_count && cases >= 601, "vector file: wrong number of messages");
    int all = 1;
    for (int i = 0; i <= 600; i++) all &= seen_len[i];
    CHECK_CTX(all, "vector file misses a length in 0..600");
    printf("test_keccak: %lu hashlib vectors from %s\n", cases, path);
}

/* ------------------------------------------------------------ splits */

/* Every two-way split of every length 0..2*168 (both block boundaries of
 * every rate, and the padding landing on the last byte of a block), compared
 * with the one-shot result, which the oracle checked. SHAKE squeezes 400
 * bytes, several blocks of output. Three-way splits and byte-at-a-time on a
 * few lengths around the rates. */
static void test_splits(void)
{
    enum { MAXLEN = 2 * ECXI_SHAKE128_RATE, OUT = 400 };
    static const size_t three_way[] = {71, 72, 73, 135, 136, 137, 167, 168, 169, 335, 336};
    uint8_t msg[MAXLEN], want[OUT], got[OUT];
    char name[80];
    check_random_bytes(msg, sizeof msg);

    for (int fi = 0; fi < NFN; fi++) {
        enum fn f = (enum fn)fi;
        size_t olen = out_len(f, OUT);
        for (size_t n = 0; n <= MAXLEN; n++) {
            oneshot(f, want, olen, msg, n);
            for (size_t s = 0; s <= n; s++) {
                ecxi_keccak_ctx ctx;
                init_fn(&ctx, f);
                ecxi_keccak_absorb(&ctx, msg, s);
                ecxi_keccak_absorb(&ctx, msg + s, n - s);
                finish(f, &ctx, got, olen);
                snprintf(name, sizeof name, "%s len %zu split %zu", fn_name[f], n, s);
                CHECK_MEM(got, want, olen, name);
            }
        }
        for (size_t li = 0; li < sizeof three_way / sizeof three_way[0]; li++) {
            size_t n = three_way[li];
            oneshot(f, want, olen, msg, n);
            for (size_t s = 0; s <= n; s += 5) {
                for (size_t t = s; t <= n; t += 11) {
                    ecxi_keccak_ctx ctx;
                    init_fn(&ctx, f);
                    ecxi_keccak_absorb(&ctx, msg, s);
                    ecxi_keccak_absorb(&ctx, msg + s, t - s);
                    ecxi_keccak_absorb(&ctx, msg + t, n - t);
                    finish(f, &ctx, got, olen);
                    snprintf(name, sizeof name, "%s len %zu split %zu,%zu", fn_name[f], n, s, t);
                    CHECK_MEM(got, want, olen, name);
                }
            }
            ecxi_keccak_ctx ctx;
            init_fn(&ctx, f);
            for (size_t i = 0; i < n; i++) ecxi_keccak_absorb(&ctx, msg + i, 1);
            finish(f, &ctx, got, olen);
            snprintf(name, sizeof name, "%s len %zu bytewise", fn_name[f], n);
            CHECK_MEM(got, want, olen, name);
        }
    }
}

/* ------------------------------------------------------------ squeeze */

/* A long SHAKE stream is the same read at once, byte by byte, or in random
 * pieces, and a longer request extends a shorter one (the XOF property). */
static void test_squeeze(void)
{
    enum { OUT = 3 * ECXI_SHAKE128_RATE + 17 };
    uint8_t msg[300], want[OUT], got[OUT];
    check_random_bytes(msg, sizeof msg);

    for (int fi = SHAKE128; fi <= SHAKE256; fi++) {
        enum fn f = (enum fn)fi;
        const char *name = fn_name[f];
        oneshot(f, want, OUT, msg, sizeof msg);

        for (size_t shorter = 0; shorter < OUT; shorter += 29) {
            oneshot(f, got, shorter, msg, sizeof msg);
            CHECK_MEM(got, want, shorter, name);
        }

        ecxi_keccak_ctx ctx;
        init_fn(&ctx, f);
        ecxi_keccak_absorb(&ctx, msg, sizeof msg);
        for (size_t i = 0; i < OUT; i++) ecxi_keccak_squeeze(&ctx, got + i, 1);
        ecxi_keccak_wipe(&ctx);
        CHECK_MEM(got, want, OUT, name);

        for (int rep = 0; rep < 50; rep++) {
            init_fn(&ctx, f);
            ecxi_keccak_absorb(&ctx, msg, sizeof msg);
            memset(got, 0, sizeof got);
            for (size_t off = 0; off < OUT;) {
                size_t p = (size_t)(check_rand64() % 200);
                if (p > OUT - off) p = OUT - off;
                ecxi_keccak_squeeze(&ctx, got + off, p);
                off += p;
            }
            ecxi_keccak_wipe(&ctx);
            CHECK_MEM(got, want, OUT, name);
        }

        /* Absorbing after squeezing started is ignored (keccak.h): the
         * stream goes on as if it had not been called. */
        init_fn(&ctx, f);
        ecxi_keccak_absorb(&ctx, msg, sizeof msg);
        ecxi_keccak_squeeze(&ctx, got, 10);
        ecxi_keccak_absorb(&ctx, msg, sizeof msg);
        ecxi_keccak_absorb(&ctx, NULL, 0);
        ecxi_keccak_squeeze(&ctx, got + 10, OUT - 10);
        ecxi_keccak_wipe(&ctx);
        CHECK_MEM(got, want, OUT, "absorb after squeeze");
    }

    /* A wiped context (a second final, a squeeze after wipe) writes zeros
     * and ignores input instead of looping or writing out of bounds. */
    static const uint8_t zeros[64];
    uint8_t out[64];
    ecxi_keccak_ctx ctx;
    ecxi_sha3_512_init(&ctx);
    ecxi_keccak_absorb(&ctx, msg, 10);
    ecxi_sha3_512_final(&ctx, out);
    ecxi_keccak_absorb(&ctx, msg, sizeof msg);
    memset(out, 0xff, sizeof out);
    ecxi_sha3_512_final(&ctx, out);
    CHECK_MEM(out, zeros, 64, "final on a wiped context");
    memset(out, 0xff, sizeof out);
    ecxi_keccak_squeeze(&ctx, out, 64);
    CHECK_MEM(out, zeros, 64, "squeeze on a wiped context");
}

/* ------------------------------------------------------------ bare permutation */

/* SHA3-256 and SHAKE128 rebuilt on ecxi_keccak_f1600 alone, with the byte
 * order keccak.h documents (byte i of the state is byte i % 8 of lane i / 8,
 * little-endian) and the padding of FIPS 202 appendix B.2: this is how the
 * Merlin transcript's STROBE-128 will drive the permutation. */
static void by_hand(uint8_t *out, size_t outlen, size_t rate, uint8_t ds, const uint8_t *msg, size_t len)
{
    uint64_t s[25] = {0};
    uint8_t block[ECXI_KECCAK_STATE_BYTES];
    for (;;) {
        size_t take = len < rate ? len : rate;
        memset(block, 0, sizeof block);
        memcpy(block, msg, take);
        if (take < rate) { /* the last, padded block */
            block[take] ^= ds;
            block[rate - 1] ^= 0x80;
        }
        for (size_t i = 0; i < rate / 8; i++) s[i] ^= load64_le(block + 8 * i);
        ecxi_keccak_f1600(s);
        if (take < rate) break;
        msg += take;
        len -= take;
    }
    for (;;) {
        for (size_t i = 0; i < ECXI_KECCAK_LANES; i++) store64_le(block + 8 * i, s[i]);
        size_t take = outlen < rate ? outlen : rate;
        memcpy(out, block, take);
        out += take;
        outlen -= take;
        if (outlen == 0) break;
        ecxi_keccak_f1600(s);
    }
}

static void test_bare_permutation(void)
{
    static const size_t lengths[] = {0, 3, 71, 135, 136, 137, 167, 168, 169, 500};
    uint8_t msg[500], want[400], got[400];
    check_random_bytes(msg, sizeof msg);
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        size_t n = lengths[i];
        ecxi_sha3_256(want, msg, n);
        by_hand(got, 32, ECXI_SHA3_256_RATE, 0x06, msg, n);
        CHECK_MEM(got, want, 32, "SHA3-256 by hand");
        ecxi_shake128(want, 400, msg, n);
        by_hand(got, 400, ECXI_SHAKE128_RATE, 0x1f, msg, n);
        CHECK_MEM(got, want, 400, "SHAKE128 by hand");
    }
}

int main(int argc, char **argv)
{
    check_seed(0x5a3ecc);
    test_permutation();
    test_known_answers();
    test_oracle(argc > 1 ? argv[1] : ECX_KECCAK_VECTORS);
    test_splits();
    test_squeeze();
    test_bare_permutation();
    return check_summary("test_keccak");
}
