/* Variable-time multiscalar multiplication over FIXED points: Pippenger's
 * bucket method with every column's multiples stored, so that all columns
 * share one set of buckets and one bucket sum, and no doubling is left.
 *
 * Source: the fixed-base variant of Pippenger's method ("Pippenger with
 * precomputation"), as in Bernstein, Doumen, Lange and Oosterwijk, "Faster
 * batch forgery identification" (INDOCRYPT 2012, section 4, the
 * precomputed [2^(w c)] P_j), and the fixed-base MSM of zkSNARK provers;
 * the digits and buckets are those of msm_pippenger.h.
 *
 * For r = sum [s_j] P_j with s_j = sum_c d_{j,c} 2^(w c) (signed radix
 * 2^w, msm_pippenger.h's ge_pippenger_digits):
 *   r = sum_c sum_j [d_{j,c}] ([2^(w c)] P_j) = sum_b [b] bucket_b,
 * where bucket_b collects (+ or -) every stored [2^(w c)] P_j whose digit
 * is +-b, whatever the column. Cost: one addition per non-zero digit and 2
 * per bucket, once: with n points of 253-bit scalars at w = 12, 22 n +
 * 4096 additions, against 29 (n + 512) + 253 doublings for the plain
 * method at its best width 9 (4098 points, a 64 x 32 range-proof
 * verification: 94k against 134k). The price is the table: `columns`
 * ready-to-add points per point, built once (ge_pippenger_fixed_build:
 * w (columns - 1) doublings per point).
 *
 * Table layout: column-major, entries[c * count + j] = [2^(w c)] P_j,
 * so column 0 is the points' plain ready forms (a cache holding those
 * already extends it) and each column is read front to back.
 *
 * A bucket's first point is a copy when it comes from column 0 and the
 * table has the points themselves (nearly every bucket at thousands of
 * points: column 0 comes first), else an addition to the identity (a
 * stored entry has no extended form to copy).
 *
 * VARIABLE TIME: branches, bucket indices and memory traffic depend on the
 * scalars. Public data only.
 */
#ifndef ECX_CURVE25519_MSM_PIPPENGER_FIXED_H
#define ECX_CURVE25519_MSM_PIPPENGER_FIXED_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/align.h"
#include "curve25519/edwards.h"
#include "curve25519/msm_pippenger.h"
#include "curve25519/point_kernels.h"
#include "ecx/ecx.h"

/* The width of the range proofs' tables (rangeproof_cache.h): the cost
 * model above for 2050 and 4098 points (64 x 16, 64 x 32) is lowest at 12
 * or 13; 12 keeps the buckets (2048 of them) in L2 and the table at 22
 * columns. */
#define GE_PIPPENGER_FIXED_WIDTH 12

/* The columns a table of width w needs for every scalar below 2^255:
 * w columns >= 256 leaves the top digit below 2^(w-1) + 1, no carry out. */
static inline unsigned ge_pippenger_fixed_columns(unsigned w)
{
    return (256 + w - 1) / w;
}

/* A fixed-base table: count points, entries[c * count + j] = [2^(w c)] P_j
 * ready to add, for c < ge_pippenger_fixed_columns(width); points: the
 * P_j themselves, or NULL (then a bucket's first point from column 0 is
 * an addition to the identity instead of a copy). */
struct ge_fixed_table {
    const ge_addend *entries;
    const ge_p3 *points;
    size_t count;
    unsigned width;
};

/* n consecutive points of a table, from index first, with their scalars
 * (32-byte little-endian, bit 255 ignored). */
struct ge_fixed_part {
    size_t first, n;
    const uint8_t (*scalars)[32];
};

/* entries[c * count + j] = [2^(w c)] points[j] in ready-to-add form for
 * every column c with from_column <= c < ge_pippenger_fixed_columns(w)
 * (from_column 1: column 0 is there already). entries aligned to
 * ECXI_VECTOR_ALIGN; 4 <= w <= 15. w doublings per entry. Constant time
 * (the formulas have no branch), though the points are public anyway. */
static void ge_pippenger_fixed_build(ge_addend *entries, size_t count, const ge_p3 *points, unsigned w,
                                     unsigned from_column)
{
    const unsigned columns = ge_pippenger_fixed_columns(w);
    for (size_t j = 0; j < count; j++) {
        ge_point u;
        ge_point_from_p3(&u, &points[j]);
        for (unsigned c = 0; c < columns; c++) {
            if (c) ge_point_dbln(&u, w);
            if (c >= from_column) ge_addend_from_point(&entries[(size_t)c * count + j], &u);
        }
    }
}

/* r = sum over the parts of sum_{i < n} [scalars[i]] P_(first + i), the
 * P_k of table t (first + n <= t->count for every part; parts may
 * overlap). nparts = 0 or all scalars zero gives the identity. Returns
 * ECX_OK or ECX_ERR_NOMEM (r untouched); scratch: 2 bytes per point and
 * column for the digits, 41 per point for the limbs and carries, 2^(w-1)
 * buckets. VARIABLE TIME. */
static int ge_msm_pippenger_fixed_vartime(ge_p3 *r, const struct ge_fixed_table *t, size_t nparts,
                                          const struct ge_fixed_part *parts)
{
    const unsigned w = t->width;
    unsigned max_bits = 0;
    size_t n = 0;
    for (size_t p = 0; p < nparts; p++) {
        if (parts[p].n > SIZE_MAX / 4 / 64 - n) return ECX_ERR_NOMEM;
        n += parts[p].n;
        for (size_t i = 0; i < parts[p].n; i++) {
            const unsigned b = ge_scalar_bits_vartime(parts[p].scalars[i]);
            if (b > max_bits) max_bits = b;
        }
    }
    if (max_bits == 0) {
        ge_p3_identity(r);
        return ECX_OK;
    }
    const unsigned columns = (max_bits + 1 + w - 1) / w; /* <= ge_pippenger_fixed_columns(w) */
    const size_t nbuckets = (size_t)1 << (w - 1);
    const size_t buckets_bytes = ecxi_round_up(nbuckets * sizeof(ge_point));
    const size_t limbs_bytes = ecxi_round_up(n * sizeof(uint64_t[5]));
    uint8_t *block =
        malloc(ECXI_VECTOR_ALIGN + buckets_bytes + limbs_bytes + n * columns * sizeof(int16_t) + nbuckets + n);
    if (!block) return ECX_ERR_NOMEM;
    uint8_t *aligned = ecxi_align_up(block);
    ge_point *buckets = (ge_point *)aligned;
    uint64_t(*limbs)[5] = (uint64_t(*)[5])(aligned + buckets_bytes);
    int16_t *digits = (int16_t *)(aligned + buckets_bytes + limbs_bytes);
    uint8_t *filled = (uint8_t *)(digits + n * columns);
    uint8_t *carries = filled + nbuckets;

    size_t j = 0;
    for (size_t p = 0; p < nparts; p++)
        for (size_t i = 0; i < parts[p].n; i++, j++) {
            ge_scalar_limbs(limbs[j], parts[p].scalars[i]);
            limbs[j][4] = 0;
        }
    ge_pippenger_digits(digits, (const uint64_t(*)[5])limbs, carries, n, w, columns);

    /* Every column into the same buckets, column by column (each column's
     * entries are read front to back). */
    memset(filled, 0, nbuckets);
    struct ge_pippenger_pending pending = {NULL, 0, 0};
    for (unsigned c = 0; c < columns; c++) {
        const int16_t *row = digits + (size_t)c * n;
        j = 0;
        for (size_t p = 0; p < nparts; p++) {
            const ge_addend *q = t->entries + (size_t)c * t->count + parts[p].first;
            const ge_p3 *points = c == 0 && t->points ? t->points + parts[p].first : NULL;
            for (size_t i = 0; i < parts[p].n; i++, j++)
                if (row[j] != 0)
                    ge_pippenger_bucket_add(buckets, filled, &pending, row[j], &q[i], points ? &points[i] : NULL);
        }
    }
    ge_pippenger_add_flush(buckets, &pending);

    ge_point sum;
    if (ge_pippenger_bucket_sum(&sum, buckets, filled, nbuckets))
        ge_point_to_p3(r, &sum);
    else
        ge_p3_identity(r);
    free(block);
    return ECX_OK;
}

/* r = sum_{j < n} [scalars[j]] points[j] through a fixed-base table of
 * width w (4..15) built here for the call: the test entry of the fixed
 * method (msm.h, ECXI_MSM_PIPPENGER_FIXED), same inputs and results as
 * ge_msm_pippenger_vartime. ECX_OK or ECX_ERR_NOMEM. VARIABLE TIME. */
static int ge_msm_pippenger_fixed_once_vartime(ge_p3 *r, size_t n, const uint8_t (*scalars)[32],
                                               const ge_p3 *points, unsigned w)
{
    const unsigned columns = ge_pippenger_fixed_columns(w);
    if (n > SIZE_MAX / 2 / columns / sizeof(ge_addend)) return ECX_ERR_NOMEM;
    uint8_t *block = malloc(ECXI_VECTOR_ALIGN + (n ? n : 1) * columns * sizeof(ge_addend));
    if (!block) return ECX_ERR_NOMEM;
    ge_addend *entries = ecxi_align_up(block);
    ge_pippenger_fixed_build(entries, n, points, w, 0);
    const struct ge_fixed_table t = {entries, w % 2 ? points : NULL, n, w}; /* both first-point paths tested */
    const struct ge_fixed_part part = {0, n, scalars};
    const int status = ge_msm_pippenger_fixed_vartime(r, &t, 1, &part);
    free(block);
    return status;
}

#endif
