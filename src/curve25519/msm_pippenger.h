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
 * Parts: the input is a list of parts, each n points with their scalars
 * and, optionally, the points' ready-to-add forms (ge_addend) made
 * beforehand: a caller whose points are fixed (the range proofs' G and H
 * vectors, src/proofs/rangeproof_cache.h) keeps those forms and skips
 * converting thousands of points per call. ge_msm_pippenger_vartime is
 * the one-part call.
 *
 * The digits are recoded column by column (one limb and shift for the
 * whole column, each scalar's carry kept between columns), so the inner
 * loop has no data-dependent branch: at 4158 points (a 64 x 32 range-proof
 * verification, ifma) the whole verification got ~8% faster
 * (docs/rangeproof.md).
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

/* n points with their scalars (32-byte little-endian, bit 255 ignored);
 * ready: the points' ready-to-add forms (ge_point_from_p3 then
 * ge_addend_from_point), or NULL. */
struct ge_msm_part {
    size_t n;
    const uint8_t (*scalars)[32];
    const ge_p3 *points;
    const ge_addend *ready;
};

/* digits[c * n + j] = the signed radix-2^w digits of the scalars given as
 * limbs[j] (five 64-bit limbs, the fifth zero; at most columns * w - 1
 * significant bits), column-major, each in [-2^(w-1), 2^(w-1)] (the top
 * column unsigned, no carry out). Made column by column from the bottom
 * with each scalar's carry kept in carries[j] (n bytes of scratch): the
 * window's limb and shift are the same for the whole column, so the inner
 * loop has no data-dependent branch. VARIABLE TIME (public scalars). */
static void ge_pippenger_digits(int16_t *digits, const uint64_t (*limbs)[5], uint8_t *carries, size_t n,
                                unsigned w, unsigned columns)
{
    const int half = 1 << (w - 1), full = 1 << w;
    const unsigned mask = (1u << w) - 1;
    memset(carries, 0, n);
    for (unsigned c = 0; c < columns; c++) {
        const unsigned pos = c * w, limb = pos / 64, shift = pos % 64;
        const int last = c + 1 == columns;
        int16_t *row = digits + (size_t)c * n; /* pos <= 255: limb <= 3 */
        for (size_t j = 0; j < n; j++) {
            /* bits [pos, pos + w): (limb, limb + 1) >> shift, the high part
             * shifted in two steps (no shift by 64 when shift = 0). */
            const uint64_t x = limbs[j][limb] >> shift | (limbs[j][limb + 1] << 1) << (63 - shift);
            int d = (int)((unsigned)x & mask) + carries[j];
            const int carry = d >= half && !last;
            carries[j] = (uint8_t)carry;
            row[j] = (int16_t)(d - carry * full);
        }
    }
}

/* Additions into buckets in independent pairs: one addition waits here
 * for a partner into another bucket, and the two go out together
 * (ge_point_add_x2_vartime). */
struct ge_pippenger_pending {
    const ge_addend *q;
    size_t b;
    unsigned neg;
};

/* buckets[b] -+= q (neg), now or paired with the next addition. The bucket
 * must already hold a point. VARIABLE TIME. */
static inline void ge_pippenger_add_paired(ge_point *buckets, struct ge_pippenger_pending *pd, size_t b,
                                           const ge_addend *q, unsigned neg)
{
    if (!pd->q) {
        pd->q = q, pd->b = b, pd->neg = neg;
    } else if (pd->b == b) {
        ge_point_add_vartime(&buckets[b], pd->q, pd->neg);
        pd->q = q, pd->neg = neg;
    } else {
        ge_point_add_x2_vartime(&buckets[pd->b], pd->q, pd->neg, &buckets[b], q, neg);
        pd->q = NULL;
    }
}

/* The waiting addition, if any. */
static inline void ge_pippenger_add_flush(ge_point *buckets, struct ge_pippenger_pending *pd)
{
    if (pd->q) ge_point_add_vartime(&buckets[pd->b], pd->q, pd->neg);
    pd->q = NULL;
}

/* Bucket |d| - 1 gets the point of the non-zero digit d (negated when
 * d < 0): an empty bucket (filled[b] = 0) starts as a copy of point's
 * extended form, or, when point is NULL (a stored multiple with no extended
 * form, msm_pippenger_fixed.h), as the identity plus q; a filled one gets q
 * added, paired with the next addition. VARIABLE TIME. */
static inline void ge_pippenger_bucket_add(ge_point *buckets, uint8_t *filled, struct ge_pippenger_pending *pd,
                                           int d, const ge_addend *q, const ge_p3 *point)
{
    const size_t b = (size_t)(d < 0 ? -d : d) - 1;
    const unsigned neg = d < 0;
    if (filled[b]) {
        ge_pippenger_add_paired(buckets, pd, b, q, neg);
        return;
    }
    filled[b] = 1;
    if (point) {
        ge_point_from_p3(&buckets[b], point);
        if (neg) ge_point_neg(&buckets[b], &buckets[b]);
    } else {
        ge_p3 identity;
        ge_p3_identity(&identity);
        ge_point_from_p3(&buckets[b], &identity);
        ge_pippenger_add_paired(buckets, pd, b, q, neg);
    }
}

/* *sum = sum_b [b + 1] buckets[b] over the filled buckets (filled[b] != 0),
 * with msm_pippenger.h's two running sums from the top bucket down.
 * Returns 1, or 0 (and *sum untouched) if no bucket is filled. */
static int ge_pippenger_bucket_sum(ge_point *sum, const ge_point *buckets,
                                         const uint8_t *filled, size_t nbuckets)
{
    ge_point running;
    int running_set = 0, sum_set = 0;
    for (size_t b = nbuckets; b-- > 0;) {
        if (!running_set) {
            if (filled[b]) {
                running = buckets[b];
                running_set = 1;
            }
        } else if (!sum_set) {
            *sum = running;
            sum_set = 1;
            if (filled[b]) ge_point_add_point(&running, &buckets[b]);
        } else if (filled[b]) {
            ge_point_add_point_x2(&running, &buckets[b], sum, &running);
        } else {
            ge_point_add_point(sum, &running);
        }
    }
    if (!running_set) return 0;
    if (sum_set)
        ge_point_add_point(sum, &running);
    else
        *sum = running;
    return 1;
}

/* r = sum over the parts of sum_{j < n} [scalars[j]] points[j]; nparts = 0
 * or all scalars zero gives the identity. `width` 0 picks the window width
 * with msm_pippenger.h's model (for the total point count); 4..15 forces
 * it. A part's ready array, if given, must be aligned to
 * ECXI_VECTOR_ALIGN. Returns ECX_OK, ECX_ERR_INVALID (width out of range)
 * or ECX_ERR_NOMEM (r untouched); the scratch space is one block: the
 * ready forms of the parts without them (the kernel's size per point), 2
 * bytes per point and column for the digits, 41 bytes per point for the
 * scalars' limbs and carries, 2^(w-1) buckets.
 * VARIABLE TIME. */
static int ge_msm_pippenger_parts_vartime(ge_p3 *r, size_t nparts, const struct ge_msm_part *parts, unsigned width)
{
    uint64_t total_bits = 0;
    unsigned max_bits = 0;
    size_t n = 0, unready = 0;
    for (size_t p = 0; p < nparts; p++) {
        if (parts[p].n > SIZE_MAX / 4 / sizeof(ge_addend) - n) return ECX_ERR_NOMEM;
        n += parts[p].n;
        if (!parts[p].ready) unready += parts[p].n;
        for (size_t j = 0; j < parts[p].n; j++) {
            unsigned b = ge_scalar_bits_vartime(parts[p].scalars[j]);
            total_bits += b;
            if (b > max_bits) max_bits = b;
        }
    }
    if (max_bits == 0) {
        ge_p3_identity(r);
        return ECX_OK;
    }
    const unsigned w = width ? width : ge_pippenger_width(n, total_bits, max_bits);
    if (w < GE_PIPPENGER_MIN_WIDTH || w > GE_PIPPENGER_MAX_WIDTH) return ECX_ERR_INVALID;
    const unsigned columns = (max_bits + 1 + w - 1) / w;
    const size_t nbuckets = (size_t)1 << (w - 1);
    if (n > SIZE_MAX / 4 / (sizeof(int16_t) * columns + sizeof(uint64_t[5]) + 1)) return ECX_ERR_NOMEM;

    const size_t ready_bytes = ecxi_round_up(unready * sizeof(ge_addend));
    const size_t buckets_bytes = ecxi_round_up(nbuckets * sizeof(ge_point));
    const size_t ptrs_bytes = ecxi_round_up(nparts * sizeof(ge_addend *));
    const size_t limbs_bytes = ecxi_round_up(n * sizeof(uint64_t[5]));
    uint8_t *block = malloc(ECXI_VECTOR_ALIGN + ready_bytes + buckets_bytes + ptrs_bytes + limbs_bytes +
                            n * columns * sizeof(int16_t) + nbuckets + n);
    if (!block) return ECX_ERR_NOMEM;
    uint8_t *aligned = ecxi_align_up(block);
    ge_addend *own = (ge_addend *)aligned;
    ge_point *buckets = (ge_point *)(aligned + ready_bytes);
    const ge_addend **ready = (const ge_addend **)(aligned + ready_bytes + buckets_bytes);
    uint64_t(*limbs)[5] = (uint64_t(*)[5])(aligned + ready_bytes + buckets_bytes + ptrs_bytes);
    int16_t *digits = (int16_t *)(aligned + ready_bytes + buckets_bytes + ptrs_bytes + limbs_bytes);
    uint8_t *filled = (uint8_t *)(digits + n * columns);
    uint8_t *carries = filled + nbuckets;

    /* The missing ready forms, and each scalar's limbs (five: a zero limb
     * on top for the windows that cross bit 255). */
    size_t j = 0, k = 0;
    for (size_t p = 0; p < nparts; p++) {
        if (parts[p].ready) {
            ready[p] = parts[p].ready;
        } else {
            ready[p] = own + k;
            for (size_t i = 0; i < parts[p].n; i++) {
                ge_point u;
                ge_point_from_p3(&u, &parts[p].points[i]);
                ge_addend_from_point(&own[k + i], &u);
            }
            k += parts[p].n;
        }
        for (size_t i = 0; i < parts[p].n; i++, j++) {
            ge_scalar_limbs(limbs[j], parts[p].scalars[i]);
            limbs[j][4] = 0;
        }
    }

    ge_pippenger_digits(digits, (const uint64_t(*)[5])limbs, carries, n, w, columns);

    ge_point acc, sum;
    int acc_set = 0;
    for (unsigned c = columns; c-- > 0;) {
        const int16_t *row = digits + (size_t)c * n;

        /* Bucket b - 1 gets the points of digit +-b, additions in pairs to
         * two different buckets (one waits as `pending` for a partner). */
        memset(filled, 0, nbuckets);
        struct ge_pippenger_pending pending = {NULL, 0, 0};
        j = 0;
        for (size_t p = 0; p < nparts; p++) {
            const ge_p3 *points = parts[p].points;
            const ge_addend *q = ready[p];
            for (size_t i = 0; i < parts[p].n; i++, j++) {
                if (row[j] != 0) ge_pippenger_bucket_add(buckets, filled, &pending, row[j], &q[i], &points[i]);
            }
        }
        ge_pippenger_add_flush(buckets, &pending);

        /* acc = 2^w acc + the column's sum. */
        const int sum_set = ge_pippenger_bucket_sum(&sum, buckets, filled, nbuckets);
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

/* r = sum_{j < n} [scalars[j]] points[j], for 32-byte little-endian scalars
 * (bit 255 is ignored; they need not be reduced mod l) and any curve
 * points: the one-part call of ge_msm_pippenger_parts_vartime (same
 * width, statuses and scratch). n = 0 gives the identity.
 * VARIABLE TIME. */
static int ge_msm_pippenger_vartime(ge_p3 *r, size_t n, const uint8_t (*scalars)[32], const ge_p3 *points,
                                    unsigned width)
{
    const struct ge_msm_part part = {n, scalars, points, NULL};
    return ge_msm_pippenger_parts_vartime(r, 1, &part, width);
}

#endif
