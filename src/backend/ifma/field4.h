/* ifma backend: four elements of GF(p), p = 2^255 - 19, at once.
 *
 * Lane k (k = 0..3) of the five 256-bit vectors l[0..4] holds element k in
 * radix 2^51,
 *
 *     a_k = l[0]_k + l[1]_k 2^51 + l[2]_k 2^102 + l[3]_k 2^153 + l[4]_k 2^204,
 *
 * the u64 backend's limbs (backend/u64/field.h), so elements move between
 * the two without conversion. Products use AVX-512 IFMA on 256-bit vectors
 * (vpmadd52luq / vpmadd52huq, AVX-512VL): each multiplies the low 52 bits of
 * two 64-bit lanes and adds the low or the high 52 bits of the 104-bit
 * product to a 64-bit accumulator.
 *
 * Source: H. de Valence, "An AVX512-IFMA implementation of the vectorized
 * point operation strategy", curve25519-dalek docs/ifma-notes.md (radix 51,
 * so that a limb has room for a carry bit and a multiplication input never
 * needs a full normalisation; the high halves land one limb up, doubled).
 * The code is ecx's own.
 *
 * Bounds. IFMA reads only 52 bits of each input lane, so:
 *   REDUCED: every limb < 2^52. What fe4_mul, fe4_sq and fe4_carry return
 *            (in fact limb 0 < 2^51 + 2^14, the others < 2^51 + 2^10 for
 *            a product; fe4_carry's numbers depend on its input, see
 *            there), and what fe4_mul and fe4_sq need. A REDUCED value
 *            may be >= p. fe4_unpack needs more: the u64 backend's TIGHT
 *            (every limb < 2^51 + 2^15), which products, negations and the
 *            carry of anything up to WIDE2 meet, but not the carry of a
 *            WIDE2 + WIDE2 sum (limb 0 up to 2^51 + 2^16.3).
 *   LOOSE:   every limb < 2^54, what fe4_add and fe4_sub return from
 *            REDUCED inputs; only fe4_carry (or fe4_add / fe4_sub again,
 *            if the sum stays below 2^54... see there) may take it.
 *   WIDE:    every limb < 2^60.3: what fe4_mul_wide and fe4_sq_wide return
 *            (the product's columns folded, 2^255 = 19, not carried).
 *   WIDE2:   every limb < 2^61.7: fe4_add of two WIDE values, fe4_sub_wide
 *            (which adds 2^10 p). Two WIDE2 values added stay below 2^63,
 *            what fe4_carry takes.
 * Everything is constant time: lanes are independent and no branch or
 * memory index depends on a value.
 *
 * These are the field names of the vector contract (backend/vector/
 * contract.h), which the 4-way algorithms of src/backend/vector/ use.
 * Include backend/u64/field.h (the serial partner) first.
 *
 * This header needs -mavx512ifma -mavx512vl: include it only from the ifma
 * backend's translation units (and its tests), never from code that runs
 * on other CPUs (DESIGN.md, "Backends and dispatch"). The two IFMA
 * instructions are reached only through fe4_madd52lo / fe4_madd52hi, so
 * that the constant-time build can replace them (ECXI_IFMA_STANDIN).
 */
#ifndef ECX_BACKEND_IFMA_FIELD4_H
#define ECX_BACKEND_IFMA_FIELD4_H

#include <immintrin.h>
#include <stdint.h>

typedef struct {
    __m256i l[5];
} fe4;

#include "backend/vector/contract.h"
#include "backend/vector/verify4.h"

#define FE4_M51 ((long long)0x7ffffffffffffLL)

#ifdef ECXI_IFMA_STANDIN
/* The constant-time check's build (valgrind runs AVX2 but not AVX-512):
 * the same two operations in AVX2 and plain C, same data flow. */
#include "backend/ifma/madd52_standin.h"
#else
/* acc + the low (lo) or high (hi) 52 bits of the 104-bit product of the
 * low 52 bits of a and b, lane by lane (vpmadd52luq, vpmadd52huq). */
static inline __m256i fe4_madd52lo(__m256i acc, __m256i a, __m256i b)
{
    return _mm256_madd52lo_epu64(acc, a, b);
}

static inline __m256i fe4_madd52hi(__m256i acc, __m256i a, __m256i b)
{
    return _mm256_madd52hi_epu64(acc, a, b);
}
#endif

/* 19 x for every lane (x < 2^59.7, so 19 x < 2^64): 16 x + (2 x + x),
 * one shift and three additions (vpmullq is slow on IFMA cores, and the
 * shift ports are the multiply-add ports: additions also run on a third
 * port). */
static inline __m256i fe4_times19(__m256i x)
{
    return _mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_add_epi64(_mm256_add_epi64(x, x), x));
}

/* r = a with every limb carried once, all five carries taken at the same
 * time (a short dependency chain instead of a serial one); the top carry
 * times 19 is one multiply-add (it is < 2^12, so IFMA's 52-bit inputs hold
 * it exactly). Limbs < 2^63 in (SUM, CARRY), REDUCED out: the carries are
 * < 2^12, so limb 0 < 2^51 + 19 2^12 < 2^51 + 2^16.3, the others < 2^51 +
 * 2^12 -- a multiplication input, but not TIGHT, so not for fe4_unpack.
 * Limbs < 300 2^52 + 2^61 in (WIDE2 or anything smaller: LOOSE, LOOSE +
 * LOOSE, WIDE): the carries are <= 1623, so limb 0 < 2^51 + 19 1624 <
 * 2^51 + 2^15, the others < 2^51 + 2^11: TIGHT, fe4_unpack takes it.
 * tests/vector_backend_ifma.h feeds both extremes. */
static inline void fe4_carry(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, CARRY);
    const __m256i mask = _mm256_set1_epi64x(FE4_M51);
    __m256i c0 = _mm256_srli_epi64(a->l[0], 51), c1 = _mm256_srli_epi64(a->l[1], 51);
    __m256i c2 = _mm256_srli_epi64(a->l[2], 51), c3 = _mm256_srli_epi64(a->l[3], 51);
    __m256i c4 = _mm256_srli_epi64(a->l[4], 51);
    r->l[0] = fe4_madd52lo(_mm256_and_si256(a->l[0], mask), c4, _mm256_set1_epi64x(19));
    r->l[1] = _mm256_add_epi64(_mm256_and_si256(a->l[1], mask), c0);
    r->l[2] = _mm256_add_epi64(_mm256_and_si256(a->l[2], mask), c1);
    r->l[3] = _mm256_add_epi64(_mm256_and_si256(a->l[3], mask), c2);
    r->l[4] = _mm256_add_epi64(_mm256_and_si256(a->l[4], mask), c3);
    FE4_VERIFY(r, REDUCED);
}

/* Folds the ten columns z[0..9] of a product (z[k] weighs 2^(51 k)) into
 * five limbs, 2^255 = 19 (mod p), without carrying: r WIDE. Needs z[k] <
 * 15 2^52 for every k (the products' columns): then r's limbs are z[k] +
 * 19 z[k + 5] < 300 2^52 < 2^60.3. Carried (fe4_carry), the carries are <
 * 2^9.3: limb 0 < 2^51 + 2^13.6, the others < 2^51 + 2^9.3. */
static inline void fe4_fold_columns(fe4 *r, const __m256i z[10])
{
    for (int k = 0; k < 5; k++) r->l[k] = _mm256_add_epi64(z[k], fe4_times19(z[k + 5]));
}

/* r = a b for each lane, not carried: REDUCED in, WIDE out (limbs <
 * 2^60.3, fe4_fold_columns).
 *
 * With x_i y_j = lo(x_i, y_j) + 2^52 hi(x_i, y_j) = lo + 2 hi 2^51, column
 * k collects the lo of the pairs i + j = k and twice the hi of the pairs
 * i + j = k - 1: the hi multiply-adds come first, and their doubled column
 * sum is the starting value of the column's lo multiply-adds (no zeroed
 * accumulator and no final addition for the lo half). Column bounds: at
 * most 5 lo and 5 hi terms, each < 2^52, so z[k] < 5 2^52 + 2 (5 2^52) =
 * 15 2^52, as fe4_fold_columns needs. */
static inline void fe4_mul_wide(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY(a, REDUCED);
    FE4_VERIFY(b, REDUCED);
    __m256i hi[10], z[10];
    const __m256i zero = _mm256_setzero_si256();
    for (int k = 0; k < 10; k++) hi[k] = zero;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) hi[i + j + 1] = fe4_madd52hi(hi[i + j + 1], a->l[i], b->l[j]);
    for (int k = 0; k < 10; k++) z[k] = _mm256_add_epi64(hi[k], hi[k]);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) z[i + j] = fe4_madd52lo(z[i + j], a->l[i], b->l[j]);
    fe4_fold_columns(r, z);
    FE4_VERIFY(r, WIDE);
}

/* r = a^2 for each lane, not carried: REDUCED in, WIDE out (limbs <
 * 2^60.3, fe4_fold_columns).
 *
 * Each of the 15 products x_i x_j (i <= j) is computed once, and its two
 * halves go to accumulators by the coefficient they carry in their column
 * (x_i x_j = lo + 2 hi 2^51, and a cross product i < j counts twice):
 * c1 the square's lo (column 2i), c2 the square's hi (column 2i + 1) and
 * a cross product's lo (column i + j), c4 a cross product's hi (column i +
 * j + 1). Column k is c1 + 2 (c2 + 2 c4): the doubled c4 is the starting
 * value of the c2 multiply-adds, one addition doubles that, and the c1
 * multiply-add goes onto the result, so a column costs at most two
 * additions instead of six. Column bounds: at
 * most one c1, three c2 and two c4 terms, each < 2^52, so z[k] < (1 + 2 3
 * + 4 2) 2^52 = 15 2^52, as fe4_fold_columns needs. */
static inline void fe4_sq_wide(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, REDUCED);
    const __m256i *x = a->l, zero = _mm256_setzero_si256();
    __m256i c4[10], c2[10], z[10];
    for (int k = 0; k < 10; k++) c4[k] = zero;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) c4[i + j + 1] = fe4_madd52hi(c4[i + j + 1], x[i], x[j]);
    for (int k = 0; k < 10; k++) c2[k] = _mm256_add_epi64(c4[k], c4[k]);
    for (int i = 0; i < 5; i++) {
        c2[2 * i + 1] = fe4_madd52hi(c2[2 * i + 1], x[i], x[i]);
        for (int j = i + 1; j < 5; j++) c2[i + j] = fe4_madd52lo(c2[i + j], x[i], x[j]);
    }
    for (int k = 0; k < 10; k++) z[k] = _mm256_add_epi64(c2[k], c2[k]);
    for (int i = 0; i < 5; i++) z[2 * i] = fe4_madd52lo(z[2 * i], x[i], x[i]);
    fe4_fold_columns(r, z);
    FE4_VERIFY(r, WIDE);
}

/* r = a b and r = a^2 for each lane, carried: REDUCED in, REDUCED out
 * (limb 0 < 2^51 + 2^13.6, the others < 2^51 + 2^9.3). */
static inline void fe4_mul(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY(a, REDUCED);
    FE4_VERIFY(b, REDUCED);
    fe4_mul_wide(r, a, b);
    fe4_carry(r, r);
    FE4_VERIFY(r, REDUCED);
}

static inline void fe4_sq(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, REDUCED);
    fe4_sq_wide(r, a);
    fe4_carry(r, r);
    FE4_VERIFY(r, REDUCED);
}

/* r = (k0 a_0, k1 a_1, k2 a_2, k3 a_3), 0 <= k_k < 2^18 (contract.h): one
 * lo and one hi multiply-add per limb instead of fe4_mul's 25 of each.
 * a_i k < 2^70: its lo (< 2^52) goes to column i, its hi (< 2^18, weighing
 * 2^52 = 2 2^51) doubled to column i + 1, the top one wrapped times 19
 * into column 0; columns < 2^52 + 38 2^18, so fe4_carry's carries are <=
 * 2 and r is TIGHT. REDUCED in (IFMA reads 52 bits), REDUCED out. */
static inline void fe4_mul_small(fe4 *r, const fe4 *a, uint32_t k0, uint32_t k1, uint32_t k2, uint32_t k3)
{
    FE4_VERIFY(a, REDUCED);
    FE4_VERIFY_SMALL(k0, k1, k2, k3);
    const __m256i k = _mm256_set_epi64x(k3, k2, k1, k0), zero = _mm256_setzero_si256();
    __m256i hi[5];
    for (int i = 0; i < 5; i++) hi[i] = fe4_madd52hi(zero, a->l[i], k);
    r->l[0] = fe4_madd52lo(fe4_times19(_mm256_add_epi64(hi[4], hi[4])), a->l[0], k);
    for (int i = 1; i < 5; i++) r->l[i] = fe4_madd52lo(_mm256_add_epi64(hi[i - 1], hi[i - 1]), a->l[i], k);
    fe4_carry(r, r);
    FE4_VERIFY(r, REDUCED);
}

/* r = a + b, no carries. REDUCED in: LOOSE out (limbs < 2^53). */
static inline void fe4_add(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_SUM(a, b);
    for (int k = 0; k < 5; k++) r->l[k] = _mm256_add_epi64(a->l[k], b->l[k]);
}

/* r = a + 4p - b, no carries: REDUCED in, LOOSE out (limbs < 2^54). 4p
 * rather than 2p because a REDUCED limb may reach 2^52 > 2p's limbs
 * (2^52 - 38, 2^52 - 2), and no lane may go negative. */
static inline void fe4_sub(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_OR_ZERO(a, REDUCED);
    FE4_VERIFY(b, REDUCED);
    const __m256i p4_0 = _mm256_set1_epi64x((long long)0x1FFFFFFFFFFFB4LL); /* 4 (2^51 - 19) */
    const __m256i p4_k = _mm256_set1_epi64x((long long)0x1FFFFFFFFFFFFCLL); /* 4 (2^51 - 1) */
    r->l[0] = _mm256_sub_epi64(_mm256_add_epi64(a->l[0], p4_0), b->l[0]);
    for (int k = 1; k < 5; k++) r->l[k] = _mm256_sub_epi64(_mm256_add_epi64(a->l[k], p4_k), b->l[k]);
    FE4_VERIFY(r, LOOSE);
}

/* r = 0 in every lane. */
static inline void fe4_zero(fe4 *r)
{
    for (int k = 0; k < 5; k++) r->l[k] = _mm256_setzero_si256();
    FE4_VERIFY(r, REDUCED);
}

/* r = a + 2^10 p - b, no carries: b WIDE (limbs < 2^60.3 < 2^10 p's limbs,
 * 2^61 - 19 2^10 and 2^61 - 2^10), a WIDE or zero; WIDE2 out (limbs <
 * 2^60.3 + 2^61 < 2^61.7). Two WIDE2 values added stay below 2^62.7, under
 * the 2^63 that fe4_carry takes. */
static inline void fe4_sub_wide(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_OR_ZERO(a, WIDE);
    FE4_VERIFY(b, WIDE);
    const __m256i p1024_0 = _mm256_set1_epi64x((long long)((0x7ffffffffffedULL) << 10)); /* 2^10 (2^51 - 19) */
    const __m256i p1024_k = _mm256_set1_epi64x((long long)((0x7ffffffffffffULL) << 10)); /* 2^10 (2^51 - 1) */
    r->l[0] = _mm256_sub_epi64(_mm256_add_epi64(a->l[0], p1024_0), b->l[0]);
    for (int k = 1; k < 5; k++) r->l[k] = _mm256_sub_epi64(_mm256_add_epi64(a->l[k], p1024_k), b->l[k]);
    FE4_VERIFY(r, WIDE2);
}

/* r = flag ? a : r, every lane (flag 0 or 1, constant time). */
static inline void fe4_cmov(fe4 *r, const fe4 *a, unsigned flag)
{
    FE4_VERIFY_FLAG(flag);
    const __m256i mask = _mm256_set1_epi64x(-(long long)flag);
    for (int k = 0; k < 5; k++) r->l[k] = _mm256_or_si256(_mm256_andnot_si256(mask, r->l[k]), _mm256_and_si256(mask, a->l[k]));
}

/* Lane k of r = lane s_k of a, lanes from FE4_LANES(s0, s1, s2, s3) (the
 * same encoding as vpermq's immediate). */
#define FE4_PERMUTE(r, a, lanes)                                                                   \
    do {                                                                                           \
        for (int k_ = 0; k_ < 5; k_++) (r)->l[k_] = _mm256_permute4x64_epi64((a)->l[k_], (lanes)); \
    } while (0)

/* Lanes of b where bit k of the 4-bit mask is 1, of a where it is 0. */
#define FE4_BLEND(r, a, b, mask)                                                                   \
    do {                                                                                           \
        for (int k_ = 0; k_ < 5; k_++)                                                             \
            (r)->l[k_] = _mm256_blend_epi32((a)->l[k_], (b)->l[k_], FE4_BLEND_MASK32(mask));       \
    } while (0)
/* A 64-bit-lane mask as the 32-bit-lane mask vpblendd takes. */
#define FE4_BLEND_MASK32(m)                                                                        \
    ((((m) & 1) ? 0x03 : 0) | (((m) & 2) ? 0x0c : 0) | (((m) & 4) ? 0x30 : 0) | (((m) & 8) ? 0xc0 : 0))

/* The vector (*p0, *p1, *p2, *p3): four 64-bit loads straight into the
 * lanes (vmovq, vpunpcklqdq, vinserti128; _mm_loadl_epi64 reads through a
 * may-alias type, the double of _mm_loadh_pd would not), where _mm256_set_epi64x of the four
 * values makes gcc 12 store them to the stack and reload them as one
 * 256-bit load that store forwarding cannot serve (a stall of about 15
 * cycles on the Intel core; docs/performance.md, "ifma on the Intel
 * core"). */
static inline __m256i fe4_load_limbs4(const uint64_t *p0, const uint64_t *p1, const uint64_t *p2, const uint64_t *p3)
{
    const __m128i lo = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)p0), _mm_loadl_epi64((const __m128i *)p1));
    const __m128i hi = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)p2), _mm_loadl_epi64((const __m128i *)p3));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

/* Packs four u64 elements (radix 2^51, TIGHT: limbs < 2^51 + 2^15 < 2^52,
 * so REDUCED here) into lanes 0..3: the radix is the same, so packing is a
 * transposition. Limbs 0..3 of the four go through a 4x4 transposition of
 * whole 256-bit loads (two in-lane unpacks and one lane swap per output
 * vector instead of four inserts), limb 4 is loaded lane by lane. */
#define FE4_PACK_READS_PUBLIC_LAYOUT 1 /* backend/vector/field_x4.h: vector loads and stores only */
static inline void fe4_pack(fe4 *r, const fe *a0, const fe *a1, const fe *a2, const fe *a3)
{
    FE4_VERIFY_PACK_IN(a0, a1, a2, a3);
    const __m256i x0 = _mm256_loadu_si256((const __m256i *)a0->v), x1 = _mm256_loadu_si256((const __m256i *)a1->v);
    const __m256i x2 = _mm256_loadu_si256((const __m256i *)a2->v), x3 = _mm256_loadu_si256((const __m256i *)a3->v);
    const __m256i t0 = _mm256_unpacklo_epi64(x0, x1); /* a0[0] a1[0] a0[2] a1[2] */
    const __m256i t1 = _mm256_unpackhi_epi64(x0, x1); /* a0[1] a1[1] a0[3] a1[3] */
    const __m256i t2 = _mm256_unpacklo_epi64(x2, x3); /* a2[0] a3[0] a2[2] a3[2] */
    const __m256i t3 = _mm256_unpackhi_epi64(x2, x3); /* a2[1] a3[1] a2[3] a3[3] */
    r->l[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r->l[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r->l[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r->l[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
    r->l[4] = fe4_load_limbs4(&a0->v[4], &a1->v[4], &a2->v[4], &a3->v[4]);
    FE4_VERIFY(r, REDUCED);
}

/* Unpacks lanes 0..3, the transposition back. Needs every limb < 2^51 +
 * 2^15 (u64 TIGHT), which the lanes of a product, a negation, a pack or a
 * carry of anything up to WIDE2 meet (fe4_carry); a carry of a WIDE2 +
 * WIDE2 sum must be multiplied or carried again first. */
static inline void fe4_unpack(fe *r0, fe *r1, fe *r2, fe *r3, const fe4 *a)
{
    FE4_VERIFY(a, REDUCED);
    const __m256i t0 = _mm256_unpacklo_epi64(a->l[0], a->l[1]); /* r0[0] r0[1] r2[0] r2[1] */
    const __m256i t1 = _mm256_unpackhi_epi64(a->l[0], a->l[1]); /* r1[0] r1[1] r3[0] r3[1] */
    const __m256i t2 = _mm256_unpacklo_epi64(a->l[2], a->l[3]); /* r0[2] r0[3] r2[2] r2[3] */
    const __m256i t3 = _mm256_unpackhi_epi64(a->l[2], a->l[3]); /* r1[2] r1[3] r3[2] r3[3] */
    const __m128i top01 = _mm256_castsi256_si128(a->l[4]), top23 = _mm256_extracti128_si256(a->l[4], 1);
    _mm256_storeu_si256((__m256i *)r0->v, _mm256_permute2x128_si256(t0, t2, 0x20));
    _mm256_storeu_si256((__m256i *)r1->v, _mm256_permute2x128_si256(t1, t3, 0x20));
    _mm256_storeu_si256((__m256i *)r2->v, _mm256_permute2x128_si256(t0, t2, 0x31));
    _mm256_storeu_si256((__m256i *)r3->v, _mm256_permute2x128_si256(t1, t3, 0x31));
    /* Limb 4 straight from the lanes, by 64-bit stores through a may-alias
     * type (_mm_storeh_pd stores a double: gcc -O3 then drops or reorders
     * it against the uint64_t reads that follow, an aliasing violation). */
    _mm_storel_epi64((__m128i *)&r0->v[4], top01);
    _mm_storel_epi64((__m128i *)&r1->v[4], _mm_unpackhi_epi64(top01, top01));
    _mm_storel_epi64((__m128i *)&r2->v[4], top23);
    _mm_storel_epi64((__m128i *)&r3->v[4], _mm_unpackhi_epi64(top23, top23));
    FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3);
}

#endif
