/* Variable-time multiscalar multiplication for large n: Pippenger's bucket
 * method with signed digits.
 *
 * Source: N. Pippenger, "On the evaluation of powers and related problems"
 * (FOCS 1976), in the bucket form described by Bernstein, Doumen, Lange and
 * Oosterwijk, "Faster batch forgery identification" (INDOCRYPT 2012,
 * section 4), and as implemented in curve25519-dalek's
 * scalar_mul::pippenger (Oleg Andreev's variant with signed digits).
 *
 * For r = sum [s_j] P_j, every scalar is written in signed radix 2^w,
 * s_j = sum_c d_{j,c} 2^(w c) with d in [-2^(w-1), 2^(w-1)]. Column by
 * column from the top, each point goes into bucket |d| (added, or
 * subtracted when d < 0); the column's sum sum_b [b] bucket_b is formed with
 * two running sums from the top bucket down (2 additions per bucket), and
 * the accumulator is doubled w times before the next column is added in.
 * Cost per column: one addition per non-zero digit plus 2^w for the
 * buckets, so the width w is chosen from n and the scalar lengths to
 * minimise (sum_j ceil(bits_j / w)) + columns * 2^w.
 *
 * Empty buckets are tracked, so the first point of a bucket is a copy, not
 * an addition, and short scalars (128-bit weights of batch verification)
 * cost only the columns they reach.
 *
 * VARIABLE TIME: branches, bucket indices and memory traffic depend on the
 * scalars. Public data only.
 */
#ifndef ECX_CURVE25519_MSM_PIPPENGER_H
#define ECX_CURVE25519_MSM_PIPPENGER_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curve25519/edwards.h"
#include "ecx/ecx.h"

#define GE_PIPPENGER_MIN_WIDTH 4
#define GE_PIPPENGER_MAX_WIDTH 15 /* digits fit int16_t; 2^14 buckets (2.6 MB) at most */

/* The number of significant bits of a 32-byte little-endian scalar, bit 255
 * ignored. */
static inline unsigned ge_scalar_bits_vartime(const uint8_t s[32])
{
    for (int i = 31; i >= 0; i--) {
        unsigned v = i == 31 ? s[31] & 0x7fu : s[i];
        if (v) {
            unsigned b = 8 * (unsigned)i;
            while (v) b++, v >>= 1;
            return b;
        }
    }
    return 0;
}

/* Bits [pos, pos + w) of s with bit 255 taken as 0 (zeros past it too),
 * w <= 16. */
static inline unsigned ge_scalar_window(const uint8_t s[32], unsigned pos, unsigned w)
{
    uint32_t x = 0;
    unsigned byte = pos / 8;
    for (unsigned k = 0; k < 3 && byte + k < 32; k++)
        x |= (uint32_t)(byte + k == 31 ? s[31] & 0x7f : s[byte + k]) << (8 * k);
    return (x >> (pos % 8)) & ((1u << w) - 1);
}

/* The width minimising the estimated number of point additions for n
 * scalars with `total_bits` bits in all, the longest `max_bits` long:
 * (total_bits / w + n / 2) digit additions (a digit per w bits, ~1/2 more
 * for the rounding) plus 2^w per column for the buckets. */
static unsigned ge_pippenger_width(size_t n, uint64_t total_bits, unsigned max_bits)
{
    unsigned best = GE_PIPPENGER_MIN_WIDTH;
    double best_cost = 0;
    for (unsigned w = GE_PIPPENGER_MIN_WIDTH; w <= GE_PIPPENGER_MAX_WIDTH; w++) {
        double columns = (double)((max_bits + 1 + w - 1) / w);
        double cost = (double)total_bits / w + (double)n / 2 + columns * (double)(1u << w);
        if (w == GE_PIPPENGER_MIN_WIDTH || cost < best_cost) {
            best = w;
            best_cost = cost;
        }
    }
    return best;
}

/* r = sum_{j < n} [scalars[j]] points[j], for 32-byte little-endian scalars
 * (bit 255 is ignored; they need not be reduced mod l) and any curve
 * points. n = 0 gives the identity. `width` 0 picks the window width from
 * the inputs; 4..15 forces it (for tests). Returns ECX_OK, ECX_ERR_INVALID
 * for a width out of range, or ECX_ERR_NOMEM (r untouched) when the scratch
 * space (one block: about 160 + 2 * 256 / w bytes per point, plus 2^(w-1)
 * buckets of 160 bytes) cannot be allocated. VARIABLE TIME. */
static int ge_msm_pippenger_vartime(ge_p3 *r, size_t n, const uint8_t (*scalars)[32], const ge_p3 *points,
                                    unsigned width)
{
    uint64_t total_bits = 0;
    unsigned max_bits = 0;
    for (size_t j = 0; j < n; j++) {
        unsigned b = ge_scalar_bits_vartime(scalars[j]);
        total_bits += b;
        if (b > max_bits) max_bits = b;
    }
    if (max_bits == 0) {
        ge_p3_identity(r);
        return ECX_OK;
    }

    const unsigned w = width ? width : ge_pippenger_width(n, total_bits, max_bits);
    if (w < GE_PIPPENGER_MIN_WIDTH || w > GE_PIPPENGER_MAX_WIDTH) return ECX_ERR_INVALID;
    /* value < 2^max_bits <= 2^(w columns - 1): the top digit is at most 2^(w-1). */
    const unsigned columns = (max_bits + 1 + w - 1) / w;
    const size_t nbuckets = (size_t)1 << (w - 1);

    /* One block: the points' cached forms, the buckets, the digits
     * (column-major, digits[c * n + j]) and the buckets' fill marks. */
    if (n > SIZE_MAX / 4 / sizeof(ge_cached) || n > SIZE_MAX / 4 / sizeof(int16_t) / columns) return ECX_ERR_NOMEM;
    uint8_t *block = malloc(n * sizeof(ge_cached) + nbuckets * sizeof(ge_p3) + n * columns * sizeof(int16_t) + nbuckets);
    if (!block) return ECX_ERR_NOMEM;
    ge_cached *cached = (ge_cached *)block;
    ge_p3 *buckets = (ge_p3 *)(block + n * sizeof(ge_cached));
    int16_t *digits = (int16_t *)(block + n * sizeof(ge_cached) + nbuckets * sizeof(ge_p3));
    uint8_t *filled = (uint8_t *)(digits + n * columns);

    /* Signed radix-2^w digits, column-major so each pass reads one row. */
    const int half = 1 << (w - 1), full = 1 << w;
    for (size_t j = 0; j < n; j++) {
        int carry = 0;
        for (unsigned c = 0; c < columns; c++) {
            int d = (int)ge_scalar_window(scalars[j], c * w, w) + carry;
            carry = d >= half && c + 1 < columns;
            d -= carry * full;
            digits[(size_t)c * n + j] = (int16_t)d;
        }
        ge_p3_to_cached(&cached[j], &points[j]);
    }

    ge_p3 acc, running, sum;
    ge_p1p1 t;
    ge_p2 q;
    int acc_set = 0;
    for (unsigned c = columns; c-- > 0;) {
        const int16_t *row = digits + (size_t)c * n;

        /* Fill the buckets: bucket b - 1 holds sum of the points of digit +-b. */
        memset(filled, 0, nbuckets);
        for (size_t j = 0; j < n; j++) {
            int d = row[j];
            if (d == 0) continue;
            size_t b = (size_t)(d < 0 ? -d : d) - 1;
            if (!filled[b]) {
                if (d > 0)
                    buckets[b] = points[j];
                else
                    ge_p3_neg(&buckets[b], &points[j]);
                filled[b] = 1;
            } else {
                if (d > 0)
                    ge_add(&t, &buckets[b], &cached[j]);
                else
                    ge_sub(&t, &buckets[b], &cached[j]);
                ge_p1p1_to_p3(&buckets[b], &t);
            }
        }

        /* sum = sum_b [b + 1] buckets[b]: running = buckets[top] + ... +
         * buckets[b], and sum accumulates running at every step. */
        int running_set = 0, sum_set = 0;
        for (size_t b = nbuckets; b-- > 0;) {
            if (filled[b]) {
                if (running_set) {
                    ge_p3_add_p3(&running, &running, &buckets[b]);
                } else {
                    running = buckets[b];
                    running_set = 1;
                }
            }
            if (running_set) {
                if (sum_set) {
                    ge_p3_add_p3(&sum, &sum, &running);
                } else {
                    sum = running;
                    sum_set = 1;
                }
            }
        }

        /* acc = 2^w acc + sum. */
        if (acc_set) {
            ge_p3_to_p2(&q, &acc);
            for (unsigned k = 1; k < w; k++) {
                ge_p2_dbl(&t, &q);
                ge_p1p1_to_p2(&q, &t);
            }
            ge_p2_dbl(&t, &q);
            ge_p1p1_to_p3(&acc, &t);
            if (sum_set) ge_p3_add_p3(&acc, &acc, &sum);
        } else if (sum_set) {
            acc = sum;
            acc_set = 1;
        }
    }

    if (acc_set)
        *r = acc;
    else
        ge_p3_identity(r);
    free(block);
    return ECX_OK;
}

#endif
