/* ifma backend: the point kernels of Straus's multiscalar multiplication
 * (curve25519/msm_straus.h) on the 4-way point formulas (edwards4.h): the
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
 * Included by src/backend/ifma/backend.c before curve25519/backend_impl.h:
 * it defines GE_STRAUS_KERNEL, so msm_straus.h keeps its serial kernels
 * out. Needs the u64 field (backend/u64/field.h) included first.
 *
 * VARIABLE TIME, like the serial kernels: public data only.
 */
#ifndef ECX_BACKEND_IFMA_MSM_STRAUS4_H
#define ECX_BACKEND_IFMA_MSM_STRAUS4_H

#include <stdint.h>

#define GE_STRAUS_KERNEL 1

#include "backend/ifma/edwards4.h"
#include "backend/ifma/scalar_mul_double4.h" /* ge4_from_p3, ge4_to_p3 */
#include "curve25519/field_common.h"
#include "curve25519/edwards.h"

typedef ge4_cached ge_straus_entry;

/* table[0 .. entries-1] = P, 3P, ..., (2 entries - 1)P as cached points:
 * one doubling and entries - 1 additions. 1 <= entries <= 8. */
static void ge_straus_odd_multiples(ge_straus_entry *table, unsigned entries, const ge_p3 *p)
{
    fe d2;
    ge4_extended u, p2;
    ge4_cached p2c;
    fe_from_bytes(&d2, ge_d2_bytes);
    ge4_from_p3(&u, p);
    ge4_to_cached(&table[0], &u, d2.v);
    if (entries < 2) return;
    ge4_double(&p2, &u);
    ge4_to_cached(&p2c, &p2, d2.v);
    for (unsigned k = 1; k < entries; k++) {
        ge4_add(&u, &u, &p2c);
        ge4_to_cached(&table[k], &u, d2.v);
    }
}

/* r = sum over bit positions i = top .. 0 of 2^i (sum of the events at i),
 * the events as in msm_straus.h (8 index + 4 fixed + 2 affine + sign).
 * VARIABLE TIME. */
static void ge_straus_accumulate(ge_p3 *r, int top, const uint32_t start[257], const uint32_t *events,
                                 const ge_straus_entry *table, const ge_precomp *fixed)
{
    static const uint64_t two[5] = {2, 0, 0, 0, 0};
    ge4_extended acc;
    ge4_cached q;
    ge_p3 identity;
    ge_p3_identity(&identity);
    ge4_from_p3(&acc, &identity);
    for (int i = top; i >= 0; i--) {
        ge4_double(&acc, &acc);
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            const uint32_t ev = events[e];
            if (ev & 4) {
                const ge_precomp *f = &fixed[ev >> 3];
                fe4_set_lanes(&q.v, f->yminusx.v, f->yplusx.v, f->xy2d.v, two);
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
