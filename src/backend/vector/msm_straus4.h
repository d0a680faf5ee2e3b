/* Vector layer: the point kernels of Straus's multiscalar multiplication
 * (curve25519/msm_straus.h) on the 4-way point formulas
 * (backend/vector/contract.h): the
 * tables of odd multiples and the accumulation over the sorted digit
 * events. Everything else in msm_straus.h — recoding, the counting sort of
 * the events, the scratch layout — is the generic code's, so the points
 * added are the same, in the same order.
 *
 * Table entries are ge4_cached (160 bytes, like the serial ge_cached);
 * msm_straus.h aligns the table to 32 bytes for them. The fixed point's
 * affine entries (y+x, y-x, 2dxy) enter as cached points with Z = 1. The
 * "affine" bit of an event, which saves the serial kernel a multiplication,
 * changes nothing here: a 4-way addition costs the same either way.
 *
 * Part of backend/vector/kernels.h.
 *
 * VARIABLE TIME, like the serial kernels: public data only.
 */
#ifndef ECX_BACKEND_VECTOR_MSM_STRAUS4_H
#define ECX_BACKEND_VECTOR_MSM_STRAUS4_H

#include <stdint.h>

#include "backend/vector/ge4_convert.h"

typedef ge4_cached ge_straus_entry;

/* table[0 .. entries-1] = P, 3P, ..., (2 entries - 1)P as cached points:
 * one doubling and entries - 1 additions. 1 <= entries <= 8. */
static void ge_straus_odd_multiples(ge_straus_entry *table, unsigned entries, const ge_p3 *p)
{
    ge4_extended u, p2;
    ge4_cached p2c;
    ge4_from_p3(&u, p);
    ge4_cached_from_extended(&table[0], &u);
    if (entries < 2) return;
    ge4_double(&p2, &u);
    ge4_cached_from_extended(&p2c, &p2);
    for (unsigned k = 1; k < entries; k++) {
        ge4_add(&u, &u, &p2c);
        ge4_cached_from_extended(&table[k], &u);
    }
}

/* r = sum over bit positions i = top .. 0 of 2^i (sum of the events at i),
 * the events as in msm_straus.h (8 index + 4 fixed + 2 affine + sign).
 * VARIABLE TIME. */
static void ge_straus_accumulate(ge_p3 *r, int top, const uint32_t start[257], const uint32_t *events,
                                 const ge_straus_entry *table, const ge_precomp *fixed)
{
    ge4_extended acc;
    ge4_cached q;
    ge4_identity(&acc);
    for (int i = top; i >= 0; i--) {
        ge4_double(&acc, &acc);
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            const uint32_t ev = events[e];
            if (ev & 4) {
                ge4_cached_from_precomp(&q, &fixed[ev >> 3]);
            } else {
                q = table[ev >> 3];
            }
            if (ev & 1) ge4_cached_neg(&q, &q);
            ge4_add(&acc, &acc, &q);
        }
    }
    ge4_to_p3(r, &acc);
}

#endif
