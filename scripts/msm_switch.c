/* Where Straus stops paying: a backend's forced Straus against its forced
 * Pippenger (edwards->msm_vartime_with) at given sizes, or its batch
 * verification at given batch sizes, to place GE_MSM_STRAUS_MAX_N and
 * ED25519_BATCH_STRAUS_MAX_N (src/curve25519/msm.h, ed25519_batch.h; a
 * backend sets its own in its backend.c). A developer's tool for x86-64
 * (TSC ticks), not part of the build or the suite:
 *
 *     cc -O2 -std=c11 -Isrc -Iinclude -IBUILD scripts/msm_switch.c \
 *         BUILD/libecx.a -o /tmp/msm_switch -lcpu_features
 *     /tmp/msm_switch msm BACKEND full|mixed RUNS N...
 *     /tmp/msm_switch batch BACKEND RUNS N...
 *
 * msm: random points (mul_base of random scalars) and random scalars below
 * 2^252, "mixed" with every other scalar below 2^128 (as in batch
 * verification); per N the minimum over RUNS of each algorithm, the two
 * called alternately, and Pippenger / Straus. Both include decoding the N
 * points (the table entry takes encodings), so the ratio understates the
 * multiplications' own difference; the crossing is the same. The two
 * results must agree. batch: N valid signatures under N keys; the minimum
 * over RUNS of one batch verification, and per signature. A batch's
 * switch is compared between two builds (-DED25519_BATCH_STRAUS_MAX_N=...
 * in c_args, or -DGE_MSM_STRAUS_MAX_N for a backend without its own). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"

enum { MAX_N = 1024 };

static uint64_t xorshift_state = 88172645463325252ull;
static uint8_t random_byte(void)
{
    xorshift_state ^= xorshift_state << 13;
    xorshift_state ^= xorshift_state >> 7;
    xorshift_state ^= xorshift_state << 17;
    return (uint8_t)xorshift_state;
}

static void random_scalar(uint8_t s[32])
{
    for (int k = 0; k < 32; k++) s[k] = random_byte();
    s[31] &= 0x0f;
}

static int run_msm(const struct ecx_backend *be, int mixed, int runs, size_t n)
{
    static uint8_t scalars[MAX_N][32], points[MAX_N][32];
    for (size_t i = 0; i < n; i++) {
        uint8_t k[32];
        random_scalar(k);
        be->edwards->mul_base(points[i], k);
        random_scalar(scalars[i]);
        if (mixed && (i & 1)) memset(scalars[i] + 16, 0, 16);
    }
    static const unsigned algorithm[2] = {ECXI_MSM_STRAUS, ECXI_MSM_PIPPENGER};
    uint64_t best[2] = {UINT64_MAX, UINT64_MAX};
    uint8_t sum[2][32];
    for (int r = 0; r < runs; r++)
        for (int a = 0; a < 2; a++) {
            const uint64_t start = __rdtsc();
            if (be->edwards->msm_vartime_with(sum[a], n, (const uint8_t(*)[32])scalars,
                                              (const uint8_t(*)[32])points, algorithm[a], 0) != ECX_OK)
                return 1;
            const uint64_t ticks = __rdtsc() - start;
            if (ticks < best[a]) best[a] = ticks;
        }
    if (memcmp(sum[0], sum[1], 32) != 0) {
        fprintf(stderr, "msm_switch: Straus and Pippenger disagree at n = %zu\n", n);
        return 1;
    }
    printf("%s %s n=%zu straus=%.1f pippenger=%.1f kTSC pippenger/straus=%.3f\n", be->name,
           mixed ? "mixed" : "full", n, best[0] / 1e3, best[1] / 1e3, (double)best[1] / (double)best[0]);
    return 0;
}

static int run_batch(const struct ecx_backend *be, int runs, size_t n)
{
    static uint8_t sigs[MAX_N][64], msgs[MAX_N][32], pks[MAX_N][32];
    static const uint8_t *sig_list[MAX_N], *msg_list[MAX_N], *pk_list[MAX_N];
    static size_t lens[MAX_N];
    for (size_t i = 0; i < n; i++) {
        uint8_t seed[32], sk[64];
        for (int k = 0; k < 32; k++) seed[k] = random_byte(), msgs[i][k] = random_byte();
        if (be->ed25519_keypair(pks[i], sk, seed) != ECX_OK) return 1;
        be->ed25519_sign(sigs[i], msgs[i], 32, sk);
        sig_list[i] = sigs[i], msg_list[i] = msgs[i], pk_list[i] = pks[i], lens[i] = 32;
    }
    uint8_t seed[32] = {0};
    uint64_t best = UINT64_MAX;
    for (int r = 0; r < runs; r++) {
        seed[0] = (uint8_t)r;
        const uint64_t start = __rdtsc();
        if (be->ed25519_verify_batch(n, sig_list, msg_list, lens, pk_list, NULL, seed) != ECX_OK) {
            fprintf(stderr, "msm_switch: a valid batch of %zu failed\n", n);
            return 1;
        }
        const uint64_t ticks = __rdtsc() - start;
        if (ticks < best) best = ticks;
    }
    printf("%s batch n=%zu %.1f kTSC, %.2f per signature\n", be->name, n, best / 1e3, best / 1e3 / (double)n);
    return 0;
}

int main(int argc, char **argv)
{
    const int msm = argc > 1 && strcmp(argv[1], "msm") == 0;
    const int first_size = msm ? 5 : 4;
    if (argc <= first_size || (!msm && strcmp(argv[1], "batch") != 0) ||
        (msm && strcmp(argv[3], "full") != 0 && strcmp(argv[3], "mixed") != 0)) {
        fprintf(stderr, "usage: msm_switch msm BACKEND full|mixed RUNS N... | batch BACKEND RUNS N...\n");
        return 2;
    }
    const struct ecx_backend *be = ecxi_backend_find(argv[2]);
    if (be == NULL) {
        fprintf(stderr, "msm_switch: unknown or unusable backend %s\n", argv[2]);
        return 2;
    }
    const int runs = atoi(argv[first_size - 1]);
    for (int a = first_size; a < argc; a++) {
        const size_t n = (size_t)strtoul(argv[a], NULL, 10);
        if (n == 0 || n > MAX_N || runs < 1) {
            fprintf(stderr, "msm_switch: N in 1..%d, RUNS >= 1\n", MAX_N);
            return 2;
        }
        if (msm ? run_msm(be, strcmp(argv[3], "mixed") == 0, runs, n) : run_batch(be, runs, n)) return 1;
    }
    return 0;
}
