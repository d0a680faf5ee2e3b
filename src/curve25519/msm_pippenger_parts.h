/* Variable-time Pippenger multiscalar multiplication over several parts,
 * some of them with their points already in the kernel's ready-to-add form.
 *
 * The method, the digits, the width model and the order of the additions
 * are msm_pippenger.h's (Pippenger's bucket method with signed digits, in
 * the form of Bernstein, Doumen, Lange and Oosterwijk, INDOCRYPT 2012,
 * section 4, and curve25519-dalek's scalar_mul::pippenger); what differs
 * is the input: a list of parts, each n points (extended) with their
 * scalars and, optionally, the points' ge_pippenger_point forms made
 * beforehand. A caller whose points are fixed (the range proofs' G and H
 * vectors, src/proofs/rangeproof_cache.h) keeps those forms and so skips
 * converting thousands of points per call; a part without them is
 * converted here, as msm_pippenger.h does for every point. The point
 * kernel (ge_pippenger_*) is msm_pippenger.h's, serial or vector.
 *
 * The digits are recoded column by column (one limb and shift for the
 * whole column, each scalar's carry kept between columns), not scalar by
 * scalar as in msm_pippenger.h: no data-dependent branch in the inner
 * loop; at 4158 points (a 64 x 32 range-proof verification, ifma) that
 * made the whole verification ~8% faster (docs/rangeproof.md). With one
 * part and no ready forms this computes what ge_msm_pippenger_vartime
 * does, in the same order of additions; that entry's loop is written
 * twice for now (msm_pippenger.h belongs to the point-kernel rework) and
 * could become a one-part call of this one.
 *
 * VARIABLE TIME: branches, bucket indices and memory traffic depend on the
 * scalars. Public data only.
 */
#ifndef ECX_CURVE25519_MSM_PIPPENGER_PARTS_H
#define ECX_CURVE25519_MSM_PIPPENGER_PARTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/align.h"
#include "curve25519/edwards.h"
#include "curve25519/msm_pippenger.h"
#include "ecx/ecx.h"

/* n points with their scalars (32-byte little-endian, bit 255 ignored);
 * ready: the points' ge_pippenger_point_from_p3 forms, or NULL. */
struct ge_msm_part {
    size_t n;
    const uint8_t (*scalars)[32];
    const ge_p3 *points;
    const ge_pippenger_point *ready;
};

/* *sum = sum_b [b + 1] buckets[b] over the filled buckets (filled[b] != 0),
 * with msm_pippenger.h's two running sums from the top bucket down.
 * Returns 1, or 0 (and *sum untouched) if no bucket is filled. */
static int ge_pippenger_parts_bucket_sum(ge_pippenger_sum *sum, const ge_pippenger_sum *buckets,
                                         const uint8_t *filled, size_t nbuckets)
{
    ge_pippenger_sum running;
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
            if (filled[b]) ge_pippenger_add_sum(&running, &buckets[b]);
        } else if (filled[b]) {
            ge_pippenger_add_sum_x2(&running, &buckets[b], sum, &running);
        } else {
            ge_pippenger_add_sum(sum, &running);
        }
    }
    if (!running_set) return 0;
    if (sum_set)
        ge_pippenger_add_sum(sum, &running);
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
        if (parts[p].n > SIZE_MAX / 4 / sizeof(ge_pippenger_point) - n) return ECX_ERR_NOMEM;
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

    const size_t ready_bytes = ecxi_round_up(unready * sizeof(ge_pippenger_point));
    const size_t buckets_bytes = ecxi_round_up(nbuckets * sizeof(ge_pippenger_sum));
    const size_t ptrs_bytes = ecxi_round_up(nparts * sizeof(ge_pippenger_point *));
    const size_t limbs_bytes = ecxi_round_up(n * sizeof(uint64_t[5]));
    uint8_t *block = malloc(ECXI_VECTOR_ALIGN + ready_bytes + buckets_bytes + ptrs_bytes + limbs_bytes +
                            n * columns * sizeof(int16_t) + nbuckets + n);
    if (!block) return ECX_ERR_NOMEM;
    uint8_t *aligned = ecxi_align_up(block);
    ge_pippenger_point *own = (ge_pippenger_point *)aligned;
    ge_pippenger_sum *buckets = (ge_pippenger_sum *)(aligned + ready_bytes);
    const ge_pippenger_point **ready = (const ge_pippenger_point **)(aligned + ready_bytes + buckets_bytes);
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
            for (size_t i = 0; i < parts[p].n; i++) ge_pippenger_point_from_p3(&own[k + i], &parts[p].points[i]);
            k += parts[p].n;
        }
        for (size_t i = 0; i < parts[p].n; i++, j++) {
            ge_scalar_limbs(limbs[j], parts[p].scalars[i]);
            limbs[j][4] = 0;
        }
    }

    /* Signed radix-2^w digits, column-major (digits[c * n + j], j counting
     * through the parts in order), made column by column from the bottom
     * with each scalar's carry kept in carries[j]: the window's limb and
     * shift are the same for the whole column, so the inner loop has no
     * data-dependent branch (msm_pippenger.h recodes scalar by scalar). */
    const int half = 1 << (w - 1), full = 1 << w;
    const unsigned mask = (1u << w) - 1;
    memset(carries, 0, n);
    for (unsigned c = 0; c < columns; c++) {
        const unsigned pos = c * w, limb = pos / 64, shift = pos % 64;
        const int last = c + 1 == columns;
        int16_t *row = digits + (size_t)c * n; /* pos <= max_bits <= 255: limb <= 3 */
        for (j = 0; j < n; j++) {
            /* bits [pos, pos + w): (limb, limb + 1) >> shift, the high part
             * shifted in two steps (no shift by 64 when shift = 0). */
            const uint64_t x = limbs[j][limb] >> shift | (limbs[j][limb + 1] << 1) << (63 - shift);
            int d = (int)((unsigned)x & mask) + carries[j];
            const int carry = d >= half && !last;
            carries[j] = (uint8_t)carry;
            row[j] = (int16_t)(d - carry * full);
        }
    }

    ge_pippenger_sum acc, sum;
    int acc_set = 0;
    for (unsigned c = columns; c-- > 0;) {
        const int16_t *row = digits + (size_t)c * n;

        /* Bucket b - 1 gets the points of digit +-b, additions in pairs to
         * two different buckets (one waits as `pending` for a partner). */
        memset(filled, 0, nbuckets);
        const ge_pippenger_point *pending_q = NULL;
        size_t pending_b = 0;
        unsigned pending_neg = 0;
        j = 0;
        for (size_t p = 0; p < nparts; p++) {
            const ge_p3 *points = parts[p].points;
            const ge_pippenger_point *q = ready[p];
            for (size_t i = 0; i < parts[p].n; i++, j++) {
                const int d = row[j];
                if (d == 0) continue;
                const size_t b = (size_t)(d < 0 ? -d : d) - 1;
                const unsigned neg = d < 0;
                if (!filled[b]) {
                    ge_pippenger_sum_from_p3(&buckets[b], &points[i], neg);
                    filled[b] = 1;
                } else if (!pending_q) {
                    pending_q = &q[i], pending_b = b, pending_neg = neg;
                } else if (pending_b == b) {
                    ge_pippenger_add_point(&buckets[b], pending_q, pending_neg);
                    pending_q = &q[i], pending_neg = neg;
                } else {
                    ge_pippenger_add_point_x2(&buckets[pending_b], pending_q, pending_neg, &buckets[b], &q[i], neg);
                    pending_q = NULL;
                }
            }
        }
        if (pending_q) ge_pippenger_add_point(&buckets[pending_b], pending_q, pending_neg);

        /* acc = 2^w acc + the column's sum. */
        const int sum_set = ge_pippenger_parts_bucket_sum(&sum, buckets, filled, nbuckets);
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
