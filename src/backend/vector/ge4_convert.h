/* The vector layer's point conversions (part 3 of backend/vector/
 * contract.h): points between the generic code's forms (ge_p3, ge_precomp
 * of curve25519/edwards.h, on the serial partner's limbs) and the 4-way
 * forms, through the backend's fe4_pack / fe4_unpack. Written once for
 * every vector backend. Constant time.
 *
 * Include after the point formulas (backend/vector/edwards4.h or the
 * backend's own).
 */
#ifndef ECX_BACKEND_VECTOR_GE4_CONVERT_H
#define ECX_BACKEND_VECTOR_GE4_CONVERT_H

#include <stdint.h>

#include "curve25519/field_common.h" /* first of the generic headers, as in backend_impl.h */
#include "curve25519/edwards.h"

/* r = p, TIGHT coordinates in, REDUCED out. */
static inline void ge4_from_p3(ge4_extended *r, const ge_p3 *p)
{
    fe4_pack(&r->v, &p->X, &p->Y, &p->Z, &p->T);
}

/* r = p, TIGHT coordinates out. */
static inline void ge4_to_p3(ge_p3 *r, const ge4_extended *p)
{
    fe4_unpack(&r->X, &r->Y, &r->Z, &r->T, &p->v);
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
    fe one, zero, two;
    fe_one(&one);
    fe_zero(&zero);
    fe_add(&two, &one, &one);
    fe_carry(&two, &two);
    fe4_pack(&r->v, &one, &one, &zero, &two);
}

/* An affine Niels point (y+x, y-x, 2dxy) as the cached point with Z = 1:
 * (y - x, y + x, 2dxy, 2). */
static inline void ge4_cached_from_precomp(ge4_cached *r, const ge_precomp *p)
{
    fe one, two;
    fe_one(&one);
    fe_add(&two, &one, &one);
    fe_carry(&two, &two);
    fe4_pack(&r->v, &p->yminusx, &p->yplusx, &p->xy2d, &two);
}

/* r = a if flag is 1, r unchanged if flag is 0 (constant time in flag). */
static inline void ge4_cached_cmov(ge4_cached *r, const ge4_cached *a, unsigned flag)
{
    fe4_cmov(&r->v, &a->v, flag);
}

#endif
