/* The P-256 rows of tests/test_residue.c (included once, after its
 * helpers): key generation (both encodings) and ECDSA signing (message and
 * digest), through the public functions on the selected backend, and their
 * backend calls for the stack-depth check.
 *
 * The secrets a run must not leave behind, computed on the main thread
 * with GMP and libsodium's HMAC-SHA-256 (not with the library):
 *   - the secret key d, big-endian (its SEC1 form) and little-endian (the
 *     limbs' order), and in Montgomery form d 2^256 mod n (both backends'
 *     representation, src/p256/modular.h), little-endian;
 *   - for signing, the RFC 6979 section 3.2 HMAC-DRBG: both K and V after
 *     steps d-g, the nonce k = the first V of step h (re-checked against
 *     the signature: x([k]G) mod n = r), k in Montgomery form, k^-1 mod n,
 *     and the secret-bearing products r d and e + r d mod n (either gives d
 *     away with the signature).
 * What the scan cannot know: HMAC's SHA-256 midstates (the keyed context
 * holds SHA-256(K ^ ipad) words), the field elements of [k]G before r is
 * taken, the recoded digits of d and k. */
#ifndef ECX_TESTS_RESIDUE_P256_H
#define ECX_TESTS_RESIDUE_P256_H

#include <gmp.h>
#include <sodium.h>
#include <stdint.h>
#include <string.h>

#include "ecx/p256.h"

static const char P256_N_HEX[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";

static struct {
    uint8_t sk[32];
    uint8_t digest[32];
    uint8_t msg[40];
    uint8_t pk[65];
    uint8_t sig[64];
} p256_job;

static void be32_to_mpz(mpz_t z, const uint8_t b[32]) { mpz_import(z, 32, 1, 1, 1, 0, b); }

/* b = z as 32 big-endian bytes (z < 2^256). */
static void mpz_to_be32(uint8_t b[32], const mpz_t z)
{
    size_t count = 0;
    uint8_t tmp[32];
    memset(b, 0, 32);
    mpz_export(tmp, &count, 1, 1, 1, 0, z);
    if (count > 32) abort();
    memcpy(b + 32 - count, tmp, count);
}

static void reverse32(uint8_t out[32], const uint8_t in[32])
{
    for (int i = 0; i < 32; i++) out[i] = in[31 - i];
}

/* Adds z (< 2^256) as big-endian bytes and, when `le` is set, its
 * little-endian form and its Montgomery form z 2^256 mod n (little-endian). */
static void p256_secret_add(struct secrets *s, const char *name_be, const char *name_le, const char *name_mont,
                            const mpz_t z, const mpz_t n)
{
    uint8_t be[32], le[32];
    mpz_to_be32(be, z);
    secrets_add(s, name_be, be, 32);
    if (!name_le) return;
    reverse32(le, be);
    secrets_add(s, name_le, le, 32);
    mpz_t m;
    mpz_init(m);
    mpz_mul_2exp(m, z, 256);
    mpz_mod(m, m, n);
    mpz_to_be32(be, m);
    reverse32(le, be);
    secrets_add(s, name_mont, le, 32);
    mpz_clear(m);
}

static void p256_prepare(void)
{
    mpz_t n, d;
    mpz_init_set_str(n, P256_N_HEX, 16);
    mpz_init(d);
    do {
        check_random_bytes(p256_job.sk, 32);
        be32_to_mpz(d, p256_job.sk);
    } while (mpz_sgn(d) == 0 || mpz_cmp(d, n) >= 0);
    check_random_bytes(p256_job.msg, sizeof p256_job.msg);
    crypto_hash_sha256(p256_job.digest, p256_job.msg, sizeof p256_job.msg);
    mpz_clear(d);
    mpz_clear(n);
}

static void run_p256_public_key(void) { job.status = ecx_p256_public_key(p256_job.pk, p256_job.sk); }
static void run_p256_public_key_compressed(void)
{
    job.status = ecx_p256_public_key_compressed(p256_job.pk, p256_job.sk);
}
static void run_p256_sign(void)
{
    job.status = ecx_p256_ecdsa_sign(p256_job.sig, p256_job.msg, sizeof p256_job.msg, p256_job.sk);
}
static void run_p256_sign_digest(void)
{
    job.status = ecx_p256_ecdsa_sign_digest(p256_job.sig, p256_job.digest, p256_job.sk);
}
static void raw_p256_public_key(void) { job.status = job.backend->p256->public_key(p256_job.pk, p256_job.sk); }
static void raw_p256_sign(void)
{
    job.status = job.backend->p256->sign(p256_job.sig, p256_job.msg, sizeof p256_job.msg, p256_job.sk);
}

static void secrets_p256_key(struct secrets *s)
{
    mpz_t n, d;
    mpz_init_set_str(n, P256_N_HEX, 16);
    mpz_init(d);
    be32_to_mpz(d, p256_job.sk);
    p256_secret_add(s, "d", "d (little-endian)", "d (Montgomery)", d, n);
    mpz_clear(d);
    mpz_clear(n);
}

/* out = HMAC-SHA-256_key(a || [tag] || b || c): the pieces that are NULL
 * (and tag < 0) are left out. */
static void hmac_parts(uint8_t out[32], const uint8_t key[32], const uint8_t *a, int tag, const uint8_t *b,
                       const uint8_t *c)
{
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key, 32);
    crypto_auth_hmacsha256_update(&st, a, 32);
    if (tag >= 0) {
        const uint8_t t = (uint8_t)tag;
        crypto_auth_hmacsha256_update(&st, &t, 1);
    }
    if (b) crypto_auth_hmacsha256_update(&st, b, 32);
    if (c) crypto_auth_hmacsha256_update(&st, c, 32);
    crypto_auth_hmacsha256_final(&st, out);
}

static void secrets_p256_sign(struct secrets *s)
{
    mpz_t n, d, e, k, t;
    uint8_t h1[32], K[32], V[32], T[32], pk[65];
    mpz_init_set_str(n, P256_N_HEX, 16);
    mpz_inits(d, e, k, t, NULL);
    be32_to_mpz(d, p256_job.sk);
    be32_to_mpz(e, p256_job.digest);
    mpz_mod(e, e, n);
    mpz_to_be32(h1, e);
    p256_secret_add(s, "d", "d (little-endian)", "d (Montgomery)", d, n);

    /* RFC 6979 3.2 b-g, then h until 0 < T < n. */
    memset(V, 0x01, 32);
    memset(K, 0x00, 32);
    hmac_parts(K, K, V, 0x00, p256_job.sk, h1);
    hmac_parts(V, K, V, -1, NULL, NULL);
    secrets_add(s, "HMAC-DRBG K (step d)", K, 32);
    secrets_add(s, "HMAC-DRBG V (step e)", V, 32);
    hmac_parts(K, K, V, 0x01, p256_job.sk, h1);
    hmac_parts(V, K, V, -1, NULL, NULL);
    secrets_add(s, "HMAC-DRBG K (step f)", K, 32);
    secrets_add(s, "HMAC-DRBG V (step g)", V, 32);
    for (;;) {
        hmac_parts(T, K, V, -1, NULL, NULL);
        memcpy(V, T, 32);
        be32_to_mpz(k, T);
        if (mpz_sgn(k) != 0 && mpz_cmp(k, n) < 0) break;
        hmac_parts(K, K, V, 0x00, NULL, NULL);
        hmac_parts(V, K, V, -1, NULL, NULL);
    }
    p256_secret_add(s, "nonce k", "nonce k (little-endian)", "nonce k (Montgomery)", k, n);

    /* The nonce is right: r = x([k]G) mod n (x < n but with probability
     * 2^-128; the library's key generation is checked by the other tests). */
    CHECK_CTX(ecx_p256_public_key(pk, T) == ECX_OK, "residue: [k]G");
    CHECK_CTX(memcmp(pk + 1, p256_job.sig, 32) == 0, "residue: the test's RFC 6979 nonce gives the signature's r");

    mpz_invert(t, k, n);
    p256_secret_add(s, "k^-1", "k^-1 (little-endian)", "k^-1 (Montgomery)", t, n);
    be32_to_mpz(t, p256_job.sig);
    mpz_mul(t, t, d);
    mpz_mod(t, t, n);
    p256_secret_add(s, "r d", NULL, NULL, t, n);
    mpz_add(t, t, e);
    mpz_mod(t, t, n);
    p256_secret_add(s, "e + r d", NULL, NULL, t, n);
    mpz_clears(n, d, e, k, t, NULL);
}

#endif
