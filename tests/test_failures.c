/* Forced error paths: the OS randomness fails (ECX_ERR_RANDOM) and memory
 * allocations fail (ECX_ERR_NOMEM), on every backend.
 *
 * The test links the static library with the linker's --wrap for getrandom
 * and the allocator (tests/meson.build): every call the library makes to
 * them reaches the __wrap_ functions below, which pass through, fail on
 * command, or hand out chosen bytes. The library itself has no hook.
 *
 * Checked:
 * - which public functions draw randomness and which allocate (a call of
 *   each with valid arguments, counted): a new function that does either
 *   without a row below fails the count;
 * - randomness: an error, a zero-length read and an error after a partial
 *   read give ECX_ERR_RANDOM with the outputs unwritten; EINTR and short
 *   reads are retried, and the seed keypair(NULL) uses is exactly the bytes
 *   the OS gave;
 * - allocation: for a run that makes K allocations, failing each k-th one
 *   (k = 1..K) gives ECX_ERR_NOMEM, the outputs unwritten, and every block
 *   allocated so far freed; batches and multiscalar multiplications run
 *   small (Straus) and large (Pippenger);
 * - the P-256, transcript and range-proof functions the same way
 *   (tests/failures_p256_rangeproof.h). */
#include <errno.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>

#include "check.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/ristretto.h"

/* ------------------------------------------------------------------------ */
/* The wrapped OS randomness                                                 */

enum random_mode {
    RANDOM_REAL,          /* pass through */
    RANDOM_ERROR,         /* -1, errno = EIO */
    RANDOM_ZERO,          /* returns 0 */
    RANDOM_PARTIAL_ERROR, /* 5 bytes, then -1 EIO */
    RANDOM_EINTR_ONCE,    /* -1 EINTR, then the chosen bytes */
    RANDOM_SHORT,         /* the chosen bytes, at most 5 per call */
};
static enum random_mode random_mode = RANDOM_REAL;
static unsigned long random_calls;
static size_t random_given; /* chosen bytes handed out so far */

/* The chosen bytes: byte i of the stream is chosen_byte(i). */
static uint8_t chosen_byte(size_t i) { return (uint8_t)(0x5a ^ (i * 37 + 11)); }

ssize_t __real_getrandom(void *buf, size_t n, unsigned flags);
ssize_t __wrap_getrandom(void *buf, size_t n, unsigned flags);
ssize_t __wrap_getrandom(void *buf, size_t n, unsigned flags)
{
    unsigned long call = ++random_calls;
    size_t give = n;
    switch (random_mode) {
    case RANDOM_REAL:
        return __real_getrandom(buf, n, flags);
    case RANDOM_ERROR:
        errno = EIO;
        return -1;
    case RANDOM_ZERO:
        return 0;
    case RANDOM_PARTIAL_ERROR:
        if (call > 1) {
            errno = EIO;
            return -1;
        }
        give = n < 5 ? n : 5;
        break;
    case RANDOM_EINTR_ONCE:
        if (call == 1) {
            errno = EINTR;
            return -1;
        }
        break;
    case RANDOM_SHORT:
        give = n < 5 ? n : 5;
        break;
    }
    for (size_t i = 0; i < give; i++) ((uint8_t *)buf)[i] = chosen_byte(random_given + i);
    random_given += give;
    return (ssize_t)give;
}

static void random_set(enum random_mode mode)
{
    random_mode = mode;
    random_calls = 0;
    random_given = 0;
}

/* ------------------------------------------------------------------------ */
/* The wrapped allocator                                                     */

#define MAX_LIVE 256
static int alloc_armed;              /* count and track while set */
static unsigned long alloc_calls;    /* allocation calls while armed */
static unsigned long alloc_fail_at;  /* fail this call (1-based); 0 = never */
static void *live[MAX_LIVE];         /* blocks allocated while armed, not yet freed */
static unsigned live_count, live_overflow;

static void *track(void *p)
{
    if (!p) return p;
    for (unsigned i = 0; i < MAX_LIVE; i++)
        if (!live[i]) {
            live[i] = p;
            live_count++;
            return p;
        }
    live_overflow++;
    return p;
}

static void untrack(void *p)
{
    if (!p) return;
    for (unsigned i = 0; i < MAX_LIVE; i++)
        if (live[i] == p) {
            live[i] = NULL;
            live_count--;
            return;
        }
}

/* 1 if this armed allocation call must fail. */
static int alloc_should_fail(void) { return ++alloc_calls == alloc_fail_at; }

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
int __real_posix_memalign(void **p, size_t align, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);
int __wrap_posix_memalign(void **p, size_t align, size_t n);
void __wrap_free(void *p);

void *__wrap_malloc(size_t n)
{
    if (!alloc_armed) return __real_malloc(n);
    if (alloc_should_fail()) return NULL;
    return track(__real_malloc(n));
}
void *__wrap_calloc(size_t n, size_t size)
{
    if (!alloc_armed) return __real_calloc(n, size);
    if (alloc_should_fail()) return NULL;
    return track(__real_calloc(n, size));
}
void *__wrap_realloc(void *p, size_t n)
{
    if (!alloc_armed) return __real_realloc(p, n);
    if (alloc_should_fail()) return NULL;
    untrack(p);
    return track(__real_realloc(p, n));
}
void *__wrap_aligned_alloc(size_t align, size_t n)
{
    if (!alloc_armed) return __real_aligned_alloc(align, n);
    if (alloc_should_fail()) return NULL;
    return track(__real_aligned_alloc(align, n));
}
int __wrap_posix_memalign(void **p, size_t align, size_t n)
{
    if (!alloc_armed) return __real_posix_memalign(p, align, n);
    if (alloc_should_fail()) return ENOMEM;
    int rc = __real_posix_memalign(p, align, n);
    if (rc == 0) track(*p);
    return rc;
}
void __wrap_free(void *p)
{
    if (alloc_armed) untrack(p);
    __real_free(p);
}

static void alloc_arm(unsigned long fail_at)
{
    alloc_calls = 0;
    alloc_fail_at = fail_at;
    alloc_armed = 1;
}
static void alloc_disarm(void) { alloc_armed = 0; }

/* ------------------------------------------------------------------------ */
/* Inputs                                                                    */

#define BIG_N 100 /* batch of 100: 201 points, Pippenger */
#define BIG_MSM 200
#define SMALL_N 4
#define MSG_LEN 40

static uint8_t sk[BIG_N][64], pk[BIG_N][32], sig[BIG_N][64], msg[BIG_N][MSG_LEN];
static const uint8_t *sig_ptr[BIG_N], *pk_ptr[BIG_N], *msg_ptr[BIG_N];
static size_t mlen[BIG_N];
static uint8_t scalars[BIG_MSM][32], points[BIG_MSM][32];

static void make_inputs(void)
{
    for (size_t i = 0; i < BIG_N; i++) {
        uint8_t seed[32];
        check_random_bytes(seed, 32);
        check_random_bytes(msg[i], MSG_LEN);
        crypto_sign_seed_keypair(pk[i], sk[i], seed);
        crypto_sign_detached(sig[i], NULL, msg[i], MSG_LEN, sk[i]);
        sig_ptr[i] = sig[i];
        pk_ptr[i] = pk[i];
        msg_ptr[i] = msg[i];
        mlen[i] = MSG_LEN;
    }
    for (size_t i = 0; i < BIG_MSM; i++) {
        uint8_t k[32];
        crypto_core_ristretto255_scalar_random(scalars[i]);
        crypto_core_ristretto255_scalar_random(k);
        crypto_scalarmult_ristretto255_base(points[i], k);
    }
}

/* ------------------------------------------------------------------------ */
/* Every public function once: how often it draws randomness and allocates   */

static uint8_t out32[32], out64[64];
static int results[BIG_N];

static int call_keypair_seed(void) { return ecx_ed25519_keypair(out32, out64, sk[0]); }
static int call_keypair_os(void) { return ecx_ed25519_keypair(out32, out64, NULL); }
static int call_sign(void) { return ecx_ed25519_sign(out64, msg[0], MSG_LEN, sk[0]); }
static int call_verify(void) { return ecx_ed25519_verify(sig[0], msg[0], MSG_LEN, pk[0]); }
static int call_verify_zip215(void) { return ecx_ed25519_verify_zip215(sig[0], msg[0], MSG_LEN, pk[0]); }
static int call_batch_empty(void) { return ecx_ed25519_verify_batch(0, NULL, NULL, NULL, NULL, NULL); }
static int call_batch_small(void) { return ecx_ed25519_verify_batch(SMALL_N, sig_ptr, msg_ptr, mlen, pk_ptr, results); }
static int call_batch_big(void) { return ecx_ed25519_verify_batch(BIG_N, sig_ptr, msg_ptr, mlen, pk_ptr, results); }
static int call_ristretto_is_valid(void) { return ecx_ristretto255_is_valid(points[0]); }
static int call_ristretto_add(void) { return ecx_ristretto255_add(out32, points[0], points[1]); }
static int call_ristretto_sub(void) { return ecx_ristretto255_sub(out32, points[0], points[1]); }
static int call_ristretto_scalarmult(void) { return ecx_ristretto255_scalarmult(out32, scalars[0], points[0]); }
static int call_ristretto_scalarmult_base(void) { return ecx_ristretto255_scalarmult_base(out32, scalars[0]); }
static int call_ristretto_from_uniform(void) { return ecx_ristretto255_from_uniform(out32, sk[0]); }
static int call_msm_empty(void) { return ecx_ristretto255_msm_vartime(out32, 0, NULL, NULL); }
static int call_msm_small(void) { return ecx_ristretto255_msm_vartime(out32, SMALL_N, scalars, points); }
static int call_msm_big(void) { return ecx_ristretto255_msm_vartime(out32, BIG_MSM, scalars, points); }

#include "failures_p256_rangeproof.h"

static const struct {
    const char *name;
    int (*call)(void);
    unsigned random_calls; /* getrandom calls in a normal run */
    int allocates;         /* makes at least one allocation */
} calls[] = {
    {"ed25519_keypair(seed)", call_keypair_seed, 0, 0},
    {"ed25519_keypair(NULL)", call_keypair_os, 1, 0},
    {"ed25519_sign", call_sign, 0, 0},
    {"ed25519_verify", call_verify, 0, 0},
    {"ed25519_verify_zip215", call_verify_zip215, 0, 0},
    {"ed25519_verify_batch(0)", call_batch_empty, 0, 0},
    {"ed25519_verify_batch(4)", call_batch_small, 1, 1},
    {"ed25519_verify_batch(100)", call_batch_big, 1, 1},
    {"ristretto255_is_valid", call_ristretto_is_valid, 0, 0},
    {"ristretto255_add", call_ristretto_add, 0, 0},
    {"ristretto255_sub", call_ristretto_sub, 0, 0},
    {"ristretto255_scalarmult", call_ristretto_scalarmult, 0, 0},
    {"ristretto255_scalarmult_base", call_ristretto_scalarmult_base, 0, 0},
    {"ristretto255_from_uniform", call_ristretto_from_uniform, 0, 0},
    {"ristretto255_msm_vartime(0)", call_msm_empty, 0, 0},
    {"ristretto255_msm_vartime(4)", call_msm_small, 0, 1},
    {"ristretto255_msm_vartime(200)", call_msm_big, 0, 1},
    {"p256_field_invert", call_p256_field_invert, 0, 0},
    {"p256_scalar_invert", call_p256_scalar_invert, 0, 0},
    {"p256_public_key", call_p256_public_key, 0, 0},
    {"p256_public_key_compressed", call_p256_public_key_compressed, 0, 0},
    {"p256_public_key_compress", call_p256_compress, 0, 0},
    {"p256_public_key_decompress", call_p256_decompress, 0, 0},
    {"p256_ecdsa_sign", call_p256_sign, 0, 0},
    {"p256_ecdsa_sign_digest", call_p256_sign_digest, 0, 0},
    {"p256_ecdsa_verify", call_p256_verify, 0, 0},
    {"p256_ecdsa_verify_key(33)", call_p256_verify_key, 0, 0},
    {"p256_ecdsa_verify_digest", call_p256_verify_digest, 0, 0},
    {"transcript_init", call_transcript_init, 0, 0},
    {"transcript_append", call_transcript_append, 0, 0},
    {"transcript_challenge", call_transcript_challenge, 0, 0},
    {"rangeproof_gens_new + free", call_rp_gens_new, 0, 1},
    {"rangeproof_size", call_rp_size, 0, 0},
    {"rangeproof_prove", call_rp_prove, 1, 1},
    {"rangeproof_verify", call_rp_verify, 1, 1},
    {"rangeproof_verify_batch(0)", call_rp_verify_batch_empty, 0, 0},
    {"rangeproof_verify_batch(2)", call_rp_verify_batch, 1, 1},
};
#define N_CALLS (sizeof calls / sizeof calls[0])

static void test_who_draws_and_allocates(const char *backend)
{
    char ctx[160];
    for (size_t i = 0; i < N_CALLS; i++) {
        snprintf(ctx, sizeof ctx, "%s, %s", backend, calls[i].name);
        random_set(RANDOM_REAL);
        alloc_arm(0);
        int status = calls[i].call();
        alloc_disarm();
        CHECK_CTX(status == ECX_OK, ctx);
        CHECK_CTX(random_calls == calls[i].random_calls, ctx);
        CHECK_CTX((alloc_calls > 0) == calls[i].allocates, ctx);
        CHECK_CTX(live_count == 0 && live_overflow == 0, ctx);
    }
}

/* ------------------------------------------------------------------------ */
/* Randomness failures                                                       */

static void test_random(const char *backend)
{
    static const enum random_mode failing[] = {RANDOM_ERROR, RANDOM_ZERO, RANDOM_PARTIAL_ERROR};
    static const enum random_mode retried[] = {RANDOM_EINTR_ONCE, RANDOM_SHORT};
    char ctx[160];
    uint8_t p[32], s[64], want_pk[32], want_sk[64], seed[32];

    for (size_t i = 0; i < sizeof failing / sizeof failing[0]; i++) {
        snprintf(ctx, sizeof ctx, "%s, failing randomness mode %d", backend, (int)failing[i]);
        /* keypair(NULL): ECX_ERR_RANDOM, pk and sk not written. */
        memset(p, 0xab, sizeof p);
        memset(s, 0xcd, sizeof s);
        random_set(failing[i]);
        CHECK_CTX(ecx_ed25519_keypair(p, s, NULL) == ECX_ERR_RANDOM, ctx);
        memset(want_pk, 0xab, sizeof want_pk);
        memset(want_sk, 0xcd, sizeof want_sk);
        CHECK_MEM(p, want_pk, 32, ctx);
        CHECK_MEM(s, want_sk, 64, ctx);
        /* verify_batch: ECX_ERR_RANDOM, results not written, small and
         * large, valid and invalid batches alike. */
        for (int big = 0; big < 2; big++) {
            size_t n = big ? BIG_N : SMALL_N;
            for (size_t j = 0; j < n; j++) results[j] = 12345;
            random_set(failing[i]);
            alloc_arm(0);
            CHECK_CTX(ecx_ed25519_verify_batch(n, sig_ptr, msg_ptr, mlen, pk_ptr, results) == ECX_ERR_RANDOM, ctx);
            alloc_disarm();
            CHECK_CTX(live_count == 0, ctx);
            int untouched = 1;
            for (size_t j = 0; j < n; j++) untouched &= results[j] == 12345;
            CHECK_CTX(untouched, ctx);
        }
        test_random_rangeproof(backend, failing[i]);
        /* n = 0 draws nothing and verifies. */
        random_set(failing[i]);
        CHECK_CTX(ecx_ed25519_verify_batch(0, NULL, NULL, NULL, NULL, NULL) == ECX_OK, ctx);
        CHECK_CTX(random_calls == 0, ctx);
    }

    for (size_t i = 0; i < sizeof retried / sizeof retried[0]; i++) {
        snprintf(ctx, sizeof ctx, "%s, retried randomness mode %d", backend, (int)retried[i]);
        random_set(retried[i]);
        CHECK_CTX(ecx_ed25519_keypair(p, s, NULL) == ECX_OK, ctx);
        CHECK_CTX(random_calls > 1, ctx);
        /* The seed is exactly the bytes handed out. */
        for (size_t j = 0; j < 32; j++) seed[j] = chosen_byte(j);
        CHECK_CTX(random_given == 32, ctx);
        crypto_sign_seed_keypair(want_pk, want_sk, seed);
        CHECK_MEM(p, want_pk, 32, ctx);
        CHECK_MEM(s, want_sk, 64, ctx);
        random_set(retried[i]);
        CHECK_CTX(ecx_ed25519_verify_batch(SMALL_N, sig_ptr, msg_ptr, mlen, pk_ptr, results) == ECX_OK, ctx);
        CHECK_CTX(random_calls > 1, ctx);
    }
    random_set(RANDOM_REAL);
}

/* ------------------------------------------------------------------------ */
/* Allocation failures                                                       */

/* Runs call with its k-th allocation failing, for every k up to the number
 * a normal run makes: each must give ECX_ERR_NOMEM with `out` (out_len
 * bytes) not written and nothing left allocated; the normal run ECX_OK. */
static void fail_each_allocation(const char *ctx, int (*call)(void), void *out, size_t out_len)
{
    static uint8_t before[BIG_N * sizeof(int)];
    alloc_arm(0);
    int status = call();
    alloc_disarm();
    const unsigned long total = alloc_calls;
    CHECK_CTX(status == ECX_OK, ctx);
    CHECK_CTX(total > 0, ctx);
    for (unsigned long k = 1; k <= total; k++) {
        memset(out, 0x5c, out_len);
        memcpy(before, out, out_len);
        alloc_arm(k);
        status = call();
        alloc_disarm();
        CHECK_CTX(status == ECX_ERR_NOMEM, ctx);
        CHECK_CTX(memcmp(before, out, out_len) == 0, ctx);
        CHECK_CTX(live_count == 0 && live_overflow == 0, ctx);
    }
}

static void test_nomem(const char *backend)
{
    char ctx[160];
    snprintf(ctx, sizeof ctx, "%s, verify_batch(4)", backend);
    fail_each_allocation(ctx, call_batch_small, results, SMALL_N * sizeof results[0]);
    snprintf(ctx, sizeof ctx, "%s, verify_batch(100)", backend);
    fail_each_allocation(ctx, call_batch_big, results, BIG_N * sizeof results[0]);
    snprintf(ctx, sizeof ctx, "%s, msm_vartime(4)", backend);
    fail_each_allocation(ctx, call_msm_small, out32, sizeof out32);
    snprintf(ctx, sizeof ctx, "%s, msm_vartime(200)", backend);
    fail_each_allocation(ctx, call_msm_big, out32, sizeof out32);
}

int main(void)
{
    if (sodium_init() < 0) return 1;
    check_seed(0x6661696c75726573ull);
    make_inputs();
    make_p256_rangeproof_inputs();

    const char *names[16];
    size_t nb = ecx_backends(names, 16);
    CHECK(nb > 0);
    for (size_t b = 0; b < nb && b < 16; b++) {
        CHECK_CTX(ecx_backend_select(names[b]) == ECX_OK, names[b]);
        test_who_draws_and_allocates(names[b]);
        test_random(names[b]);
        test_nomem(names[b]);
        test_nomem_rangeproof(names[b]);
    }
    ecx_rangeproof_gens_free(rp_gens);
    return check_summary("test_failures");
}
