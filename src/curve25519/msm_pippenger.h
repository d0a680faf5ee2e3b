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

#include "common/align.h"
#include "curve25519/edwards.h"
#include "ecx/ecx.h"

#define GE_PIPPENGER_MIN_WIDTH 4
#define GE_PIPPENGER_MAX_WIDTH 15 /* digits fit int16_t; 2^14 buckets (2.6 MB) at most */

/* The point kernel: the two point types and six operations the method needs.
 * A vector backend may bring its own (DESIGN.md: vector backends replace
 * the point kernels): backend/vector/kernels.h, switched by
 * ECXI_VECTOR_KERNELS, with the same names and contracts; the digits, the buckets'
 * bookkeeping and the order of additions stay the code below. */
#ifndef ECXI_VECTOR_KERNELS
typedef ge_cached ge_pippenger_point; /* an input point, ready to be added */
typedef ge_p3 ge_pippenger_sum;      /* a bucket, a running sum, the accumulator */

/* r = p's ready-to-add form. */
static inline void ge_pippenger_point_from_p3(ge_pippenger_point *r, const ge_p3 *p)
{
    ge_p3_to_cached(r, p);
}

/* r = p or -p (neg = 1), to start a bucket. */
static inline void ge_pippenger_sum_from_p3(ge_pippenger_sum *r, const ge_p3 *p, unsigned neg)
{
    if (neg)
        ge_p3_neg(r, p);
    else
        *r = *p;
}

/* r = r + q or r - q (neg = 1). */
static inline void ge_pippenger_add_point(ge_pippenger_sum *r, const ge_pippenger_point *q, unsigned neg)
{
    ge_p1p1 t;
    if (neg)
        ge_sub(&t, r, q);
    else
        ge_add(&t, r, q);
    ge_p1p1_to_p3(r, &t);
}

/* r = r + q for two sums. */
static inline void ge_pippenger_add_sum(ge_pippenger_sum *r, const ge_pippenger_sum *q)
{
    ge_p3_add_p3(r, r, q);
}

/* r = 2^w r, w >= 1. */
static inline void ge_pippenger_double_n(ge_pippenger_sum *r, unsigned w)
{
    ge_p3_dbln(r, r, w);
}

/* r = the extended point a sum holds. */
static inline void ge_pippenger_sum_to_p3(ge_p3 *r, const ge_pippenger_sum *p)
{
    *r = *p;
}
#endif /* ECXI_VECTOR_KERNELS */

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
 * buckets of 160 bytes with the serial kernel) cannot be allocated.
 * VARIABLE TIME. */
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

    /* One block: the points' ready-to-add forms, the buckets, the digits
     * (column-major, digits[c * n + j]) and the buckets' fill marks, each
     * array aligned (the block's start too, by the slack). */
    if (n > SIZE_MAX / 4 / sizeof(ge_pippenger_point) || n > SIZE_MAX / 4 / sizeof(int16_t) / columns)
        return ECX_ERR_NOMEM;
    const size_t points_bytes = ecxi_round_up(n * sizeof(ge_pippenger_point));
    const size_t buckets_bytes = ecxi_round_up(nbuckets * sizeof(ge_pippenger_sum));
    uint8_t *block = malloc(ECXI_VECTOR_ALIGN + points_bytes + buckets_bytes + n * columns * sizeof(int16_t) + nbuckets);
    if (!block) return ECX_ERR_NOMEM;
    uint8_t *aligned = ecxi_align_up(block);
    ge_pippenger_point *ready = (ge_pippenger_point *)aligned;
    ge_pippenger_sum *buckets = (ge_pippenger_sum *)(aligned + points_bytes);
    int16_t *digits = (int16_t *)(aligned + points_bytes + buckets_bytes);
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
        ge_pippenger_point_from_p3(&ready[j], &points[j]);
    }

    ge_pippenger_sum acc, running, sum;
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
                ge_pippenger_sum_from_p3(&buckets[b], &points[j], d < 0);
                filled[b] = 1;
            } else {
                ge_pippenger_add_point(&buckets[b], &ready[j], d < 0);
            }
        }

        /* sum = sum_b [b + 1] buckets[b]: running = buckets[top] + ... +
         * buckets[b], and sum accumulates running at every step. */
        int running_set = 0, sum_set = 0;
        for (size_t b = nbuckets; b-- > 0;) {
            if (filled[b]) {
                if (running_set) {
                    ge_pippenger_add_sum(&running, &buckets[b]);
                } else {
                    running = buckets[b];
                    running_set = 1;
                }
            }
            if (running_set) {
                if (sum_set) {
                    ge_pippenger_add_sum(&sum, &running);
                } else {
                    sum = running;
                    sum_set = 1;
                }
            }
        }

        /* acc = 2^w acc + sum. */
        if (acc_set) {
            ge_pippenger_double_n(&acc, w);
            if (sum_set) ge_pippenger_add_sum(&acc, &sum);
        } else if (sum_set) {
            acc = sum;
            acc_set = 1;
        }
    }

    if (acc_set)
        ge_pippenger_sum_to_p3(r, &acc);
    else
        ge_p3_identity(r);
    free(block);
    return ECX_OK;
}

#endif
