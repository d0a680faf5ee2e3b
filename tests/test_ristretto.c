/* The ristretto255 functions (include/ecx/ristretto.h) on every usable
 * backend, through the public API after ecx_backend_select, with libsodium
 * (crypto_core_ristretto255_*, crypto_scalarmult_ristretto255*) as the
 * oracle:
 *   - RFC 9496, appendix A: A.1 the encodings of [0]B .. [15]B (by
 *     scalarmult_base, scalarmult and repeated addition), A.2 every invalid
 *     encoding (rejected by is_valid and by every function taking a point,
 *     the output untouched; in msm at each of 6 positions, every lane of
 *     the several-point decoder), A.3 the one-way map vectors. Each vector is
 *     checked against libsodium too;
 *   - is_valid against crypto_core_ristretto255_is_valid_point on random
 *     strings, on valid encodings with one bit flipped, and on the
 *     non-canonical s + p and 2p - s; libsodium 1.0.18 ignores bit 255,
 *     which RFC 9496 rejects, so the oracle's verdict is taken with that
 *     bit clear, and valid encodings with it set are checked separately;
 *   - add, sub, scalarmult, scalarmult_base and from_uniform against
 *     libsodium on seeded random inputs (libsodium's scalarmult returns -1
 *     for an identity result: the identity encoding is expected then);
 *   - msm_vartime against a sum of libsodium products for n = 0, 1, 2, 3,
 *     17, 64 and 300 (Straus and Pippenger: msm.h switches at 176 points,
 *     44 on ifma, 132 on avx2);
 *   - edge cases: the identity as every input, scalars 0, 1, l - 1 and the
 *     invalid l, l + 1, 2^255 - 1, 2^256 - 1; P + (-P); outputs aliasing
 *     inputs; NULL arguments; msm with n = 0 and NULL arrays; inputs in
 *     exactly-sized heap buffers (for the sanitizer build);
 *   - every backend byte-identical to the first.
 * ECX_TEST_ITERATIONS scales the random loops.
 */
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ecx/ristretto.h"
#include "ed25519_common.h"

static const char *names[MAX_BACKENDS];
static size_t nbackends;
static const char *backend_now = "";

static const uint8_t IDENTITY[32] = {0};

/* RFC 9496, appendix A.1: the encodings of [k]B, k = 0 .. 15. */
static const char *const A1_MULTIPLES[16] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
};

/* RFC 9496, appendix A.2: encodings every decoder must reject. */
#define N_INVALID 29
static const char *const A2_INVALID[N_INVALID] = {
    /* non-canonical field encodings */
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    /* negative field elements */
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    /* non-square x^2 */
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    /* negative x y */
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    /* s = -1, which gives y = 0 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

/* RFC 9496, appendix A.3: the one-way map; the last four inputs all map to
 * the same element. */
#define N_MAP 11
static const struct {
    const char *in, *out;
} A3_MAP[N_MAP] = {
    {"5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c1"
     "4d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6",
     "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46"},
    {"f116b34b8f17ceb56e8732a60d913dd10cce47a6d53bee9204be8b44f6678b27"
     "0102a56902e2488c46120e9276cfe54638286b9e4b3cdb470b542d46c2068d38",
     "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b"},
    {"8422e1bbdaab52938b81fd602effb6f89110e1e57208ad12d9ad767e2e25510c"
     "27140775f9337088b982d83d7fcf0b2fa1edffe51952cbe7365e95c86eaf325c",
     "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826"},
    {"ac22415129b61427bf464e17baee8db65940c233b98afce8d17c57beeb7876c2"
     "150d15af1cb1fb824bbd14955f2b57d08d388aab431a391cfc33d5bafb5dbbaf",
     "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a"},
    {"165d697a1ef3d5cf3c38565beefcf88c0f282b8e7dbd28544c483432f1cec767"
     "5debea8ebb4e5fe7d6f6e5db15f15587ac4d4d4a1de7191e0c1ca6664abcc413",
     "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179"},
    {"a836e6c9a9ca9f1e8d486273ad56a78c70cf18f0ce10abb1c7172ddd605d7fd2"
     "979854f47ae1ccf204a33102095b4200e5befc0465accc263175485f0e17ea5c",
     "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628"},
    {"2cdc11eaeb95daf01189417cdddbf95952993aa9cb9c640eb5058d09702c7462"
     "2c9965a697a3b345ec24ee56335b556e677b30e6f90ac77d781064f866a3c982",
     "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065"},
    {"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "1200000000000000000000000000000000000000000000000000000000000000",
     "304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f"},
    {"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
     "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f"},
    {"0000000000000000000000000000000000000000000000000000000000000080"
     "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
     "304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f"},
    {"0000000000000000000000000000000000000000000000000000000000000000"
     "1200000000000000000000000000000000000000000000000000000000000080",
     "304282791023b73128d277bdcb5c7746ef2eac08dde9f2983379cb8e5ef0517f"},
};

/* ------------------------------------------------------------ helpers */

/* A context string naming the backend, a case and its index. */
static const char *at(const char *what, long i)
{
    return ctx("%s backend=%s case=%ld", what, backend_now, i);
}

static void small_scalar(uint8_t s[32], unsigned k)
{
    memset(s, 0, 32);
    s[0] = (uint8_t)k;
    s[1] = (uint8_t)(k >> 8);
}

/* A seeded random scalar below l. */
static void random_scalar(uint8_t s[32])
{
    uint8_t wide[64];
    check_random_bytes(wide, 64);
    crypto_core_ristretto255_scalar_reduce(s, wide);
}

/* A seeded random element (libsodium's map of random bytes). */
static void random_point(uint8_t p[32])
{
    uint8_t h[64];
    check_random_bytes(h, 64);
    crypto_core_ristretto255_from_hash(p, h);
}

/* libsodium's [s]B and [s]P, with the identity for its -1 on an identity
 * result (inputs here are always valid). */
static void ref_base(uint8_t q[32], const uint8_t s[32])
{
    if (crypto_scalarmult_ristretto255_base(q, s) != 0) memcpy(q, IDENTITY, 32);
}

static void ref_mul(uint8_t q[32], const uint8_t s[32], const uint8_t p[32])
{
    if (crypto_scalarmult_ristretto255(q, s, p) != 0) memcpy(q, IDENTITY, 32);
}

/* libsodium's verdict as a status, with bit 255 required clear: RFC 9496,
 * section 4.3.1, rejects every value >= p, but libsodium 1.0.18 ignores
 * bit 255 (it accepts a valid encoding with that bit set). */
static int ref_valid(const uint8_t p[32])
{
    if (p[31] & 0x80) return ECX_ERR_INVALID;
    return crypto_core_ristretto255_is_valid_point(p) == 1 ? ECX_OK : ECX_ERR_INVALID;
}

/* r = sum [s_j] P_j with libsodium, one product at a time. */
static void ref_msm(uint8_t r[32], size_t n, const uint8_t (*s)[32], const uint8_t (*p)[32])
{
    uint8_t t[32];
    memcpy(r, IDENTITY, 32);
    for (size_t j = 0; j < n; j++) {
        ref_mul(t, s[j], p[j]);
        CHECK(crypto_core_ristretto255_add(r, r, t) == 0);
    }
}

/* ------------------------------------------------------------ RFC 9496 */

static void test_a1_multiples(void)
{
    uint8_t B[32], want[32], s[32], r[32], acc[32];
    hex_fixed(B, 32, A1_MULTIPLES[1]);
    memcpy(acc, IDENTITY, 32);
    for (unsigned k = 0; k < 16; k++) {
        const char *c = at("A.1", k);
        hex_fixed(want, 32, A1_MULTIPLES[k]);
        small_scalar(s, k);
        ref_base(r, s); /* the vector against libsodium */
        CHECK_MEM(r, want, 32, c);
        CHECK_STATUS(ref_valid(want), ECX_OK, c);

        CHECK_STATUS(ecx_ristretto255_is_valid(want), ECX_OK, c);
        CHECK_STATUS(ecx_ristretto255_scalarmult_base(r, s), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
        CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, B), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
        CHECK_MEM(acc, want, 32, c);
        if (k > 0) { /* [k]B - B = [k - 1]B */
            uint8_t prev[32];
            hex_fixed(prev, 32, A1_MULTIPLES[k - 1]);
            CHECK_STATUS(ecx_ristretto255_sub(r, want, B), ECX_OK, c);
            CHECK_MEM(r, prev, 32, c);
        }
        CHECK_STATUS(ecx_ristretto255_add(acc, acc, B), ECX_OK, c);
    }
}

/* Every function taking a point rejects `bad`, leaving its output alone. */
static void check_rejected_everywhere(const uint8_t bad[32], const char *c)
{
    static const uint8_t one[32] = {1};
    uint8_t B[32], r[32], sentinel[32], s2[2][32], p2[2][32];
    hex_fixed(B, 32, A1_MULTIPLES[1]);
    memset(sentinel, 0xa5, 32);
    memcpy(s2[0], one, 32), memcpy(s2[1], one, 32);
    memcpy(p2[0], B, 32), memcpy(p2[1], bad, 32);

    CHECK_STATUS(ecx_ristretto255_is_valid(bad), ECX_ERR_INVALID, c);
#define REJECTS(call)                                                                              \
    do {                                                                                           \
        memcpy(r, sentinel, 32);                                                                   \
        CHECK_STATUS(call, ECX_ERR_INVALID, c);                                                    \
        CHECK_MEM(r, sentinel, 32, c);                                                             \
    } while (0)
    REJECTS(ecx_ristretto255_add(r, bad, B));
    REJECTS(ecx_ristretto255_add(r, B, bad));
    REJECTS(ecx_ristretto255_sub(r, bad, B));
    REJECTS(ecx_ristretto255_sub(r, B, bad));
    REJECTS(ecx_ristretto255_scalarmult(r, one, bad));
    REJECTS(ecx_ristretto255_msm_vartime(r, 1, (const uint8_t(*)[32])s2, (const uint8_t(*)[32])p2 + 1));
    REJECTS(ecx_ristretto255_msm_vartime(r, 2, (const uint8_t(*)[32])s2, (const uint8_t(*)[32])p2));
    /* In every lane of the decoders that take several points at once
     * (four on the vector backends, field_lanes.h) and in the group after. */
    uint8_t s6[6][32], p6[6][32];
    for (int k = 0; k < 6; k++) {
        for (int j = 0; j < 6; j++) memcpy(s6[j], one, 32), memcpy(p6[j], j == k ? bad : B, 32);
        REJECTS(ecx_ristretto255_msm_vartime(r, 6, (const uint8_t(*)[32])s6, (const uint8_t(*)[32])p6));
    }
#undef REJECTS
}

static void test_a2_invalid(void)
{
    uint8_t bad[32];
    for (int i = 0; i < N_INVALID; i++) {
        const char *c = at("A.2", i);
        hex_fixed(bad, 32, A2_INVALID[i]);
        CHECK_STATUS(ref_valid(bad), ECX_ERR_INVALID, c);
        check_rejected_everywhere(bad, c);
    }
}

static void test_a3_map(void)
{
    uint8_t h[64], want[32], r[32];
    for (int i = 0; i < N_MAP; i++) {
        const char *c = at("A.3", i);
        hex_fixed(h, 64, A3_MAP[i].in);
        hex_fixed(want, 32, A3_MAP[i].out);
        crypto_core_ristretto255_from_hash(r, h);
        CHECK_MEM(r, want, 32, c);
        memset(r, 0, 32);
        CHECK_STATUS(ecx_ristretto255_from_uniform(r, h), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
    }
}

/* ------------------------------------------------------- is_valid */

/* 2p - s over 256 bits, for an s < p: congruent to -s, even when s is, so
 * only the canonicity check rejects it. */
static void two_p_minus(uint8_t r[32], const uint8_t s[32])
{
    static const uint8_t two_p[32] = {
        0xda, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    int borrow = 0;
    for (int i = 0; i < 32; i++) {
        int d = two_p[i] - s[i] - borrow;
        r[i] = (uint8_t)d;
        borrow = d < 0;
    }
}

static void test_is_valid(void)
{
    uint8_t s[32], p[32];
    unsigned long n = test_iterations(2000), valid = 0;
    for (unsigned long i = 0; i < n; i++) {
        check_random_bytes(s, 32);
        if (i % 2) { /* even and below 2^255, so about one in four decodes */
            s[0] &= 0xfe;
            s[31] &= 0x7f;
        }
        int want = ref_valid(s);
        valid += want == ECX_OK;
        CHECK_STATUS(ecx_ristretto255_is_valid(s), want, at("is_valid random", (long)i));
    }
    CHECK_CTX(valid > n / 16, at("is_valid: random strings include valid ones", (long)valid));

    /* Valid encodings with one bit flipped. */
    for (int i = 0; i < 16; i++) {
        random_point(p);
        if (i == 0) memcpy(p, IDENTITY, 32);
        CHECK_STATUS(ecx_ristretto255_is_valid(p), ECX_OK, at("is_valid point", i));
        for (int bit = 0; bit < 256; bit++) {
            memcpy(s, p, 32);
            s[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            CHECK_STATUS(ecx_ristretto255_is_valid(s), ref_valid(s), at("is_valid flipped bit", i * 256 + bit));
        }
    }

    /* Valid encodings with bit 255 set, which libsodium 1.0.18 accepts. */
    for (int k = 0; k < 16; k++) {
        hex_fixed(s, 32, A1_MULTIPLES[k]);
        s[31] |= 0x80;
        check_rejected_everywhere(s, at("bit 255 set", k));
    }

    /* The non-canonical s + p (s < 19) and 2p - s of valid encodings. */
    for (unsigned k = 0; k < 19; k++) {
        memset(s, 0xff, 32);
        s[31] = 0x7f;
        s[0] = (uint8_t)(0xed + k);
        CHECK_STATUS(ecx_ristretto255_is_valid(s), ECX_ERR_INVALID, at("is_valid s + p", k));
        CHECK_STATUS(ref_valid(s), ECX_ERR_INVALID, at("libsodium s + p", k));
    }
    for (int k = 0; k < 16; k++) {
        hex_fixed(p, 32, A1_MULTIPLES[k]);
        two_p_minus(s, p);
        CHECK_STATUS(ecx_ristretto255_is_valid(s), ECX_ERR_INVALID, at("is_valid 2p - s", k));
        check_rejected_everywhere(s, at("2p - s everywhere", k));
    }
}

/* ------------------------------------------------ random vs libsodium */

static void test_random_ops(void)
{
    unsigned long n = test_iterations(150);
    for (unsigned long i = 0; i < n; i++) {
        uint8_t p[32], q[32], s[32], h[64], want[32], r[32];
        const char *c;
        random_point(p);
        random_point(q);
        random_scalar(s);
        check_random_bytes(h, 64);
        if (i % 8 == 1) s[31] = 0, s[30] = 0; /* short scalars */
        if (i % 8 == 2) memset(s + 8, 0, 24);

        c = at("add", (long)i);
        CHECK(crypto_core_ristretto255_add(want, p, q) == 0);
        CHECK_STATUS(ecx_ristretto255_add(r, p, q), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
        c = at("sub", (long)i);
        CHECK(crypto_core_ristretto255_sub(want, p, q) == 0);
        CHECK_STATUS(ecx_ristretto255_sub(r, p, q), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
        c = at("scalarmult", (long)i);
        ref_mul(want, s, p);
        CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, p), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
        c = at("scalarmult_base", (long)i);
        ref_base(want, s);
        CHECK_STATUS(ecx_ristretto255_scalarmult_base(r, s), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
        c = at("from_uniform", (long)i);
        if (i % 16 == 3) memset(h, 0xff, 32);  /* halves above p */
        if (i % 16 == 4) memset(h + 32, 0, 32); /* a zero half */
        crypto_core_ristretto255_from_hash(want, h);
        CHECK_STATUS(ecx_ristretto255_from_uniform(r, h), ECX_OK, c);
        CHECK_MEM(r, want, 32, c);
    }
}

/* msm against the sum of libsodium's products. Some entries get a zero,
 * one or short scalar, or the identity as point. */
static void test_msm(void)
{
    static const size_t sizes[] = {0, 1, 2, 3, 17, 64, 300};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        uint8_t(*s)[32] = malloc((n ? n : 1) * 32), (*p)[32] = malloc((n ? n : 1) * 32);
        uint8_t want[32], r[32];
        if (!s || !p) abort();
        for (size_t j = 0; j < n; j++) {
            random_scalar(s[j]);
            random_point(p[j]);
            if (j % 11 == 5) memset(s[j], 0, 32);
            if (j % 13 == 6) small_scalar(s[j], 1);
            if (j % 7 == 3) memset(s[j] + 16, 0, 16);
            if (j % 17 == 8) memcpy(p[j], IDENTITY, 32);
        }
        ref_msm(want, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p);
        memset(r, 0xa5, 32);
        CHECK_STATUS(ecx_ristretto255_msm_vartime(r, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p), ECX_OK,
                     at("msm", (long)n));
        CHECK_MEM(r, want, 32, at("msm", (long)n));
        free(s);
        free(p);
    }
}

/* ------------------------------------------------------- edge cases */

/* A scalar that must be rejected: l, l + 1, 2^255 - 1, 2^256 - 1, l + 2^200. */
#define N_BAD_SCALARS 5
static void bad_scalar(uint8_t s[32], int k)
{
    switch (k) {
    case 0: memcpy(s, ED_L, 32); break;
    case 1: memcpy(s, ED_L, 32); s[0]++; break;
    case 2: memset(s, 0xff, 32); s[31] = 0x7f; break;
    case 3: memset(s, 0xff, 32); break;
    default: memcpy(s, ED_L, 32); s[25] = 1; break;
    }
}

static void test_scalar_edges(void)
{
    uint8_t B[32], P[32], minus_P[32], minus_B[32], s[32], r[32], want[32];
    hex_fixed(B, 32, A1_MULTIPLES[1]);
    random_point(P);
    CHECK(crypto_core_ristretto255_sub(minus_P, IDENTITY, P) == 0);
    CHECK(crypto_core_ristretto255_sub(minus_B, IDENTITY, B) == 0);

    small_scalar(s, 0);
    CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, P), ECX_OK, at("[0]P", 0));
    CHECK_MEM(r, IDENTITY, 32, at("[0]P", 0));
    CHECK_STATUS(ecx_ristretto255_scalarmult_base(r, s), ECX_OK, at("[0]B", 0));
    CHECK_MEM(r, IDENTITY, 32, at("[0]B", 0));
    small_scalar(s, 1);
    CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, P), ECX_OK, at("[1]P", 0));
    CHECK_MEM(r, P, 32, at("[1]P", 0));
    memcpy(s, ED_L, 32);
    s[0]--;
    CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, P), ECX_OK, at("[l-1]P", 0));
    CHECK_MEM(r, minus_P, 32, at("[l-1]P", 0));
    CHECK_STATUS(ecx_ristretto255_scalarmult_base(r, s), ECX_OK, at("[l-1]B", 0));
    CHECK_MEM(r, minus_B, 32, at("[l-1]B", 0));

    /* A scalar >= l: ECX_ERR_INVALID, and the identity in r (the product
     * runs on a zeroed scalar); msm leaves r alone. */
    for (int k = 0; k < N_BAD_SCALARS; k++) {
        const char *c = at("scalar >= l", k);
        uint8_t sentinel[32], one_p[1][32], one_s[1][32];
        bad_scalar(s, k);
        memset(sentinel, 0xa5, 32);
        memcpy(r, sentinel, 32);
        CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, P), ECX_ERR_INVALID, c);
        CHECK_MEM(r, IDENTITY, 32, c);
        memcpy(r, sentinel, 32);
        CHECK_STATUS(ecx_ristretto255_scalarmult_base(r, s), ECX_ERR_INVALID, c);
        CHECK_MEM(r, IDENTITY, 32, c);
        memcpy(one_p[0], P, 32);
        memcpy(one_s[0], s, 32);
        memcpy(r, sentinel, 32);
        CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 1, (const uint8_t(*)[32])one_s, (const uint8_t(*)[32])one_p),
                     ECX_ERR_INVALID, c);
        CHECK_MEM(r, sentinel, 32, c);
        /* An invalid point wins over an invalid scalar, untouched r. */
        uint8_t bad[32];
        hex_fixed(bad, 32, A2_INVALID[k]);
        memcpy(r, sentinel, 32);
        CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, bad), ECX_ERR_INVALID, c);
        CHECK_MEM(r, sentinel, 32, c);
    }

    /* Random scalars: [s]P + [l - s]P = 0 via libsodium's scalar ops. */
    for (int i = 0; i < 8; i++) {
        uint8_t t[32], a[32], b[32];
        random_scalar(s);
        crypto_core_ristretto255_scalar_negate(t, s);
        CHECK_STATUS(ecx_ristretto255_scalarmult(a, s, P), ECX_OK, at("[s]P", i));
        CHECK_STATUS(ecx_ristretto255_scalarmult(b, t, P), ECX_OK, at("[-s]P", i));
        CHECK_STATUS(ecx_ristretto255_add(r, a, b), ECX_OK, at("[s]P + [-s]P", i));
        CHECK_MEM(r, IDENTITY, 32, at("[s]P + [-s]P", i));
        ref_mul(want, t, P);
        CHECK_MEM(b, want, 32, at("[-s]P", i));
    }
}

static void test_identity_edges(void)
{
    uint8_t P[32], Q[32], minus_P[32], s[32], r[32];
    const uint8_t *I = IDENTITY;
    random_point(P);
    random_point(Q);
    random_scalar(s);
    CHECK(crypto_core_ristretto255_sub(minus_P, I, P) == 0);

    CHECK_STATUS(ecx_ristretto255_is_valid(I), ECX_OK, at("identity valid", 0));
    /* x OP y = want, the identity on one side or as the result. */
    const struct {
        const char *what;
        int (*op)(uint8_t r[32], const uint8_t x[32], const uint8_t y[32]);
        const uint8_t *x, *y, *want;
    } cases[] = {
        {"I + I", ecx_ristretto255_add, I, I, I},           {"I + P", ecx_ristretto255_add, I, P, P},
        {"P + I", ecx_ristretto255_add, P, I, P},           {"P - I", ecx_ristretto255_sub, P, I, P},
        {"I - P", ecx_ristretto255_sub, I, P, minus_P},     {"P + (-P)", ecx_ristretto255_add, P, minus_P, I},
        {"P - P", ecx_ristretto255_sub, P, P, I},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        CHECK_STATUS(cases[k].op(r, cases[k].x, cases[k].y), ECX_OK, at(cases[k].what, 0));
        CHECK_MEM(r, cases[k].want, 32, at(cases[k].what, 0));
    }
    CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, I), ECX_OK, at("[s]I", 0));
    CHECK_MEM(r, I, 32, at("[s]I", 0));

    uint8_t ss[3][32], pp[3][32], want[32];
    memcpy(ss[0], s, 32), memset(ss[1], 0, 32), random_scalar(ss[2]);
    memcpy(pp[0], I, 32), memcpy(pp[1], P, 32), memcpy(pp[2], Q, 32);
    ref_mul(want, ss[2], Q);
    CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 3, (const uint8_t(*)[32])ss, (const uint8_t(*)[32])pp), ECX_OK,
                 at("msm with identity and zero", 0));
    CHECK_MEM(r, want, 32, at("msm with identity and zero", 0));
}

/* Outputs aliasing inputs give the same results as separate buffers. */
static void test_aliasing(void)
{
    uint8_t P[32], Q[32], s[32], h[64], buf[64], want[32];
    random_point(P);
    random_point(Q);
    random_scalar(s);
    check_random_bytes(h, 64);

    CHECK(crypto_core_ristretto255_add(want, P, Q) == 0);
    memcpy(buf, P, 32);
    CHECK_STATUS(ecx_ristretto255_add(buf, buf, Q), ECX_OK, at("add r = p", 0));
    CHECK_MEM(buf, want, 32, at("add r = p", 0));
    memcpy(buf, Q, 32);
    CHECK_STATUS(ecx_ristretto255_add(buf, P, buf), ECX_OK, at("add r = q", 0));
    CHECK_MEM(buf, want, 32, at("add r = q", 0));
    CHECK(crypto_core_ristretto255_add(want, P, P) == 0);
    memcpy(buf, P, 32);
    CHECK_STATUS(ecx_ristretto255_add(buf, buf, buf), ECX_OK, at("add r = p = q", 0));
    CHECK_MEM(buf, want, 32, at("add r = p = q", 0));
    CHECK(crypto_core_ristretto255_sub(want, P, Q) == 0);
    memcpy(buf, Q, 32);
    CHECK_STATUS(ecx_ristretto255_sub(buf, P, buf), ECX_OK, at("sub r = q", 0));
    CHECK_MEM(buf, want, 32, at("sub r = q", 0));
    memcpy(buf, P, 32);
    CHECK_STATUS(ecx_ristretto255_sub(buf, buf, buf), ECX_OK, at("sub r = p = q", 0));
    CHECK_MEM(buf, IDENTITY, 32, at("sub r = p = q", 0));

    ref_mul(want, s, P);
    memcpy(buf, s, 32);
    CHECK_STATUS(ecx_ristretto255_scalarmult(buf, buf, P), ECX_OK, at("scalarmult r = s", 0));
    CHECK_MEM(buf, want, 32, at("scalarmult r = s", 0));
    memcpy(buf, P, 32);
    CHECK_STATUS(ecx_ristretto255_scalarmult(buf, s, buf), ECX_OK, at("scalarmult r = p", 0));
    CHECK_MEM(buf, want, 32, at("scalarmult r = p", 0));
    ref_base(want, s);
    memcpy(buf, s, 32);
    CHECK_STATUS(ecx_ristretto255_scalarmult_base(buf, buf), ECX_OK, at("scalarmult_base r = s", 0));
    CHECK_MEM(buf, want, 32, at("scalarmult_base r = s", 0));
    crypto_core_ristretto255_from_hash(want, h);
    memcpy(buf, h, 64);
    CHECK_STATUS(ecx_ristretto255_from_uniform(buf, buf), ECX_OK, at("from_uniform r = h", 0));
    CHECK_MEM(buf, want, 32, at("from_uniform r = h", 0));
    memcpy(buf, h, 64);
    CHECK_STATUS(ecx_ristretto255_from_uniform(buf + 32, buf), ECX_OK, at("from_uniform r = h + 32", 0));
    CHECK_MEM(buf + 32, want, 32, at("from_uniform r = h + 32", 0));

    /* msm writing over its first point, then over its first scalar. */
    uint8_t ss[2][32], pp[2][32];
    memcpy(ss[0], s, 32), random_scalar(ss[1]);
    memcpy(pp[0], P, 32), memcpy(pp[1], Q, 32);
    ref_msm(want, 2, (const uint8_t(*)[32])ss, (const uint8_t(*)[32])pp);
    CHECK_STATUS(ecx_ristretto255_msm_vartime(pp[0], 2, (const uint8_t(*)[32])ss, (const uint8_t(*)[32])pp),
                 ECX_OK, at("msm r = points[0]", 0));
    CHECK_MEM(pp[0], want, 32, at("msm r = points[0]", 0));
    memcpy(pp[0], P, 32);
    CHECK_STATUS(ecx_ristretto255_msm_vartime(ss[0], 2, (const uint8_t(*)[32])ss, (const uint8_t(*)[32])pp),
                 ECX_OK, at("msm r = scalars[0]", 0));
    CHECK_MEM(ss[0], want, 32, at("msm r = scalars[0]", 0));
}

/* NULL arguments, n = 0 with NULL arrays, and every input in a heap buffer
 * of exactly its size (the sanitizer build catches reads past it). */
static void test_arguments(void)
{
    uint8_t P[32], s[32], h[64], r[32], want[32];
    random_point(P);
    random_scalar(s);
    check_random_bytes(h, 64);
    const uint8_t(*ss)[32] = (const uint8_t(*)[32])s, (*pp)[32] = (const uint8_t(*)[32])P;

    CHECK_STATUS(ecx_ristretto255_is_valid(NULL), ECX_ERR_INVALID, at("NULL", 0));
    CHECK_STATUS(ecx_ristretto255_add(NULL, P, P), ECX_ERR_INVALID, at("NULL", 1));
    CHECK_STATUS(ecx_ristretto255_add(r, NULL, P), ECX_ERR_INVALID, at("NULL", 2));
    CHECK_STATUS(ecx_ristretto255_add(r, P, NULL), ECX_ERR_INVALID, at("NULL", 3));
    CHECK_STATUS(ecx_ristretto255_sub(NULL, P, P), ECX_ERR_INVALID, at("NULL", 4));
    CHECK_STATUS(ecx_ristretto255_sub(r, NULL, P), ECX_ERR_INVALID, at("NULL", 5));
    CHECK_STATUS(ecx_ristretto255_sub(r, P, NULL), ECX_ERR_INVALID, at("NULL", 6));
    CHECK_STATUS(ecx_ristretto255_scalarmult(NULL, s, P), ECX_ERR_INVALID, at("NULL", 7));
    CHECK_STATUS(ecx_ristretto255_scalarmult(r, NULL, P), ECX_ERR_INVALID, at("NULL", 8));
    CHECK_STATUS(ecx_ristretto255_scalarmult(r, s, NULL), ECX_ERR_INVALID, at("NULL", 9));
    CHECK_STATUS(ecx_ristretto255_scalarmult_base(NULL, s), ECX_ERR_INVALID, at("NULL", 10));
    CHECK_STATUS(ecx_ristretto255_scalarmult_base(r, NULL), ECX_ERR_INVALID, at("NULL", 11));
    CHECK_STATUS(ecx_ristretto255_from_uniform(NULL, h), ECX_ERR_INVALID, at("NULL", 12));
    CHECK_STATUS(ecx_ristretto255_from_uniform(r, NULL), ECX_ERR_INVALID, at("NULL", 13));
    CHECK_STATUS(ecx_ristretto255_msm_vartime(NULL, 1, ss, pp), ECX_ERR_INVALID, at("NULL", 14));
    CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 1, NULL, pp), ECX_ERR_INVALID, at("NULL", 15));
    CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 1, ss, NULL), ECX_ERR_INVALID, at("NULL", 16));
    CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 1, NULL, NULL), ECX_ERR_INVALID, at("NULL", 17));
    CHECK_STATUS(ecx_ristretto255_msm_vartime(NULL, 0, NULL, NULL), ECX_ERR_INVALID, at("NULL", 18));
    memset(r, 0xa5, 32);
    CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 0, NULL, NULL), ECX_OK, at("msm n = 0 NULL arrays", 0));
    CHECK_MEM(r, IDENTITY, 32, at("msm n = 0 NULL arrays", 0));
    memset(r, 0xa5, 32);
    CHECK_STATUS(ecx_ristretto255_msm_vartime(r, 0, ss, pp), ECX_OK, at("msm n = 0", 0));
    CHECK_MEM(r, IDENTITY, 32, at("msm n = 0", 0));

    uint8_t *xp = dup_exact(P, 32), *xs = dup_exact(s, 32), *xh = dup_exact(h, 64), *xr = dup_exact(r, 32);
    CHECK_STATUS(ecx_ristretto255_is_valid(xp), ECX_OK, at("exact buffers", 0));
    CHECK(crypto_core_ristretto255_add(want, P, P) == 0);
    CHECK_STATUS(ecx_ristretto255_add(xr, xp, xp), ECX_OK, at("exact buffers", 1));
    CHECK_MEM(xr, want, 32, at("exact buffers", 1));
    CHECK_STATUS(ecx_ristretto255_sub(xr, xp, xp), ECX_OK, at("exact buffers", 2));
    CHECK_MEM(xr, IDENTITY, 32, at("exact buffers", 2));
    ref_mul(want, s, P);
    CHECK_STATUS(ecx_ristretto255_scalarmult(xr, xs, xp), ECX_OK, at("exact buffers", 3));
    CHECK_MEM(xr, want, 32, at("exact buffers", 3));
    ref_base(want, s);
    CHECK_STATUS(ecx_ristretto255_scalarmult_base(xr, xs), ECX_OK, at("exact buffers", 4));
    CHECK_MEM(xr, want, 32, at("exact buffers", 4));
    crypto_core_ristretto255_from_hash(want, h);
    CHECK_STATUS(ecx_ristretto255_from_uniform(xr, xh), ECX_OK, at("exact buffers", 5));
    CHECK_MEM(xr, want, 32, at("exact buffers", 5));
    ref_mul(want, s, P);
    CHECK_STATUS(ecx_ristretto255_msm_vartime(xr, 1, (const uint8_t(*)[32])xs, (const uint8_t(*)[32])xp), ECX_OK,
                 at("exact buffers", 6));
    CHECK_MEM(xr, want, 32, at("exact buffers", 6));
    free(xp), free(xs), free(xh), free(xr);
}

/* ------------------------------------------------------- backends */

/* The outputs and statuses of every operation on one set of inputs. */
#define N_OUTPUTS 6
static void all_outputs(uint8_t out[N_OUTPUTS][32], int st[N_OUTPUTS], const uint8_t p[32], const uint8_t q[32],
                        const uint8_t s[2][32], const uint8_t h[64])
{
    uint8_t pq[2][32];
    memcpy(pq[0], p, 32), memcpy(pq[1], q, 32);
    st[0] = ecx_ristretto255_add(out[0], p, q);
    st[1] = ecx_ristretto255_sub(out[1], p, q);
    st[2] = ecx_ristretto255_scalarmult(out[2], s[0], p);
    st[3] = ecx_ristretto255_scalarmult_base(out[3], s[1]);
    st[4] = ecx_ristretto255_from_uniform(out[4], h);
    st[5] = ecx_ristretto255_msm_vartime(out[5], 2, s, (const uint8_t(*)[32])pq);
}

static void test_backends_identical(void)
{
    if (nbackends < 2) return;
    unsigned long n = test_iterations(60);
    for (unsigned long i = 0; i < n; i++) {
        uint8_t p[32], q[32], s[2][32], h[64], out0[N_OUTPUTS][32], out[N_OUTPUTS][32];
        int st0[N_OUTPUTS], st[N_OUTPUTS];
        random_point(p);
        random_point(q);
        random_scalar(s[0]);
        random_scalar(s[1]);
        check_random_bytes(h, 64);
        if (i == 0) memcpy(p, IDENTITY, 32);
        if (i == 1) bad_scalar(s[0], 0);
        for (size_t b = 0; b < nbackends; b++) {
            if (!use_backend(names[b])) continue;
            backend_now = names[b];
            all_outputs(b ? out : out0, b ? st : st0, p, q, (const uint8_t(*)[32])s, h);
            if (b == 0) continue;
            CHECK_MEM(out, out0, sizeof out, at("backends identical", (long)i));
            CHECK_MEM(st, st0, sizeof st, at("backends identical (status)", (long)i));
        }
    }
}

int main(void)
{
    oracle_init();
    check_seed(0x7215e770);
    nbackends = test_backends(names);
    CHECK_CTX(nbackends > 0, "no usable backend");
    for (size_t b = 0; b < nbackends; b++) {
        if (!use_backend(names[b])) continue;
        backend_now = names[b];
        unsigned long before = check_passed + check_failed;
        test_a1_multiples();
        test_a2_invalid();
        test_a3_map();
        test_is_valid();
        test_random_ops();
        test_msm();
        test_scalar_edges();
        test_identity_edges();
        test_aliasing();
        test_arguments();
        printf("%s: %lu checks\n", names[b], check_passed + check_failed - before);
    }
    test_backends_identical();
    ecx_backend_select("auto");
    return check_summary("test_ristretto");
}
