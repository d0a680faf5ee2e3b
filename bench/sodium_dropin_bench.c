/* sodium-dropin-bench: what LD_PRELOAD=libecx-sodium.so gains a program
 * linked with libsodium, measured in one process: each operation through
 * libsodium (the linked functions) and through the drop-in (the same names
 * looked up in a dlopen'ed libecx-sodium.so), in 7 repetitions whose order
 * alternates, with the medians and the ratio's 95% bootstrap interval
 * (bench/stats.c).
 *   sodium-dropin-bench [PATH/libecx-sodium.so] [--min-time=SECONDS]
 * A repetition times calls for at least min-time seconds (default 0.2) of
 * CPU time; each call's output feeds the next input. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "stats.h"

#define REPETITIONS 7

typedef int (*sign_fn)(unsigned char *, unsigned long long *, const unsigned char *, unsigned long long,
                       const unsigned char *);
typedef int (*verify_fn)(const unsigned char *, const unsigned char *, unsigned long long, const unsigned char *);
typedef int (*mult_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*base_fn)(unsigned char *, const unsigned char *);

struct impl {
    sign_fn sign;
    verify_fn verify;
    mult_fn ed_mult, rist_mult;
    base_fn ed_base, rist_base;
};

static uint8_t pk[32], sk[64], msg[64], vmsg[64], sig[64], point[32], rpoint[32], scalar[32];

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One call of operation `op` through `im`; the output feeds the next input. */
static int call(const struct impl *im, int op)
{
    uint8_t out[64];
    switch (op) {
    case 0: im->sign(out, NULL, msg, sizeof msg, sk), msg[0] ^= out[0]; return 0;
    case 1: return im->verify(sig, vmsg, sizeof vmsg, pk) == 0 ? 0 : -1; /* a valid signature */
    case 2: im->ed_base(out, scalar), scalar[0] ^= out[1]; return 0;
    case 3: return im->ed_mult(out, scalar, point) == 0 ? (scalar[1] ^= out[0], 0) : -1;
    case 4: im->rist_base(out, scalar), scalar[2] ^= out[3]; return 0;
    case 5: return im->rist_mult(out, scalar, rpoint) == 0 ? (scalar[3] ^= out[5], 0) : -1;
    }
    return -1;
}

static const char *const op_names[] = {"crypto_sign_detached", "crypto_sign_verify_detached",
                                       "crypto_scalarmult_ed25519_base", "crypto_scalarmult_ed25519",
                                       "crypto_scalarmult_ristretto255_base", "crypto_scalarmult_ristretto255"};
#define OPS 6

/* CPU ns per call over at least min_time seconds. */
static double measure(const struct impl *im, int op, double min_time)
{
    long calls = 0, batch = 16;
    double start = cpu_seconds(), elapsed;
    do {
        for (long i = 0; i < batch; i++)
            if (call(im, op) != 0) return -1;
        calls += batch;
        elapsed = cpu_seconds() - start;
    } while (elapsed < min_time);
    return elapsed * 1e9 / (double)calls;
}

int main(int argc, char **argv)
{
    const char *path = "libecx-sodium.so";
    double min_time = 0.2;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--min-time=", 11) == 0)
            min_time = atof(argv[i] + 11);
        else
            path = argv[i];
    }
    if (sodium_init() < 0) return 1;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "sodium-dropin-bench: cannot load %s: %s\n", path, dlerror());
        return 2;
    }
    const struct impl sodium = {crypto_sign_detached, crypto_sign_verify_detached, crypto_scalarmult_ed25519_noclamp,
                                crypto_scalarmult_ristretto255, crypto_scalarmult_ed25519_base_noclamp,
                                crypto_scalarmult_ristretto255_base};
    struct impl ecx;
    *(void **)&ecx.sign = dlsym(h, "crypto_sign_detached");
    *(void **)&ecx.verify = dlsym(h, "crypto_sign_verify_detached");
    *(void **)&ecx.ed_mult = dlsym(h, "crypto_scalarmult_ed25519_noclamp");
    *(void **)&ecx.rist_mult = dlsym(h, "crypto_scalarmult_ristretto255");
    *(void **)&ecx.ed_base = dlsym(h, "crypto_scalarmult_ed25519_base_noclamp");
    *(void **)&ecx.rist_base = dlsym(h, "crypto_scalarmult_ristretto255_base");
    if (!ecx.sign || !ecx.verify || !ecx.ed_mult || !ecx.rist_mult || !ecx.ed_base || !ecx.rist_base ||
        (void *)ecx.sign == (void *)crypto_sign_detached) {
        fprintf(stderr, "sodium-dropin-bench: %s does not export the drop-in functions\n", path);
        return 2;
    }

    uint8_t seed[32] = {1, 2, 3}, h64[64] = {4, 5, 6};
    crypto_sign_seed_keypair(pk, sk, seed);
    crypto_sign_detached(sig, NULL, vmsg, sizeof vmsg, sk);
    crypto_core_ed25519_from_uniform(point, seed);
    crypto_core_ristretto255_from_hash(rpoint, h64);
    memset(scalar, 0x42, sizeof scalar);
    scalar[31] = 0x0f;

    printf("libsodium %s against %s (dlopen'ed), %d repetitions, min %.2f s each\n", sodium_version_string(),
           path, REPETITIONS, min_time);
    printf("%-38s %12s %12s %7s  %s\n", "function", "libsodium", "drop-in", "ratio", "[95% interval]");
    for (int op = 0; op < OPS; op++) {
        double a[REPETITIONS], b[REPETITIONS];
        for (int r = 0; r < REPETITIONS; r++) {
            /* Alternate which goes first. */
            if (r % 2) {
                b[r] = measure(&ecx, op, min_time);
                a[r] = measure(&sodium, op, min_time);
            } else {
                a[r] = measure(&sodium, op, min_time);
                b[r] = measure(&ecx, op, min_time);
            }
            if (a[r] <= 0 || b[r] <= 0) {
                fprintf(stderr, "sodium-dropin-bench: %s failed\n", op_names[op]);
                return 1;
            }
        }
        double lo, hi, ma = ecbs_median(a, REPETITIONS), mb = ecbs_median(b, REPETITIONS);
        ecbs_bootstrap_median_ratio(b, REPETITIONS, a, REPETITIONS, 0.95, 2000, 0x64726f70ull, &lo, &hi);
        printf("%-38s %9.2f us %9.2f us %7.3f  [%.3f\u2013%.3f]\n", op_names[op], ma / 1e3, mb / 1e3, mb / ma, lo,
               hi);
    }
    printf("ratio = drop-in / libsodium, median CPU time per call (below 1: the preload is faster)\n");
    dlclose(h);
    return 0;
}
