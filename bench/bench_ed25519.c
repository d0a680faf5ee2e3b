/* Rows of the ed25519 and edwards areas: Ed25519 signatures through a
 * backend's table (struct ecx_backend), edwards25519 group operations through
 * its `edwards` table, and the peers libsodium (crypto_sign_*,
 * crypto_scalarmult_ed25519_*_noclamp) and OpenSSL (EVP, Ed25519).
 *
 * Each row times one call of what it names. Inputs come from
 * ecbench_random_bytes; messages are 64 bytes. Where the output can feed the
 * next input it does (the next message, point or scalar is derived from the
 * last result); verification rows cycle through a ring of RING distinct
 * valid signatures, the next index depending on the last verdict, and the
 * batch rows verify the first N of the same set. The ring is as large as the
 * largest batch because a small ring is learned: with 32 signatures the
 * branch predictors remember each input's digit pattern, and libsodium's
 * verification ran 3.5% faster than on fresh inputs (ours 2.5%; measured on
 * Zen 4, 123k against 128k cycles) — a speed no server verifying a stream of
 * distinct signatures sees, and not what the per-item batch ratio should be
 * compared with. Every call's
 * status is checked (one cheap compare per iteration) and a failure ends the
 * row with ecxb_skip_with_error: a benchmark of a failing operation is
 * worthless. Checks that cost more (comparing with libsodium, a naive sum
 * for msm) run outside the timed loop. Ours and the peers' rows of the
 * same operation share one body, with an adapter each (keypair, sign,
 * verify here; mul_base, mul_var in shapes.h). */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#if ECBENCH_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#include "shapes.h"

#define MLEN 64
#define MAX_BATCH 1024
/* Verification rows cycle through this many (pk, message, signature). */
#define RING MAX_BATCH

/* ---- inputs ---- */

/* A random scalar below 2^252 < l (canonical for every consumer). */
static void random_scalar(uint8_t s[32])
{
    ecbench_random_bytes(s, 32);
    s[31] &= 0x0f;
}

/* Valid signatures made with libsodium (a trusted reference, and the same
 * bytes ours make): distinct keys and messages. */
struct sig_set {
    uint8_t pk[32];
    uint8_t msg[MLEN];
    uint8_t sig[64];
};

/* The process's MAX_BATCH signatures, made on first use (NULL if out of
 * memory); every verification and batch row reads the same set. */
static const struct sig_set *shared_sig_set(void)
{
    static struct sig_set *set;
    if (!set) {
        set = malloc(MAX_BATCH * sizeof *set);
        if (!set) return NULL;
        for (size_t i = 0; i < MAX_BATCH; i++) {
            uint8_t seed[32], sk[64];
            ecbench_random_bytes(seed, sizeof seed);
            ecbench_random_bytes(set[i].msg, MLEN);
            crypto_sign_seed_keypair(set[i].pk, sk, seed);
            crypto_sign_detached(set[i].sig, NULL, set[i].msg, MLEN, sk);
        }
    }
    return set;
}

/* ---- keypair: (pk, sk) from a seed; the next seed depends on the key ---- */

struct keypair_op {
    const char *what;
    int (*keypair)(const struct ecbench_backend *b, uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);
};

static void bm_keypair(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct keypair_op *op = row->op;
    uint8_t seed[32], pk[32], sk[64], ref_pk[32], ref_sk[64];
    ecbench_random_bytes(seed, sizeof seed);
    int rc = 0;
    while (ecxb_keep_running(st)) {
        rc |= op->keypair(b, pk, sk, seed);
        seed[0] ^= pk[0]; /* the next seed depends on this key */
        seed[1] ^= pk[31];
    }
    if (rc != 0) {
        ecxb_skip_with_error(st, op->what);
        return;
    }
    /* Untimed: the last key pair is libsodium's for the same seed. */
    seed[0] ^= pk[0];
    seed[1] ^= pk[31];
    crypto_sign_seed_keypair(ref_pk, ref_sk, seed);
    if (memcmp(pk, ref_pk, 32) != 0 || memcmp(sk, ref_sk, 64) != 0)
        ecxb_skip_with_error(st, "the key pair differs from libsodium's");
}

static int ours_keypair(const struct ecbench_backend *b, uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    return b->table->ed25519_keypair(pk, sk, seed);
}

static int sodium_keypair(const struct ecbench_backend *b, uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    (void)b;
    return crypto_sign_seed_keypair(pk, sk, seed);
}

static const struct keypair_op ours_keypair_op = {"ed25519_keypair failed", ours_keypair};
static const struct keypair_op sodium_keypair_op = {"crypto_sign_seed_keypair failed", sodium_keypair};

/* ---- sign: one 64-byte message; the next message is the signature ---- */

struct sign_op {
    const char *what;
    int (*sign)(const struct ecbench_backend *b, uint8_t sig[64], const uint8_t *m, size_t mlen,
                const uint8_t sk[64]);
};

static void bm_sign(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct sign_op *op = row->op;
    uint8_t seed[32], pk[32], sk[64], msg[MLEN], last[MLEN], sig[64];
    ecbench_random_bytes(seed, sizeof seed);
    ecbench_random_bytes(msg, sizeof msg);
    crypto_sign_seed_keypair(pk, sk, seed); /* the keypair rows check ours makes the same */
    int rc = 0;
    while (ecxb_keep_running(st)) {
        rc |= op->sign(b, sig, msg, MLEN, sk);
        memcpy(last, msg, MLEN);
        memcpy(msg, sig, 64); /* the next message is this signature */
    }
    /* Untimed: the last signature verifies under libsodium. */
    if (rc != 0)
        ecxb_skip_with_error(st, op->what);
    else if (ecxb_iterations(st) > 0 && crypto_sign_verify_detached(sig, last, MLEN, pk) != 0)
        ecxb_skip_with_error(st, "a signature libsodium rejects");
}

static int ours_sign(const struct ecbench_backend *b, uint8_t sig[64], const uint8_t *m, size_t mlen,
                     const uint8_t sk[64])
{
    return b->table->ed25519_sign(sig, m, mlen, sk);
}

static int sodium_sign(const struct ecbench_backend *b, uint8_t sig[64], const uint8_t *m, size_t mlen,
                       const uint8_t sk[64])
{
    (void)b;
    return crypto_sign_detached(sig, NULL, m, mlen, sk);
}

static const struct sign_op ours_sign_op = {"ed25519_sign failed", ours_sign};
static const struct sign_op sodium_sign_op = {"crypto_sign_detached failed", sodium_sign};

/* ---- verify: the ring of valid signatures, the next index depending on
 * the verdict ---- */

struct verify_op {
    const char *what;
    int (*verify)(const struct ecbench_backend *b, const struct sig_set *v); /* 0: valid */
};

static void bm_verify(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct verify_op *op = row->op;
    const struct sig_set *v = shared_sig_set();
    if (!v) {
        ecxb_skip_with_error(st, "out of memory");
        return;
    }
    unsigned i = 0;
    while (ecxb_keep_running(st)) {
        int rc = op->verify(b, &v[i]);
        if (rc != 0) {
            ecxb_skip_with_error(st, op->what);
            break;
        }
        i = (i + 1 + (unsigned)rc) % RING; /* the next input depends on the verdict */
    }
}

static int ours_verify(const struct ecbench_backend *b, const struct sig_set *v)
{
    return b->table->ed25519_verify(v->sig, v->msg, MLEN, v->pk, 0);
}

static int ours_verify_zip215(const struct ecbench_backend *b, const struct sig_set *v)
{
    return b->table->ed25519_verify(v->sig, v->msg, MLEN, v->pk, 1);
}

static int sodium_verify(const struct ecbench_backend *b, const struct sig_set *v)
{
    (void)b;
    return crypto_sign_verify_detached(v->sig, v->msg, MLEN, v->pk);
}

static const struct verify_op ours_verify_op = {"ed25519_verify rejected a valid signature", ours_verify};
static const struct verify_op ours_verify_zip215_op = {"ed25519_verify rejected a valid signature",
                                                       ours_verify_zip215};
static const struct verify_op sodium_verify_op = {"crypto_sign_verify_detached rejected a valid signature",
                                                  sodium_verify};

/* One call verifies the whole batch of `param` valid signatures (distinct
 * keys and messages); the items-per-second counter counts signatures. */
static void bm_verify_batch(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const size_t param = row->param;
    const struct sig_set *set = shared_sig_set();
    static const uint8_t *sigs[MAX_BATCH], *msgs[MAX_BATCH], *pks[MAX_BATCH];
    static size_t mlens[MAX_BATCH];
    uint8_t seed[32];

    if (!b->table->ed25519_verify_batch) {
        ecxb_skip_with_error(st, "ed25519_verify_batch not implemented");
        return;
    }
    if (param == 0 || param > MAX_BATCH) {
        ecxb_skip_with_error(st, "batch size out of range");
        return;
    }
    /* The weights' seed (fixed; drawn before the set so that every call sees
     * the same one). */
    ecbench_random_bytes(seed, sizeof seed);
    if (!set) {
        ecxb_skip_with_error(st, "out of memory");
        return;
    }
    for (size_t i = 0; i < param; i++) {
        sigs[i] = set[i].sig;
        msgs[i] = set[i].msg;
        pks[i] = set[i].pk;
        mlens[i] = MLEN;
    }
    while (ecxb_keep_running(st)) {
        int rc = b->table->ed25519_verify_batch(param, sigs, msgs, mlens, pks, NULL, seed);
        if (rc != ECX_OK) {
            ecxb_skip_with_error(st, "ed25519_verify_batch rejected a valid batch");
            break;
        }
        seed[0] = (uint8_t)(seed[0] + 1 + rc); /* fresh weights, as the API draws them */
    }
    ecxb_set_items_processed(st, (int64_t)param * ecxb_iterations(st));
}

/* ---- edwards: mul_base, mul_var (shapes.h) ---- */

/* The first point of the mul_var rows: [random scalar]B (libsodium's, the
 * same point as ours). */
static void random_point(uint8_t p[32])
{
    uint8_t s[32];
    random_scalar(s);
    crypto_scalarmult_ed25519_base_noclamp(p, s);
}

static int ours_mul_base(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32])
{
    b->table->edwards->mul_base(r, s);
    return 0;
}

/* -1 only for a zero scalar or the identity: never here. */
static int sodium_mul_base(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32])
{
    (void)b;
    return crypto_scalarmult_ed25519_base_noclamp(r, s);
}

static int ours_mul_var(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    return b->table->edwards->mul_var(r, s, p);
}

/* Note: libsodium's crypto_scalarmult_ed25519_noclamp also checks its input
 * point (canonical, not of small order, in the prime-order subgroup: one more
 * multiplication by l); that check is part of the call, so part of the row. */
static int sodium_mul_var(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    (void)b;
    return crypto_scalarmult_ed25519_noclamp(r, s, p);
}

static const struct ecbench_base_mul ours_mul_base_op = {"edwards mul_base", ours_mul_base};
static const struct ecbench_base_mul sodium_mul_base_op = {"crypto_scalarmult_ed25519_base_noclamp",
                                                           sodium_mul_base};
static const struct ecbench_var_mul ours_mul_var_op = {"edwards mul_var", random_point, ours_mul_var};
static const struct ecbench_var_mul sodium_mul_var_op = {"crypto_scalarmult_ed25519_noclamp", random_point,
                                                         sodium_mul_var};

static void bm_double_mul(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct ecxi_edwards_ops *ed = b->table->edwards;
    uint8_t a[32], A[32], bs[32], r[32];
    (void)row;
    if (!ed || !ed->double_mul_vartime || !ed->mul_base) {
        ecxb_skip_with_error(st, "edwards double_mul_vartime not implemented");
        return;
    }
    random_scalar(a);
    ed->mul_base(A, a);
    random_scalar(a);
    random_scalar(bs);
    while (ecxb_keep_running(st)) {
        /* The output is the next point A and (as bytes) the next scalar a,
         * so the variable-time digit pattern changes every call. */
        if (ed->double_mul_vartime(r, a, A, bs) != ECX_OK) {
            ecxb_skip_with_error(st, "edwards double_mul_vartime failed");
            break;
        }
        memcpy(A, r, 32);
        ecbench_scalar_from(a, r);
    }
    ecxb_do_not_optimize(A);
}

/* Untimed check of msm: r == sum [scalars[i]] points[i] computed with
 * mul_var and add. 1 if equal (or when the check cannot be made). */
static int msm_matches_naive(const struct ecxi_edwards_ops *ed, const uint8_t r[32], size_t n,
                             const uint8_t (*scalars)[32], const uint8_t (*points)[32])
{
    uint8_t acc[32], t[32];
    if (!ed->add || !ed->mul_var) return 1;
    for (size_t i = 0; i < n; i++) {
        if (ed->mul_var(t, scalars[i], points[i]) != ECX_OK) return 0;
        if (i == 0)
            memcpy(acc, t, 32);
        else if (ed->add(acc, acc, t) != ECX_OK)
            return 0;
    }
    return n == 0 || memcmp(acc, r, 32) == 0;
}

/* One call: the whole multiscalar multiplication of `param` terms. */
static void bm_msm(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const size_t param = row->param;
    const struct ecxi_edwards_ops *ed = b->table->edwards;
    uint8_t(*scalars)[32], (*points)[32], r[32];
    if (!ed || !ed->msm_vartime || !ed->mul_base) {
        ecxb_skip_with_error(st, "edwards msm_vartime not implemented");
        return;
    }
    if (param == 0 || param > MAX_BATCH) {
        ecxb_skip_with_error(st, "msm size out of range");
        return;
    }
    scalars = malloc(param * sizeof *scalars);
    points = malloc(param * sizeof *points);
    if (!scalars || !points) {
        free(scalars);
        free(points);
        ecxb_skip_with_error(st, "out of memory");
        return;
    }
    for (size_t i = 0; i < param; i++) {
        random_scalar(scalars[i]);
        ed->mul_base(points[i], scalars[i]);
        random_scalar(scalars[i]);
    }
    /* Untimed: the result is right before it is timed. */
    if (ed->msm_vartime(r, param, (const uint8_t(*)[32])scalars, (const uint8_t(*)[32])points) != ECX_OK) {
        ecxb_skip_with_error(st, "edwards msm_vartime failed");
    } else if (!msm_matches_naive(ed, r, param, (const uint8_t(*)[32])scalars, (const uint8_t(*)[32])points)) {
        ecxb_skip_with_error(st, "edwards msm_vartime differs from the sum of mul_var");
    } else {
        size_t k = 0;
        while (ecxb_keep_running(st)) {
            if (ed->msm_vartime(r, param, (const uint8_t(*)[32])scalars, (const uint8_t(*)[32])points) != ECX_OK) {
                ecxb_skip_with_error(st, "edwards msm_vartime failed");
                break;
            }
            ecbench_scalar_from(scalars[k], r); /* the result becomes one of the next scalars */
            k = (k + 1) % param;
        }
        ecxb_set_items_processed(st, (int64_t)param * ecxb_iterations(st));
    }
    ecxb_do_not_optimize(r);
    free(scalars);
    free(points);
}

/* ---- OpenSSL (peer, EVP) ---- */

#if ECBENCH_HAVE_OPENSSL
/* The key and the EVP_MD_CTX are made outside the timed loop. Ed25519 in
 * OpenSSL is one-shot only (no EVP_DigestUpdate): after EVP_DigestSign or
 * EVP_DigestVerify the context must be initialised again, so each call is
 * EVP_DigestSignInit + EVP_DigestSign (resp. Verify). The init is part of
 * what an OpenSSL user pays per signature, hence part of the row. */
static void bm_openssl_sign(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    unsigned char seed[32], msg[MLEN], sig[64];
    (void)b;
    (void)row;
    ecbench_random_bytes(seed, sizeof seed);
    ecbench_random_bytes(msg, sizeof msg);
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, sizeof seed);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    if (!key || !ctx) {
        ecxb_skip_with_error(st, "cannot create the OpenSSL Ed25519 key");
    } else {
        while (ecxb_keep_running(st)) {
            size_t siglen = sizeof sig;
            if (EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) != 1 ||
                EVP_DigestSign(ctx, sig, &siglen, msg, MLEN) != 1 || siglen != 64) {
                ecxb_skip_with_error(st, "EVP_DigestSign failed");
                break;
            }
            memcpy(msg, sig, 64);
        }
    }
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
}

static void bm_openssl_verify(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct sig_set *v = shared_sig_set();
    static EVP_PKEY *keys[RING];
    static EVP_MD_CTX *ctxs[RING];
    (void)b;
    (void)row;
    /* One context per key: OpenSSL 3.0 re-initialises a used context on its
     * existing EVP_PKEY_CTX, keeping the old key (a verification under
     * another key then fails). */
    int ok = v != NULL;
    for (unsigned i = 0; ok && i < RING; i++) {
        keys[i] = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, v[i].pk, 32);
        ctxs[i] = EVP_MD_CTX_new();
        ok &= keys[i] != NULL && ctxs[i] != NULL;
    }
    if (!ok) {
        ecxb_skip_with_error(st, "cannot create the OpenSSL Ed25519 keys");
    } else {
        unsigned i = 0;
        while (ecxb_keep_running(st)) {
            int rc = EVP_DigestVerifyInit(ctxs[i], NULL, NULL, NULL, keys[i]);
            if (rc == 1) rc = EVP_DigestVerify(ctxs[i], v[i].sig, 64, v[i].msg, MLEN);
            if (rc != 1) {
                ecxb_skip_with_error(st, "EVP_DigestVerify rejected a valid signature");
                break;
            }
            i = (i + (unsigned)rc) % RING;
        }
    }
    for (unsigned i = 0; i < RING; i++) {
        EVP_MD_CTX_free(ctxs[i]);
        EVP_PKEY_free(keys[i]);
        ctxs[i] = NULL;
        keys[i] = NULL;
    }
}
#endif

/* ---- the rows ---- */

static const struct ecbench_row ed25519_rows[] = {
    {NULL, "ed25519/keypair", bm_keypair, 0, ECXB_NS, NULL, &ours_keypair_op},
    {NULL, "ed25519/sign", bm_sign, 0, ECXB_NS, NULL, &ours_sign_op},
    {NULL, "ed25519/verify", bm_verify, 0, ECXB_NS, NULL, &ours_verify_op},
    {NULL, "ed25519/verify_zip215", bm_verify, 0, ECXB_NS, NULL, &ours_verify_zip215_op},
    {NULL, "ed25519/verify_batch/64", bm_verify_batch, 64, ECXB_US, "ed25519/verify", NULL},
    {NULL, "ed25519/verify_batch/1024", bm_verify_batch, 1024, ECXB_US, "ed25519/verify", NULL},
    {"libsodium", "ed25519/keypair", bm_keypair, 0, ECXB_NS, NULL, &sodium_keypair_op},
    {"libsodium", "ed25519/sign", bm_sign, 0, ECXB_NS, NULL, &sodium_sign_op},
    {"libsodium", "ed25519/verify", bm_verify, 0, ECXB_NS, NULL, &sodium_verify_op},
#if ECBENCH_HAVE_OPENSSL
    {"openssl", "ed25519/sign", bm_openssl_sign, 0, ECXB_NS, NULL, NULL},
    {"openssl", "ed25519/verify", bm_openssl_verify, 0, ECXB_NS, NULL, NULL},
#endif
};

const struct ecbench_suite ecbench_suite_ed25519 = {"ed25519", ed25519_rows,
                                                    sizeof ed25519_rows / sizeof ed25519_rows[0]};

static const struct ecbench_row edwards_rows[] = {
    {NULL, "edwards/mul_base", ecbench_bm_base_mul, 0, ECXB_NS, NULL, &ours_mul_base_op},
    {NULL, "edwards/mul_var", ecbench_bm_var_mul, 0, ECXB_NS, NULL, &ours_mul_var_op},
    {NULL, "edwards/double_mul_vartime", bm_double_mul, 0, ECXB_NS, NULL, NULL},
    {NULL, "edwards/msm/64", bm_msm, 64, ECXB_US, NULL, NULL},
    {NULL, "edwards/msm/1024", bm_msm, 1024, ECXB_US, NULL, NULL},
    {"libsodium", "edwards/mul_base", ecbench_bm_base_mul, 0, ECXB_NS, NULL, &sodium_mul_base_op},
    {"libsodium", "edwards/mul_var", ecbench_bm_var_mul, 0, ECXB_NS, NULL, &sodium_mul_var_op},
};

const struct ecbench_suite ecbench_suite_edwards = {"edwards", edwards_rows,
                                                    sizeof edwards_rows / sizeof edwards_rows[0]};
