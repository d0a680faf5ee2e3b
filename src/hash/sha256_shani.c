/* The SHA-256 compression function on the x86 SHA extensions (Intel, "Intel
 * SHA Extensions", Gulley et al., 2013): SHA256RNDS2 runs two rounds,
 * SHA256MSG1 / SHA256MSG2 compute four words of the message schedule.
 *
 * This translation unit alone is compiled with -msha -msse4.1 (x86-64 only,
 * src/hash/meson.build), and its one function runs only when the CPU probe
 * (cpu_features, after ECX_CPU_DISABLE) reports SHA, SSSE3 and SSE4.1:
 * src/dispatch/registry.c selects it once at init through
 * ecxi_sha256_use_extensions (sha256.c). Nothing else here is visible
 * outside the file, and no header with inline functions is included, so no
 * SHA-instruction code can be picked by the linker for another path.
 *
 * Constant time in the data: straight-line vector code, the only loop is
 * over the (public) number of blocks, the only table index (the round
 * constants) is the round number. The message and state stay in XMM
 * registers (gcc 12 -O3 spills only round constants, hoisted out of the
 * block loop: public values), so there is no buffer of secrets to wipe. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "hash/sha256.h"

/* Rounds 4g .. 4g+3 on the schedule words X = W[4g .. 4g+3]: SHA256RNDS2
 * takes W + K for two rounds in the low two lanes, so the high two are moved
 * down for the second call. abef / cdgh hold the state as the instruction
 * wants it (lanes, high to low: A B E F and C D G H). */
#define SHANI_ROUNDS4(g, X)                                                                        \
    do {                                                                                           \
        __m128i wk = _mm_add_epi32(X, _mm_loadu_si128((const __m128i *)&ecxi_sha256_K[4 * (g)]));  \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);                                              \
        wk = _mm_shuffle_epi32(wk, 0x0e);                                                          \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);                                              \
    } while (0)

/* FIPS 180-4 6.2.2 step 1 for four words: with X0..X3 = W[t-16 .. t-13],
 * W[t-12 .. t-9], W[t-8 .. t-5], W[t-4 .. t-1], X0 becomes W[t .. t+3].
 * MSG1 adds sigma0(W[t-15 ..]) to W[t-16 ..], the alignr supplies W[t-7 ..],
 * MSG2 adds sigma1(W[t-2 ..]), lane by lane as the words become known. */
#define SHANI_SCHEDULE(X0, X1, X2, X3)                                                             \
    X0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(X0, X1), _mm_alignr_epi8(X3, X2, 4)), X3)

/* Sixteen rounds 16j .. 16j+15 (j >= 1), each group of four first making its
 * schedule words in the slot of the words sixteen rounds older. */
#define SHANI_ROUNDS16(j)                                                                          \
    SHANI_SCHEDULE(m0, m1, m2, m3); SHANI_ROUNDS4(4 * (j) + 0, m0);                                \
    SHANI_SCHEDULE(m1, m2, m3, m0); SHANI_ROUNDS4(4 * (j) + 1, m1);                                \
    SHANI_SCHEDULE(m2, m3, m0, m1); SHANI_ROUNDS4(4 * (j) + 2, m2);                                \
    SHANI_SCHEDULE(m3, m0, m1, m2); SHANI_ROUNDS4(4 * (j) + 3, m3)

void ecxi_sha256_blocks_shani(uint32_t state[8], const uint8_t *in, size_t nblocks)
{
    /* Loads each 32-bit word big-endian. */
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]); /* lanes high to low: D C B A */
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]); /* H G F E */
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

    while (nblocks--) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 0)), bswap);
        __m128i m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), bswap);
        __m128i m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), bswap);
        __m128i m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), bswap);

        SHANI_ROUNDS4(0, m0);
        SHANI_ROUNDS4(1, m1);
        SHANI_ROUNDS4(2, m2);
        SHANI_ROUNDS4(3, m3);
        SHANI_ROUNDS16(1);
        SHANI_ROUNDS16(2);
        SHANI_ROUNDS16(3);

        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
        in += 64;
    }

    /* Back to A..H in memory order. */
    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xf0)); /* D C B A */
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));    /* H G F E */
}
