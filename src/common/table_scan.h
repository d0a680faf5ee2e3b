/* The constant-time table scan: every row of a table read whole, the wanted
 * one kept by a mask. Used by curve25519's base table
 * (curve25519/scalar_mul_base.h) and, on 32-bit targets, P-256's
 * (p256/scalar_mul_base.h; 64-bit targets keep a plain loop there, which
 * their compilers vectorize).
 *
 * How the words are carried depends on the target:
 * - GCC / Clang vector extensions, CT_SCAN_WORDS 64-bit words a vector: 32
 *   bytes where the translation unit is built for AVX2 (the avx2 and ifma
 *   backends), 16 bytes with SSE2 or NEON and on other 64-bit targets (a
 *   pair of registers there). For curve25519's scan, 16-byte vectors instead
 *   of words saved about 8% of a signature, 32 instead of 16 a further 1.5%
 *   (avx2 and ifma, AMD Zen 5); on ARMv7 with NEON, P-256's scan in vectors
 *   cut 24% of a signature's instructions (gcc 12 had kept sixteen 32-bit
 *   accumulators on the stack).
 * - 32-bit targets without such a vector unit (ARMv6 as Raspberry Pi OS
 *   builds it, ARMv7 without NEON, other 32-bit CPUs): 32-bit words, eight
 *   at a time over the whole table, so that the accumulators stay in
 *   registers (four at a time: P-256's signature 5% slower, Ed25519's 1%
 *   faster). The compilers emulate 16-byte vectors there word by word
 *   through the stack: the 32-bit passes took u32's Ed25519 signature from
 *   416,600 to 369,531 instructions and its P-256 signature from 477,414 to
 *   401,341 (ARMv6 ARM-state build, docs/performance.md).
 * - 64-bit targets without the vector extensions: 64-bit words.
 * Tables are read with memcpy (no alignment assumed). */
#ifndef ECX_COMMON_TABLE_SCAN_H
#define ECX_COMMON_TABLE_SCAN_H

#include <stdint.h>
#include <string.h>

#include "common/constant_time.h"

#if (defined(__GNUC__) || defined(__clang__)) && defined(__AVX2__)
#define CT_SCAN_WORDS 4
#elif (defined(__GNUC__) || defined(__clang__)) && \
    (UINTPTR_MAX > 0xFFFFFFFFu || defined(__SSE2__) || defined(__ARM_NEON))
#define CT_SCAN_WORDS 2
#else
#define CT_SCAN_WORDS 1
#endif
#if CT_SCAN_WORDS > 1
typedef uint64_t ct_scan_vector __attribute__((vector_size(8 * CT_SCAN_WORDS)));
#if defined(__SSE2__) || defined(__ARM_NEON)
/* The same bytes as 32-bit lanes: where the vectors are a real vector
 * unit's, a row's mask is a 32-bit comparison of the wanted index with the
 * row's number in every lane (SSE2's pcmpeqd, NEON's vceq.i32; 64-bit
 * equality needs SSE4.1 and is missing from ARMv7's NEON), both halves of
 * a word compared alike: no per-row arithmetic on a general register and
 * no move into the vector unit (Ed25519 signing 1-2% faster, fewer
 * instructions on AArch64 and ARMv7: docs/performance.md, "The table
 * scan's masks"). Elsewhere the compiler would lower the comparison lane
 * by lane, where nothing keeps it branch-free: the mask is then built on
 * a general register behind ct_barrier (ct_mask_equal_small). */
#define CT_SCAN_VECTOR_MASK 1
typedef uint32_t ct_scan_lanes32 __attribute__((vector_size(8 * CT_SCAN_WORDS)));
#endif
#endif

/* The widest row ct_table_scan takes, in 64-bit words. */
#define CT_SCAN_MAX_WORDS 12

/* The contract of ct_table_scan, which picks a form for the target (its
 * own vectors or one of the two word forms), and of each word form:
 * out[0 .. words) = row wanted - 1 of rows (entries
 * rows of `words` 64-bit words each), or all zeros when wanted is 0 or
 * above entries. words is a multiple of 4, at most CT_SCAN_MAX_WORDS.
 * Constant time in wanted: every row is read whole, the selection is a
 * mask. The word forms are defined on every target so that
 * tests/test_ctime.c can check each under valgrind on x86-64. */

/* 32-bit words eight at a time, over the whole table per pass. */
static inline void ct_table_scan_words32(uint64_t *out, const uint64_t *rows, uint32_t entries, uint32_t words,
                                         uint32_t wanted)
{
    const uint8_t *bytes = (const uint8_t *)rows;
    for (uint32_t first = 0; first < 8 * words; first += 32) {
        uint32_t acc[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        for (uint32_t j = 0; j < entries; j++) {
            const uint32_t mask = 0u - ct_equal_small(wanted, j + 1);
            uint32_t e[8];
            memcpy(e, bytes + 8 * j * words + first, sizeof e);
            for (int k = 0; k < 8; k++) acc[k] |= e[k] & mask;
        }
        memcpy((uint8_t *)out + first, acc, sizeof acc);
    }
}

/* 64-bit words, all at once. */
static inline void ct_table_scan_words64(uint64_t *out, const uint64_t *rows, uint32_t entries, uint32_t words,
                                         uint32_t wanted)
{
    for (uint32_t k = 0; k < words; k++) out[k] = 0;
    for (uint32_t j = 0; j < entries; j++) {
        const uint64_t mask = ct_mask_equal_small(wanted, j + 1);
        for (uint32_t k = 0; k < words; k++) out[k] |= rows[j * words + k] & mask;
    }
}

static inline void ct_table_scan(uint64_t *out, const uint64_t *rows, uint32_t entries, uint32_t words,
                                 uint32_t wanted)
{
#if CT_SCAN_WORDS > 1
    ct_scan_vector acc[CT_SCAN_MAX_WORDS / CT_SCAN_WORDS];
    memset(acc, 0, sizeof acc);
#ifdef CT_SCAN_VECTOR_MASK
    const ct_scan_lanes32 want = (ct_scan_lanes32){0} + wanted;
#endif
    for (uint32_t j = 0; j < entries; j++) {
#ifdef CT_SCAN_VECTOR_MASK
        const ct_scan_vector m = (ct_scan_vector)(want == (ct_scan_lanes32){0} + (j + 1));
#else
        const ct_scan_vector m = (ct_scan_vector){0} + ct_mask_equal_small(wanted, j + 1);
#endif
        for (uint32_t k = 0; k < words / CT_SCAN_WORDS; k++) {
            ct_scan_vector e;
            memcpy(&e, &rows[j * words + CT_SCAN_WORDS * k], sizeof e);
            acc[k] |= e & m;
        }
    }
    memcpy(out, acc, 8 * words);
#elif UINTPTR_MAX <= 0xFFFFFFFFu
    ct_table_scan_words32(out, rows, entries, words, wanted);
#else
    ct_table_scan_words64(out, rows, entries, words, wanted);
#endif
}

#endif
