/* Ed25519 random differential tests against libsodium, on every usable
 * backend, every backend byte-identical to every other:
 *
 *  - random seeds: the key pair equals crypto_sign_seed_keypair's;
 *  - random messages of every length 0..300: the signature equals
 *    crypto_sign_detached's, and both verifiers accept it;
 *  - randomly mutated signatures (a bit of R, a bit of S, S + l, S >= l, R of
 *    another signature), messages (a bit, one byte more or less) and keys (a
 *    bit, another key): strict verification accepts iff libsodium does,
 *    ZIP-215 verification rejects; S >= l and undecodable (strict: also
 *    non-canonical) points are ECX_ERR_INVALID, the rest ECX_ERR_VERIFY;
 *  - keypair from OS randomness (seed NULL), special seeds (0, all ones),
 *    and outputs aliasing inputs.
 *
 * ECX_TEST_ITERATIONS scales the loops (the suite also runs under qemu);
 * ECX_TEST_SEED changes the random inputs. */
#include "ed25519_common.h"

#define MAX_MLEN 300
#define MUTATIONS_PER_MESSAGE 3

enum mutation {
    MUT_R_BIT,    /* flip one bit of R */
    MUT_S_BIT,    /* flip one bit of S (bits 0..255) */
    MUT_S_PLUS_L, /* S + l: same value mod l, not canonical */
    MUT_S_HIGH,   /* a random S >= 2^253 > l */
    MUT_R_OTHER,  /* R of another signature */
    MUT_MSG_BIT,  /* flip one bit of the message (or append a byte) */
    MUT_MSG_LEN,  /* one byte more or less */
    MUT_PK_BIT,   /* flip one bit of the public key */
    MUT_PK_OTHER, /* another key */
    MUT_COUNT
};

static const char *const mutation_name[MUT_COUNT] = {
    "R bit", "S bit", "S + l", "S >= 2^253", "other R", "message bit", "message length", "pk bit", "other pk",
};

struct signed_msg {
    uint8_t pk[32], sk[64], sig[64];
    uint8_t msg[MAX_MLEN + 1];
    size_t mlen;
};

/* Applies mutation kind to a copy of s (other: a second, unrelated signed
 * message). */
static void mutate(struct signed_msg *out, const struct signed_msg *s, const struct signed_msg *other, int kind)
{
    *out = *s;
    uint64_t r = check_rand64();
    switch (kind) {
    case MUT_R_BIT:
        out->sig[(r >> 3) % 32] ^= (uint8_t)(1u << (r & 7));
        break;
    case MUT_S_BIT:
        out->sig[32 + (r >> 3) % 32] ^= (uint8_t)(1u << (r & 7));
        break;
    case MUT_S_PLUS_L:
        add256(out->sig + 32, s->sig + 32, ED_L);
        break;
    case MUT_S_HIGH:
        check_random_bytes(out->sig + 32, 32);
        out->sig[63] |= 0x20;
        break;
    case MUT_R_OTHER:
        memcpy(out->sig, other->sig, 32);
        break;
    case MUT_MSG_BIT:
        if (out->mlen == 0)
            out->msg[out->mlen++] = (uint8_t)r;
        else
            out->msg[(r >> 3) % out->mlen] ^= (uint8_t)(1u << (r & 7));
        break;
    case MUT_MSG_LEN:
        if (out->mlen == 0 || (out->mlen < MAX_MLEN && (r & 1)))
            out->msg[out->mlen++] = (uint8_t)(r >> 8);
        else
            out->mlen--;
        break;
    case MUT_PK_BIT:
        out->pk[(r >> 3) % 32] ^= (uint8_t)(1u << (r & 7));
        break;
    case MUT_PK_OTHER:
        memcpy(out->pk, other->pk, 32);
        break;
    }
}

/* One backend's answers for one signed message and its mutations, kept to
 * compare backends with each other. */
struct answers {
    uint8_t pk[32], sk[64], sig[64];
    int st[1 + MUTATIONS_PER_MESSAGE][2];
};

static void run_message(const struct signed_msg *s, const struct signed_msg *mut, size_t nmut, const int *sodium,
                        const char *backend, unsigned long t, struct answers *a)
{
    char w[128];
    snprintf(w, sizeof w, "%s message %lu (mlen %zu)", backend, t, s->mlen);
    uint8_t seed[32];
    memcpy(seed, s->sk, 32);
    CHECK_STATUS(ecx_ed25519_keypair(a->pk, a->sk, seed), ECX_OK, w);
    CHECK_MEM(a->pk, s->pk, 32, w);
    CHECK_MEM(a->sk, s->sk, 64, w);

    uint8_t *m = dup_exact(s->msg, s->mlen), *sk = dup_exact(s->sk, 64);
    CHECK_STATUS(ecx_ed25519_sign(a->sig, m, s->mlen, sk), ECX_OK, w);
    CHECK_MEM(a->sig, s->sig, 64, w);
    free(m);
    free(sk);

    a->st[0][0] = ecx_ed25519_verify(s->sig, s->msg, s->mlen, s->pk);
    a->st[0][1] = ecx_ed25519_verify_zip215(s->sig, s->msg, s->mlen, s->pk);
    CHECK_STATUS(a->st[0][0], ECX_OK, w);
    CHECK_STATUS(a->st[0][1], ECX_OK, w);

    for (size_t j = 0; j < nmut; j++) {
        const struct signed_msg *u = &mut[j];
        int kind = (int)((t * MUTATIONS_PER_MESSAGE + j) % MUT_COUNT);
        char wm[192];
        snprintf(wm, sizeof wm, "%s, mutation %s", w, mutation_name[kind]);
        uint8_t *us = dup_exact(u->sig, 64), *um = dup_exact(u->msg, u->mlen), *up = dup_exact(u->pk, 32);
        int strict = ecx_ed25519_verify(us, um, u->mlen, up);
        int zip = ecx_ed25519_verify_zip215(us, um, u->mlen, up);
        free(us);
        free(um);
        free(up);
        a->st[1 + j][0] = strict;
        a->st[1 + j][1] = zip;
        if (sodium[j] == ECX_OK) {
            /* No mutation here should keep the signature valid, but
             * libsodium is the judge. */
            CHECK_STATUS(strict, ECX_OK, wm);
            CHECK_STATUS(zip, ECX_OK, wm);
        } else {
            CHECK_STATUS(strict, reject_status(u->sig, u->pk, 0), wm);
            CHECK_STATUS(zip, reject_status(u->sig, u->pk, 1), wm);
        }
        CHECK_CTX((strict == ECX_OK) == (sodium[j] == ECX_OK), ctx("%s: strict verdict is not libsodium's", wm));
    }
}

static void test_differential(const char *const *backends, size_t nb)
{
    unsigned long total = test_iterations(MAX_MLEN + 1);
    struct signed_msg cur, prev, mut[MUTATIONS_PER_MESSAGE];
    struct answers first, a;
    int sodium[MUTATIONS_PER_MESSAGE];
    memset(&prev, 0, sizeof prev);

    for (unsigned long t = 0; t < total; t++) {
        /* A new key every fourth message; every length 0..300 in turn. */
        if (t % 4 == 0) {
            uint8_t seed[32];
            check_random_bytes(seed, 32);
            crypto_sign_seed_keypair(cur.pk, cur.sk, seed);
        }
        cur.mlen = t % (MAX_MLEN + 1);
        check_random_bytes(cur.msg, cur.mlen);
        crypto_sign_detached(cur.sig, NULL, cur.msg, cur.mlen, cur.sk);
        if (t == 0) { /* "another" signature for the first message */
            uint8_t seed[32];
            check_random_bytes(seed, 32);
            crypto_sign_seed_keypair(prev.pk, prev.sk, seed);
            prev.mlen = 5;
            check_random_bytes(prev.msg, prev.mlen);
            crypto_sign_detached(prev.sig, NULL, prev.msg, prev.mlen, prev.sk);
        }
        for (size_t j = 0; j < MUTATIONS_PER_MESSAGE; j++) {
            int kind = (int)((t * MUTATIONS_PER_MESSAGE + j) % MUT_COUNT);
            mutate(&mut[j], &cur, &prev, kind);
            sodium[j] = sodium_verdict(mut[j].sig, mut[j].msg, mut[j].mlen, mut[j].pk);
        }
        for (size_t b = 0; b < nb; b++) {
            if (!use_backend(backends[b])) continue;
            struct answers *dst = b == 0 ? &first : &a;
            run_message(&cur, mut, MUTATIONS_PER_MESSAGE, sodium, backends[b], t, dst);
            if (b > 0) { /* byte-identical keys and signatures, identical statuses */
                const char *w = ctx("%s vs %s, message %lu", backends[b], backends[0], t);
                CHECK_CTX(memcmp(&a, &first, sizeof a) == 0, w);
            }
        }
        prev = cur;
    }
    printf("differential: %lu messages (lengths 0..%d), %d mutations each, on %zu backend(s)\n", total, MAX_MLEN,
           MUTATIONS_PER_MESSAGE, nb);
}

/* keypair from OS randomness: sk = seed || pk with pk the seed's key, and two
 * calls give two different keys. */
static void test_random_keypair(const char *const *backends, size_t nb)
{
    for (size_t b = 0; b < nb; b++) {
        if (!use_backend(backends[b])) continue;
        uint8_t pk[2][32], sk[2][64], opk[32], osk[64];
        for (int i = 0; i < 2; i++) {
            CHECK_STATUS(ecx_ed25519_keypair(pk[i], sk[i], NULL), ECX_OK, backends[b]);
            crypto_sign_seed_keypair(opk, osk, sk[i]);
            CHECK_MEM(pk[i], opk, 32, ctx("%s keypair(seed NULL): pk of the seed", backends[b]));
            CHECK_MEM(sk[i], osk, 64, ctx("%s keypair(seed NULL): sk = seed || pk", backends[b]));
        }
        CHECK_CTX(memcmp(sk[0], sk[1], 32) != 0, ctx("%s keypair(seed NULL) twice gave one seed", backends[b]));
        /* Special seeds: all zero, all ones, 0..31, and a signature each. */
        for (int k = 0; k < 3; k++) {
            uint8_t seed[32], osig[64], sig[64];
            for (int i = 0; i < 32; i++) seed[i] = k == 0 ? 0 : k == 1 ? 0xff : (uint8_t)i;
            crypto_sign_seed_keypair(opk, osk, seed);
            crypto_sign_detached(osig, NULL, seed, 32, osk);
            CHECK_STATUS(ecx_ed25519_keypair(pk[0], sk[0], seed), ECX_OK, backends[b]);
            CHECK_MEM(pk[0], opk, 32, ctx("%s keypair of special seed %d", backends[b], k));
            CHECK_STATUS(ecx_ed25519_sign(sig, seed, 32, osk), ECX_OK, backends[b]);
            CHECK_MEM(sig, osig, 64, ctx("%s sign with special seed %d", backends[b], k));
        }
    }
}

/* Outputs may alias inputs (DESIGN.md). */
static void test_aliasing(const char *const *backends, size_t nb)
{
    uint8_t seed[32], opk[32], osk[64], osig[64], msg[100];
    check_random_bytes(seed, 32);
    check_random_bytes(msg, sizeof msg);
    crypto_sign_seed_keypair(opk, osk, seed);
    for (size_t b = 0; b < nb; b++) {
        if (!use_backend(backends[b])) continue;
        const char *name = backends[b];
        uint8_t buf[64], pk[32];

        /* keypair(pk, sk, seed = sk): the seed already in place in sk. */
        memcpy(buf, seed, 32);
        memset(buf + 32, 0xa5, 32);
        CHECK_STATUS(ecx_ed25519_keypair(pk, buf, buf), ECX_OK, name);
        CHECK_MEM(buf, osk, 64, ctx("%s keypair with seed aliasing sk", name));
        CHECK_MEM(pk, opk, 32, ctx("%s keypair with seed aliasing sk", name));

        /* keypair(pk = seed, sk, seed). */
        uint8_t sk[64];
        memcpy(buf, seed, 32);
        CHECK_STATUS(ecx_ed25519_keypair(buf, sk, buf), ECX_OK, name);
        CHECK_MEM(buf, opk, 32, ctx("%s keypair with pk aliasing seed", name));
        CHECK_MEM(sk, osk, 64, ctx("%s keypair with pk aliasing seed", name));

        /* sign with sig aliasing the message (64 bytes, then 100 of them). */
        for (size_t mlen = 64; mlen <= sizeof msg; mlen += sizeof msg - 64) {
            uint8_t m[sizeof msg];
            memcpy(m, msg, mlen);
            crypto_sign_detached(osig, NULL, msg, mlen, osk);
            CHECK_STATUS(ecx_ed25519_sign(m, m, mlen, osk), ECX_OK, name);
            CHECK_MEM(m, osig, 64, ctx("%s sign with sig aliasing m (mlen %zu)", name, mlen));
        }

        /* sign with sig aliasing sk. */
        uint8_t two[64];
        crypto_sign_detached(osig, NULL, msg, 10, osk);
        memcpy(two, osk, 64);
        CHECK_STATUS(ecx_ed25519_sign(two, msg, 10, two), ECX_OK, name);
        CHECK_MEM(two, osig, 64, ctx("%s sign with sig aliasing sk", name));
    }
}

int main(void)
{
    const char *backends[MAX_BACKENDS];
    oracle_init();
    check_seed(0xed25519);
    size_t nb = test_backends_listed(backends);
    test_differential(backends, nb);
    test_random_keypair(backends, nb);
    test_aliasing(backends, nb);
    ecx_backend_select("auto");
    return check_summary("test_ed25519_random");
}
