/* A/B of one public operation in two builds of libecx, loaded side by side
 * (dlopen, RTLD_LOCAL) and called alternately, one call each in turn, so
 * that the drift of a shared machine (docs/performance.md: 10 to 50% within
 * minutes on the 2-vCPU machines) falls on both builds alike. Prints the
 * minimum, 10th percentile and median per call of each build, in TSC ticks
 * on x86-64 (nanoseconds elsewhere), and the ratios B / A. A developer's
 * tool, not part of the build or the suite:
 *
 *     cc -O2 -Iinclude scripts/ab_calls.c -o /tmp/ab_calls -ldl
 *     /tmp/ab_calls OP BACKEND CALLS A/libecx.so.0 B/libecx.so.0
 *
 * OP: ed25519_verify, ed25519_sign, p256_verify, p256_sign, p256_public_key,
 * ristretto255_is_valid, ristretto255_from_uniform (one square root each:
 * a latency-bound chain of field squarings), and ed25519_verify_distinct:
 * 1024 signatures on distinct messages in turn, as ecbench's verification
 * rows do (bench/bench_ed25519.c: a small set is learned), where
 * ed25519_verify verifies one signature over and over and the branch
 * predictor learns its scalars' branches (recoding, the half-size
 * reduction).
 * Both builds must have BACKEND (ecx_backend_select). BACKEND may also be
 * two names, "X,Y": A runs X and B runs Y, which compares two backends of
 * one build call by call (issue 8's avx2/u64 ratio in a quiet spell): give
 * the same library under two file names (cp A/libecx.so.0 /tmp/b.so), as
 * one file is loaded once and has one backend. Ratios below 1: B is
 * faster. ecbench remains the tool for the goals (the issues' ratios come
 * from one ecbench run); this one resolves a few-percent change that
 * ecbench's medians cannot on a noisy machine. One series is not enough
 * for that: scripts/ab_repeat.sh runs several, every other one with the
 * libraries' places swapped. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <x86intrin.h>
static uint64_t ticks(void) { return __rdtsc(); }
#else
#include <time.h>
static uint64_t ticks(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
#endif

typedef int (*select_fn)(const char *);
typedef int (*keypair_fn)(uint8_t *, uint8_t *, const uint8_t *);
typedef int (*sign_fn)(uint8_t *, const uint8_t *, size_t, const uint8_t *);
typedef int (*verify_fn)(const uint8_t *, const uint8_t *, size_t, const uint8_t *);
typedef int (*derive_fn)(uint8_t *, const uint8_t *); /* out = f(in): public key, from_uniform */
typedef int (*is_valid_fn)(const uint8_t *);

struct build {
    select_fn backend_select;
    keypair_fn ed_keypair;
    sign_fn ed_sign, p256_sign;
    verify_fn ed_verify, p256_verify;
    derive_fn p256_public_key, ristretto_from_uniform;
    is_valid_fn ristretto_is_valid;
};

static void *symbol(void *lib, const char *name)
{
    void *f = dlsym(lib, name);
    if (!f) {
        fprintf(stderr, "ab_calls: %s: %s\n", name, dlerror());
        exit(2);
    }
    return f;
}

static void load(struct build *b, const char *path)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "ab_calls: %s\n", dlerror());
        exit(2);
    }
    b->backend_select = (select_fn)symbol(lib, "ecx_backend_select");
    b->ed_keypair = (keypair_fn)symbol(lib, "ecx_ed25519_keypair");
    b->ed_sign = (sign_fn)symbol(lib, "ecx_ed25519_sign");
    b->ed_verify = (verify_fn)symbol(lib, "ecx_ed25519_verify");
    b->p256_sign = (sign_fn)symbol(lib, "ecx_p256_ecdsa_sign");
    b->p256_verify = (verify_fn)symbol(lib, "ecx_p256_ecdsa_verify");
    b->p256_public_key = (derive_fn)symbol(lib, "ecx_p256_public_key");
    b->ristretto_is_valid = (is_valid_fn)symbol(lib, "ecx_ristretto255_is_valid");
    b->ristretto_from_uniform = (derive_fn)symbol(lib, "ecx_ristretto255_from_uniform");
}

static int compare(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: ab_calls OP BACKEND CALLS LIB_A LIB_B\n");
        return 2;
    }
    const char *op = argv[1];
    char backend[2][32];
    const char *comma = strchr(argv[2], ',');
    const size_t first = comma ? (size_t)(comma - argv[2]) : strlen(argv[2]);
    if (first >= sizeof backend[0] || (comma && strlen(comma + 1) >= sizeof backend[1])) {
        fprintf(stderr, "ab_calls: BACKEND too long\n");
        return 2;
    }
    memcpy(backend[0], argv[2], first);
    backend[0][first] = 0;
    strcpy(backend[1], comma ? comma + 1 : backend[0]);
    if (comma && !strcmp(argv[4], argv[5])) {
        fprintf(stderr, "ab_calls: two backends need the library under two file names\n");
        return 2;
    }
    const long calls = strtol(argv[3], NULL, 10);
    if (calls < 10) {
        fprintf(stderr, "ab_calls: CALLS must be at least 10\n");
        return 2;
    }
    struct build builds[2];
    load(&builds[0], argv[4]);
    load(&builds[1], argv[5]);
    for (int k = 0; k < 2; k++)
        if (builds[k].backend_select(backend[k]) != 0) {
            fprintf(stderr, "ab_calls: build %c has no usable backend %s\n", 'A' + k, backend[k]);
            return 2;
        }

    uint8_t uniform[64], ristretto[32];
    for (int i = 0; i < 64; i++) uniform[i] = (uint8_t)(13 * i + 5);
    uint8_t seed[32], ed_pk[32], ed_sk[64], ed_sig[64], msg[64], p256_sk[32], p256_pk[65], p256_sig[64];
    for (int i = 0; i < 32; i++) seed[i] = (uint8_t)(7 * i + 1), p256_sk[i] = (uint8_t)(i + 3);
    memset(msg, 0x5a, sizeof msg);
    if (builds[0].ed_keypair(ed_pk, ed_sk, seed) || builds[0].ed_sign(ed_sig, msg, sizeof msg, ed_sk) ||
        builds[0].p256_public_key(p256_pk, p256_sk) || builds[0].p256_sign(p256_sig, msg, sizeof msg, p256_sk) ||
        builds[0].ristretto_from_uniform(ristretto, uniform)) {
        fprintf(stderr, "ab_calls: setting up the inputs failed\n");
        return 2;
    }

    enum { DISTINCT = 1024 };
    static uint8_t distinct_msg[DISTINCT][32], distinct_sig[DISTINCT][64];
    for (int j = 0; j < DISTINCT; j++) {
        for (int i = 0; i < 32; i++) distinct_msg[j][i] = (uint8_t)(j * 31 + i * 7 + (j >> 3) * i);
        if (builds[0].ed_sign(distinct_sig[j], distinct_msg[j], 32, ed_sk)) {
            fprintf(stderr, "ab_calls: setting up the inputs failed\n");
            return 2;
        }
    }

    uint64_t *t[2] = {malloc(sizeof(uint64_t) * (size_t)calls), malloc(sizeof(uint64_t) * (size_t)calls)};
    if (!t[0] || !t[1]) return 2;
    int status = 0;
    for (long i = 0; i < calls; i++)
        for (int k = 0; k < 2; k++) {
            const struct build *b = &builds[k];
            const uint64_t start = ticks();
            if (!strcmp(op, "ed25519_verify")) status |= b->ed_verify(ed_sig, msg, sizeof msg, ed_pk);
            else if (!strcmp(op, "ed25519_verify_distinct"))
                status |= b->ed_verify(distinct_sig[i % DISTINCT], distinct_msg[i % DISTINCT], 32, ed_pk);
            else if (!strcmp(op, "ed25519_sign")) status |= b->ed_sign(ed_sig, msg, sizeof msg, ed_sk);
            else if (!strcmp(op, "p256_verify")) status |= b->p256_verify(p256_sig, msg, sizeof msg, p256_pk);
            else if (!strcmp(op, "p256_sign")) status |= b->p256_sign(p256_sig, msg, sizeof msg, p256_sk);
            else if (!strcmp(op, "p256_public_key")) status |= b->p256_public_key(p256_pk, p256_sk);
            else if (!strcmp(op, "ristretto255_is_valid")) status |= b->ristretto_is_valid(ristretto);
            else if (!strcmp(op, "ristretto255_from_uniform")) status |= b->ristretto_from_uniform(ristretto, uniform);
            else {
                fprintf(stderr, "ab_calls: unknown OP %s\n", op);
                return 2;
            }
            t[k][i] = ticks() - start;
        }
    if (status != 0) {
        fprintf(stderr, "ab_calls: an operation failed\n");
        return 1;
    }
    const size_t n = (size_t)calls;
    for (int k = 0; k < 2; k++) {
        qsort(t[k], n, sizeof(uint64_t), compare);
        printf("%s %s %c: min %llu p10 %llu median %llu\n", op, backend[k], 'A' + k, (unsigned long long)t[k][0],
               (unsigned long long)t[k][n / 10], (unsigned long long)t[k][n / 2]);
    }
    printf("B / A: min %.3f p10 %.3f median %.3f\n", (double)t[1][0] / (double)t[0][0],
           (double)t[1][n / 10] / (double)t[0][n / 10], (double)t[1][n / 2] / (double)t[0][n / 2]);
    free(t[0]);
    free(t[1]);
    return 0;
}
