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
 * Additions go out in independent pairs (the _x2 operations): two points
 * into two different buckets, and in the buckets' sum the next running sum
 * beside the addition of the previous one, so that a vector kernel runs two
 * 4-way additions side by side (ifma, 64 x 32 range-proof verification:
 * 1.6% faster; docs/rangeproof.md).
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
#include "curve25519/point_kernels.h"
#include "ecx/ecx.h"

#define GE_PIPPENGER_MIN_WIDTH 4
#define GE_PIPPENGER_MAX_WIDTH 15 /* digits fit int16_t; 2^14 buckets (2.6 MB) at most */

/* The points: the point kernels of point_kernels.h (serial or 4-way). The
 * inputs are kept ready to add (ge_addend); buckets, running sums and the
 * accumulator are extended points (ge_point). */

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

/* s as four little-endian 64-bit limbs, bit 255 cleared. */
static inline void ge_scalar_limbs(uint64_t l[4], const uint8_t s[32])
{
    for (int k = 0; k < 4; k++) {
        uint64_t v = 0;
        for (int i = 7; i >= 0; i--) v = v << 8 | s[8 * k + i];
        l[k] = v;
    }
    l[3] &= 0x7fffffffffffffffu;
}

/* Bits [pos, pos + w) of the limbs l (zeros past bit 255), w <= 16. */
static inline unsigned ge_scalar_window(const uint64_t l[4], unsigned pos, unsigned w)
{
    const unsigned k = pos / 64, shift = pos % 64;
    if (k >= 4) return 0;
    uint64_t x = l[k] >> shift;
    if (shift + w > 64 && k + 1 < 4) x |= l[k + 1] << (64 - shift);
    return (unsigned)x & ((1u << w) - 1);
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
    if (n > SIZE_MAX / 4 / sizeof(ge_addend) || n > SIZE_MAX / 4 / sizeof(int16_t) / columns)
        return ECX_ERR_NOMEM;
    const size_t points_bytes = ecxi_round_up(n * sizeof(ge_addend));
    const size_t buckets_bytes = ecxi_round_up(nbuckets * sizeof(ge_point));
    uint8_t *block = malloc(ECXI_VECTOR_ALIGN + points_bytes + buckets_bytes + n * columns * sizeof(int16_t) + nbuckets);
    if (!block) return ECX_ERR_NOMEM;
    uint8_t *aligned = ecxi_align_up(block);
    ge_addend *ready = (ge_addend *)aligned;
    ge_point *buckets = (ge_point *)(aligned + points_bytes);
    int16_t *digits = (int16_t *)(aligned + points_bytes + buckets_bytes);
    uint8_t *filled = (uint8_t *)(digits + n * columns);

    /* Signed radix-2^w digits, column-major so each pass reads one row. */
    const int half = 1 << (w - 1), full = 1 << w;
    for (size_t j = 0; j < n; j++) {
        uint64_t limbs[4];
        ge_scalar_limbs(limbs, scalars[j]);
        int carry = 0;
        for (unsigned c = 0; c < columns; c++) {
            int d = (int)ge_scalar_window(limbs, c * w, w) + carry;
            carry = d >= half && c + 1 < columns;
            d -= carry * full;
            digits[(size_t)c * n + j] = (int16_t)d;
        }
        ge_point u;
        ge_point_from_p3(&u, &points[j]);
        ge_addend_from_point(&ready[j], &u);
    }

    ge_point acc, running, sum;
    int acc_set = 0;
    for (unsigned c = columns; c-- > 0;) {
        const int16_t *row = digits + (size_t)c * n;

        /* Fill the buckets: bucket b - 1 holds the sum of the points of
         * digit +-b. Additions go out in pairs to two different buckets
         * (one addition waits as `pending` for a partner). */
        memset(filled, 0, nbuckets);
        size_t pending_b = 0, pending_j = 0;
        int pending = 0;
        for (size_t j = 0; j < n; j++) {
            int d = row[j];
            if (d == 0) continue;
            size_t b = (size_t)(d < 0 ? -d : d) - 1;
            if (!filled[b]) {
                ge_point_from_p3(&buckets[b], &points[j]);
                if (d < 0) ge_point_neg(&buckets[b], &buckets[b]);
                filled[b] = 1;
            } else if (!pending) {
                pending = 1, pending_b = b, pending_j = j;
            } else if (pending_b == b) {
                ge_point_add_vartime(&buckets[b], &ready[pending_j], row[pending_j] < 0);
                pending_j = j;
            } else {
                ge_point_add_x2_vartime(&buckets[pending_b], &ready[pending_j], row[pending_j] < 0, &buckets[b],
                                        &ready[j], d < 0);
                pending = 0;
            }
        }
        if (pending) ge_point_add_vartime(&buckets[pending_b], &ready[pending_j], row[pending_j] < 0);

        /* sum = sum_b [b + 1] buckets[b] = sum_b running_b with running_b =
         * buckets[top] + ... + buckets[b]. Step b forms running_b from
         * running_(b+1) and adds running_(b+1) to sum, two independent
         * additions; running_0 is added after the loop. */
        int running_set = 0, sum_set = 0;
        for (size_t b = nbuckets; b-- > 0;) {
            if (!running_set) {
                if (filled[b]) {
                    running = buckets[b];
                    running_set = 1;
                }
            } else if (!sum_set) {
                sum = running;
                sum_set = 1;
                if (filled[b]) ge_point_add_point(&running, &buckets[b]);
            } else if (filled[b]) {
                ge_point_add_point_x2(&running, &buckets[b], &sum, &running);
            } else {
                ge_point_add_point(&sum, &running);
            }
        }
        if (running_set) {
            if (sum_set)
                ge_point_add_point(&sum, &running);
            else
                sum = running;
            sum_set = 1;
        }

        /* acc = 2^w acc + sum. */
        if (acc_set) {
            ge_point_dbln(&acc, w);
            if (sum_set) ge_point_add_point(&acc, &sum);
        } else if (sum_set) {
            acc = sum;
            acc_set = 1;
        }
    }

    if (acc_set)
        ge_point_to_p3(r, &acc);
    else
        ge_p3_identity(r);
    free(block);
    return ECX_OK;
}

#endif
