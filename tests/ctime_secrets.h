/* More secret-dependent operations for the constant-time check
 * (tests/test_ctime.c includes this once, after checkmem.h and check.h):
 * - sc_batch_invert of secret scalars (a zero among them);
 * - Ristretto scalarmult with the point secret too (a Diffie-Hellman
 *   public key is public, but the output of one multiplication fed into
 *   another — e.g. an OPRF — is not), and add / sub of secret points;
 * - ecx_ed25519_keypair with seed = NULL: the seed comes from the OS. The
 *   test links test_ctime with --wrap=getrandom (tests/meson.build), and the
 *   wrapper below marks whatever the OS gives as secret, so the library's
 *   use of it is checked like any other secret.
 * Each function runs on the backend ecx_backend_select made active. */
#ifndef ECX_TESTS_CTIME_SECRETS_H
#define ECX_TESTS_CTIME_SECRETS_H

#include <sodium.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>

#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"
#include "ecx/ristretto.h"

/* 1 while the OS randomness counts as secret; a test clears it around a
 * call to a verifier, whose random weights feed a variable-time
 * multiscalar multiplication by design (DESIGN.md: verification of public
 * data may be variable time). */
static int ctime_os_random_is_secret = 1;

ssize_t __real_getrandom(void *buf, size_t n, unsigned flags);
ssize_t __wrap_getrandom(void *buf, size_t n, unsigned flags);
ssize_t __wrap_getrandom(void *buf, size_t n, unsigned flags)
{
    ssize_t got = __real_getrandom(buf, n, flags);
    if (got > 0 && ctime_os_random_is_secret) ECX_CHECKMEM_SECRET(buf, (size_t)got);
    return got;
}

static void ctime_keypair_os_seed(const char *name)
{
    for (int i = 0; i < 2; i++) {
        uint8_t pk[32], sk[64], want_pk[32], want_sk[64];
        int r = ecx_ed25519_keypair(pk, sk, NULL);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(pk, 32);
        ECX_CHECKMEM_PUBLIC(sk, 64);
        CHECK_CTX(r == ECX_OK, name);
        crypto_sign_seed_keypair(want_pk, want_sk, sk);
        CHECK_MEM(pk, want_pk, 32, name);
        CHECK_MEM(sk, want_sk, 64, name);
    }
}

/* sc_batch_invert of 5 secret scalars, v[2] = 0; compared with sc_invert of
 * each (public run). */
static void ctime_batch_invert(const char *name)
{
    const ecx_f25519_ops *ops = ecx_f25519(name);
    CHECK_CTX(ops != NULL, name);
    if (!ops) return;
    enum { N = 5 };
    uint8_t bytes[N][32], got[N][32], want[N][32];
    ecx_sc25519 v[N];
    for (int i = 0; i < N; i++) {
        uint8_t wide[64];
        check_random_bytes(wide, 64);
        crypto_core_ristretto255_scalar_reduce(bytes[i], wide);
        if (i == 2) memset(bytes[i], 0, 32);
        ecx_sc25519 s, inv;
        CHECK_CTX(ops->sc_from_bytes(&s, bytes[i]) == ECX_OK, name);
        ops->sc_invert(&inv, &s);
        ops->sc_to_bytes(want[i], &inv);
    }
    ECX_CHECKMEM_SECRET(bytes, sizeof bytes);
    for (int i = 0; i < N; i++) {
        int ok = ops->sc_from_bytes(&v[i], bytes[i]);
        ECX_CHECKMEM_PUBLIC(&ok, sizeof ok);
        CHECK_CTX(ok == ECX_OK, name);
    }
    ops->sc_batch_invert(v, N);
    for (int i = 0; i < N; i++) ops->sc_to_bytes(got[i], &v[i]);
    ECX_CHECKMEM_PUBLIC(got, sizeof got);
    CHECK_MEM(got, want, sizeof got, name);
}

/* Secret scalar and secret point; secret points added and subtracted.
 * Compared with libsodium. */
static void ctime_ristretto_secret_points(const char *name)
{
    for (int i = 0; i < 2; i++) {
        uint8_t wide[64], s[32], h1[64], h2[64], p[32], q[32];
        uint8_t want_mul[32], want_add[32], want_sub[32], got_mul[32], got_add[32], got_sub[32];
        check_random_bytes(wide, 64);
        check_random_bytes(h1, 64);
        check_random_bytes(h2, 64);
        crypto_core_ristretto255_scalar_reduce(s, wide);
        crypto_core_ristretto255_from_hash(p, h1);
        crypto_core_ristretto255_from_hash(q, h2);
        if (crypto_scalarmult_ristretto255(want_mul, s, p) != 0) memset(want_mul, 0, 32);
        crypto_core_ristretto255_add(want_add, p, q);
        crypto_core_ristretto255_sub(want_sub, p, q);

        ECX_CHECKMEM_SECRET(s, 32);
        ECX_CHECKMEM_SECRET(p, 32);
        ECX_CHECKMEM_SECRET(q, 32);
        int r[3] = {ecx_ristretto255_scalarmult(got_mul, s, p), ecx_ristretto255_add(got_add, p, q),
                    ecx_ristretto255_sub(got_sub, p, q)};
        ECX_CHECKMEM_PUBLIC(r, sizeof r);
        ECX_CHECKMEM_PUBLIC(got_mul, 32);
        ECX_CHECKMEM_PUBLIC(got_add, 32);
        ECX_CHECKMEM_PUBLIC(got_sub, 32);
        CHECK_CTX(r[0] == ECX_OK && r[1] == ECX_OK && r[2] == ECX_OK, name);
        CHECK_MEM(got_mul, want_mul, 32, name);
        CHECK_MEM(got_add, want_add, 32, name);
        CHECK_MEM(got_sub, want_sub, 32, name);
    }
}

/* All of the above on the active backend. */
static void ctime_more_secrets(const char *name)
{
    ctime_keypair_os_seed(name);
    ctime_batch_invert(name);
    ctime_ristretto_secret_points(name);
}

#endif
