/* The vector layer's edwards25519 point formulas (part 2 of
 * backend/vector/contract.h), written once on the contract's field names:
 * the four coordinates of one point in the four lanes of an fe4, so that
 * each step of a formula is one 4-way multiplication. Any vector backend
 * whose field4.h meets the contract can use them as they are.
 *
 * Source: the parallel formulas of Hisil, Wong, Carter and Dawson,
 * "Twisted Edwards curves revisited" (ASIACRYPT 2008), section 3.1
 * ("add-2008-hwcd-3" with k = 2d, and "dbl-2008-hwcd"), in the 4-way
 * arrangement of H. de Valence, curve25519-dalek docs/parallel-formulas.md:
 * an addition is two 4-way multiplications, a doubling one 4-way squaring
 * and one 4-way multiplication, with lane shuffles and additions between
 * them. The code is ecx's own.
 *
 * Lanes (contract.h): ge4_extended (X, Y, Z, T), the u64 backend's ge_p3
 * coordinate for coordinate; ge4_cached (Y - X, Y + X, 2d T, 2 Z) times a
 * nonzero factor (121666 where ge4_cached_from_extended made it). Every
 * stored fe4 is REDUCED. Constant time: no branch or index depends on the
 * coordinates.
 *
 * Include after the backend's field4.h (and so after its serial partner's
 * field.h).
 */
#ifndef ECX_BACKEND_VECTOR_EDWARDS4_H
#define ECX_BACKEND_VECTOR_EDWARDS4_H

#include "curve25519/field_common.h" /* first of the generic headers, as in backend_impl.h */

/* The point operations are flattened (every fe4 operation inlined into
 * them): called out of line, a 4-way multiplication passes its vectors
 * through memory. They are large enough that gcc 12 keeps them out of line
 * itself once a translation unit uses them in several places. */
#if defined(__GNUC__) || defined(__clang__)
#define GE4_FLATTEN __attribute__((flatten))
#else
#define GE4_FLATTEN
#endif

/* r = (Y - X, Y + X, T, Z) of p, REDUCED: the left factor of an addition
 * and the start of the cached form. */
static inline void ge4_ymx_ypx_t_z(fe4 *r, const ge4_extended *p)
{
    fe4 a, x, s;
    FE4_PERMUTE(&a, &p->v, FE4_LANES(1, 1, 3, 2)); /* (Y, Y, T, Z) */
    FE4_PERMUTE(&x, &p->v, FE4_LANES(0, 0, 0, 0)); /* (X, X, X, X) */
    fe4_sub(r, &a, &x);                               /* lane 0: Y - X */
    fe4_add(&s, &a, &x);                              /* lane 1: Y + X */
    FE4_BLEND(r, r, &s, 2);
    FE4_BLEND(r, r, &a, 12);
    fe4_carry(r, r);
}

/* The last step of both formulas: from (E, F, G, H) in lanes 0..3 to the
 * extended point (E F, G H, F G, E H) — one 4-way multiplication of
 * (E, G, F, E) by (F, H, G, H). */
static inline void ge4_from_efgh(ge4_extended *r, const fe4 *efgh)
{
    fe4 u, w;
    FE4_PERMUTE(&u, efgh, FE4_LANES(0, 2, 1, 0)); /* (E, G, F, E) */
    FE4_PERMUTE(&w, efgh, FE4_LANES(1, 3, 2, 3)); /* (F, H, G, H) */
    fe4_mul(&r->v, &u, &w);
}

/* (E, F, G, H) = (B - A, D - C, D + C, B + A), REDUCED, from the WIDE
 * (uncarried) products (A, B, C, D) of an addition (ge4_add_n): one carry
 * after the sums instead of one after the product and one after them. */
static inline void ge4_efgh_from_abcd(fe4 *efgh, const fe4 *abcd)
{
    fe4 t1, t2, s;
    FE4_PERMUTE(&t1, abcd, FE4_LANES(1, 3, 3, 1)); /* (B, D, D, B) */
    FE4_PERMUTE(&t2, abcd, FE4_LANES(0, 2, 2, 0)); /* (A, C, C, A) */
    fe4_sub_wide(efgh, &t1, &t2); /* WIDE2 */
    fe4_add(&s, &t1, &t2);        /* WIDE2 */
    FE4_BLEND(efgh, efgh, &s, 12); /* (B - A, D - C, D + C, B + A) */
    fe4_carry(efgh, efgh);
}

/* *r[k] = *p[k] + *q[k] for k < n (HWCD add-2008-hwcd-3, k = 2d): (A, B, C,
 * D) = (Y1 - X1, Y1 + X1, T1, Z1) * (Y2 - X2, Y2 + X2, 2d T2, 2 Z2), then
 * (E, F, G, H) = (B - A, D - C, D + C, B + A). Complete: any two curve
 * points, equal or not, the identity included. 2 4-way multiplications
 * per point. n is 1 or 2, a constant once inlined: each step is issued for
 * both points before the next one, so that two independent additions run
 * side by side (one alone is latency-bound). r may alias p. */
static inline void ge4_add_n(ge4_extended *const r[], const ge4_extended *const p[], const ge4_cached *const q[],
                             int n)
{
    fe4 d[2], abcd[2];
    for (int k = 0; k < n; k++) ge4_ymx_ypx_t_z(&d[k], p[k]);
    for (int k = 0; k < n; k++) fe4_mul_wide(&abcd[k], &d[k], &q[k]->v);
    for (int k = 0; k < n; k++) ge4_efgh_from_abcd(&d[k], &abcd[k]);
    for (int k = 0; k < n; k++) ge4_from_efgh(r[k], &d[k]);
}

/* r = p + q, complete (ge4_add_n). r may alias p. */
static inline GE4_FLATTEN void ge4_add(ge4_extended *r, const ge4_extended *p, const ge4_cached *q)
{
    ge4_extended *const rs[1] = {r};
    const ge4_extended *const ps[1] = {p};
    const ge4_cached *const qs[1] = {q};
    ge4_add_n(rs, ps, qs, 1);
}

/* r0 = p0 + q0 and r1 = p1 + q1, interleaved (ge4_add_n). r0 may alias p0
 * and r1 p1 (every input is read before the first output is written). */
static inline GE4_FLATTEN void ge4_add_x2(ge4_extended *r0, const ge4_extended *p0, const ge4_cached *q0,
                                          ge4_extended *r1, const ge4_extended *p1, const ge4_cached *q1)
{
    ge4_extended *const rs[2] = {r0, r1};
    const ge4_extended *const ps[2] = {p0, p1};
    const ge4_cached *const qs[2] = {q0, q1};
    ge4_add_n(rs, ps, qs, 2);
}

/* (X, Y, Z, X + Y), REDUCED: the input of a doubling's squaring. */
static inline void ge4_double_squares_input(fe4 *s, const ge4_extended *p)
{
    fe4 xx, yy;
    FE4_PERMUTE(&xx, &p->v, FE4_LANES(0, 0, 0, 0));
    FE4_PERMUTE(&yy, &p->v, FE4_LANES(1, 1, 1, 1));
    fe4_add(s, &xx, &yy);
    FE4_BLEND(s, &p->v, s, 8); /* (X, Y, Z, X + Y) */
    fe4_carry(s, s);
}

/* (E, F, G, H), REDUCED, from the WIDE (uncarried) squares (A, B, Z^2, S):
 * every sum WIDE2, their sum carried once. */
static inline void ge4_double_efgh(fe4 *efgh, const fe4 *sq)
{
    fe4 a, b, sum, diff, w, t, neg, twice, z;
    FE4_PERMUTE(&a, sq, FE4_LANES(0, 0, 0, 0));
    FE4_PERMUTE(&b, sq, FE4_LANES(1, 1, 1, 1));
    fe4_add(&sum, &a, &b);       /* WIDE2 */
    fe4_sub_wide(&diff, &a, &b); /* WIDE2 */
    FE4_BLEND(&w, &sum, &diff, 6); /* (A + B, A - B, A - B, A + B) */

    FE4_PERMUTE(&t, sq, FE4_LANES(3, 2, 3, 3)); /* (S, Z^2, ., .) */
    fe4_zero(&z);
    fe4_sub_wide(&neg, &z, &t); /* lane 0: -S, WIDE2 */
    fe4_add(&twice, &t, &t);    /* lane 1: 2 Z^2, WIDE2 */
    FE4_BLEND(&z, &z, &neg, 1);
    FE4_BLEND(&z, &z, &twice, 2); /* (-S, 2 Z^2, 0, 0) */

    fe4_add(efgh, &w, &z); /* WIDE2 + WIDE2: one carry makes it REDUCED */
    fe4_carry(efgh, efgh);
}

/* r = 2 p (HWCD dbl-2008-hwcd, a = -1): with (A, B, Z^2, S) = (X, Y, Z,
 * X + Y)^2, (E, F, G, H) = (A + B - S, 2 Z^2 + A - B, A - B, A + B), built
 * as (A + B, A - B, A - B, A + B) + (-S, 2 Z^2, 0, 0) from the uncarried
 * squares and carried once.
 * 1 4-way squaring, 1 4-way multiplication. */
static inline GE4_FLATTEN void ge4_double(ge4_extended *r, const ge4_extended *p)
{
    fe4 s, sq;
    ge4_double_squares_input(&s, p);
    fe4_sq_wide(&sq, &s); /* (A, B, Z^2, S), WIDE */
    ge4_double_efgh(&s, &sq);
    ge4_from_efgh(r, &s);
}

/* r = p's cached form scaled by 121666 (contract.h, GE4_CACHED_SCALE;
 * projective coordinates, so the same point, as curve25519-dalek's
 * CachedPoint): the sums in one pass, then small constants (fe4_mul_small,
 * one product per limb) instead of a whole 4-way multiplication by (1, 1,
 * 2d, 2), and lane 2 negated. */
static inline GE4_FLATTEN void ge4_cached_from_extended(ge4_cached *r, const ge4_extended *p)
{
    fe4 d, scaled, negated;
    ge4_ymx_ypx_t_z(&d, p);
    fe4_mul_small(&scaled, &d, GE4_CACHED_SCALE, GE4_CACHED_SCALE, GE4_CACHED_SCALE_T, GE4_CACHED_SCALE_Z);
    fe4_neg(&negated, &scaled);
    FE4_BLEND(&r->v, &scaled, &negated, 4);
}

/* r = -q for a cached q: (X, Y) -> (-X, Y) swaps Y - X and Y + X and
 * negates T. */
static inline GE4_FLATTEN void ge4_cached_neg(ge4_cached *r, const ge4_cached *q)
{
    fe4 swapped, negated;
    FE4_PERMUTE(&swapped, &q->v, FE4_LANES(1, 0, 2, 3));
    fe4_neg(&negated, &swapped);
    FE4_BLEND(&r->v, &swapped, &negated, 4);
}

#endif
