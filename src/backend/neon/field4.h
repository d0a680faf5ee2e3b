/* neon backend: four elements of GF(p), p = 2^255 - 19, at once, on NEON
 * (Advanced SIMD), with intrinsics that exist on AArch64 and on 32-bit
 * ARMv7 alike.
 *
 * Radix 2^25.5, the u32 backend's limbs: element k is ten limbs x_0 .. x_9,
 * a_k = sum_i x_i 2^ceil(25.5 i), even limbs nominally 26 bits and odd
 * limbs 25 (w_i = 26 - (i mod 2)). Limb i of the four elements is one
 * uint32x4_t, l[i], element k in 32-bit lane k: additions, subtractions,
 * carries and lane moves handle all four elements per instruction.
 *
 * Products: NEON multiplies 32 x 32 -> 64 bits two lanes at a time
 * (vmull_u32 / vmlal_u32, umull / umlal on AArch64, vmull.u32 / vmlal.u32
 * on ARMv7), reading a 64-bit half of a limb vector. So a 4-way product
 * runs as two 2-way products, one per 64-bit half (lanes 0, 1 and lanes 2,
 * 3), each with ten 64-bit column sums in two-lane uint64x2_t
 * accumulators: 100 multiply-accumulates per half, each doing two of the
 * schoolbook's 32 x 32 -> 64 products. The column sums are carried in
 * 64-bit lanes (vsraq_n_u64 shifts and accumulates in one instruction) and
 * narrowed back to 32-bit limbs (vmovn_u64). The schoolbook is ref10's:
 * x_i y_j weighs 2 when i and j are both odd, and a product at weight
 * 2^255 or more wraps around times 19; the odd limbs of the left factor
 * are doubled and the right factor's limbs multiplied by 19 once, on all
 * four lanes, before the products.
 *
 * Bounds: exactly the u32 backend's (src/backend/u32/field.h), w_i as above:
 *   REDUCED = u32 TIGHT: limb < 2^w_i + 2^(w_i - 6). What fe4_mul, fe4_sq,
 *            fe4_carry, fe4_neg and fe4_pack return; what fe4_sub's
 *            subtrahend must be. (fe4_mul and fe4_sq give limbs 1 and 5 <
 *            2^25 + 2^17, the others < 2^w_i; fe4_carry limb 0 < 2^26 +
 *            2^7, the others < 2^w_i + 2^3.) A REDUCED value may be >= p.
 *   LOOSE  = u32 LOOSE: limb < 3.25 2^w_i. What fe4_add of two REDUCED
 *            values (< 2.04 2^w_i) and fe4_sub (< 3.02 2^w_i) return.
 *            Both factors of fe4_mul and the input of fe4_sq may be LOOSE
 *            (19 times a limb stays below 2^32, every column sum below
 *            2^62.4, as in u32's fe_mul).
 *   fe4_carry takes any limbs below 2^29 (LOOSE + LOOSE is < 6.5 2^w_i)
 *            and returns REDUCED.
 * With these bounds the u32 partner's elements cross fe4_pack / fe4_unpack
 * as they are (a transposition); the u64 partner's limbs are split and
 * joined.
 *
 * Everything is constant time: lanes are independent and no branch or
 * memory index depends on a value.
 *
 * These are the field names of the vector contract (backend/vector/
 * contract.h). Include the serial partner's field.h first: backend/u64/
 * field.h on AArch64, backend/u32/field.h on ARMv7 (the conversions follow
 * whichever was included).
 *
 * NEON intrinsics come from <arm_neon.h>, or, in the x86-64 build that
 * runs this code under valgrind (ECXI_NEON_SIMDE, docs/neon.md), from
 * SIMDe's portable implementation of the same names.
 */
#ifndef ECX_BACKEND_NEON_FIELD4_H
#define ECX_BACKEND_NEON_FIELD4_H

#ifdef ECXI_NEON_SIMDE
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/arm/neon.h>
#else
#include <arm_neon.h>
#endif
#include <stdint.h>

#if defined(ECX_BACKEND_U32_FIELD_H)
#define FE4_PARTNER_U32 1
#elif !defined(ECX_BACKEND_U64_FIELD_H)
#error "include the serial partner's field.h (backend/u64 or backend/u32) before backend/neon/field4.h"
#endif

#define FE4_LIMBS 10

typedef struct {
    uint32x4_t l[FE4_LIMBS];
} fe4;

#define FE4_WIDE_IS_REDUCED 1 /* products are carried (contract.h, WIDE) */
#include "backend/vector/contract.h"
#include "backend/vector/verify4.h"

#if defined(__GNUC__) || defined(__clang__)
#define FE4_INLINE static inline __attribute__((always_inline))
#else
#define FE4_INLINE static inline
#endif

#define FE4_MASK26 0x3ffffffu
#define FE4_MASK25 0x1ffffffu

/* ------------------------------------------------------------- linear */

/* r = 0 in every lane. */
static inline void fe4_zero(fe4 *r)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = vdupq_n_u32(0);
    FE4_VERIFY(r, REDUCED);
}

/* r = a + b, no carries. REDUCED in: LOOSE out (< 2.04 2^w_i); two LOOSE
 * values in: limbs < 6.5 2^w_i, for fe4_carry only. */
static inline void fe4_add(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_SUM(a, b);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = vaddq_u32(a->l[i], b->l[i]);
}

/* r = a + 2p - b, no carries: a REDUCED or zero, b REDUCED; LOOSE out
 * (< 3.02 2^w_i). No lane goes negative: 2p's limbs (2^27 - 38, then
 * 2^26 - 2 and 2^27 - 2 alternately) exceed every REDUCED limb. */
static inline void fe4_sub(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_OR_ZERO(a, REDUCED);
    FE4_VERIFY(b, REDUCED);
    const uint32x4_t two_p0 = vdupq_n_u32((1u << 27) - 38);
    const uint32x4_t two_p_even = vdupq_n_u32((1u << 27) - 2);
    const uint32x4_t two_p_odd = vdupq_n_u32((1u << 26) - 2);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
        const uint32x4_t two_p = i == 0 ? two_p0 : (i & 1) ? two_p_odd : two_p_even;
        r->l[i] = vsubq_u32(vaddq_u32(a->l[i], two_p), b->l[i]);
    }
    FE4_VERIFY(r, LOOSE);
}

/* r = a with every limb carried once, all ten carries at the same time
 * (the top one wraps to limb 0 times 19): limb i keeps its low w_i bits
 * and gains limb i-1's carry with one shift-right-and-accumulate. Limbs <
 * 2^29 in (carries <= 6, 19 times the top one <= 114): REDUCED out, limb 0
 * < 2^26 + 2^7, the others < 2^w_i + 2^3. */
static inline void fe4_carry(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, CARRY);
    const uint32x4_t m26 = vdupq_n_u32(FE4_MASK26), m25 = vdupq_n_u32(FE4_MASK25);
    uint32x4_t t[FE4_LIMBS];
    t[0] = vmlaq_n_u32(vandq_u32(a->l[0], m26), vshrq_n_u32(a->l[9], 25), 19);
    t[1] = vsraq_n_u32(vandq_u32(a->l[1], m25), a->l[0], 26);
    t[2] = vsraq_n_u32(vandq_u32(a->l[2], m26), a->l[1], 25);
    t[3] = vsraq_n_u32(vandq_u32(a->l[3], m25), a->l[2], 26);
    t[4] = vsraq_n_u32(vandq_u32(a->l[4], m26), a->l[3], 25);
    t[5] = vsraq_n_u32(vandq_u32(a->l[5], m25), a->l[4], 26);
    t[6] = vsraq_n_u32(vandq_u32(a->l[6], m26), a->l[5], 25);
    t[7] = vsraq_n_u32(vandq_u32(a->l[7], m25), a->l[6], 26);
    t[8] = vsraq_n_u32(vandq_u32(a->l[8], m26), a->l[7], 25);
    t[9] = vsraq_n_u32(vandq_u32(a->l[9], m25), a->l[8], 26);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = t[i];
    FE4_VERIFY(r, REDUCED);
}

/* ----------------------------------------------------------- products */

/* The 64-bit half of v holding lanes 0, 1 (high = 0) or lanes 2, 3
 * (high = 1); high is a constant after inlining. */
FE4_INLINE uint32x2_t fe4_half(uint32x4_t v, int high)
{
    return high ? vget_high_u32(v) : vget_low_u32(v);
}

/* The two-lane products of one half of two limb vectors: acc + x y for
 * lanes 0, 1 (high = 0) or 2, 3 (high = 1). AArch64 reads the upper half
 * in place (umull2 / umlal2); on ARMv7 a half is a D register anyway. */
#if defined(__aarch64__)
#define FE4_MULL(x, y, high) ((high) ? vmull_high_u32(x, y) : vmull_u32(vget_low_u32(x), vget_low_u32(y)))
#define FE4_MLAL(acc, x, y, high)                                                                  \
    ((high) ? vmlal_high_u32(acc, x, y) : vmlal_u32(acc, vget_low_u32(x), vget_low_u32(y)))
#else
#define FE4_MULL(x, y, high) vmull_u32(fe4_half(x, high), fe4_half(y, high))
#define FE4_MLAL(acc, x, y, high) vmlal_u32(acc, fe4_half(x, high), fe4_half(y, high))
#endif

/* An empty volatile asm that takes and gives back the column sum z in a
 * register: volatile asms keep their order, so the columns of a product
 * are finished one after the other instead of all being kept alive at
 * once (which spills on 32 and even more on 16 Q registers). No
 * instruction. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__aarch64__) || defined(__arm__))
#define FE4_COLUMN_DONE(z) __asm__ __volatile__("" : "+w"(z))
#else
#define FE4_COLUMN_DONE(z) ((void)0)
#endif

/* z[k + 1] += z[k] >> bits, z[k] mod 2^bits, on both 64-bit lanes. */
#define FE4_CARRY64(z, k, bits)                                                                    \
    do {                                                                                           \
        (z)[(k) + 1] = vsraq_n_u64((z)[(k) + 1], (z)[k], bits);                                    \
        (z)[k] = vandq_u64((z)[k], vdupq_n_u64(((uint64_t)1 << (bits)) - 1));                      \
    } while (0)

/* Carries the ten two-lane column sums z[0..9] of one half of a product
 * (z[k] weighs 2^ceil(25.5 k), the wrapped products folded in times 19,
 * each sum < 2^63.4) into ten two-lane limbs, in the order of u32's
 * fe_reduce64 (so the same bounds): chains 0 -> 5 and 4 -> 9 side by side,
 * then 9 -> 0 times 19 and 0 -> 1. Limbs 1 and 5 end below 2^25 + 2^17,
 * the others below 2^w_i. */
FE4_INLINE void fe4_reduce_half(uint32x2_t out[FE4_LIMBS], uint64x2_t z[FE4_LIMBS])
{
    FE4_CARRY64(z, 0, 26);
    FE4_CARRY64(z, 4, 26);
    FE4_CARRY64(z, 1, 25);
    FE4_CARRY64(z, 5, 25);
    FE4_CARRY64(z, 2, 26);
    FE4_CARRY64(z, 6, 26);
    FE4_CARRY64(z, 3, 25);
    FE4_CARRY64(z, 7, 25);
    FE4_CARRY64(z, 4, 26);
    FE4_CARRY64(z, 8, 26);
    /* 19 c = 16 c + 2 c + c for the top carry c < 2^38.5 (no 64-bit lane
     * multiply in NEON). */
    const uint64x2_t c = vshrq_n_u64(z[9], 25);
    z[9] = vandq_u64(z[9], vdupq_n_u64(FE4_MASK25));
    z[0] = vaddq_u64(z[0], vaddq_u64(c, vaddq_u64(vshlq_n_u64(c, 4), vshlq_n_u64(c, 1))));
    FE4_CARRY64(z, 0, 26);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) out[i] = vmovn_u64(z[i]);
}

/* The column sums of one half of a b: x = a's limbs, x2 = a's limbs with
 * the odd ones doubled, y = b's limbs, y19 = 19 times b's limbs (all four
 * lanes; the half is picked here). z[k] = sum over i + j = k of x_i y_j
 * plus 19 x_i y_j over i + j = k + 10, with x2_i for odd i and odd j. */
FE4_INLINE void fe4_mul_columns(uint64x2_t z[FE4_LIMBS], const uint32x4_t x[FE4_LIMBS],
                                const uint32x4_t x2[FE4_LIMBS], const uint32x4_t y[FE4_LIMBS],
                                const uint32x4_t y19[FE4_LIMBS], int high)
{
#pragma GCC unroll 10
    for (int k = 0; k < FE4_LIMBS; k++) {
#pragma GCC unroll 10
        for (int i = 0; i < FE4_LIMBS; i++) {
            const int j = (k - i + FE4_LIMBS) % FE4_LIMBS;
            const uint32x4_t left = (i & j & 1) ? x2[i] : x[i];
            const uint32x4_t right = i > k ? y19[j] : y[j];
            z[k] = i == 0 ? FE4_MULL(left, right, high) : FE4_MLAL(z[k], left, right, high);
        }
        FE4_COLUMN_DONE(z[k]);
    }
}

/* r = the four lanes of half[0] (lanes 0, 1) and half[1] (lanes 2, 3). */
FE4_INLINE void fe4_join_halves(fe4 *r, const uint32x2_t half[2][FE4_LIMBS])
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = vcombine_u32(half[0][i], half[1][i]);
}

/* r = a b lane by lane. a and b LOOSE (or REDUCED), REDUCED out; r may
 * alias a or b. 200 two-lane multiply-accumulates, 14 four-lane
 * multiplications and doublings of the factors. */
static inline void fe4_mul(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY(a, LOOSE);
    FE4_VERIFY(b, LOOSE);
    /* a and b are read until the end; r is written only then. */
    uint32x4_t x2[FE4_LIMBS], y19[FE4_LIMBS];
    uint64x2_t z[FE4_LIMBS];
    uint32x2_t half[2][FE4_LIMBS];
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) x2[i] = (i & 1) ? vshlq_n_u32(a->l[i], 1) : a->l[i];
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) y19[i] = i == 0 ? b->l[0] : vmulq_n_u32(b->l[i], 19);
#pragma GCC unroll 2
    for (int high = 0; high < 2; high++) {
        fe4_mul_columns(z, a->l, x2, b->l, y19, high);
        fe4_reduce_half(half[high], z);
    }
    fe4_join_halves(r, half);
    FE4_VERIFY(r, REDUCED);
}

/* The column sums of one half of a^2 (55 products, each cross term once),
 * ref10's factorisation as in u32's FE_SQUARE_COLUMNS: d = 2 a (limbs 0..8),
 * n = 19 a (limbs 6..9), t = 38 a (limbs 5, 7, 9), so that every term is
 * one product: for i < j, 2 a_i a_j is d_i a_j (d_i d_j when both are odd,
 * the odd pair's extra 2), times 19 when it wraps (d_i n_j, or d_i t_j for
 * an odd pair); a square a_i^2 is a_i a_i (d_i a_i for odd i, a_i n_i or
 * a_i t_i when it wraps). Column by column, each finished before the next.
 * The sums equal fe4_mul's with b = a. */
FE4_INLINE void fe4_sq_columns(uint64x2_t z[FE4_LIMBS], const uint32x4_t a[FE4_LIMBS],
                               const uint32x4_t d[FE4_LIMBS], const uint32x4_t n[FE4_LIMBS],
                               const uint32x4_t t[FE4_LIMBS], int high)
{
#pragma GCC unroll 10
    for (int k = 0; k < FE4_LIMBS; k++) {
        int started = 0;
#pragma GCC unroll 10
        for (int i = 0; i < FE4_LIMBS; i++) {
#pragma GCC unroll 10
            for (int j = i; j < FE4_LIMBS; j++) {
                if ((i + j) % FE4_LIMBS != k) continue;
                const int odd_pair = i & j & 1, wraps = i + j >= FE4_LIMBS;
                const uint32x4_t wrapped = odd_pair ? t[j] : n[j];
                const uint32x4_t left = (i < j || (odd_pair && !wraps)) ? d[i] : a[i];
                const uint32x4_t right = wraps ? wrapped : (i < j && odd_pair) ? d[j] : a[j];
                z[k] = started ? FE4_MLAL(z[k], left, right, high) : FE4_MULL(left, right, high);
                started = 1;
            }
        }
        FE4_COLUMN_DONE(z[k]);
    }
}

/* r = a^2 lane by lane. a LOOSE (or REDUCED), REDUCED out; r may alias a.
 * 110 two-lane multiply-accumulates, 16 four-lane factor preparations. */
static inline void fe4_sq(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, LOOSE);
    uint32x4_t d[FE4_LIMBS], n[FE4_LIMBS], t[FE4_LIMBS];
    uint64x2_t z[FE4_LIMBS];
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
        d[i] = i < 9 ? vshlq_n_u32(a->l[i], 1) : a->l[i];
        n[i] = i >= 6 ? vmulq_n_u32(a->l[i], 19) : a->l[i];
        t[i] = (i == 5 || i == 7 || i == 9) ? vmulq_n_u32(a->l[i], 38) : a->l[i];
    }
    uint32x2_t half[2][FE4_LIMBS];
#pragma GCC unroll 2
    for (int high = 0; high < 2; high++) {
        fe4_sq_columns(z, a->l, d, n, t, high);
        fe4_reduce_half(half[high], z);
    }
    fe4_join_halves(r, half);
    FE4_VERIFY(r, REDUCED);
}

/* r = (k0 a_0, k1 a_1, k2 a_2, k3 a_3), 0 <= k_k < 2^18 (contract.h): per
 * half, one two-lane multiplication per limb (columns < 3.25 2^26 2^18 <
 * 2^45.8, no sums: a constant has one limb), then a product's reduction.
 * LOOSE in, REDUCED out. */
static inline void fe4_mul_small(fe4 *r, const fe4 *a, uint32_t k0, uint32_t k1, uint32_t k2, uint32_t k3)
{
    FE4_VERIFY(a, LOOSE);
    FE4_VERIFY_SMALL(k0, k1, k2, k3);
    const uint32_t constants[4] = {k0, k1, k2, k3};
    const uint32x4_t k = vld1q_u32(constants);
    uint64x2_t z[FE4_LIMBS];
    uint32x2_t half[2][FE4_LIMBS];
#pragma GCC unroll 2
    for (int high = 0; high < 2; high++) {
#pragma GCC unroll 10
        for (int i = 0; i < FE4_LIMBS; i++) z[i] = FE4_MULL(a->l[i], k, high);
        fe4_reduce_half(half[high], z);
    }
    fe4_join_halves(r, half);
    FE4_VERIFY(r, REDUCED);
}

/* --------------------------------------------------------- lane moves */

/* r = flag ? a : r in every lane, flag in {0, 1}; constant time (a mask
 * select, vbsl, no branch on flag). */
static inline void fe4_cmov(fe4 *r, const fe4 *a, unsigned flag)
{
    FE4_VERIFY_FLAG(flag);
    const uint32x4_t mask = vdupq_n_u32(0u - (uint32_t)flag);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = vbslq_u32(mask, a->l[i], r->l[i]);
}

/* Two lanes (s0, s1) picked from the four lanes lo = (0, 1), hi = (2, 3);
 * pair = s0 | s1 << 2, a constant after inlining. One NEON instruction on
 * 64-bit halves for every pair: a half, its swap (vrev64), a broadcast
 * (vdup), a transposition (vtrn), an extraction (vext) or a select
 * (vbsl). */
FE4_INLINE uint32x2_t fe4_pick_pair(uint32x2_t lo, uint32x2_t hi, unsigned pair)
{
    const uint32x2_t second = vcreate_u32(0xffffffff00000000ull); /* lane 1 only */
    switch (pair & 15) {
    case 0 | 0 << 2: return vdup_lane_u32(lo, 0);
    case 1 | 1 << 2: return vdup_lane_u32(lo, 1);
    case 2 | 2 << 2: return vdup_lane_u32(hi, 0);
    case 3 | 3 << 2: return vdup_lane_u32(hi, 1);
    case 0 | 1 << 2: return lo;
    case 1 | 0 << 2: return vrev64_u32(lo);
    case 2 | 3 << 2: return hi;
    case 3 | 2 << 2: return vrev64_u32(hi);
    case 0 | 2 << 2: return vtrn_u32(lo, hi).val[0];
    case 1 | 3 << 2: return vtrn_u32(lo, hi).val[1];
    case 2 | 0 << 2: return vtrn_u32(hi, lo).val[0];
    case 3 | 1 << 2: return vtrn_u32(hi, lo).val[1];
    case 1 | 2 << 2: return vext_u32(lo, hi, 1);
    case 3 | 0 << 2: return vext_u32(hi, lo, 1);
    case 0 | 3 << 2: return vbsl_u32(second, hi, lo);
    default: /* 2 | 1 << 2 */ return vbsl_u32(second, lo, hi);
    }
}

/* Lane k of the result is lane s_k of v, lanes = FE4_LANES(s0, s1, s2, s3)
 * a constant after inlining: the whole-vector moves in one instruction
 * (identity, neighbour swap, rotations, broadcasts), any other as two
 * picked pairs. */
FE4_INLINE uint32x4_t fe4_permute_lanes(uint32x4_t v, unsigned lanes)
{
    switch (lanes) {
    case FE4_LANES(0, 1, 2, 3): return v;
    case FE4_LANES(1, 0, 3, 2): return vrev64q_u32(v);
    case FE4_LANES(1, 2, 3, 0): return vextq_u32(v, v, 1);
    case FE4_LANES(2, 3, 0, 1): return vextq_u32(v, v, 2);
    case FE4_LANES(3, 0, 1, 2): return vextq_u32(v, v, 3);
    case FE4_LANES(0, 0, 0, 0): return vdupq_lane_u32(vget_low_u32(v), 0);
    case FE4_LANES(1, 1, 1, 1): return vdupq_lane_u32(vget_low_u32(v), 1);
    case FE4_LANES(2, 2, 2, 2): return vdupq_lane_u32(vget_high_u32(v), 0);
    case FE4_LANES(3, 3, 3, 3): return vdupq_lane_u32(vget_high_u32(v), 1);
    default:
        return vcombine_u32(fe4_pick_pair(vget_low_u32(v), vget_high_u32(v), lanes & 15),
                            fe4_pick_pair(vget_low_u32(v), vget_high_u32(v), (lanes >> 4) & 15));
    }
}

/* The contract's lane shuffles, limb by limb (each limb moves on its own,
 * so r may alias a or b). FE4_BLEND selects with vbsl under a constant
 * mask whose lane k is all ones where bit k of mask is set. */
#define FE4_PERMUTE(r, a, lanes)                                                                   \
    do {                                                                                           \
        _Pragma("GCC unroll 10") for (int k_ = 0; k_ < FE4_LIMBS; k_++) (r)->l[k_] = fe4_permute_lanes((a)->l[k_], (lanes)); \
    } while (0)
#define FE4_BLEND(r, a, b, mask)                                                                   \
    do {                                                                                           \
        const uint32x4_t m_ = fe4_blend_mask(mask);                                                \
        _Pragma("GCC unroll 10") for (int k_ = 0; k_ < FE4_LIMBS; k_++) (r)->l[k_] = vbslq_u32(m_, (b)->l[k_], (a)->l[k_]); \
    } while (0)

/* Lane k all ones where bit k of the 4-bit mask is set, else zero. */
FE4_INLINE uint32x4_t fe4_blend_mask(unsigned mask)
{
    const uint64_t lane0 = (mask & 1) ? 0xffffffffull : 0, lane1 = (mask & 2) ? 0xffffffff00000000ull : 0;
    const uint64_t lane2 = (mask & 4) ? 0xffffffffull : 0, lane3 = (mask & 8) ? 0xffffffff00000000ull : 0;
    return vcombine_u32(vcreate_u32(lane0 | lane1), vcreate_u32(lane2 | lane3));
}

/* -------------------------------------------------------- conversions */

#ifdef FE4_PARTNER_U32

/* The 4 x 4 transposition of 32-bit words: in[e] holds four limbs of
 * element e, out[i] limb i of the four elements (and back: it is its own
 * inverse). Two vtrn and four recombined halves. */
FE4_INLINE void fe4_transpose4(uint32x4_t out[4], const uint32x4_t in[4])
{
    const uint32x4x2_t t01 = vtrnq_u32(in[0], in[1]); /* (00 10 02 12), (01 11 03 13) */
    const uint32x4x2_t t23 = vtrnq_u32(in[2], in[3]); /* (20 30 22 32), (21 31 23 33) */
    out[0] = vcombine_u32(vget_low_u32(t01.val[0]), vget_low_u32(t23.val[0]));
    out[1] = vcombine_u32(vget_low_u32(t01.val[1]), vget_low_u32(t23.val[1]));
    out[2] = vcombine_u32(vget_high_u32(t01.val[0]), vget_high_u32(t23.val[0]));
    out[3] = vcombine_u32(vget_high_u32(t01.val[1]), vget_high_u32(t23.val[1]));
}

/* r = (a0, a1, a2, a3) from u32 TIGHT elements: the same limbs (u32 TIGHT
 * is REDUCED), transposed: limbs 0..3 and 4..7 as 4 x 4 blocks, limbs 8, 9
 * as two vtrn of 64-bit rows. */
static inline void fe4_pack(fe4 *r, const fe *a0, const fe *a1, const fe *a2, const fe *a3)
{
    FE4_VERIFY_PACK_IN(a0, a1, a2, a3);
    const fe *const in[4] = {a0, a1, a2, a3};
#pragma GCC unroll 10
    for (int block = 0; block < 2; block++) {
        uint32x4_t rows[4];
#pragma GCC unroll 10
        for (int e = 0; e < 4; e++) rows[e] = vld1q_u32(&in[e]->v[4 * block]);
        fe4_transpose4(&r->l[4 * block], rows);
    }
    const uint32x2x2_t t01 = vtrn_u32(vld1_u32(&a0->v[8]), vld1_u32(&a1->v[8])); /* (08 18), (09 19) */
    const uint32x2x2_t t23 = vtrn_u32(vld1_u32(&a2->v[8]), vld1_u32(&a3->v[8]));
    r->l[8] = vcombine_u32(t01.val[0], t23.val[0]);
    r->l[9] = vcombine_u32(t01.val[1], t23.val[1]);
    FE4_VERIFY(r, REDUCED);
}

/* r_k = lane k of a REDUCED a as a u32 TIGHT element (the same limbs). */
static inline void fe4_unpack(fe *r0, fe *r1, fe *r2, fe *r3, const fe4 *a)
{
    FE4_VERIFY(a, REDUCED);
    fe *const out[4] = {r0, r1, r2, r3};
#pragma GCC unroll 10
    for (int block = 0; block < 2; block++) {
        uint32x4_t rows[4];
        fe4_transpose4(rows, &a->l[4 * block]);
#pragma GCC unroll 10
        for (int e = 0; e < 4; e++) vst1q_u32(&out[e]->v[4 * block], rows[e]);
    }
    const uint32x2x2_t t01 = vtrn_u32(vget_low_u32(a->l[8]), vget_low_u32(a->l[9]));   /* (08 09), (18 19) */
    const uint32x2x2_t t23 = vtrn_u32(vget_high_u32(a->l[8]), vget_high_u32(a->l[9])); /* (28 29), (38 39) */
    vst1_u32(&r0->v[8], t01.val[0]);
    vst1_u32(&r1->v[8], t01.val[1]);
    vst1_u32(&r2->v[8], t23.val[0]);
    vst1_u32(&r3->v[8], t23.val[1]);
    FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3);
}

#else /* the u64 partner: five limbs in radix 2^51 */

/* r = (a0, a1, a2, a3) from u64 TIGHT elements (limbs < 2^51 + 2^15): u64
 * limb k of two elements in one uint64x2_t, split into limb 2k (its low 26
 * bits, narrowed) and limb 2k + 1 (the rest, <= 2^25, a narrowing shift).
 * REDUCED out. */
static inline void fe4_pack(fe4 *r, const fe *a0, const fe *a1, const fe *a2, const fe *a3)
{
    FE4_VERIFY_PACK_IN(a0, a1, a2, a3);
    const uint32x4_t m26 = vdupq_n_u32(FE4_MASK26);
#pragma GCC unroll 10
    for (int k = 0; k < 5; k++) {
        const uint64x2_t lo = vcombine_u64(vcreate_u64(a0->v[k]), vcreate_u64(a1->v[k]));
        const uint64x2_t hi = vcombine_u64(vcreate_u64(a2->v[k]), vcreate_u64(a3->v[k]));
        r->l[2 * k] = vandq_u32(vcombine_u32(vmovn_u64(lo), vmovn_u64(hi)), m26);
        r->l[2 * k + 1] = vcombine_u32(vshrn_n_u64(lo, 26), vshrn_n_u64(hi, 26));
    }
    FE4_VERIFY(r, REDUCED);
}

/* Joins limbs 2k and 2k + 1 of one half into two-lane 51-bit limbs
 * (widening shift and add), carried once, all five carries at the same
 * time (the top one times 19), and stores them into two elements. REDUCED
 * limbs in: each joined limb is < 2^51 + 2^46, its carry <= 1, so the
 * result is u64 TIGHT (limb 0 < 2^51 + 19, the others <= 2^51). */
FE4_INLINE void fe4_unpack_half(fe *first, fe *second, const fe4 *a, int high)
{
    const uint64x2_t m51 = vdupq_n_u64(((uint64_t)1 << 51) - 1);
    uint64x2_t w[5], c[5];
#pragma GCC unroll 10
    for (int k = 0; k < 5; k++)
        w[k] = vaddw_u32(vshll_n_u32(fe4_half(a->l[2 * k + 1], high), 26), fe4_half(a->l[2 * k], high));
#pragma GCC unroll 10
    for (int k = 0; k < 5; k++) c[k] = vshrq_n_u64(w[k], 51);
    w[0] = vaddq_u64(vandq_u64(w[0], m51), vmull_n_u32(vmovn_u64(c[4]), 19));
#pragma GCC unroll 10
    for (int k = 1; k < 5; k++) w[k] = vaddq_u64(vandq_u64(w[k], m51), c[k - 1]);
#pragma GCC unroll 10
    for (int k = 0; k < 5; k++) {
        first->v[k] = vgetq_lane_u64(w[k], 0);
        second->v[k] = vgetq_lane_u64(w[k], 1);
    }
}

/* r_k = lane k of a REDUCED a as a u64 TIGHT element. */
static inline void fe4_unpack(fe *r0, fe *r1, fe *r2, fe *r3, const fe4 *a)
{
    FE4_VERIFY(a, REDUCED);
    fe4_unpack_half(r0, r1, a, 0);
    fe4_unpack_half(r2, r3, a, 1);
    FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3);
}

#endif /* FE4_PARTNER_U32 */

#endif
