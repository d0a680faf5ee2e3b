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
 * The core takes each point's non-zero digits as a list (ge_naf_digits), so
 * callers with digits of their own (the sparse weights of batch
 * verification, ed25519_batch.h) skip the recoding; a point's table holds
 * only the odd multiples up to its largest digit. The digits are sorted by
 * bit position once (a counting sort), so the main loop walks a dense list
 * instead of testing n digits per bit: no unpredictable branch per
 * (point, bit) pair, and the digit's sign picks operands instead of a
 * branch. A caller may add one point with a fixed affine table of its own
 * (the basepoint's width-8 table, for batch verification): its digits cost
 * mixed additions and no table building.
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

#include "common/align.h"
#include "common/wnaf.h" /* wnaf_trailing_zeros */
#include "curve25519/edwards.h"
#include "curve25519/point_kernels.h"
#include "curve25519/scalar_mul_double.h" /* ge_addend_odd_multiples */
#include "ecx/ecx.h"

#define GE_STRAUS_WIDTH 5
#define GE_STRAUS_TABLE (1 << (GE_STRAUS_WIDTH - 2)) /* odd multiples 1, 3, ..., 15 */

/* At most this many non-zero digits in a width-5 NAF of a 255-bit scalar:
 * non-zero digits are at least 5 positions apart, ceil(256 / 5) = 52. */
#define GE_NAF_MAX_DIGITS 52

/* The non-zero digits of a signed-digit representation s = sum dig[k]
 * 2^pos[k], k < count: positions strictly increasing (0..255), digits odd
 * with |dig| <= 2 GE_STRAUS_TABLE - 1 = 15 (up to 127 for the fixed point's
 * list of ge_msm_straus_digits_fixed_scratch_vartime, a width-8 NAF). */
typedef struct {
    uint8_t count;
    uint8_t pos[GE_NAF_MAX_DIGITS];
    int8_t dig[GE_NAF_MAX_DIGITS];
} ge_naf_digits;

/* d = the non-zero digits of the width-w NAF of s (bit 255 taken as 0),
 * 2 <= w <= 8: the digits of sc_recode_wnaf(naf, s, w), listed from the
 * bottom. Runs of zero digits are skipped with a count-trailing-zeros
 * instead of one step per bit: a zero digit is where the scalar bit equals
 * the incoming carry. VARIABLE TIME. */
static void ge_nafw_vartime(ge_naf_digits *d, const uint8_t s[32], unsigned w)
{
    uint64_t x[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k < 4; k++)
        for (int b = 7; b >= 0; b--) x[k] = x[k] << 8 | s[8 * k + b];
    x[3] &= 0x7fffffffffffffffu;

    const uint64_t window_mask = ((uint64_t)1 << w) - 1;
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
        pos += wnaf_trailing_zeros(cur);
        if (pos >= 256) break;

        unsigned bit = pos % 64;
        word = pos / 64;
        uint64_t bits = x[word] >> bit;
        if (bit > 64 - w) bits |= x[word + 1] << (64 - bit);
        uint64_t window = carry + (bits & window_mask); /* odd, <= 2^w - 1 */
        carry = window >> (w - 1);                      /* window >= 2^(w-1) */
        d->pos[count] = (uint8_t)pos;
        d->dig[count] = (int8_t)((int)window - (int)(carry << w));
        count++;
        pos += w;
    }
    d->count = (uint8_t)count;
}

/* The width-5 NAF digits of s (ge_nafw_vartime). VARIABLE TIME. */
static void ge_naf5_vartime(ge_naf_digits *d, const uint8_t s[32])
{
    ge_nafw_vartime(d, s, GE_STRAUS_WIDTH);
}

/* Table entries are the point kernels' addends (point_kernels.h; 160
 * bytes, serial or 4-way), built by ge_addend_odd_multiples
 * (scalar_mul_double.h); the table is aligned to 32 bytes for the vector
 * kernels, which load them whole. */
typedef ge_addend ge_straus_entry;

/* r = sum over bit positions i = top .. 0 of 2^i (sum of the events at i).
 * An event is 8 * index + 4 * fixed + 2 * affine + sign: subtract the entry
 * when sign is 1; fixed says the entry is fixed[index] (a caller's affine
 * table, such as the basepoint's), else table[index]; affine says the
 * table entry was made from a point with Z = 1 (the first entry of a
 * point given with Z = 1, as decoded points are), which lets the serial
 * kernel take the mixed addition, one multiplication cheaper. VARIABLE
 * TIME. */
static void ge_straus_accumulate(ge_p3 *r, int top, const uint32_t start[257], const uint32_t *events,
                                 const ge_straus_entry *table, const ge_precomp *fixed)
{
    ge_acc acc;
    ge_acc_identity(&acc);
    for (int i = top; i >= 0; i--) {
        ge_acc_dbl(&acc);
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            const uint32_t ev = events[e];
            const unsigned neg = ev & 1;
            if (ev & 4)
                ge_acc_madd_vartime(&acc, &fixed[ev >> 3], neg);
            else if (ev & 2)
                ge_acc_add_z1_vartime(&acc, &table[ev >> 3], neg);
            else
                ge_acc_add_vartime(&acc, &table[ev >> 3], neg);
        }
    }
    ge_acc_to_p3(r, &acc);
}


/* Scratch bytes ge_msm_straus_digits_scratch_vartime needs: a table entry
 * per odd multiple up to each point's largest digit, 4 bytes per digit,
 * and room to align the table (common/align.h: vector entries are loaded
 * whole). */
static size_t ge_straus_scratch_bytes(size_t table_entries, size_t digits)
{
    return table_entries * sizeof(ge_straus_entry) + digits * sizeof(uint32_t) + ECXI_VECTOR_ALIGN;
}

/* The table entries and digits of n digit lists (for the scratch size).
 * Returns 0 if they do not fit the 32-bit indices used inside. */
static int ge_straus_count(size_t *table_entries, size_t *digits, size_t n, const ge_naf_digits *d)
{
    size_t entries = 0, total = 0;
    if (n > (UINT32_MAX / 8) / (GE_STRAUS_TABLE + GE_NAF_MAX_DIGITS)) return 0;
    for (size_t j = 0; j < n; j++) {
        int most = 0;
        for (unsigned k = 0; k < d[j].count; k++) {
            int m = d[j].dig[k] < 0 ? -d[j].dig[k] : d[j].dig[k];
            if (m > most) most = m;
        }
        entries += (size_t)(most + 1) / 2;
        total += d[j].count;
    }
    *table_entries = entries;
    *digits = total;
    return 1;
}

/* r = sum_{j < n} (sum_k d[j].dig[k] 2^d[j].pos[k]) points[j]
 *     + sum_k fd->dig[k] 2^fd->pos[k] P: Straus on digit lists as described
 * above (ge_naf_digits), for any curve points, plus (when fd is not NULL)
 * one point P given by a fixed affine table of its odd multiples,
 * fixed[j] = (2j + 1) P for every j <= max |fd->dig| / 2 (the basepoint's
 * ge_base_odd for batch verification: no table to build, and mixed
 * additions). The digits in fd may go up to |127| (width-8 NAF).
 * Caller-provided scratch space of at least ge_straus_scratch_bytes() of
 * ge_straus_count()'s totals for d, plus 4 bytes per digit of fd (4-byte
 * aligned; the table is aligned inside it). n = 0 and no fixed digits give
 * the identity. Cannot fail. VARIABLE TIME. */
static void ge_msm_straus_digits_fixed_scratch_vartime(ge_p3 *r, size_t n, const ge_naf_digits *d,
                                                       const ge_p3 *points, const ge_naf_digits *fd,
                                                       const ge_precomp *fixed, void *scratch)
{
    uint32_t start[257] = {0};
    size_t entries = 0;
    if (fd)
        for (unsigned k = 0; k < fd->count; k++) start[fd->pos[k] + 1]++;
    for (size_t j = 0; j < n; j++) {
        int most = 0;
        for (unsigned k = 0; k < d[j].count; k++) {
            int m = d[j].dig[k] < 0 ? -d[j].dig[k] : d[j].dig[k];
            if (m > most) most = m;
            start[d[j].pos[k] + 1]++;
        }
        entries += (size_t)(most + 1) / 2;
    }
    int top = 255;
    while (top >= 0 && start[top + 1] == 0) top--;
    if (top < 0) {
        ge_p3_identity(r);
        return;
    }
    ge_straus_entry *table = ecxi_align_up(scratch);
    uint32_t *events = (uint32_t *)(table + entries);

    /* Counting sort of the digits by position (events as in
     * ge_straus_accumulate), and each point's table of odd multiples. */
    for (int i = 0; i < 256; i++) start[i + 1] += start[i];
    uint32_t fill[256];
    memcpy(fill, start, sizeof fill);
    uint32_t base = 0;
    fe one;
    fe_one(&one);
    if (fd)
        for (unsigned k = 0; k < fd->count; k++) {
            int dig = fd->dig[k], m = dig < 0 ? -dig : dig;
            events[fill[fd->pos[k]]++] = (uint32_t)(m >> 1) << 3 | 4u | (uint32_t)(dig < 0);
        }
    for (size_t j = 0; j < n; j++) {
        if (d[j].count == 0) continue;
        const uint32_t affine = fe_equal(&points[j].Z, &one);
        int most = 0;
        for (unsigned k = 0; k < d[j].count; k++) {
            int dig = d[j].dig[k], m = dig < 0 ? -dig : dig;
            if (m > most) most = m;
            events[fill[d[j].pos[k]]++] =
                (base + (uint32_t)(m >> 1)) << 3 | (affine & (uint32_t)(m == 1)) << 1 | (uint32_t)(dig < 0);
        }
        if (most) {
            ge_addend_odd_multiples(table + base, (unsigned)(most + 1) / 2, &points[j]);
            base += (uint32_t)(most + 1) / 2;
        }
    }

    ge_straus_accumulate(r, top, start, events, table, fixed);
}

/* The same without a fixed point: r = sum_{j < n} (sum_k d[j].dig[k]
 * 2^d[j].pos[k]) points[j], with scratch space of at least
 * ge_straus_scratch_bytes() of ge_straus_count()'s totals. VARIABLE TIME. */
static void ge_msm_straus_digits_scratch_vartime(ge_p3 *r, size_t n, const ge_naf_digits *d, const ge_p3 *points,
                                                 void *scratch)
{
    ge_msm_straus_digits_fixed_scratch_vartime(r, n, d, points, NULL, NULL, scratch);
}

/* The same, allocating its scratch space (one block: at most 1.5 KB per
 * point). ECX_OK, or ECX_ERR_NOMEM (r untouched). VARIABLE TIME. */
static int ge_msm_straus_digits_vartime(ge_p3 *r, size_t n, const ge_naf_digits *d, const ge_p3 *points)
{
    size_t entries, total;
    if (!ge_straus_count(&entries, &total, n, d)) return ECX_ERR_NOMEM;
    if (entries > (SIZE_MAX - total * sizeof(uint32_t) - ECXI_VECTOR_ALIGN) / sizeof(ge_straus_entry))
        return ECX_ERR_NOMEM;
    void *scratch = malloc(ge_straus_scratch_bytes(entries, total) + 1);
    if (!scratch) return ECX_ERR_NOMEM;
    ge_msm_straus_digits_scratch_vartime(r, n, d, points, scratch);
    free(scratch);
    return ECX_OK;
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
    if (n > SIZE_MAX / sizeof(ge_naf_digits)) return ECX_ERR_NOMEM;
    ge_naf_digits *d = malloc(n * sizeof *d);
    if (!d) return ECX_ERR_NOMEM;
    for (size_t j = 0; j < n; j++) ge_naf5_vartime(&d[j], scalars[j]);
    int status = ge_msm_straus_digits_vartime(r, n, d, points);
    free(d);
    return status;
}

#endif
