/* libsodium 1.0.18's Ed25519 signature functions (crypto_sign_ed25519_*
 * and the crypto_sign_* defaults) on ecx's ed25519.h. Return values,
 * output lengths and the handling of failed verifications (the message
 * buffer zeroed, *mlen_p = 0) are libsodium's; tests/test_sodium_dropin.c
 * compares them byte for byte with the real library. Signing is constant
 * time in the key (ecx_ed25519_sign); verification is variable time (public
 * inputs), as in libsodium. */
#include <string.h>
#include <sys/random.h>

#include <sodium.h>

#include "dropin.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"

/* Weak: resolved to the real libsodium when it is loaded, else NULL. */
#pragma weak randombytes_buf

int ecxi_sodium_random(uint8_t *out, size_t n)
{
    if (randombytes_buf) {
        randombytes_buf(out, n);
        return 0;
    }
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(out + got, n - got, 0);
        if (r <= 0) return -1;
        got += (size_t)r;
    }
    return 0;
}

int ecxi_sodium_is_zero(const uint8_t *s, size_t n)
{
    volatile uint8_t d = 0;
    for (size_t i = 0; i < n; i++) d |= s[i];
    return 1 & ((d - 1) >> 8);
}

void ecxi_sodium_reduce32(uint8_t r[32], const uint8_t x[32])
{
    const ecx_f25519_ops *f = ecx_f25519(NULL);
    uint8_t wide[64] = {0};
    ecx_sc25519 s;
    memcpy(wide, x, 32);
    f->sc_from_wide(&s, wide);
    f->sc_to_bytes(r, &s);
}

/* libsodium's limit: SODIUM_SIZE_MAX - 64. */
#define MESSAGE_MAX crypto_sign_ed25519_MESSAGEBYTES_MAX

int crypto_sign_ed25519_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
    return ecx_ed25519_keypair(pk, sk, seed) == ECX_OK ? 0 : -1;
}

int crypto_sign_ed25519_keypair(unsigned char *pk, unsigned char *sk)
{
    uint8_t seed[32];
    if (ecxi_sodium_random(seed, sizeof seed) != 0) return -1;
    int rc = crypto_sign_ed25519_seed_keypair(pk, sk, seed);
    explicit_bzero(seed, sizeof seed);
    return rc;
}

int crypto_sign_ed25519_detached(unsigned char *sig, unsigned long long *siglen_p, const unsigned char *m,
                                 unsigned long long mlen, const unsigned char *sk)
{
    if (mlen > MESSAGE_MAX || ecx_ed25519_sign(sig, m, (size_t)mlen, sk) != ECX_OK) {
        if (siglen_p) *siglen_p = 0;
        return -1;
    }
    if (siglen_p) *siglen_p = 64;
    return 0;
}

/* sm = signature || m; m may overlap sm (it is moved first). */
int crypto_sign_ed25519(unsigned char *sm, unsigned long long *smlen_p, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *sk)
{
    unsigned long long siglen;
    memmove(sm + 64, m, (size_t)mlen);
    if (crypto_sign_ed25519_detached(sm, &siglen, sm + 64, mlen, sk) != 0 || siglen != 64) {
        if (smlen_p) *smlen_p = 0;
        memset(sm, 0, (size_t)mlen + 64);
        return -1;
    }
    if (smlen_p) *smlen_p = mlen + siglen;
    return 0;
}

/* Strict rules: ecx_ed25519_verify accepts exactly libsodium 1.0.18's set. */
int crypto_sign_ed25519_verify_detached(const unsigned char *sig, const unsigned char *m, unsigned long long mlen,
                                        const unsigned char *pk)
{
    if (mlen > SIZE_MAX) return -1;
    return ecx_ed25519_verify(sig, m, (size_t)mlen, pk) == ECX_OK ? 0 : -1;
}

int crypto_sign_ed25519_open(unsigned char *m, unsigned long long *mlen_p, const unsigned char *sm,
                             unsigned long long smlen, const unsigned char *pk)
{
    if (smlen >= 64 && smlen - 64 <= MESSAGE_MAX) {
        unsigned long long mlen = smlen - 64;
        if (crypto_sign_ed25519_verify_detached(sm, sm + 64, mlen, pk) == 0) {
            if (mlen_p) *mlen_p = mlen;
            if (m) memmove(m, sm + 64, (size_t)mlen);
            return 0;
        }
        if (m) memset(m, 0, (size_t)mlen);
    }
    if (mlen_p) *mlen_p = 0;
    return -1;
}

int crypto_sign_ed25519_sk_to_seed(unsigned char *seed, const unsigned char *sk)
{
    memmove(seed, sk, 32);
    return 0;
}

int crypto_sign_ed25519_sk_to_pk(unsigned char *pk, const unsigned char *sk)
{
    memmove(pk, sk + 32, 32);
    return 0;
}

/* The crypto_sign_* defaults are Ed25519 in libsodium 1.0.18. */
int crypto_sign_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
    return crypto_sign_ed25519_seed_keypair(pk, sk, seed);
}

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk) { return crypto_sign_ed25519_keypair(pk, sk); }

int crypto_sign(unsigned char *sm, unsigned long long *smlen_p, const unsigned char *m, unsigned long long mlen,
                const unsigned char *sk)
{
    return crypto_sign_ed25519(sm, smlen_p, m, mlen, sk);
}

int crypto_sign_open(unsigned char *m, unsigned long long *mlen_p, const unsigned char *sm, unsigned long long smlen,
                     const unsigned char *pk)
{
    return crypto_sign_ed25519_open(m, mlen_p, sm, smlen, pk);
}

int crypto_sign_detached(unsigned char *sig, unsigned long long *siglen_p, const unsigned char *m,
                         unsigned long long mlen, const unsigned char *sk)
{
    return crypto_sign_ed25519_detached(sig, siglen_p, m, mlen, sk);
}

int crypto_sign_verify_detached(const unsigned char *sig, const unsigned char *m, unsigned long long mlen,
                                const unsigned char *pk)
{
    return crypto_sign_ed25519_verify_detached(sig, m, mlen, pk);
}
