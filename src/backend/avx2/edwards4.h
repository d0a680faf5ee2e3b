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
 * 2d T, 2 Z) times a nonzero factor (121666 where ge4_cached_from_extended
 * made it). Every stored fe4 is REDUCED but the 2d T lane of a negated
 * cached point (ge4_cached_neg: LOOSE, which ge4_add's product takes).
 * Constant time: no branch or index depends on the coordinates. The code
 * is ecx's own.
 *
 * Include after field4.h; needs -mavx2.
 */
#ifndef ECX_BACKEND_AVX2_EDWARDS4_H
#define ECX_BACKEND_AVX2_EDWARDS4_H

#include "curve25519/field_common.h" /* first of the generic headers, as in backend_impl.h */

/* The point operations are flattened (every fe4 operation inlined into
 * them), as in backend/vector/edwards4.h, whose kernels expect the macro
 * (the square-root chain of decode_lanes4.h uses it too). Under clang they
 * also realign their frames to 32 bytes (force_align_arg_pointer), which
 * gcc does by itself: left alone, clang keeps the 16 bytes the ABI
 * guarantees and spills the ymm registers with unaligned moves, and in a
 * process whose stack lands at the wrong offset its reloads wait on stores
 * that cannot be forwarded: verification ran up to 20% slower from one
 * process to the next, 10% with the frames aligned (docs/performance.md,
 * "Zen 4: clang's avx2 square-root chain"). */
#if defined(__clang__)
#define GE4_FLATTEN __attribute__((flatten, force_align_arg_pointer))
#elif defined(__GNUC__)
#define GE4_FLATTEN __attribute__((flatten))
#else
#define GE4_FLATTEN
#endif

/* r = (b, a, d, c) for a = (a, b, c, d): neighbouring lanes swapped, within
 * each 128-bit half. */
static FE4_INLINE void fe4_swap_pairs(fe4 *r, const fe4 *a)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = _mm256_shuffle_epi32(a->l[i], _MM_SHUFFLE(1, 0, 3, 2));
}

/* r = (b - a, b + a, d - c, d + c) for a = (a, b, c, d): (b, a, d, c) +
 * (-a, b, -c, d). REDUCED in, LOOSE out (each lane REDUCED + 2p or REDUCED +
 * REDUCED). */
static FE4_INLINE void fe4_diff_sum(fe4 *r, const fe4 *a)
{
    fe4 swapped, negated, zero;
    fe4_zero(&zero);
    fe4_swap_pairs(&swapped, a);
    fe4_sub(&negated, &zero, a);
    FE4_BLEND(&negated, &negated, a, 10);
    fe4_add(r, &swapped, &negated);
}

/* r = (Y - X, Y + X, T, Z) of p, LOOSE: (Y, X, T, Z) + (2p - X, Y, 0, 0),
 * the second term (2p - X, -Y, -Z, -T) with lane 1 taken from p and lanes
 * 2, 3 masked off: five instructions per limb. The left factor of an
 * addition and the start of the cached form. */
static FE4_INLINE void ge4_ymx_ypx_t_z(fe4 *r, const ge4_extended *p)
{
    const __m256i keep01 = _mm256_set_epi64x(0, 0, -1, -1);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
        /* 2p's limb in lane 0 (as fe4_sub): X is REDUCED, below it. */
        const __m256i v = p->v.l[i];
        const __m256i negated = _mm256_sub_epi64(_mm256_set_epi64x(0, 0, 0, fe4_2p_limb(i)), v);
        const __m256i second = _mm256_and_si256(_mm256_blend_epi32(negated, v, FE4_BLEND_MASK32(2)), keep01);
        r->l[i] = _mm256_add_epi64(_mm256_shuffle_epi32(v, _MM_SHUFFLE(1, 0, 3, 2)), second);
    }
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

/* r0 = p0 + q0 and r1 = p1 + q1 (contract.h). Here simply two additions
 * one after the other: an fe4 is ten registers, so interleaving two
 * additions step by step would only spill; the processor overlaps the two
 * independent chains itself. r0 may alias p0 and r1 p1. */
static inline void ge4_add_x2(ge4_extended *r0, const ge4_extended *p0, const ge4_cached *q0, ge4_extended *r1,
                              const ge4_extended *p1, const ge4_cached *q1)
{
    ge4_add(r0, p0, q0);
    ge4_add(r1, p1, q1);
}

/* Column k of the doubling's first factor from column k of the squares
 * sq = (S, Z^2, B, A) (unreduced column sums): u = (E, G, F, H) with
 *     y = (-S, 2 Z^2, A - B, A + B) = (-S, Z^2, -B, A) + (0, Z^2, A, B)
 *       = (-S, 2 Z^2, G, H),
 *     c = (H, G, 2 Z^2, H) (y's lanes 3, 2, 1, 3),
 *     u = y + c in lanes 0 and 2 (E = H - S, F = G + 2 Z^2), c in lanes 1
 *         and 3.
 * Inside the halves except for c (one vpermq); eight instructions. Each
 * lane holds at most one 2^37 p (fe4_column_negate), so with A, B, Z^2 <
 * 2^59 and S < 2^61 every lane stays below 2^63.3 (y + c in lanes 1 and
 * 3, dropped, too). */
static FE4_INLINE __m256i ge4_double_column(__m256i sq, int k)
{
    const __m256i negated = fe4_column_negate(sq, k);
    const __m256i m = _mm256_blend_epi32(sq, negated, FE4_BLEND_MASK32(5)); /* (-S, Z^2, -B, A) */
    /* (S, Z^2, A, B) within the halves (vpermilpd), then lane 0 cleared. */
    __m256i swapped = _mm256_castpd_si256(_mm256_permute_pd(_mm256_castsi256_pd(sq), 0x6));
    swapped = _mm256_blend_epi32(swapped, _mm256_setzero_si256(), FE4_BLEND_MASK32(1)); /* (0, Z^2, A, B) */
    const __m256i y = _mm256_add_epi64(m, swapped);                            /* (-S, 2 Z^2, G, H) */
    const __m256i c = _mm256_permute4x64_epi64(y, FE4_LANES(3, 2, 1, 3)); /* (H, G, 2 Z^2, H) */
    return _mm256_blend_epi32(_mm256_add_epi64(y, c), c, FE4_BLEND_MASK32(10)); /* (E, G, F, H) */
}

/* r = 2 p (HWCD dbl-2008-hwcd, a = -1): with (S, Z^2, B, A) = (X + Y, Z, Y,
 * X)^2, the negations of HWCD's E, F, G, H (the products do not change):
 *     E = A + B - S,  F = G + 2 Z^2,  G = A - B,  H = A + B,
 * then (X3, Y3, Z3, T3) = (E F, G H, F G, H E). Three choices make it
 * cheap:
 *   - E, F, G, H are formed on the squares' column sums, before any carry
 *     (ge4_double_column, negations against 2^37 p), so one reduction
 *     serves the squaring and the sums: the inputs X, Y, Z are REDUCED and
 *     X + Y a sum of two, so A, B, Z^2 have columns below 2^59 and S below
 *     2^61, and every sum stays below 2^63.3 (the reduction takes 2^63.5);
 *   - the sums are formed column by column: with the column-ordered
 *     squaring (FE4_SQ_BY_COLUMN, clang) on each column as it comes, its
 *     carry behind it (fe4_reduce_finish); with the row-ordered one (gcc)
 *     on the ten columns once all are in;
 *   - the first factor is u = (E, G, F, H) and the second its lanes 2, 3,
 *     1, 0, (F, H, G, E): one cross-half move after the reduction.
 * 1 4-way squaring, 1 4-way multiplication, no carry besides theirs. */
static inline GE4_FLATTEN void ge4_double(ge4_extended *r, const ge4_extended *p)
{
    fe4 s, u, w;
    __m256i z[FE4_LIMBS];
    /* (X + Y, Z, Y, X) = (Y, Z, Y, X) + (X, 0, 0, 0): three instructions
     * per limb. The lane mask goes through an empty asm so that clang
     * keeps the vpand: it would otherwise turn it into a register vmovq
     * in an encoding (VEX.66.0F D6) that valgrind 3.19 cannot decode,
     * which killed the constant-time check once (docs/avx2.md). */
    __m256i lane0 = _mm256_set_epi64x(0, 0, 0, -1);
    __asm__("" : "+x"(lane0));
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++)
        s.l[i] = _mm256_add_epi64(_mm256_permute4x64_epi64(p->v.l[i], FE4_LANES(1, 2, 1, 0)),
                                  _mm256_and_si256(p->v.l[i], lane0));
#if FE4_SQ_BY_COLUMN
    fe4_sq_factors f;
    fe4_sq_prepare(&f, &s);
    z[0] = ge4_double_column(fe4_sq_column(&f, 0), 0);
#pragma GCC unroll 10
    for (int k = 1; k < FE4_LIMBS; k++) {
        z[k] = ge4_double_column(fe4_sq_column(&f, k), k);
        fe4_carry_column(z, k - 1);
    }
    fe4_reduce_finish(&u, z);                    /* (E, G, F, H), REDUCED */
#else
    fe4_sq_columns(z, &s);
#pragma GCC unroll 10
    for (int k = 0; k < FE4_LIMBS; k++) z[k] = ge4_double_column(z[k], k);
    fe4_reduce_columns(&u, z);                   /* (E, G, F, H), REDUCED */
#endif
    FE4_PERMUTE(&w, &u, FE4_LANES(2, 3, 1, 0));  /* (F, H, G, E) */
    fe4_mul(&r->v, &u, &w);
}

/* r = p's cached form scaled by 121666 (contract.h, GE4_CACHED_SCALE;
 * projective coordinates, so the same point, as curve25519-dalek's
 * CachedPoint): each lane multiplied by an 18-bit constant
 * (fe4_mul_small's columns, one vpmuludq per limb) instead of by the
 * element 2d (a whole 4-way product, 100 vpmuludq); lane 2's columns
 * negated against 2^37 p (fe4_column_negate) before the one reduction
 * (columns < 2^63.5 in, REDUCED out). */
static inline GE4_FLATTEN void ge4_cached_from_extended(ge4_cached *r, const ge4_extended *p)
{
    fe4 d;
    __m256i z[FE4_LIMBS];
    ge4_ymx_ypx_t_z(&d, p);
    fe4_mul_small_columns(z, &d,
                          _mm256_set_epi64x(GE4_CACHED_SCALE_Z, GE4_CACHED_SCALE_T, GE4_CACHED_SCALE, GE4_CACHED_SCALE));
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++)
        z[i] = _mm256_blend_epi32(z[i], fe4_column_negate(z[i], i), FE4_BLEND_MASK32(4));
    fe4_reduce_columns(&r->v, z);
}

/* r = -q for a cached q: (X, Y) -> (-X, Y) swaps Y - X and Y + X (lanes 0
 * and 1: one vpermq) and negates T (lane 2: 2p - 2d T, as fe4_sub: the
 * REDUCED limb is below 2p's, so the lane does not wrap; the other lanes'
 * differences are dropped by the blend). Three instructions per limb.
 * q REDUCED; r's lane 2 is at most 2p's limbs (LOOSE: ge4_add takes it, a
 * second negation would not). */
static inline GE4_FLATTEN void ge4_cached_neg(ge4_cached *r, const ge4_cached *q)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
        const __m256i swapped = _mm256_permute4x64_epi64(q->v.l[i], FE4_LANES(1, 0, 2, 3));
        const __m256i negated = _mm256_sub_epi64(_mm256_set1_epi64x(fe4_2p_limb(i)), swapped);
        r->v.l[i] = _mm256_blend_epi32(swapped, negated, FE4_BLEND_MASK32(4));
    }
}

#endif
