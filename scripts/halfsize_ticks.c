/* TSC ticks per call of the half-size reduction of Ed25519 verification
 * (src/curve25519/scalar_halfsize.h) on 2000 pseudo-random k, each once
 * per pass, the minimum of 20 passes: distinct k as in real verifications,
 * whose branches the predictor cannot learn. A developer's tool, x86-64
 * only, not part of the build or the suite:
 *
 *     cc -O2 -Isrc scripts/halfsize_ticks.c -o /tmp/halfsize_ticks
 *     /tmp/halfsize_ticks
 */
#include <stdio.h>
#include <x86intrin.h>

#include "curve25519/scalar_halfsize.h"

int main(void)
{
    enum { COUNT = 2000, PASSES = 20 };
    static uint8_t k[COUNT][32];
    uint64_t state = 0x9e3779b97f4a7c15u; /* xorshift64 */
    for (int i = 0; i < COUNT; i++) {
        for (int j = 0; j < 32; j++) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            k[i][j] = (uint8_t)state;
        }
        k[i][31] &= 0x0f; /* below 2^252 < l */
    }
    uint8_t c0[32], c1[32];
    unsigned long long best = ~0ull;
    unsigned checksum = 0; /* keeps the calls */
    for (int pass = 0; pass < PASSES; pass++) {
        const unsigned long long start = __rdtsc();
        for (int i = 0; i < COUNT; i++) checksum += sc_halfsize_reduce(c0, c1, k[i]) + c0[0] + c1[0];
        const unsigned long long ticks = __rdtsc() - start;
        if (ticks < best) best = ticks;
    }
    printf("sc_halfsize_reduce: %.0f TSC ticks per call (checksum %u)\n", (double)best / COUNT, checksum);
    return 0;
}
