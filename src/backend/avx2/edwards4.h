/* avx2 backend: the edwards25519 point formulas of the vector contract
 * (part 2 of backend/vector/contract.h, same names and lanes), rewritten for
 * the bounds of this field (field4.h) instead of taking the layer's
 * backend/vector/edwards4.h. The formulas are the same — Hisil, Wong,
 * Carter and Dawson, "Twisted Edwards curves revisited" (ASIACRYPT 2008),
 * section 3.1, "add-2008-hwcd-3" with k = 2d and "dbl-2008-hwcd", in the
 * 4-way arrangement of H. de Valence, curve25519-dalek
 * docs/parallel-formulas.md — but two properties of radix 2^25.5 make them
 * cheaper here:
 *   - fe4_mul takes LOOSE factors (the contract asks only REDUCED), so the
 *     sums and differences between the products go in without a carry:
 *     an addition has no carry at all, a doubling one instead of two;
 *   - the swap of neighbouring lanes, (a, b, c, d) -> (b, a, d, c), stays
 *     inside each 128-bit half (vpshufd), which is why the sums are
 *     arranged as (B - A, B + A, D - C, D + C) (dalek's "diff_sum").
 * Each FE4_PERMUTE or FE4_BLEND is ten instructions here (one per limb),
 * so the formulas spend as few of them as they can.
 *
 * Lanes (contract.h): ge4_extended (X, Y, Z, T); ge4_cached (Y - X, Y + X,
 * 2d T, 2 Z). Every stored fe4 is REDUCED. Constant time: no branch or
 * index depends on the coordinates. The code is ecx's own.
 *
 * Include after field4.h; needs -mavx2.
 */
#ifndef ECX_BACKEND_AVX2_EDWARDS4_H
#define ECX_BACKEND_AVX2_EDWARDS4_H

#include "curve25519/field_common.h" /* first of the generic headers, as in backend_impl.h */
#include "curve25519/edwards.h"      /* ge_d2_bytes */

/* The point operations are flattened (every fe4 operation inlined into
 * them), as in backend/vector/edwards4.h, whose kernels expect the macro. */
#if defined(__GNUC__) || defined(__clang__)
#define GE4_FLATTEN __attribute__((flatten))
#else
#define GE4_FLATTEN
#endif

/* r = (b, a, d, c) for a = (a, b, c, d): neighbouring lanes swapped, within
 * each 128-bit half. */
static inline void fe4_swap_pairs(fe4 *r, const fe4 *a)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = _mm256_shuffle_epi32(a->l[i], _MM_SHUFFLE(1, 0, 3, 2));
}

/* r = (b - a, b + a, d - c, d + c) for a = (a, b, c, d): (b, a, d, c) +
 * (-a, b, -c, d). REDUCED in, LOOSE out (each lane REDUCED + 2p or REDUCED +
 * REDUCED). */
static inline void fe4_diff_sum(fe4 *r, const fe4 *a)
{
    fe4 swapped, negated, zero;
    fe4_zero(&zero);
    fe4_swap_pairs(&swapped, a);
    fe4_sub(&negated, &zero, a);
    FE4_BLEND(&negated, &negated, a, 10);
    fe4_add(r, &swapped, &negated);
}

/* r = (Y - X, Y + X, T, Z) of p, LOOSE: (Y, X, T, Z) + (-X, Y, 0, 0). The
 * left factor of an addition and the start of the cached form. */
static inline void ge4_ymx_ypx_t_z(fe4 *r, const ge4_extended *p)
{
    fe4 swapped, negated, zero;
    fe4_zero(&zero);
    fe4_swap_pairs(&swapped, &p->v);
    fe4_sub(&negated, &zero, &p->v);
    FE4_BLEND(&negated, &negated, &p->v, 2);
    FE4_BLEND(&negated, &negated, &zero, 12);
    fe4_add(r, &swapped, &negated);
}

/* r = p + q (HWCD add-2008-hwcd-3, k = 2d): (A, B, C, D) = (Y1 - X1,
 * Y1 + X1, T1, Z1) * (Y2 - X2, Y2 + X2, 2d T2, 2 Z2), then (E, H, F, G) =
 * (B - A, B + A, D - C, D + C) and (X3, Y3, Z3, T3) = (E, G, F, E) * (F, H,
 * G, H). Complete: any two curve points, equal or not, the identity
 * included. 2 4-way multiplications of LOOSE factors, no carry. */
static inline GE4_FLATTEN void ge4_add(ge4_extended *r, const ge4_extended *p, const ge4_cached *q)
{
    fe4 d, abcd, ehfg, u, w;
    ge4_ymx_ypx_t_z(&d, p);
    fe4_mul(&abcd, &d, &q->v);
    fe4_diff_sum(&ehfg, &abcd);
    FE4_PERMUTE(&u, &ehfg, FE4_LANES(0, 3, 2, 0)); /* (E, G, F, E) */
    FE4_PERMUTE(&w, &ehfg, FE4_LANES(2, 1, 3, 1)); /* (F, H, G, H) */
    fe4_mul(&r->v, &u, &w);
}

/* r[k] = p[k] + q[k] for k = 0, 1 (contract.h). Here simply two additions
 * one after the other: an fe4 is ten registers, so interleaving two
 * additions step by step would only spill; the processor overlaps the two
 * independent chains itself. r may alias p. */
static inline void ge4_add_x2(ge4_extended r[2], const ge4_extended p[2], const ge4_cached q[2])
{
    ge4_add(&r[0], &p[0], &q[0]);
    ge4_add(&r[1], &p[1], &q[1]);
}

/* r = (a, b, d, c) for a = (a, b, c, d): the two upper lanes swapped, the
 * lower ones kept (vpermilpd, within each 128-bit half). */
static inline void fe4_swap_upper_pair(fe4 *r, const fe4 *a)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++)
        r->l[i] = _mm256_castpd_si256(_mm256_permute_pd(_mm256_castsi256_pd(a->l[i]), 0x6));
}

/* r = 2 p (HWCD dbl-2008-hwcd, a = -1): with (A, B, Z^2, S) = (X, Y, Z,
 * X + Y)^2, the negations of HWCD's E, F, G, H (the products do not
 * change):
 *     E = A + B - S,  F = G + 2 Z^2,  G = A - B,  H = A + B,
 * then (X3, Y3, Z3, T3) = (E F, G H, F G, H E). Two choices make it cheap:
 *   - E, F, G, H are formed on the squares' column sums, before any carry
 *     (fe4_sq_columns, negations against 2^37 p), so one reduction
 *     (fe4_reduce_columns) serves the squaring and the sums: the inputs X,
 *     Y, Z are REDUCED and X + Y a sum of two, so A, B, Z^2 have columns
 *     below 2^59 and S below 2^61, and every sum stays below 2^63.25
 *     (fe4_reduce_columns takes 2^63.5);
 *   - the lanes are arranged so that only three cross-half moves (vpermq)
 *     remain: y = (H, G, -S, 2 Z^2) is built inside the halves from (A, B,
 *     Z^2, S) and its swap (B, A, S, Z^2); with c = y's halves exchanged,
 *     y + c has E in lane 0 and F in lane 3, so V = (E, G, H, F): its lower
 *     half holds one factor of every product and its upper half the other,
 *     and the factors are V with its upper pair swapped, (E, G, F, H)
 *     (within the halves), and V reversed, (F, H, G, E).
 * 1 4-way squaring, 1 4-way multiplication, no carry besides theirs. */
static inline GE4_FLATTEN void ge4_double(ge4_extended *r, const ge4_extended *p)
{
    fe4 t, s, sq, swapped, q, nq, y, c, v, zero, u, w;
    fe4_zero(&zero);
    fe4_swap_pairs(&t, &p->v);
    fe4_add(&t, &t, &p->v);                      /* (X + Y, X + Y, ., .) */
    FE4_PERMUTE(&t, &t, FE4_LANES(0, 0, 0, 0));
    FE4_BLEND(&s, &p->v, &t, 8);                 /* (X, Y, Z, X + Y) */
    fe4_sq_columns(sq.l, &s);                    /* (A, B, Z^2, S), columns */

    fe4_swap_pairs(&swapped, &sq);               /* (B, A, S, Z^2) */
    FE4_BLEND(&q, &sq, &swapped, 12);            /* (A, B, S, Z^2) */
    fe4_columns_negate(&nq, &q);
    FE4_BLEND(&q, &q, &nq, 6);                   /* (A, -B, -S, Z^2) */
    FE4_BLEND(&swapped, &swapped, &zero, 4);     /* (B, A, 0, Z^2) */
    fe4_add(&y, &swapped, &q);                   /* (H, G, -S, 2 Z^2) */
    FE4_PERMUTE(&c, &y, FE4_LANES(2, 3, 0, 1));  /* (-S, 2 Z^2, H, G) */
    fe4_add(&v, &y, &c);                         /* (E, ., ., F) */
    FE4_BLEND(&v, &v, &y, 2);
    FE4_BLEND(&v, &v, &c, 4);                    /* (E, G, H, F), columns */
    fe4_reduce_columns(&v, v.l);                 /* REDUCED */

    fe4_swap_upper_pair(&u, &v);                 /* (E, G, F, H) */
    FE4_PERMUTE(&w, &v, FE4_LANES(3, 2, 1, 0));  /* (F, H, G, E) */
    fe4_mul(&r->v, &u, &w);
}

/* r = p's cached form (Y - X, Y + X, 2d T, 2 Z): the LOOSE sums, then one
 * 4-way multiplication by (1, 1, 2d, 2). */
static inline GE4_FLATTEN void ge4_cached_from_extended(ge4_cached *r, const ge4_extended *p)
{
    fe one, two, d2;
    fe4 d, factors;
    fe_one(&one);
    fe_add(&two, &one, &one);
    fe_from_bytes(&d2, ge_d2_bytes);
    fe4_pack(&factors, &one, &one, &d2, &two);
    ge4_ymx_ypx_t_z(&d, p);
    fe4_mul(&r->v, &d, &factors);
}

/* r = -q for a cached q: (X, Y) -> (-X, Y) swaps Y - X and Y + X (lanes 0
 * and 1, within the low half) and negates T (lane 2). */
static inline GE4_FLATTEN void ge4_cached_neg(ge4_cached *r, const ge4_cached *q)
{
    fe4 swapped, negated;
    fe4_swap_pairs(&swapped, &q->v);
    FE4_BLEND(&swapped, &swapped, &q->v, 12);
    fe4_neg(&negated, &q->v);
    FE4_BLEND(&r->v, &swapped, &negated, 4);
}

#endif
