/* Variable-time multiscalar multiplication for small n: Straus's
 * interleaving with width-w NAF digits.
 *
 * Source: E. G. Straus, "Addition chains of vectors" (American Mathematical
 * Monthly 71, 1964) — one shared chain of doublings for all the scalars —
 * with the signed windows of B. Moeller, "Algorithms for
 * multi-exponentiation" (SAC 2001), as in curve25519-dalek's
 * scalar_mul::straus::Straus::optional_multiscalar_mul (VartimeMultiscalarMul).
 *
 * For r = sum [s_j] P_j: each s_j is recoded in width-5 NAF (odd digits in
 * [-15, 15], at most one non-zero in any 5 consecutive), each P_j gets a
 * table of its odd multiples P_j, 3P_j, ..., 15P_j (cached points: one
 * doubling and seven additions), and then one pass from the top bit down
 * doubles the accumulator once per bit and adds [digit]P_j for every
 * non-zero digit at that bit. Cost: about 253 doublings in all, plus per
 * point 8 additions for its table and bits(s_j)/6 additions for its digits.
 *
 * The non-zero digits are sorted by bit position once (a counting sort), so
 * the main loop walks a dense list instead of testing n digits per bit: no
 * unpredictable branch per (point, bit) pair.
 *
 * VARIABLE TIME: branches, table indices and memory traffic depend on the
 * scalars. Public data only.
 */
#ifndef ECX_CURVE25519_MSM_STRAUS_H
#define ECX_CURVE25519_MSM_STRAUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curve25519/edwards.h"
#include "ecx/ecx.h"

#define GE_STRAUS_WIDTH 5
#define GE_STRAUS_TABLE (1 << (GE_STRAUS_WIDTH - 2)) /* odd multiples 1, 3, ..., 15 */

/* One non-zero NAF digit: table entry `entry` (= point * GE_STRAUS_TABLE +
 * |digit| / 2) added (negative = 0) or subtracted (negative = 1). */
typedef struct {
    uint32_t entry;
    uint32_t negative;
} ge_straus_event;

/* The index of the lowest set bit of a non-zero x. */
static inline unsigned ge_ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    while (!(x & 1)) x >>= 1, n++;
    return n;
#endif
}

/* At most this many non-zero digits in a width-5 NAF of a 255-bit scalar
 * (non-zero digits are at least 5 positions apart: ceil(256 / 5) = 52). */
#define GE_STRAUS_MAX_DIGITS 64

/* The non-zero digits of the width-5 NAF of s (bit 255 taken as 0): the
 * same digits as sc_recode_wnaf(naf, s, 5), listed as (position, digit)
 * from the bottom, count returned. Runs of zero digits are skipped with a
 * count-trailing-zeros instead of one step per bit: a zero digit is where
 * the scalar bit equals the incoming carry. VARIABLE TIME. */
static unsigned ge_straus_recode_vartime(uint8_t pos_out[GE_STRAUS_MAX_DIGITS], int8_t dig_out[GE_STRAUS_MAX_DIGITS],
                                         const uint8_t s[32])
{
    uint64_t x[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k < 4; k++)
        for (int b = 7; b >= 0; b--) x[k] = x[k] << 8 | s[8 * k + b];
    x[3] &= 0x7fffffffffffffffu;

    const unsigned w = GE_STRAUS_WIDTH;
    const uint64_t width = (uint64_t)1 << w, window_mask = width - 1;
    unsigned pos = 0, count = 0;
    uint64_t carry = 0;
    for (;;) {
        /* Next position whose bit differs from the carry. x[4] = 0 stops a
         * run with carry 0 past the top; with carry 1, bit 255 (0) does. */
        const uint64_t flip = (uint64_t)0 - carry;
        unsigned word = pos / 64;
        uint64_t cur = (x[word] ^ flip) >> (pos % 64);
        while (cur == 0 && word < 4) {
            word++;
            pos = 64 * word;
            cur = x[word] ^ flip;
        }
        if (cur == 0 || word >= 4) break;
        pos += ge_ctz64(cur);
        if (pos >= 256) break;

        unsigned bit = pos % 64;
        word = pos / 64;
        uint64_t bits = x[word] >> bit;
        if (bit > 64 - w) bits |= x[word + 1] << (64 - bit);
        uint64_t window = carry + (bits & window_mask); /* odd, <= 2^w - 1 */
        carry = window >> (w - 1);                      /* window >= 2^(w-1) */
        pos_out[count] = (uint8_t)pos;
        dig_out[count] = (int8_t)((int)window - (int)(carry << w));
        count++;
        pos += w;
    }
    return count;
}

/* table[0..7] = P, 3P, ..., 15P as cached points: one doubling, seven
 * additions. */
static void ge_straus_odd_multiples(ge_cached table[GE_STRAUS_TABLE], const ge_p3 *p)
{
    ge_cached p2;
    ge_p1p1 t;
    ge_p3 u;
    ge_p3_dbl(&t, p);
    ge_p1p1_to_p3(&u, &t);
    ge_p3_to_cached(&p2, &u);
    ge_p3_to_cached(&table[0], p);
    u = *p;
    for (int k = 1; k < GE_STRAUS_TABLE; k++) {
        ge_add(&t, &u, &p2);
        ge_p1p1_to_p3(&u, &t);
        ge_p3_to_cached(&table[k], &u);
    }
}

/* r = sum over bit positions i = top .. 0 of 2^i sum of the events at i:
 * events[start[i] .. start[i + 1]) name table entries to add or subtract.
 * VARIABLE TIME. */
static void ge_straus_accumulate(ge_p3 *r, int top, const size_t start[257],
                                                   const ge_straus_event *events, const ge_cached *table)
{
    ge_p1p1 t;
    ge_p3 u;
    ge_p2 q;
    ge_p2_identity(&q);
    for (int i = top;; i--) {
        ge_p2_dbl(&t, &q);
        for (size_t e = start[i]; e < start[i + 1]; e++) {
            const ge_cached *c = &table[events[e].entry];
            ge_p1p1_to_p3(&u, &t);
            if (events[e].negative)
                ge_sub(&t, &u, c);
            else
                ge_add(&t, &u, c);
        }
        if (i == 0) break;
        ge_p1p1_to_p2(&q, &t);
    }
    ge_p1p1_to_p3(r, &t);
}

/* r = sum_{j < n} [scalars[j]] points[j], for 32-byte little-endian scalars
 * below 2^255 (bit 255 is ignored; they need not be reduced mod l) and any
 * curve points (identity and small-order points included). n = 0 gives the
 * identity. Returns ECX_OK, or ECX_ERR_NOMEM (r untouched) when the scratch
 * space (about 1.5 KB per point) cannot be allocated. Points with a zero
 * scalar cost nothing. VARIABLE TIME. */
static int ge_msm_straus_vartime(ge_p3 *r, size_t n, const uint8_t (*scalars)[32], const ge_p3 *points)
{
    if (n == 0) {
        ge_p3_identity(r);
        return ECX_OK;
    }
    /* Entry indices fit 32 bits; the allocations below do not overflow. */
    if (n > UINT32_MAX / GE_STRAUS_TABLE || n > SIZE_MAX / (GE_STRAUS_TABLE * sizeof(ge_cached)) ||
        n > SIZE_MAX / (GE_STRAUS_MAX_DIGITS * (sizeof(ge_straus_event) + 2)))
        return ECX_ERR_NOMEM;

    uint8_t *positions = malloc(n * GE_STRAUS_MAX_DIGITS);
    int8_t *digits = malloc(n * GE_STRAUS_MAX_DIGITS);
    uint8_t *counts = malloc(n);
    ge_cached *table = malloc(n * GE_STRAUS_TABLE * sizeof(ge_cached));
    ge_straus_event *events = malloc(n * GE_STRAUS_MAX_DIGITS * sizeof *events);
    int status = ECX_ERR_NOMEM;
    if (!positions || !digits || !counts || !table || !events) goto done;

    /* Recode; count the digits per bit position; tables for the points
     * that have a digit at all. */
    size_t start[257] = {0};
    for (size_t j = 0; j < n; j++) {
        uint8_t *pj = positions + GE_STRAUS_MAX_DIGITS * j;
        unsigned c = ge_straus_recode_vartime(pj, digits + GE_STRAUS_MAX_DIGITS * j, scalars[j]);
        counts[j] = (uint8_t)c;
        for (unsigned k = 0; k < c; k++) start[pj[k] + 1]++;
        if (c) ge_straus_odd_multiples(table + GE_STRAUS_TABLE * j, &points[j]);
    }

    /* Counting sort of the digits by position. */
    for (int i = 0; i < 256; i++) start[i + 1] += start[i];
    size_t fill[256];
    memcpy(fill, start, sizeof fill);
    for (size_t j = 0; j < n; j++) {
        const uint8_t *pj = positions + GE_STRAUS_MAX_DIGITS * j;
        const int8_t *dj = digits + GE_STRAUS_MAX_DIGITS * j;
        for (unsigned k = 0; k < counts[j]; k++) {
            int d = dj[k];
            ge_straus_event *e = &events[fill[pj[k]]++];
            e->negative = d < 0;
            e->entry = (uint32_t)(j * GE_STRAUS_TABLE + (size_t)((d < 0 ? -d : d) >> 1));
        }
    }

    int top = 255;
    while (top >= 0 && start[top + 1] == start[top]) top--;
    if (top < 0)
        ge_p3_identity(r);
    else
        ge_straus_accumulate(r, top, start, events, table);
    status = ECX_OK;

done:
    free(positions);
    free(digits);
    free(counts);
    free(table);
    free(events);
    return status;
}

#endif
