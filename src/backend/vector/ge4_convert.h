/* ifma backend: points between the generic code's forms (ge_p3, ge_precomp
 * of curve25519/edwards.h, on the u64 backend's limbs) and the 4-way forms
 * of edwards4.h. The limbs are the same radix-2^51 values on both sides
 * (field4.h), so packing is a plain move: u64's TIGHT limbs are REDUCED,
 * and REDUCED limbs (limb 0 < 2^51 + 2^14, the others < 2^51 + 2^10) are
 * u64 TIGHT (< 2^51 + 2^15).
 *
 * Needs backend/u64/field.h included first. Constant time.
 */
#ifndef ECX_BACKEND_IFMA_GE4_CONVERT_H
#define ECX_BACKEND_IFMA_GE4_CONVERT_H

#include <stdint.h>

#include "backend/ifma/edwards4.h"
#include "curve25519/field_common.h" /* first of the generic headers, as in backend_impl.h */
#include "curve25519/edwards.h"

static inline void ge4_from_p3(ge4_extended *r, const ge_p3 *p)
{
    fe4_set_lanes(&r->v, p->X.v, p->Y.v, p->Z.v, p->T.v);
}

static inline void ge4_to_p3(ge_p3 *r, const ge4_extended *p)
{
    uint64_t *v[4] = {r->X.v, r->Y.v, r->Z.v, r->T.v};
    fe4_unpack(v, &p->v);
}

/* The identity (0, 1, 1, 0). */
static inline void ge4_identity(ge4_extended *r)
{
    ge_p3 identity;
    ge_p3_identity(&identity);
    ge4_from_p3(r, &identity);
}

/* The identity's cached form (Y - X, Y + X, 2d T, 2 Z) = (1, 1, 0, 2). */
static inline void ge4_cached_identity(ge4_cached *r)
{
    static const uint64_t one[5] = {1, 0, 0, 0, 0}, zero[5] = {0, 0, 0, 0, 0}, two[5] = {2, 0, 0, 0, 0};
    fe4_set_lanes(&r->v, one, one, zero, two);
}

/* An affine Niels point (y+x, y-x, 2dxy) as the cached point with Z = 1:
 * (y - x, y + x, 2dxy, 2). */
static inline void ge4_cached_from_precomp(ge4_cached *r, const ge_precomp *p)
{
    static const uint64_t two[5] = {2, 0, 0, 0, 0};
    fe4_set_lanes(&r->v, p->yminusx.v, p->yplusx.v, p->xy2d.v, two);
}

/* r = p's cached form, with 2d from the generic constant. */
static inline void ge4_cached_from_extended(ge4_cached *r, const ge4_extended *p)
{
    fe d2;
    fe_from_bytes(&d2, ge_d2_bytes);
    ge4_to_cached(r, p, d2.v);
}

#endif
