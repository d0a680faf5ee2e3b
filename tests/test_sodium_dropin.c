/* The libsodium drop-in's differential test program. Built against
 * libsodium only (not ecx): tests/test_sodium_dropin.sh runs it twice, as
 * is and with LD_PRELOAD=libecx-sodium.so, and requires the same output.
 *
 * Every function libecx-sodium.so exports (the names[] list; the script
 * checks it equals the library's export list) is called on published
 * vectors (RFC 8032, Wycheproof, CCTV), seeded random inputs and edge cases
 * (small-order and non-canonical encodings, scalars 0, l - 1, l, 2^256 - 1,
 * bit 255 set, a NULL length pointer, a truncated signed message); its
 * return values and every output byte, including output buffers left
 * untouched or zeroed on failure, go into a SHA-256 digest per function.
 * The random-output functions (keypair, scalar_random, ristretto255_random)
 * are checked by their properties. Output, one line each:
 *   digest NAME HEX            what must not change under the preload
 *   provider NAME FILE         the shared object dlsym finds NAME in
 *   test_sodium_dropin: N passed, N failed
 * With --list it prints the names only. Argument: the vector directory. */
#include <dlfcn.h>
#include <sodium.h>

#include "check.h"
#include "hex.h"
#include "vector_file.h"

static const char *const names[] = {
    "crypto_sign_ed25519_seed_keypair", "crypto_sign_ed25519_keypair", "crypto_sign_ed25519_detached",
    "crypto_sign_ed25519", "crypto_sign_ed25519_verify_detached", "crypto_sign_ed25519_open",
    "crypto_sign_ed25519_sk_to_seed", "crypto_sign_ed25519_sk_to_pk", "crypto_sign_seed_keypair",
    "crypto_sign_keypair", "crypto_sign", "crypto_sign_open", "crypto_sign_detached",
    "crypto_sign_verify_detached", "crypto_core_ed25519_is_valid_point", "crypto_core_ed25519_add",
    "crypto_core_ed25519_sub", "crypto_scalarmult_ed25519", "crypto_scalarmult_ed25519_noclamp",
    "crypto_scalarmult_ed25519_base", "crypto_scalarmult_ed25519_base_noclamp",
    "crypto_core_ed25519_scalar_invert", "crypto_core_ed25519_scalar_negate",
    "crypto_core_ed25519_scalar_complement", "crypto_core_ed25519_scalar_add", "crypto_core_ed25519_scalar_sub",
    "crypto_core_ed25519_scalar_mul", "crypto_core_ed25519_scalar_reduce", "crypto_core_ed25519_scalar_random",
    "crypto_core_ristretto255_is_valid_point", "crypto_core_ristretto255_add", "crypto_core_ristretto255_sub",
    "crypto_core_ristretto255_from_hash", "crypto_core_ristretto255_random", "crypto_scalarmult_ristretto255",
    "crypto_scalarmult_ristretto255_base", "crypto_core_ristretto255_scalar_random",
    "crypto_core_ristretto255_scalar_invert", "crypto_core_ristretto255_scalar_negate",
    "crypto_core_ristretto255_scalar_complement", "crypto_core_ristretto255_scalar_add",
    "crypto_core_ristretto255_scalar_sub", "crypto_core_ristretto255_scalar_mul",
    "crypto_core_ristretto255_scalar_reduce",
};
#define NAMES (sizeof names / sizeof names[0])
static crypto_hash_sha256_state digests[NAMES];

/* Feeds bytes into the digest of function `name`. */
static void feed(const char *name, const void *data, size_t len)
{
    for (size_t i = 0; i < NAMES; i++)
        if (strcmp(names[i], name) == 0) {
            crypto_hash_sha256_update(&digests[i], data, len);
            return;
        }
    fprintf(stderr, "internal error: %s is not in names[]\n", name);
    abort();
}
static void feed_rc(const char *name, int rc) { feed(name, &rc, sizeof rc); }

/* The inputs' own generator (splitmix64), never randombytes. */
static uint64_t input_state = 0x64726f70696eull;
static void rnd(void *out, size_t n)
{
    uint8_t *o = out;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t z = (input_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        for (size_t j = 0; j < 8 && i + j < n; j++) o[i + j] = (uint8_t)(z >> (8 * j));
    }
}
static unsigned rnd_below(unsigned n)
{
    uint32_t x;
    rnd(&x, sizeof x);
    return x % n;
}

/* ---- Ed25519 signatures ---- */

typedef int (*seed_keypair_fn)(unsigned char *, unsigned char *, const unsigned char *);
typedef int (*detached_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                           const unsigned char *);
typedef int (*verify_fn)(const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
typedef int (*open_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                       const unsigned char *);

/* One family (crypto_sign_ed25519_* or crypto_sign_*): the functions and their names. */
struct sign_family {
    const char *seed_keypair_name, *detached_name, *sign_name, *verify_name, *open_name;
    seed_keypair_fn seed_keypair;
    detached_fn detached, sign;
    verify_fn verify;
    open_fn open;
};

/* Verifies sig over m under pk with both the detached and the combined
 * (signed message) interfaces, the outputs and lengths fed to the digests. */
static void verify_both(const struct sign_family *f, const uint8_t *sig, const uint8_t *m, size_t mlen,
                        const uint8_t *pk, int null_outputs)
{
    static uint8_t sm[64 + 1100], out[1100];
    feed_rc(f->verify_name, f->verify(sig, m, mlen, pk));
    memcpy(sm, sig, 64);
    memcpy(sm + 64, m, mlen);
    memset(out, 0xaa, sizeof out);
    unsigned long long outlen = 12345;
    int rc = f->open(null_outputs ? NULL : out, null_outputs ? NULL : &outlen, sm, 64 + mlen, pk);
    feed_rc(f->open_name, rc);
    feed(f->open_name, out, mlen + 8);
    feed(f->open_name, &outlen, sizeof outlen);
}

static void sign_random(const struct sign_family *f, int rounds)
{
    static uint8_t m[1024], sm[64 + 1024];
    for (int i = 0; i < rounds; i++) {
        uint8_t seed[32], pk[32], sk[64], sig[64], bad[64], other[32];
        size_t mlen = i % 17 == 0 ? 0 : rnd_below(i % 5 == 0 ? 1024 : 160);
        rnd(seed, 32);
        rnd(m, mlen);
        feed_rc(f->seed_keypair_name, f->seed_keypair(pk, sk, seed));
        feed(f->seed_keypair_name, pk, 32);
        feed(f->seed_keypair_name, sk, 64);

        unsigned long long siglen = 777;
        feed_rc(f->detached_name, f->detached(sig, i % 2 ? &siglen : NULL, mlen ? m : NULL, mlen, sk));
        feed(f->detached_name, sig, 64);
        feed(f->detached_name, &siglen, sizeof siglen);

        unsigned long long smlen = 777;
        memset(sm, 0x33, sizeof sm);
        feed_rc(f->sign_name, f->sign(sm, &smlen, m, mlen, sk));
        feed(f->sign_name, sm, 64 + mlen);
        feed(f->sign_name, &smlen, sizeof smlen);
        CHECK(memcmp(sm, sig, 64) == 0);
        /* In place: the message already at the start of sm. */
        memcpy(sm, m, mlen);
        feed_rc(f->sign_name, f->sign(sm, NULL, sm, mlen, sk));
        feed(f->sign_name, sm, 64 + mlen);

        verify_both(f, sig, m, mlen, pk, i % 7 == 3);
        memcpy(bad, sig, 64);
        bad[rnd_below(64)] ^= (uint8_t)(1u << rnd_below(8));
        verify_both(f, bad, m, mlen, pk, i % 5 == 1);
        if (mlen) {
            m[rnd_below((unsigned)mlen)] ^= 0x20;
            verify_both(f, sig, m, mlen, pk, 0);
        }
        rnd(other, 32);
        verify_both(f, sig, m, mlen, other, 0);
    }
    /* A signed message shorter than a signature. */
    uint8_t out[8], pk[32] = {0};
    unsigned long long outlen = 99;
    feed_rc(f->open_name, f->open(out, &outlen, sm, 10, pk));
    feed(f->open_name, &outlen, sizeof outlen);
}

/* RFC 8032 (keys and signatures must equal the published ones) and the
 * Wycheproof and CCTV verification vectors (verdicts into the digests). */
static void sign_vectors(const struct sign_family *f, int argc, char **argv)
{
    struct vec_file v;
    static uint8_t msg[2048];
    uint8_t seed[32], pk[32], want_pk[32], sk[64], sig[64], want_sig[64];
    if (vec_open(&v, argc, argv, "rfc8032_ed25519.lines")) {
        while (vec_next(&v)) {
            if (v.nfields < 5) continue;
            hex_fixed(seed, 32, v.field[1]);
            hex_fixed(want_pk, 32, v.field[2]);
            long mlen = hex_decode(msg, sizeof msg, v.field[3]);
            hex_fixed(want_sig, 64, v.field[4]);
            CHECK(mlen >= 0);
            CHECK(f->seed_keypair(pk, sk, seed) == 0);
            CHECK_MEM(pk, want_pk, 32, v.field[0]);
            CHECK(f->detached(sig, NULL, msg, (unsigned long long)mlen, sk) == 0);
            CHECK_MEM(sig, want_sig, 64, v.field[0]);
            feed(f->detached_name, sig, 64);
            verify_both(f, sig, msg, (size_t)mlen, pk, 0);
        }
        vec_close(&v);
    }
    static const struct {
        const char *file;
        int pk, sig, msg;
    } sets[] = {{"wycheproof_ed25519.lines", 2, 3, 4}, {"cctv_ed25519.lines", 1, 2, 3}};
    for (size_t s = 0; s < 2; s++) {
        unsigned long count = 0;
        if (!vec_open(&v, argc, argv, sets[s].file)) continue;
        while (vec_next(&v)) {
            if (v.nfields <= sets[s].msg) continue;
            if (hex_decode(pk, 32, v.field[sets[s].pk]) != 32 || hex_decode(sig, 64, v.field[sets[s].sig]) != 64)
                continue; /* Wycheproof's wrong-length cases: the API takes fixed sizes */
            long mlen = hex_decode(msg, sizeof msg, v.field[sets[s].msg]);
            if (mlen < 0) continue;
            verify_both(f, sig, msg, (size_t)mlen, pk, 0);
            count++;
        }
        vec_close(&v);
        CHECK_CTX(count > 80, sets[s].file);
    }
}

/* The random keypair functions: sk = seed || pk, pk the seed's. */
static void sign_keypair_property(int (*keypair)(unsigned char *, unsigned char *), const char *name)
{
    uint8_t pk[32], sk[64], pk2[32], sk2[64], first[32];
    for (int i = 0; i < 8; i++) {
        CHECK(keypair(pk, sk) == 0);
        CHECK(memcmp(sk + 32, pk, 32) == 0);
        crypto_sign_ed25519_seed_keypair(pk2, sk2, sk);
        CHECK(memcmp(pk2, pk, 32) == 0);
        if (i == 0) memcpy(first, pk, 32);
        if (i > 0) CHECK(memcmp(first, pk, 32) != 0);
    }
    feed_rc(name, 0);
}

static void test_sign(int argc, char **argv)
{
    const struct sign_family ed = {"crypto_sign_ed25519_seed_keypair", "crypto_sign_ed25519_detached",
                                   "crypto_sign_ed25519", "crypto_sign_ed25519_verify_detached",
                                   "crypto_sign_ed25519_open", crypto_sign_ed25519_seed_keypair,
                                   crypto_sign_ed25519_detached, crypto_sign_ed25519,
                                   crypto_sign_ed25519_verify_detached, crypto_sign_ed25519_open};
    const struct sign_family def = {"crypto_sign_seed_keypair", "crypto_sign_detached", "crypto_sign",
                                    "crypto_sign_verify_detached", "crypto_sign_open", crypto_sign_seed_keypair,
                                    crypto_sign_detached, crypto_sign, crypto_sign_verify_detached,
                                    crypto_sign_open};
    sign_random(&ed, 200);
    sign_random(&def, 60);
    sign_vectors(&ed, argc, argv);
    sign_vectors(&def, argc, argv);
    sign_keypair_property(crypto_sign_ed25519_keypair, "crypto_sign_ed25519_keypair");
    sign_keypair_property(crypto_sign_keypair, "crypto_sign_keypair");
    for (int i = 0; i < 20; i++) {
        uint8_t sk[64], out[32];
        rnd(sk, 64);
        feed_rc("crypto_sign_ed25519_sk_to_seed", crypto_sign_ed25519_sk_to_seed(out, sk));
        feed("crypto_sign_ed25519_sk_to_seed", out, 32);
        feed_rc("crypto_sign_ed25519_sk_to_pk", crypto_sign_ed25519_sk_to_pk(out, sk));
        feed("crypto_sign_ed25519_sk_to_pk", out, 32);
    }
}

/* ---- points and scalars ---- */

/* Encodings every point function must see: the small-order points (with
 * and without the sign bit), non-canonical y (y = p, p + 1, 2^255 - 1),
 * zero, and negative (odd) ristretto255 values. */
static const char *const edge_points[] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000080",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "5866666666666666666666666666666666666666666666666666666666666666",
    "5866666666666666666666666666666666666666666666666666666666666666",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2df6",
    "0300000000000000000000000000000000000000000000000000000000000000",
};
#define EDGE_POINTS (sizeof edge_points / sizeof edge_points[0])

/* Scalars: 0, 1, 8, l - 1, l, l + 1, 2^252, 2^255 - 1, 2^256 - 1. */
static const char *const edge_scalars[] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "0800000000000000000000000000000000000000000000000000000000000000",
    "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",
    "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",
    "eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",
    "0000000000000000000000000000000000000000000000000000000000000010",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
};
#define EDGE_SCALARS (sizeof edge_scalars / sizeof edge_scalars[0])

#define POINTS (64 + 64 + EDGE_POINTS)
#define SCALARS (80 + EDGE_SCALARS)
static uint8_t ed_points[POINTS][32], rist_points[POINTS][32], scalars[SCALARS][32];

static void make_inputs(void)
{
    for (size_t i = 0; i < 64; i++) {
        uint8_t h[64];
        rnd(h, 32);
        crypto_core_ed25519_from_uniform(ed_points[i], h); /* not exported: libsodium's own */
        rnd(ed_points[64 + i], 32);                        /* mostly mixed order, or undecodable */
        rnd(h, 64);
        crypto_core_ristretto255_from_hash(rist_points[i], h);
        rnd(rist_points[64 + i], 32);
        rist_points[64 + i][0] &= 0xfe; /* even: some decode */
        if (i % 4 == 0) rist_points[i][31] |= 0x80;
    }
    for (size_t i = 0; i < EDGE_POINTS; i++) {
        hex_fixed(ed_points[128 + i], 32, edge_points[i]);
        memcpy(rist_points[128 + i], ed_points[128 + i], 32);
    }
    for (size_t i = 0; i < 80; i++) {
        rnd(scalars[i], 32);
        if (i % 3 == 0) scalars[i][31] &= 0x0f; /* canonical */
        if (i % 3 == 1) scalars[i][31] &= 0x1f;
    }
    for (size_t i = 0; i < EDGE_SCALARS; i++) hex_fixed(scalars[80 + i], 32, edge_scalars[i]);
}

typedef int (*binary_point_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*base_fn)(unsigned char *, const unsigned char *);

/* r = f(a, b) into a marked buffer (untouched outputs are visible). */
static void point_op(const char *name, binary_point_fn f, const uint8_t *a, const uint8_t *b)
{
    uint8_t r[32];
    memset(r, 0x5c, 32);
    feed_rc(name, f(r, a, b));
    feed(name, r, 32);
}

static void base_op(const char *name, base_fn f, const uint8_t *n)
{
    uint8_t r[32];
    memset(r, 0x5c, 32);
    feed_rc(name, f(r, n));
    feed(name, r, 32);
}

/* The scalar functions of one prefix ("crypto_core_ed25519_scalar_" or the
 * ristretto255 one), through the given functions. */
struct scalar_family {
    const char *prefix;
    int (*invert)(unsigned char *, const unsigned char *);
    void (*negate)(unsigned char *, const unsigned char *);
    void (*complement)(unsigned char *, const unsigned char *);
    void (*add)(unsigned char *, const unsigned char *, const unsigned char *);
    void (*sub)(unsigned char *, const unsigned char *, const unsigned char *);
    void (*mul)(unsigned char *, const unsigned char *, const unsigned char *);
    void (*reduce)(unsigned char *, const unsigned char *);
    void (*random)(unsigned char *);
};

static void scalar_ops(const struct scalar_family *f)
{
    char name[96];
#define NAME(op) (snprintf(name, sizeof name, "%s%s", f->prefix, op), name)
    uint8_t r[32], wide[64];
    for (size_t i = 0; i < SCALARS; i++) {
        const uint8_t *x = scalars[i], *y = scalars[(i * 7 + 3) % SCALARS];
        memset(r, 0x5c, 32);
        feed_rc(NAME("invert"), f->invert(r, x));
        feed(name, r, 32);
        f->negate(r, x);
        feed(NAME("negate"), r, 32);
        f->complement(r, x);
        feed(NAME("complement"), r, 32);
        f->add(r, x, y);
        feed(NAME("add"), r, 32);
        f->sub(r, x, y);
        feed(NAME("sub"), r, 32);
        f->mul(r, x, y);
        feed(NAME("mul"), r, 32);
        rnd(wide, 64);
        if (i == 0) memset(wide, 0xff, 64);
        if (i == 1) memset(wide, 0, 64), memcpy(wide, scalars[80 + 4], 32); /* l */
        f->reduce(r, wide);
        feed(NAME("reduce"), r, 32);
    }
    /* random: canonical (< l), nonzero, top three bits clear, not repeated. */
    static const uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, [31] = 0x10};
    uint8_t first[32];
    for (int k = 0; k < 64; k++) {
        f->random(r);
        int below = 0;
        for (int j = 31; j >= 0; j--)
            if (r[j] != l[j]) {
                below = r[j] < l[j];
                break;
            }
        CHECK(below);
        CHECK(r[31] <= 0x1f);
        static const uint8_t zero[32];
        CHECK(memcmp(r, zero, 32) != 0);
        if (k == 0) memcpy(first, r, 32);
        if (k > 0) CHECK(memcmp(first, r, 32) != 0);
    }
    feed_rc(NAME("random"), 0);
#undef NAME
}

static void test_points(void)
{
    make_inputs();
    for (size_t i = 0; i < POINTS; i++) {
        const uint8_t *p = ed_points[i], *q = ed_points[(i * 11 + 5) % POINTS];
        feed_rc("crypto_core_ed25519_is_valid_point", crypto_core_ed25519_is_valid_point(p));
        point_op("crypto_core_ed25519_add", crypto_core_ed25519_add, p, q);
        point_op("crypto_core_ed25519_sub", crypto_core_ed25519_sub, p, q);
        point_op("crypto_core_ed25519_sub", crypto_core_ed25519_sub, p, p);
        for (size_t k = 0; k < 3; k++) {
            const uint8_t *n = scalars[(i * 3 + k) % SCALARS];
            point_op("crypto_scalarmult_ed25519", crypto_scalarmult_ed25519, n, p);
            point_op("crypto_scalarmult_ed25519_noclamp", crypto_scalarmult_ed25519_noclamp, n, p);
        }
    }
    for (size_t i = 0; i < SCALARS; i++) {
        base_op("crypto_scalarmult_ed25519_base", crypto_scalarmult_ed25519_base, scalars[i]);
        base_op("crypto_scalarmult_ed25519_base_noclamp", crypto_scalarmult_ed25519_base_noclamp, scalars[i]);
        base_op("crypto_scalarmult_ristretto255_base", crypto_scalarmult_ristretto255_base, scalars[i]);
    }
    for (size_t i = 0; i < POINTS; i++) {
        const uint8_t *p = rist_points[i], *q = rist_points[(i * 11 + 5) % POINTS];
        feed_rc("crypto_core_ristretto255_is_valid_point", crypto_core_ristretto255_is_valid_point(p));
        point_op("crypto_core_ristretto255_add", crypto_core_ristretto255_add, p, q);
        point_op("crypto_core_ristretto255_sub", crypto_core_ristretto255_sub, p, q);
        for (size_t k = 0; k < 3; k++)
            point_op("crypto_scalarmult_ristretto255", crypto_scalarmult_ristretto255,
                     scalars[(i * 3 + k) % SCALARS], p);
        uint8_t h[64], r[32];
        rnd(h, 64);
        if (i == 0) memset(h, 0, 64);
        if (i == 1) memset(h, 0xff, 64);
        feed_rc("crypto_core_ristretto255_from_hash", crypto_core_ristretto255_from_hash(r, h));
        feed("crypto_core_ristretto255_from_hash", r, 32);
    }
    for (int k = 0; k < 32; k++) {
        uint8_t r[32];
        crypto_core_ristretto255_random(r);
        CHECK(crypto_core_ristretto255_is_valid_point(r) == 1);
    }
    feed_rc("crypto_core_ristretto255_random", 0);

    const struct scalar_family ed = {"crypto_core_ed25519_scalar_", crypto_core_ed25519_scalar_invert,
                                     crypto_core_ed25519_scalar_negate, crypto_core_ed25519_scalar_complement,
                                     crypto_core_ed25519_scalar_add, crypto_core_ed25519_scalar_sub,
                                     crypto_core_ed25519_scalar_mul, crypto_core_ed25519_scalar_reduce,
                                     crypto_core_ed25519_scalar_random};
    const struct scalar_family rist = {
        "crypto_core_ristretto255_scalar_", crypto_core_ristretto255_scalar_invert,
        crypto_core_ristretto255_scalar_negate, crypto_core_ristretto255_scalar_complement,
        crypto_core_ristretto255_scalar_add, crypto_core_ristretto255_scalar_sub,
        crypto_core_ristretto255_scalar_mul, crypto_core_ristretto255_scalar_reduce,
        crypto_core_ristretto255_scalar_random};
    scalar_ops(&ed);
    scalar_ops(&rist);
}

/* The file dlsym finds `name` in: the preload or libsodium. */
static const char *provider(const char *name)
{
    void *sym = dlsym(RTLD_DEFAULT, name);
    Dl_info info;
    if (!sym || !dladdr(sym, &info) || !info.dli_fname) return "(none)";
    return info.dli_fname;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < NAMES; i++) printf("%s\n", names[i]);
        return 0;
    }
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    for (size_t i = 0; i < NAMES; i++) crypto_hash_sha256_init(&digests[i]);
    test_sign(argc, argv);
    test_points();
    for (size_t i = 0; i < NAMES; i++) {
        uint8_t d[32];
        crypto_hash_sha256_final(&digests[i], d);
        printf("digest %s ", names[i]);
        for (int k = 0; k < 32; k++) printf("%02x", d[k]);
        printf("\n");
    }
    for (size_t i = 0; i < NAMES; i++) printf("provider %s %s\n", names[i], provider(names[i]));
    /* A function the drop-in does not export stays libsodium's. */
    printf("control crypto_core_ed25519_from_uniform %s\n", provider("crypto_core_ed25519_from_uniform"));
    return check_summary("test_sodium_dropin");
}
