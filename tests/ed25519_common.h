/* Shared helpers of the Ed25519 and edwards25519 test programs
 * (test_ed25519_*.c, test_edwards.c, test_msm.c): constants, hex, the
 * vector line files made by tests/vectors/json_to_lines.py, the backend list,
 * status checks that print names, libsodium as the oracle, and the
 * ECX_TEST_ITERATIONS scale for random loops.
 *
 * Each test program includes this header once (its functions are static). */
#ifndef ECX_TESTS_ED25519_COMMON_H
#define ECX_TESTS_ED25519_COMMON_H

#include <sodium.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hex.h"
#include "vector_file.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"

#define MAX_BACKENDS 8

/* l = 2^252 + 27742317777372353535851937790883648493, little-endian. */
static const uint8_t ED_L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                 0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

/* The identity point's canonical encoding (y = 1). */
static const uint8_t ED_IDENTITY[32] = {1};

/* The eight points of small order, canonically encoded (C2SP CCTV list), then
 * the six non-canonical encodings of some of them. */
static const char *const SMALL_ORDER_HEX[14] = {
    "0100000000000000000000000000000000000000000000000000000000000000", /* identity */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* order 2 */
    "0000000000000000000000000000000000000000000000000000000000000000", /* order 4 */
    "0000000000000000000000000000000000000000000000000000000000000080", /* order 4 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", /* order 8 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", /* order 8 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", /* order 8 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", /* order 8 */
    "0100000000000000000000000000000000000000000000000000000000000080", /* identity, x = -0 */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* identity, y = p + 1 */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* identity, both */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* order 2, x = -0 */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* order 4, y = p */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* order 4, y = p, sign */
};
#define SMALL_ORDER_CANONICAL 8

/* ------------------------------------------------------- vector files */

/* 1 if the comma-separated flag list contains flag. */
static inline int has_flag(const char *flags, const char *flag)
{
    size_t n = strlen(flag);
    for (const char *p = flags; (p = strstr(p, flag)) != NULL; p += n)
        if ((p == flags || p[-1] == ',') && (p[n] == 0 || p[n] == ',')) return 1;
    return 0;
}

/* ------------------------------------------------------------ checks */

static char ctx_buf[512];
/* A context string for CHECK_CTX and friends (one buffer: use it at once). */
static inline const char *ctx(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx_buf, sizeof ctx_buf, fmt, ap);
    va_end(ap);
    return ctx_buf;
}

static inline const char *status_name(int s)
{
    switch (s) {
    case ECX_OK:
        return "ECX_OK";
    case ECX_ERR_INVALID:
        return "ECX_ERR_INVALID";
    case ECX_ERR_VERIFY:
        return "ECX_ERR_VERIFY";
    case ECX_ERR_UNSUPPORTED:
        return "ECX_ERR_UNSUPPORTED";
    case ECX_ERR_NOMEM:
        return "ECX_ERR_NOMEM";
    case ECX_ERR_RANDOM:
        return "ECX_ERR_RANDOM";
    default:
        return "(unknown status)";
    }
}

/* CHECK_STATUS(got, want, ctx): got == want, both printed by name on failure. */
#define CHECK_STATUS(got, want, c) check_status(__FILE__, __LINE__, (got), (want), (want), (c))
/* CHECK_STATUS2(got, a, b, ctx): got is a or b. */
#define CHECK_STATUS2(got, a, b, c) check_status(__FILE__, __LINE__, (got), (a), (b), (c))
/* CHECK_REJECT(got, ctx): a verification failure, either status. */
#define CHECK_REJECT(got, c) check_status(__FILE__, __LINE__, (got), ECX_ERR_INVALID, ECX_ERR_VERIFY, (c))
static inline void check_status(const char *file, int line, int got, int a, int b, const char *c)
{
    if (got == a || got == b) {
        check_passed++;
        return;
    }
    char what[160];
    if (a == b)
        snprintf(what, sizeof what, "status %s, want %s", status_name(got), status_name(a));
    else
        snprintf(what, sizeof what, "status %s, want %s or %s", status_name(got), status_name(a), status_name(b));
    check_report(file, line, what, c);
}

/* ---------------------------------------------------------- backends */

/* Fills names with the usable backends (best first); returns how many. */
static inline size_t test_backends(const char *names[MAX_BACKENDS])
{
    size_t n = ecx_backends(names, MAX_BACKENDS);
    return n < MAX_BACKENDS ? n : MAX_BACKENDS;
}

/* The same, checked to be at least one and printed ("backends: ifma u64 ..."). */
static inline size_t test_backends_listed(const char *names[MAX_BACKENDS])
{
    size_t n = test_backends(names);
    CHECK_CTX(n > 0, "no usable backend");
    printf("backends:");
    for (size_t b = 0; b < n; b++) printf(" %s", names[b]);
    printf("\n");
    return n;
}

/* Selects a backend, counting a failure if that does not work. */
static inline int use_backend(const char *name)
{
    int r = ecx_backend_select(name);
    CHECK_STATUS(r, ECX_OK, ctx("ecx_backend_select(%s)", name));
    if (r != ECX_OK) return 0;
    CHECK_CTX(strcmp(ecx_backend(), name) == 0, ctx("active backend %s, selected %s", ecx_backend(), name));
    return 1;
}

/* --------------------------------------------------- oracle, scaling */

/* Initialises libsodium and warns when it is not the release whose accept set
 * strict verification reproduces (DESIGN.md: libsodium 1.0.18). */
static inline void oracle_init(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        exit(1);
    }
    if (strcmp(sodium_version_string(), "1.0.18") != 0)
        printf("note: libsodium %s: strict verification reproduces 1.0.18; verdicts may differ\n",
               sodium_version_string());
}

/* libsodium's verdict as a status: ECX_OK iff it accepts. */
static inline int sodium_verdict(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    static const uint8_t empty[1];
    return crypto_sign_verify_detached(sig, m ? m : empty, mlen, pk) == 0 ? ECX_OK : ECX_ERR_VERIFY;
}

/* base scaled by ECX_TEST_ITERATIONS (a factor, default 1; at least 1). */
static inline unsigned long test_iterations(unsigned long base)
{
    const char *env = getenv("ECX_TEST_ITERATIONS");
    double scale = env ? strtod(env, NULL) : 1.0;
    double n = (double)base * scale;
    return n < 1.0 ? 1 : (unsigned long)n;
}

/* 1 if the 32-byte little-endian s is < l. */
static inline int sc_is_canonical(const uint8_t s[32])
{
    for (int i = 31; i >= 0; i--) {
        if (s[i] < ED_L[i]) return 1;
        if (s[i] > ED_L[i]) return 0;
    }
    return 0;
}

/* 1 if the encoding p decodes to a curve point with y taken mod p and any
 * sign bit (the ZIP-215 decoding). Oracle: libsodium's ge25519_frombytes,
 * reached through crypto_core_ed25519_add (which accepts small orders). */
static inline int point_decodes(const uint8_t p[32])
{
    static const uint8_t identity[32] = {1};
    uint8_t r[32];
    return crypto_core_ed25519_add(r, p, identity) == 0;
}

/* 1 if the encoding p is canonical: y < p, and no sign bit when x = 0
 * (y = 1 or y = p - 1). */
static inline int point_canonical(const uint8_t p[32])
{
    int y_ge_p = (p[31] & 0x7f) == 0x7f && p[0] >= 0xed, y_is_one = p[0] == 1, y_is_pm1 = p[0] == 0xec;
    for (int i = 1; i < 31; i++) {
        y_ge_p &= p[i] == 0xff;
        y_is_one &= p[i] == 0;
        y_is_pm1 &= p[i] == 0xff;
    }
    y_is_one &= p[31] == 0 || p[31] == 0x80;
    y_is_pm1 &= (p[31] & 0x7f) == 0x7f;
    return !y_ge_p && !((y_is_one || y_is_pm1) && (p[31] & 0x80));
}

/* The status a rejected 64-byte signature must get, from its encodings:
 * ECX_ERR_INVALID for S >= l or a point the rules cannot decode (under
 * strict rules also a non-canonical one), ECX_ERR_VERIFY otherwise. */
static inline int reject_status(const uint8_t sig[64], const uint8_t pk[32], int zip215)
{
    if (!sc_is_canonical(sig + 32) || !point_decodes(pk) || !point_decodes(sig)) return ECX_ERR_INVALID;
    if (!zip215 && (!point_canonical(pk) || !point_canonical(sig))) return ECX_ERR_INVALID;
    return ECX_ERR_VERIFY;
}

/* r = a + b over 256 bits (carry dropped). */
static inline void add256(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
        c += (unsigned)a[i] + b[i];
        r[i] = (uint8_t)c;
        c >>= 8;
    }
}

/* A malloc'd copy of exactly n bytes (at least one allocated byte), so the
 * sanitizer build catches reads past the caller's buffer. */
static inline uint8_t *dup_exact(const uint8_t *p, size_t n)
{
    uint8_t *q = malloc(n ? n : 1);
    if (!q) abort();
    if (n) memcpy(q, p, n);
    return q;
}

/* ------------------------------------------------- crafted signatures */

/* A key with its secret scalar a (mod l), for crafting signatures. */
struct key {
    uint8_t seed[32], pk[32], sk[64], a[32];
};

static inline void make_key(struct key *k)
{
    uint8_t h[64], wide[64] = {0};
    check_random_bytes(k->seed, 32);
    crypto_sign_seed_keypair(k->pk, k->sk, k->seed);
    crypto_hash_sha512(h, k->seed, 32);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    memcpy(wide, h, 32);
    crypto_core_ed25519_scalar_reduce(k->a, wide);
}

/* k = SHA-512(R || A || M) mod l, over the encodings as given. */
static inline void hram(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *m, size_t mlen)
{
    crypto_hash_sha512_state st;
    uint8_t h[64];
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, R, 32);
    crypto_hash_sha512_update(&st, A, 32);
    crypto_hash_sha512_update(&st, m, mlen);
    crypto_hash_sha512_final(&st, h);
    crypto_core_ed25519_scalar_reduce(k, h);
}

/* A signature whose R = [r]B + T has a torsion component T (a point of order
 * 8), S = r + k a: [S]B - R - [k]A = -T, so the cofactored (ZIP-215)
 * equation holds and the cofactorless (strict) one does not. */
static inline void sign_mixed_order_r(uint8_t sig[64], const uint8_t *m, size_t mlen, const struct key *key)
{
    uint8_t r[32], rb[32], t[32], k[32], ka[32];
    hex_fixed(t, 32, SMALL_ORDER_HEX[4]);
    crypto_core_ed25519_scalar_random(r);
    if (crypto_scalarmult_ed25519_base_noclamp(rb, r) != 0 || crypto_core_ed25519_add(sig, rb, t) != 0) abort();
    hram(k, sig, key->pk, m, mlen);
    crypto_core_ed25519_scalar_mul(ka, k, key->a);
    crypto_core_ed25519_scalar_add(sig + 32, r, ka);
}

/* A = small-order point number idx of SMALL_ORDER_HEX (any encoding), R =
 * [r]B, S = r: [S]B - R - [k]A = -[k]A, which [8] kills, whatever the
 * message. Valid under ZIP-215, rejected by strict rules. */
static inline void sign_small_order_a(uint8_t sig[64], uint8_t pk[32], size_t idx)
{
    uint8_t r[32];
    hex_fixed(pk, 32, SMALL_ORDER_HEX[idx]);
    crypto_core_ed25519_scalar_random(r);
    if (crypto_scalarmult_ed25519_base_noclamp(sig, r) != 0) abort();
    memcpy(sig + 32, r, 32);
}

/* R = small-order point number idx of SMALL_ORDER_HEX (any encoding), S =
 * [k]a under key: [S]B - R - [k]A = -R, which [8] kills (and which is 0 for
 * the identity). Valid under ZIP-215, rejected by strict rules. */
static inline void sign_small_order_r(uint8_t sig[64], const uint8_t *m, size_t mlen, const struct key *key,
                                      size_t idx)
{
    uint8_t k[32];
    hex_fixed(sig, 32, SMALL_ORDER_HEX[idx]);
    hram(k, sig, key->pk, m, mlen);
    crypto_core_ed25519_scalar_mul(sig + 32, k, key->a);
}

#endif
