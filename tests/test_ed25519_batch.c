/* Ed25519 batch verification (ZIP-215 rules), on every usable backend:
 *
 *  - valid batches of n = 0, 1, 2, 3, 64, 1000 signatures (distinct keys,
 *    messages of random lengths, 3 in 8 valid under ZIP-215 only: small-order
 *    A or R in all 14 encodings, R with a torsion component), with and
 *    without results[];
 *  - one bad signature at each position (n = 1, 2, 3, 16; a few positions
 *    of 64 and 1000): the batch fails, results[] marks exactly that one,
 *    with the status ecx_ed25519_verify_zip215 gives it;
 *  - two wrong signatures whose errors cancel in an unweighted sum;
 *  - random mixed batches: results[i] is always verify_zip215's verdict and
 *    the batch verifies iff every entry does;
 *  - NULL arrays and NULL entries -> ECX_ERR_INVALID, msgs[i] NULL with
 *    mlens[i] = 0 is fine.
 *
 * A backend whose batch verification returns ECX_ERR_UNSUPPORTED is skipped
 * with a printed line (not counted as a pass). */
#include "ed25519_common.h"

#define MAX_MSG 100
#define JUNK 12345 /* results[] is pre-filled with this, to see it written */

struct batch {
    size_t n;
    uint8_t (*sig)[64], (*pk)[32], (*msg)[MAX_MSG + 1];
    size_t *mlen;
    const uint8_t **sigs, **msgs, **pks;
    int *results, *want; /* want: verify_zip215's verdict per entry */
};

static void batch_free(struct batch *b)
{
    free(b->sig), free(b->pk), free(b->msg), free(b->mlen);
    free(b->sigs), free(b->msgs), free(b->pks), free(b->results), free(b->want);
    memset(b, 0, sizeof *b);
}

/* n valid signatures, three in eight of them valid under ZIP-215 only:
 * small-order A (i = 3 mod 8) or R (i = 5 mod 8), each of the 14 encodings in
 * turn, non-canonical ones included, and R with a torsion component (i = 7
 * mod 8). */
static void batch_make(struct batch *b, size_t n)
{
    size_t m = n ? n : 1;
    memset(b, 0, sizeof *b);
    b->n = n;
    b->sig = malloc(m * sizeof *b->sig), b->pk = malloc(m * sizeof *b->pk), b->msg = malloc(m * sizeof *b->msg);
    b->mlen = malloc(m * sizeof *b->mlen), b->sigs = malloc(m * sizeof *b->sigs);
    b->msgs = malloc(m * sizeof *b->msgs), b->pks = malloc(m * sizeof *b->pks);
    b->results = malloc(m * sizeof *b->results), b->want = malloc(m * sizeof *b->want);
    if (!b->sig || !b->pk || !b->msg || !b->mlen || !b->sigs || !b->msgs || !b->pks || !b->results || !b->want)
        abort();
    for (size_t i = 0; i < n; i++) {
        struct key k;
        make_key(&k);
        memcpy(b->pk[i], k.pk, 32);
        b->mlen[i] = (size_t)(check_rand64() % (MAX_MSG + 1));
        check_random_bytes(b->msg[i], b->mlen[i]);
        if (i % 8 == 3)
            sign_small_order_a(b->sig[i], b->pk[i], (i / 8) % 14);
        else if (i % 8 == 5)
            sign_small_order_r(b->sig[i], b->msg[i], b->mlen[i], &k, (i / 8) % 14);
        else if (i % 8 == 7)
            sign_mixed_order_r(b->sig[i], b->msg[i], b->mlen[i], &k);
        else
            crypto_sign_detached(b->sig[i], NULL, b->msg[i], b->mlen[i], k.sk);
        b->sigs[i] = b->sig[i], b->msgs[i] = b->msg[i], b->pks[i] = b->pk[i];
        b->want[i] = ECX_OK;
    }
}

/* Spoils entry i in one of several ways (kind), keeping the status that
 * verify_zip215 now gives it in want[i] (computed by the caller). */
static const char *batch_spoil(struct batch *b, size_t i, unsigned kind)
{
    uint64_t r = check_rand64();
    switch (kind % 7) {
    case 0:
        b->sig[i][(r >> 3) % 32] ^= (uint8_t)(1u << (r & 7));
        return "R bit";
    case 1:
        b->sig[i][32 + (r >> 3) % 31] ^= (uint8_t)(1u << (r & 7));
        return "S bit";
    case 2:
        add256(b->sig[i] + 32, b->sig[i] + 32, ED_L);
        return "S + l";
    case 3:
        if (b->mlen[i] == 0)
            b->msg[i][b->mlen[i]++] = (uint8_t)r;
        else
            b->msg[i][(r >> 3) % b->mlen[i]] ^= (uint8_t)(1u << (r & 7));
        return "message bit";
    case 4:
        b->pk[i][(r >> 3) % 32] ^= (uint8_t)(1u << (r & 7));
        return "pk bit";
    case 5:
        hex_fixed(b->sig[i], 32, "0200000000000000000000000000000000000000000000000000000000000000");
        return "R off the curve";
    default:
        b->pk[i][0] ^= 1, b->pk[i][31] ^= 0x80;
        return "pk two bits";
    }
}

static int single(const struct batch *b, size_t i)
{
    return ecx_ed25519_verify_zip215(b->sig[i], b->msg[i], b->mlen[i], b->pk[i]);
}

static int run(struct batch *b, int with_results)
{
    for (size_t i = 0; i < b->n; i++) b->results[i] = JUNK;
    return ecx_ed25519_verify_batch(b->n, b->sigs, b->msgs, b->mlen, b->pks, with_results ? b->results : NULL);
}

/* Checks a batch against want[]: the return value and every results[i]. */
static void check_batch(struct batch *b, const char *what_in)
{
    char what[160]; /* what_in may be ctx()'s buffer, which the checks reuse */
    snprintf(what, sizeof what, "%s", what_in);
    int all_ok = 1;
    for (size_t i = 0; i < b->n; i++) all_ok &= b->want[i] == ECX_OK;
    int r = run(b, 1);
    if (all_ok)
        CHECK_STATUS(r, ECX_OK, what);
    else
        CHECK_REJECT(r, what);
    for (size_t i = 0; i < b->n; i++) CHECK_STATUS(b->results[i], b->want[i], ctx("%s: results[%zu]", what, i));
    r = run(b, 0);
    if (all_ok)
        CHECK_STATUS(r, ECX_OK, ctx("%s (results NULL)", what));
    else
        CHECK_REJECT(r, ctx("%s (results NULL)", what));
}

static void test_valid(const char *backend)
{
    /* 37 / 38, 111 / 112 and 127 / 128 signatures straddle the backends'
     * switches from Straus to Pippenger (ED25519_BATCH_STRAUS_MAX_N: 77
     * points on ifma, 224 on avx2, 256 by default). */
    static const size_t sizes[] = {0, 1, 2, 3, 37, 38, 64, 111, 112, 127, 128, 1000};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        struct batch b;
        batch_make(&b, sizes[s]);
        char w[96];
        snprintf(w, sizeof w, "%s valid batch n = %zu", backend, sizes[s]);
        for (size_t i = 0; i < b.n; i++) /* the single verifier agrees they are valid */
            CHECK_STATUS(single(&b, i), ECX_OK, ctx("%s: verify_zip215 of entry %zu", w, i));
        check_batch(&b, w);
        batch_free(&b);
    }
    /* The same signature many times over. */
    struct batch b;
    batch_make(&b, 5);
    for (size_t i = 1; i < 5; i++)
        b.sigs[i] = b.sigs[0], b.msgs[i] = b.msgs[0], b.mlen[i] = b.mlen[0], b.pks[i] = b.pks[0];
    CHECK_STATUS(run(&b, 1), ECX_OK, ctx("%s batch of one signature five times", backend));
    batch_free(&b);
}

/* One bad entry at position `at` of a valid batch of n. */
static void one_bad(const char *backend, size_t n, size_t at, unsigned kind)
{
    struct batch b;
    batch_make(&b, n);
    const char *how = batch_spoil(&b, at, kind);
    /* A small-order A signs every message: spoil something else as well. */
    while ((b.want[at] = single(&b, at)) == ECX_OK) how = batch_spoil(&b, at, ++kind);
    char w[128];
    snprintf(w, sizeof w, "%s batch n = %zu, bad entry %zu (%s)", backend, n, at, how);
    CHECK_CTX(b.want[at] != ECX_OK, ctx("%s: the spoiled entry still verifies alone", w));
    check_batch(&b, w);
    batch_free(&b);
}

static void test_one_bad(const char *backend)
{
    static const size_t every[] = {1, 2, 3, 16};
    unsigned kind = 0;
    for (size_t s = 0; s < sizeof every / sizeof every[0]; s++)
        for (size_t at = 0; at < every[s]; at++) one_bad(backend, every[s], at, kind++);
    static const size_t at64[] = {0, 1, 31, 62, 63};
    for (size_t i = 0; i < sizeof at64 / sizeof at64[0]; i++) one_bad(backend, 64, at64[i], kind++);
    one_bad(backend, 1000, 0, kind++);
    one_bad(backend, 1000, 999, kind++);
    one_bad(backend, 1000, (size_t)(check_rand64() % 1000), kind++);
}

/* S_0 + 1 and S_1 - 1: an unweighted sum of the equations still holds. */
static void test_cancelling(const char *backend)
{
    struct batch b;
    batch_make(&b, 4);
    uint8_t one[32] = {1}, minus_one[32];
    crypto_core_ed25519_scalar_negate(minus_one, one);
    crypto_core_ed25519_scalar_add(b.sig[1] + 32, b.sig[1] + 32, one);
    crypto_core_ed25519_scalar_add(b.sig[2] + 32, b.sig[2] + 32, minus_one);
    b.want[1] = single(&b, 1);
    b.want[2] = single(&b, 2);
    CHECK_STATUS(b.want[1], ECX_ERR_VERIFY, ctx("%s verify_zip215 of S + 1", backend));
    CHECK_STATUS(b.want[2], ECX_ERR_VERIFY, ctx("%s verify_zip215 of S - 1", backend));
    check_batch(&b, ctx("%s batch with cancelling errors", backend));
    batch_free(&b);
}

/* Random batches with random spoiled entries: results[] is the single
 * verifier's verdict on every entry. */
static void test_mixed(const char *backend)
{
    unsigned long trials = test_iterations(40);
    for (unsigned long t = 0; t < trials; t++) {
        struct batch b;
        batch_make(&b, 1 + (size_t)(check_rand64() % 40));
        for (size_t i = 0; i < b.n; i++) {
            if (check_rand64() % 4 == 0) batch_spoil(&b, i, (unsigned)check_rand64());
            b.want[i] = single(&b, i);
        }
        check_batch(&b, ctx("%s mixed batch %lu (n = %zu)", backend, t, b.n));
        batch_free(&b);
    }
}

static void test_null(const char *backend)
{
    struct batch b;
    batch_make(&b, 3);
    const char *n = backend;
    CHECK_STATUS(ecx_ed25519_verify_batch(3, NULL, b.msgs, b.mlen, b.pks, b.results), ECX_ERR_INVALID,
                 ctx("%s sigs NULL", n));
    CHECK_STATUS(ecx_ed25519_verify_batch(3, b.sigs, NULL, b.mlen, b.pks, b.results), ECX_ERR_INVALID,
                 ctx("%s msgs NULL", n));
    CHECK_STATUS(ecx_ed25519_verify_batch(3, b.sigs, b.msgs, NULL, b.pks, b.results), ECX_ERR_INVALID,
                 ctx("%s mlens NULL", n));
    CHECK_STATUS(ecx_ed25519_verify_batch(3, b.sigs, b.msgs, b.mlen, NULL, b.results), ECX_ERR_INVALID,
                 ctx("%s pks NULL", n));
    CHECK_STATUS(ecx_ed25519_verify_batch(3, NULL, NULL, NULL, NULL, NULL), ECX_ERR_INVALID, ctx("%s all NULL", n));
    for (size_t i = 0; i < 3; i++) {
        const uint8_t *keep;
        keep = b.sigs[i], b.sigs[i] = NULL;
        CHECK_STATUS(run(&b, 1), ECX_ERR_INVALID, ctx("%s sigs[%zu] NULL", n, i));
        b.sigs[i] = keep;
        keep = b.pks[i], b.pks[i] = NULL;
        CHECK_STATUS(run(&b, 1), ECX_ERR_INVALID, ctx("%s pks[%zu] NULL", n, i));
        b.pks[i] = keep;
        size_t keep_len = b.mlen[i];
        keep = b.msgs[i], b.msgs[i] = NULL, b.mlen[i] = 1;
        CHECK_STATUS(run(&b, 1), ECX_ERR_INVALID, ctx("%s msgs[%zu] NULL, mlens[%zu] = 1", n, i, i));
        b.msgs[i] = keep, b.mlen[i] = keep_len;
    }
    /* msgs[i] NULL with mlens[i] = 0: an empty message. */
    struct key k;
    make_key(&k);
    crypto_sign_detached(b.sig[1], NULL, b.msg[1], 0, k.sk);
    uint8_t own[64];
    CHECK_STATUS(ecx_ed25519_sign(own, NULL, 0, k.sk), ECX_OK, n);
    CHECK_MEM(own, b.sig[1], 64, ctx("%s sign of the empty message", n));
    memcpy(b.pk[1], k.pk, 32);
    b.msgs[1] = NULL, b.mlen[1] = 0;
    CHECK_STATUS(run(&b, 1), ECX_OK, ctx("%s msgs[1] NULL, mlens[1] = 0", n));
    /* n = 0: nothing to read; with non-NULL arrays it verifies. */
    CHECK_STATUS(ecx_ed25519_verify_batch(0, b.sigs, b.msgs, b.mlen, b.pks, b.results), ECX_OK, ctx("%s n = 0", n));
    CHECK_STATUS(ecx_ed25519_verify_batch(0, b.sigs, b.msgs, b.mlen, b.pks, NULL), ECX_OK,
                 ctx("%s n = 0, results NULL", n));
    /* With NULL arrays either reading is defensible (n = 0 verifies; an
     * array is NULL): only require no crash and one of the two. */
    CHECK_STATUS2(ecx_ed25519_verify_batch(0, NULL, NULL, NULL, NULL, NULL), ECX_OK, ECX_ERR_INVALID,
                  ctx("%s n = 0, arrays NULL", n));
    batch_free(&b);
}

int main(void)
{
    const char *backends[MAX_BACKENDS];
    oracle_init();
    check_seed(0xba7c4);
    size_t nb = test_backends_listed(backends);
    for (size_t i = 0; i < nb; i++) {
        if (!use_backend(backends[i])) continue;
        struct batch b;
        batch_make(&b, 2);
        int r = run(&b, 1);
        batch_free(&b);
        if (r == ECX_ERR_UNSUPPORTED) {
            printf("skip: %s: ecx_ed25519_verify_batch returns ECX_ERR_UNSUPPORTED\n", backends[i]);
            continue;
        }
        test_valid(backends[i]);
        test_one_bad(backends[i]);
        test_cancelling(backends[i]);
        test_mixed(backends[i]);
        test_null(backends[i]);
    }
    ecx_backend_select("auto");
    return check_summary("test_ed25519_batch");
}
