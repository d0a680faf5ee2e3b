/* Threads: concurrent first use of every public function, and
 * ecx_backend_select switching backends while other threads sign, verify,
 * batch-verify and multiply.
 *
 * 1. First use: main starts 8 threads before it makes any call into the
 *    library; they meet at a barrier and then each calls every public
 *    function, each thread starting at a different one, so the one-time
 *    initialisation races with every kind of call. Outputs are checked
 *    against libsodium (computed before the threads start).
 * 2. Switching: one thread cycles ecx_backend_select through every usable
 *    backend (and "auto") while worker threads sign, verify, batch-verify
 *    and run Ristretto multiplications; every output must still be right:
 *    a public call runs on one backend from start to end whatever the
 *    switcher does.
 *
 * Meant to run under ThreadSanitizer too (scripts/test.sh builds it with
 * clang -fsanitize=thread), where any data race fails the run; the checks
 * here fail on wrong outputs in every build. */
#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"
#include "ecx/ristretto.h"

#define N_THREADS 8
#define BATCH 8
#define MSG_LEN 33

/* Inputs and libsodium's answers, made before any thread starts. */
static uint8_t seed[BATCH][32], pk[BATCH][32], sk[BATCH][64], sig[BATCH][64], msg[BATCH][MSG_LEN];
static const uint8_t *sig_ptr[BATCH], *pk_ptr[BATCH], *msg_ptr[BATCH];
static size_t mlen[BATCH];
static uint8_t scalar[32], point[32], scalarmult_want[32], base_want[32], add_want[32], uniform[64],
    uniform_want[32], msm_want[32];
static uint8_t msm_scalars[2][32], msm_points[2][32];

static void make_inputs(void)
{
    for (int i = 0; i < BATCH; i++) {
        check_random_bytes(seed[i], 32);
        check_random_bytes(msg[i], MSG_LEN);
        crypto_sign_seed_keypair(pk[i], sk[i], seed[i]);
        crypto_sign_detached(sig[i], NULL, msg[i], MSG_LEN, sk[i]);
        sig_ptr[i] = sig[i];
        pk_ptr[i] = pk[i];
        msg_ptr[i] = msg[i];
        mlen[i] = MSG_LEN;
    }
    uint8_t k[32];
    crypto_core_ristretto255_scalar_random(scalar);
    crypto_core_ristretto255_scalar_random(k);
    crypto_scalarmult_ristretto255_base(point, k);
    if (crypto_scalarmult_ristretto255(scalarmult_want, scalar, point) != 0) abort();
    crypto_scalarmult_ristretto255_base(base_want, scalar);
    crypto_core_ristretto255_add(add_want, point, base_want);
    check_random_bytes(uniform, 64);
    crypto_core_ristretto255_from_hash(uniform_want, uniform);
    /* msm of [scalar]point + [scalar]B = scalarmult + base. */
    memcpy(msm_scalars[0], scalar, 32);
    memcpy(msm_scalars[1], scalar, 32);
    memcpy(msm_points[0], point, 32);
    crypto_scalarmult_ristretto255_base(msm_points[1], (const uint8_t[32]){1});
    crypto_core_ristretto255_add(msm_want, scalarmult_want, base_want);
}

/* Failures are counted atomically (check.h's counters are not shared
 * between threads); main adds them up. */
static atomic_ulong thread_passed, thread_failed;
static void tcheck(int ok, const char *what)
{
    if (ok) {
        atomic_fetch_add(&thread_passed, 1);
    } else if (atomic_fetch_add(&thread_failed, 1) < 20) {
        fprintf(stderr, "FAIL (thread): %s\n", what);
    }
}

/* ------------------------------------------------------------------------ */
/* Every public function once, checked                                       */

static void call_init(int i) { (void)i; tcheck(ecx_init() == ECX_OK, "ecx_init"); }
static void call_backend(int i) { (void)i; tcheck(ecx_backend() != NULL, "ecx_backend"); }
static void call_backends(int i)
{
    const char *names[16];
    (void)i;
    tcheck(ecx_backends(names, 16) > 0, "ecx_backends");
}
static void call_strerror(int i) { (void)i; tcheck(ecx_strerror(ECX_ERR_VERIFY) != NULL, "ecx_strerror"); }
static void call_version(int i) { (void)i; tcheck(ecx_version() != NULL, "ecx_version"); }
static void call_f25519(int i)
{
    const ecx_f25519_ops *t = ecx_f25519(NULL);
    ecx_fe25519 a, b;
    uint8_t one[32] = {1}, out[32];
    (void)i;
    tcheck(t != NULL, "ecx_f25519");
    if (!t) return;
    t->fe_from_bytes(&a, one);
    t->fe_mul(&b, &a, &a);
    t->fe_to_bytes(out, &b);
    tcheck(memcmp(out, one, 32) == 0, "f25519 1 * 1");
}
static void call_keypair(int i)
{
    uint8_t p[32], s[64];
    tcheck(ecx_ed25519_keypair(p, s, seed[i % BATCH]) == ECX_OK && memcmp(s, sk[i % BATCH], 64) == 0 &&
               memcmp(p, pk[i % BATCH], 32) == 0,
           "keypair");
}
static void call_keypair_os(int i)
{
    uint8_t p[32], s[64], p2[32], s2[64];
    (void)i;
    tcheck(ecx_ed25519_keypair(p, s, NULL) == ECX_OK, "keypair(NULL)");
    crypto_sign_seed_keypair(p2, s2, s);
    tcheck(memcmp(p, p2, 32) == 0 && memcmp(s, s2, 64) == 0, "keypair(NULL) matches its seed");
}
static void call_sign(int i)
{
    uint8_t out[64];
    int j = i % BATCH;
    tcheck(ecx_ed25519_sign(out, msg[j], MSG_LEN, sk[j]) == ECX_OK && memcmp(out, sig[j], 64) == 0, "sign");
}
static void call_verify(int i)
{
    int j = i % BATCH;
    tcheck(ecx_ed25519_verify(sig[j], msg[j], MSG_LEN, pk[j]) == ECX_OK, "verify");
    tcheck(ecx_ed25519_verify(sig[j], msg[(j + 1) % BATCH], MSG_LEN, pk[j]) == ECX_ERR_VERIFY, "verify (wrong message)");
}
static void call_verify_zip215(int i)
{
    int j = i % BATCH;
    tcheck(ecx_ed25519_verify_zip215(sig[j], msg[j], MSG_LEN, pk[j]) == ECX_OK, "verify_zip215");
}
static void call_verify_batch(int i)
{
    int results[BATCH];
    (void)i;
    tcheck(ecx_ed25519_verify_batch(BATCH, sig_ptr, msg_ptr, mlen, pk_ptr, results) == ECX_OK, "verify_batch");
    /* With one signature's message swapped the batch fails and blames it. */
    const uint8_t *bad_msgs[BATCH];
    memcpy(bad_msgs, msg_ptr, sizeof bad_msgs);
    bad_msgs[3] = msg[4];
    tcheck(ecx_ed25519_verify_batch(BATCH, sig_ptr, bad_msgs, mlen, pk_ptr, results) == ECX_ERR_VERIFY &&
               results[3] == ECX_ERR_VERIFY && results[2] == ECX_OK,
           "verify_batch (one bad)");
}
static void call_ristretto(int i)
{
    uint8_t out[32];
    (void)i;
    tcheck(ecx_ristretto255_is_valid(point) == ECX_OK, "ristretto is_valid");
    tcheck(ecx_ristretto255_scalarmult(out, scalar, point) == ECX_OK && memcmp(out, scalarmult_want, 32) == 0,
           "ristretto scalarmult");
    tcheck(ecx_ristretto255_scalarmult_base(out, scalar) == ECX_OK && memcmp(out, base_want, 32) == 0,
           "ristretto scalarmult_base");
    tcheck(ecx_ristretto255_add(out, point, base_want) == ECX_OK && memcmp(out, add_want, 32) == 0, "ristretto add");
    tcheck(ecx_ristretto255_sub(out, add_want, base_want) == ECX_OK && memcmp(out, point, 32) == 0, "ristretto sub");
    tcheck(ecx_ristretto255_from_uniform(out, uniform) == ECX_OK && memcmp(out, uniform_want, 32) == 0,
           "ristretto from_uniform");
    tcheck(ecx_ristretto255_msm_vartime(out, 2, (const uint8_t(*)[32])msm_scalars,
                                        (const uint8_t(*)[32])msm_points) == ECX_OK &&
               memcmp(out, msm_want, 32) == 0,
           "ristretto msm_vartime");
}

static void (*const every_call[])(int) = {
    call_init,   call_backend,       call_backends,     call_strerror, call_version,    call_f25519,
    call_keypair, call_keypair_os,   call_sign,         call_verify,   call_verify_zip215, call_verify_batch,
    call_ristretto,
};
#define N_EVERY (sizeof every_call / sizeof every_call[0])

static pthread_barrier_t start;

static void *first_use_thread(void *arg)
{
    int t = (int)(intptr_t)arg;
    pthread_barrier_wait(&start);
    /* Thread t starts at function 3t (mod N_EVERY): between them, the 8
     * threads make 8 different first calls. */
    for (size_t k = 0; k < N_EVERY; k++) every_call[(t * 3 + k) % N_EVERY](t);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Switching backends under load                                             */

static atomic_int stop;

static void *switcher_thread(void *arg)
{
    const char *names[16];
    size_t n = ecx_backends(names, 16);
    unsigned long *switches = arg;
    while (!atomic_load(&stop)) {
        for (size_t i = 0; i <= n && i <= 16; i++) {
            const char *name = i < n ? names[i] : "auto";
            /* Counted once per failure only: the loop runs many times. */
            if (ecx_backend_select(name) != ECX_OK) tcheck(0, "ecx_backend_select");
            (*switches)++;
        }
    }
    return NULL;
}

#define WORK_ROUNDS 12

static void *worker_thread(void *arg)
{
    int t = (int)(intptr_t)arg;
    for (int r = 0; r < WORK_ROUNDS; r++) {
        call_sign(t + r);
        call_verify(t + r);
        call_verify_batch(t + r);
        if (t % 2) call_ristretto(t + r);
        call_f25519(t + r);
    }
    return NULL;
}

int main(void)
{
    /* No library call before the threads below: they make the first use. */
    if (sodium_init() < 0) return 1;
    check_seed(0x74687265616473ull);
    make_inputs();

    pthread_t th[N_THREADS];
    pthread_barrier_init(&start, NULL, N_THREADS);
    for (int t = 0; t < N_THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, first_use_thread, (void *)(intptr_t)t) == 0);
    for (int t = 0; t < N_THREADS; t++) pthread_join(th[t], NULL);
    pthread_barrier_destroy(&start);

    const char *names[16];
    size_t nb = ecx_backends(names, 16);
    CHECK(nb >= 1);
    unsigned long switches = 0;
    pthread_t switcher;
    CHECK(pthread_create(&switcher, NULL, switcher_thread, &switches) == 0);
    for (int t = 0; t < N_THREADS - 2; t++)
        CHECK(pthread_create(&th[t], NULL, worker_thread, (void *)(intptr_t)t) == 0);
    for (int t = 0; t < N_THREADS - 2; t++) pthread_join(th[t], NULL);
    atomic_store(&stop, 1);
    pthread_join(switcher, NULL);
    /* The switcher really switched while the workers ran. */
    CHECK(switches > 0);
    CHECK(ecx_backend_select("auto") == ECX_OK);
    printf("%lu backend switches during the workers' run (%zu backends)\n", switches, nb);

    check_passed += atomic_load(&thread_passed);
    check_failed += atomic_load(&thread_failed);
    return check_summary("test_threads");
}
