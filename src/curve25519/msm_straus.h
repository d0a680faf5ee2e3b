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
 * (point, bit) pair.
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

/* At most this many non-zero digits in a width-5 NAF of a 255-bit scalar:
 * non-zero digits are at least 5 positions apart, ceil(256 / 5) = 52. */
#define GE_NAF_MAX_DIGITS 52

/* The non-zero digits of a signed-digit representation s = sum dig[k]
 * 2^pos[k], k < count: positions strictly increasing (0..255), digits odd
 * with |dig| <= 2 GE_STRAUS_TABLE - 1 = 15. */
typedef struct {
    uint8_t count;
    uint8_t pos[GE_NAF_MAX_DIGITS];
    int8_t dig[GE_NAF_MAX_DIGITS];
} ge_naf_digits;

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

/* d = the non-zero digits of the width-5 NAF of s (bit 255 taken as 0):
 * the digits of sc_recode_wnaf(naf, s, 5), listed from the bottom. Runs of
 * zero digits are skipped with a count-trailing-zeros instead of one step
 * per bit: a zero digit is where the scalar bit equals the incoming carry.
 * VARIABLE TIME. */
static void ge_naf5_vartime(ge_naf_digits *d, const uint8_t s[32])
{
    uint64_t x[5] = {0, 0, 0, 0, 0};
    for (int k = 0; k < 4; k++)
        for (int b = 7; b >= 0; b--) x[k] = x[k] << 8 | s[8 * k + b];
    x[3] &= 0x7fffffffffffffffu;

    const unsigned w = GE_STRAUS_WIDTH;
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
        pos += ge_ctz64(cur);
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

/* table[0 .. entries-1] = P, 3P, ..., (2 entries - 1)P as cached points:
 * one doubling and entries - 1 additions. 1 <= entries <= 8. */
static void ge_straus_odd_multiples(ge_cached *table, unsigned entries, const ge_p3 *p)
{
    ge_cached p2;
    ge_p1p1 t;
    ge_p3 u;
    ge_p3_to_cached(&table[0], p);
    if (entries < 2) return;
    ge_p3_dbl(&t, p);
    ge_p1p1_to_p3(&u, &t);
    ge_p3_to_cached(&p2, &u);
    u = *p;
    for (unsigned k = 1; k < entries; k++) {
        ge_add(&t, &u, &p2);
        ge_p1p1_to_p3(&u, &t);
        ge_p3_to_cached(&table[k], &u);
    }
}

/* r = sum over bit positions i = top .. 0 of 2^i (sum of the events at i).
 * An event is 4 * table index + 2 * affine + sign: subtract the entry when
 * sign is 1; affine says the entry has Z = 1 (the first entry of a point
 * given with Z = 1, as decoded points are), so the mixed addition, one
 * multiplication cheaper, is used. VARIABLE TIME. */
static void ge_straus_accumulate(ge_p3 *r, int top, const uint32_t start[257], const uint32_t *events,
                                 const ge_cached *table)
{
    ge_p1p1 t;
    ge_p3 u;
    ge_p2 q;
    ge_p2_identity(&q);
    for (int i = top;; i--) {
        ge_p2_dbl(&t, &q);
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            const uint32_t ev = events[e];
            const ge_cached *c = &table[ev >> 2];
            ge_p1p1_to_p3(&u, &t);
            if (ev & 2) {
                /* (Y+X, Y-X, 2dT) of a point with Z = 1 is its affine form. */
                ge_precomp a;
                a.yplusx = c->YplusX;
                a.yminusx = c->YminusX;
                a.xy2d = c->T2d;
                if (ev & 1)
                    ge_msub(&t, &u, &a);
                else
                    ge_madd(&t, &u, &a);
            } else if (ev & 1) {
                ge_sub(&t, &u, c);
            } else {
                ge_add(&t, &u, c);
            }
        }
        if (i == 0) break;
        ge_p1p1_to_p2(&q, &t);
    }
    ge_p1p1_to_p3(r, &t);
}

/* Scratch bytes ge_msm_straus_digits_scratch_vartime needs: a table entry
 * per odd multiple up to each point's largest digit, 4 bytes per digit. */
static size_t ge_straus_scratch_bytes(size_t table_entries, size_t digits)
{
    return table_entries * sizeof(ge_cached) + digits * sizeof(uint32_t);
}

/* The table entries and digits of n digit lists (for the scratch size).
 * Returns 0 if they do not fit the 32-bit indices used inside. */
static int ge_straus_count(size_t *table_entries, size_t *digits, size_t n, const ge_naf_digits *d)
{
    size_t entries = 0, total = 0;
    if (n > (UINT32_MAX / 4) / (GE_STRAUS_TABLE + GE_NAF_MAX_DIGITS)) return 0;
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

/* r = sum_{j < n} (sum_k d[j].dig[k] 2^d[j].pos[k]) points[j]: Straus on
 * digit lists as described above (ge_naf_digits), for any curve points,
 * with caller-provided scratch space of at least ge_straus_scratch_bytes()
 * of ge_straus_count()'s totals (suitably aligned for ge_cached, as malloc
 * returns). n = 0 gives the identity. Cannot fail. VARIABLE TIME. */
static void ge_msm_straus_digits_scratch_vartime(ge_p3 *r, size_t n, const ge_naf_digits *d, const ge_p3 *points,
                                                 void *scratch)
{
    uint32_t start[257] = {0};
    size_t entries = 0;
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
    ge_cached *table = scratch;
    uint32_t *events = (uint32_t *)(table + entries);

    /* Counting sort of the digits by position (events as in
     * ge_straus_accumulate), and each point's table of odd multiples. */
    for (int i = 0; i < 256; i++) start[i + 1] += start[i];
    uint32_t fill[256];
    memcpy(fill, start, sizeof fill);
    uint32_t base = 0;
    fe one;
    fe_one(&one);
    for (size_t j = 0; j < n; j++) {
        if (d[j].count == 0) continue;
        const uint32_t affine = fe_equal(&points[j].Z, &one);
        int most = 0;
        for (unsigned k = 0; k < d[j].count; k++) {
            int dig = d[j].dig[k], m = dig < 0 ? -dig : dig;
            if (m > most) most = m;
            events[fill[d[j].pos[k]]++] =
                (base + (uint32_t)(m >> 1)) << 2 | (affine & (uint32_t)(m == 1)) << 1 | (uint32_t)(dig < 0);
        }
        if (most) {
            ge_straus_odd_multiples(table + base, (unsigned)(most + 1) / 2, &points[j]);
            base += (uint32_t)(most + 1) / 2;
        }
    }

    ge_straus_accumulate(r, top, start, events, table);
}

/* The same, allocating its scratch space (one block: at most 1.5 KB per
 * point). ECX_OK, or ECX_ERR_NOMEM (r untouched). VARIABLE TIME. */
static int ge_msm_straus_digits_vartime(ge_p3 *r, size_t n, const ge_naf_digits *d, const ge_p3 *points)
{
    size_t entries, total;
    if (!ge_straus_count(&entries, &total, n, d)) return ECX_ERR_NOMEM;
    if (entries > (SIZE_MAX - total * sizeof(uint32_t)) / sizeof(ge_cached)) return ECX_ERR_NOMEM;
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
