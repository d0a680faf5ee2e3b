/* avx2 backend: four elements of GF(p), p = 2^255 - 19, at once, on AVX2.
 *
 * Radix 2^25.5: element k (k = 0..3) is ten limbs x_0 .. x_9 with
 *
 *     a_k = sum_i x_i 2^ceil(25.5 i)   (weights 2^0, 2^26, 2^51, 2^77, ...),
 *
 * so even limbs carry 26 bits and odd limbs 25 (w_i = 26 - (i mod 2)), as in
 * ref10's 32-bit field. Limb i of all four elements sits in one __m256i,
 * l[i], element k in 64-bit lane k: each limb is a 64-bit value kept below
 * 2^32, which is what vpmuludq (_mm256_mul_epu32, 32 x 32 -> 64 bits per
 * 64-bit lane) reads. Lanes are 64 bits wide, the lanes of ifma's field4.h,
 * so the point formulas rearrange elements with the same vpermq / vpblendd
 * and no product needs unpacking or repacking. (curve25519-dalek's avx2
 * backend packs two limbs per 64-bit lane instead, half the registers for
 * the linear operations at the cost of an unpack before and a repack after
 * every product; H. de Valence, curve25519-dalek
 * src/backend/vector/avx2/field.rs. The code here is ecx's own.)
 *
 * Products follow the schoolbook of ref10's fe_mul: x_i y_j weighs
 * 2^(w_i + w_j) = 2^ceil(25.5 (i + j)) times 2 when i and j are both odd, and
 * a product of weight 2^255 or more wraps around times 19 (2^255 = 19 mod p):
 * the right factor's limbs are multiplied by 19 (in 32 bits) and the odd
 * limbs of the left factor doubled before the 100 products.
 *
 * Bounds (per limb i, w_i = 26 for even i, 25 for odd i):
 *   REDUCED: limb < 2^w_i + 2^18. What fe4_mul, fe4_sq, fe4_carry, fe4_neg
 *            and fe4_pack return, and what fe4_sub's subtrahend must be.
 *            (Actual outputs are tighter: fe4_mul and fe4_sq give limb 1 <
 *            2^25 + 2^17.3, limbs 3, 5, 7, 9 < 2^25 + 2^12.6, the even
 *            ones < 2^26 (fe4_reduce_columns has each variant's shape;
 *            the column-ordered squaring's: limb 1 < 2^25 + 2^17.3, the
 *            rest < 2^w_i);
 *            fe4_carry limb 0 < 2^26 + 2^11.3, the rest < 2^w_i + 2^7.)
 *            A REDUCED value may be >= p.
 *   LOOSE:   limb < 3 2^w_i + 2^19. What fe4_add (of two REDUCED values)
 *            and fe4_sub return. Both factors of fe4_mul and the input of
 *            fe4_sq may be LOOSE: then 19 times a limb is below 2^32.
 *   WIDE:    limb < 6 2^w_i + 2^20 (the sum of two LOOSE values): allowed
 *            for the LEFT factor of fe4_mul (its limbs are only doubled,
 *            never multiplied by 19; every column sum of 100 products then
 *            stays below 2^63.2).
 *   fe4_carry takes any limbs below 2^32 and returns REDUCED.
 * (These are the contract's classes, backend/vector/contract.h, with more
 * room: fe4_mul and fe4_sq take LOOSE, fe4_mul's left factor WIDE.)
 * Everything is constant time: lanes are independent and no branch or
 * memory index depends on a value.
 *
 * These are the field names of the vector contract (backend/vector/
 * contract.h), which the 4-way algorithms of src/backend/vector/ use.
 * Include backend/u64/field.h (the serial partner) first.
 *
 * This header needs -mavx2: include it only from the avx2 backend's
 * translation units (and its tests), never from code that runs on other
 * CPUs (DESIGN.md, "Backends and dispatch").
 */
#ifndef ECX_BACKEND_AVX2_FIELD4_H
#define ECX_BACKEND_AVX2_FIELD4_H

#include <immintrin.h>
#include <stdint.h>

#define FE4_LIMBS 10

typedef struct {
    __m256i l[FE4_LIMBS];
} fe4;

#define FE4_WIDE_IS_REDUCED 1 /* products are carried (contract.h, WIDE) */

/* The contract's FE4_OPAQUE, for clang. clang turns _mm256_mul_epu32 into
 * a 64-bit product of two operands masked to 32 bits, and drops a mask it
 * can prove redundant: on a limb carried in from a loop's previous
 * iteration (below 2^26 after the carry), it can. Its instruction
 * selection, which sees one basic block at a time, then no longer knows
 * the high halves are zero and emits the full 64 x 64-bit product, three
 * vpmuludq with shifts and additions, for each of the square's 55 products:
 * the square-root chain of decoding ran three times slower (Zen 4, clang
 * 14: 41% of a verification instead of 21%). An empty asm statement on
 * each limb hides what the compiler knows, the masks stay, and each
 * product is one vpmuludq again. No instruction; gcc does not need it. */
#if defined(__clang__)
#define FE4_OPAQUE(v)                                                                              \
    do {                                                                                           \
        _Pragma("GCC unroll 10") for (int k_ = 0; k_ < FE4_LIMBS; k_++) __asm__("" : "+x"((v).l[k_])); \
    } while (0)
#endif
#include "backend/vector/contract.h"
#include "backend/vector/verify4.h"

/* Every field routine here is inlined, whatever the compiler's heuristics:
 * a 4-way element is ten registers, and a call passes it through memory
 * (clang, left to itself, kept fe4_sq_columns out of line and its ten
 * column sums on the stack). */
#if defined(__GNUC__) || defined(__clang__)
#define FE4_INLINE inline __attribute__((always_inline))
#else
#define FE4_INLINE inline
#endif

#define FE4_M26 ((long long)0x3ffffff)
#define FE4_M25 ((long long)0x1ffffff)

/* x >> w_i in every lane (i a compile-time constant after inlining). */
static FE4_INLINE __m256i fe4_limb_carry(__m256i x, int i)
{
    return (i & 1) ? _mm256_srli_epi64(x, 25) : _mm256_srli_epi64(x, 26);
}

/* x mod 2^w_i in every lane. */
static FE4_INLINE __m256i fe4_limb_low(__m256i x, int i)
{
    return _mm256_and_si256(x, _mm256_set1_epi64x((i & 1) ? FE4_M25 : FE4_M26));
}

/* 19 x for every lane, x < 2^59.7: 16x + 2x + x with shifts and adds. */
static FE4_INLINE __m256i fe4_times19(__m256i x)
{
    return _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

/* r = a with every limb carried once, all ten carries taken at the same
 * time (the top one wraps to limb 0 times 19). Limbs < 2^32 in (carries <
 * 2^7, 19 times the top one < 2^11.3), REDUCED out: limb 0 < 2^26 + 2^11.3,
 * the others < 2^w_i + 2^7. */
static FE4_INLINE void fe4_carry(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, CARRY);
    __m256i c[FE4_LIMBS];
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) c[i] = fe4_limb_carry(a->l[i], i);
    r->l[0] = _mm256_add_epi64(fe4_limb_low(a->l[0], 0), fe4_times19(c[9]));
#pragma GCC unroll 10
    for (int i = 1; i < FE4_LIMBS; i++) r->l[i] = _mm256_add_epi64(fe4_limb_low(a->l[i], i), c[i - 1]);
    FE4_VERIFY(r, REDUCED);
}

/* z[i + 1] += z[i] >> w_i, z[i] = z[i] mod 2^w_i. */
static FE4_INLINE void fe4_carry_column(__m256i z[FE4_LIMBS], int i)
{
    z[i + 1] = _mm256_add_epi64(z[i + 1], fe4_limb_carry(z[i], i));
    z[i] = fe4_limb_low(z[i], i);
}

/* Column-ordered reduction. A product's ten 64-bit column sums z[k]
 * (z[k] weighs 2^ceil(25.5 k), wrapped products folded in times 19, each
 * below 2^63.5) are computed in the order k = 0, 1, ..., 9, and the carry
 * out of column k - 1 is taken as soon as column k exists
 * (fe4_carry_column(z, k - 1) right after z[k]): the carry chain then runs
 * behind the products instead of after all of them, and only the wrap
 * (fe4_reduce_finish) is left once the last column is in. After the chain
 * limbs 0..8 are < 2^w_i and z[9] < 2^63.5 + 2^38; the top carry c < 2^39,
 * 19 c < 2^43.3, lands on limb 0, whose carry (< 2^17.3) makes limb 1 <
 * 2^25 + 2^17.3: REDUCED (the others < 2^w_i). */
/* The wrap: z[0] += 19 (z[9] >> 25), z[9] mod 2^25 (2^255 = 19 mod p). */
static FE4_INLINE void fe4_carry_top(__m256i z[FE4_LIMBS])
{
    const __m256i top = fe4_limb_carry(z[9], 9);
    z[9] = fe4_limb_low(z[9], 9);
    z[0] = _mm256_add_epi64(z[0], fe4_times19(top));
}

/* r = the ten carried columns z as limbs. */
static FE4_INLINE void fe4_from_columns(fe4 *r, const __m256i z[FE4_LIMBS])
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = z[i];
}

static FE4_INLINE void fe4_reduce_finish(fe4 *r, __m256i z[FE4_LIMBS])
{
    fe4_carry_top(z);
    fe4_carry_column(z, 0);
    fe4_from_columns(r, z);
}

/* Carries the ten 64-bit column sums z[0..9] of a product (z[k] weighs
 * 2^ceil(25.5 k), the wrapped products already folded in times 19) into
 * REDUCED limbs, once all ten are in. Needs z[k] < 2^63.5.
 *
 * FE4_REDUCE_BY_ROUNDS (the default): three rounds of five carries, the
 * carries of a round independent of each other:
 *   1. out of the even limbs 0, 2, 4, 6, 8 (carries < 2^37.5): the even
 *      limbs < 2^26, the odd ones < 2^63.5 + 2^37.5;
 *   2. out of the odd limbs 1, 3, 5, 7 (carries < 2^38.6) and limb 9 to
 *      limb 0 times 19 (19 times a carry < 2^38.6 is < 2^42.9): the odd
 *      limbs < 2^25, limb 0 < 2^26 + 2^42.9, limbs 2, 4, 6, 8 < 2^26 +
 *      2^38.6;
 *   3. out of the even limbs again: limb 1 < 2^25 + 2^16.9, limbs 3, 5, 7,
 *      9 < 2^25 + 2^12.6, the even limbs < 2^26.
 * A carry is a shift and an addition that wait on each other. The chain
 * (FE4_REDUCE_BY_ROUNDS 0: 0 -> 4 and 4 -> 9 side by side, then 9 -> 0
 * times 19 and 0 -> 1; limb 1 < 2^25 + 2^17.3, limb 5 < 2^25 + 2^13.1,
 * the others < 2^w_i) is 17 dependent operations deep, and it stands
 * between every product and the next one on a doubling's path; the
 * rounds are 9 deep, for 9 operations more in all (49 against 40). On
 * AMD Zen 5, whose vector additions and shifts take two cycles, a
 * doubling took 125.4 instead of 132.5 TSC ticks with them and an
 * addition 131.4 instead of 138.1 (docs/avx2.md, "The carries in rounds"). */
#ifndef FE4_REDUCE_BY_ROUNDS
#define FE4_REDUCE_BY_ROUNDS 1
#endif

static FE4_INLINE void fe4_reduce_columns(fe4 *r, __m256i z[FE4_LIMBS])
{
#if FE4_REDUCE_BY_ROUNDS
    fe4_carry_column(z, 0);
    fe4_carry_column(z, 2);
    fe4_carry_column(z, 4);
    fe4_carry_column(z, 6);
    fe4_carry_column(z, 8);
    fe4_carry_top(z);
    fe4_carry_column(z, 1);
    fe4_carry_column(z, 3);
    fe4_carry_column(z, 5);
    fe4_carry_column(z, 7);
    fe4_carry_column(z, 0);
    fe4_carry_column(z, 2);
    fe4_carry_column(z, 4);
    fe4_carry_column(z, 6);
    fe4_carry_column(z, 8);
    fe4_from_columns(r, z);
#else
    fe4_carry_column(z, 0);
    fe4_carry_column(z, 4);
    fe4_carry_column(z, 1);
    fe4_carry_column(z, 5);
    fe4_carry_column(z, 2);
    fe4_carry_column(z, 6);
    fe4_carry_column(z, 3);
    fe4_carry_column(z, 7);
    fe4_carry_column(z, 4);
    fe4_carry_column(z, 8);
    fe4_reduce_finish(r, z);
#endif
}

/* An empty asm that takes and gives back the ten vectors of z in
 * registers: an ordering barrier for the compiler, no instruction. */
#if defined(__GNUC__) || defined(__clang__)
#define FE4_KEEP_IN_REGISTERS(z)                                                                   \
    __asm__("" : "+x"(z[0]), "+x"(z[1]), "+x"(z[2]), "+x"(z[3]), "+x"(z[4]), "+x"(z[5]), "+x"(z[6]),  \
                 "+x"(z[7]), "+x"(z[8]), "+x"(z[9]))
#define FE4_KEEP5_IN_REGISTERS(z)                                                                  \
    __asm__("" : "+x"((z)[0]), "+x"((z)[1]), "+x"((z)[2]), "+x"((z)[3]), "+x"((z)[4]))
#else
#define FE4_KEEP_IN_REGISTERS(z) ((void)0)
#define FE4_KEEP5_IN_REGISTERS(z) ((void)0)
#endif

/* The order of a product's multiplications that the compiler schedules
 * better (rdtsc harness on the Xeon family 6 model 167, TSC cycles, noisy
 * machine; docs/avx2.md "Compilers"): clang 14 gains from computing the
 * low five columns first (all ten rows, five products each) and carrying
 * them (0 -> 4, limb 4's carry added to the unfinished column 5) while
 * the high five are computed, so only the chain 5 -> 9 -> 0 -> 1 is left
 * at the end (a doubling 140 -> 126-130, an addition 158-166 -> 142);
 * gcc 12 emits the products in source order and gained nothing from it
 * (148-150 either way). Since the rounds of fe4_reduce_columns, whose
 * tail after the last product is shorter than the halves' (9 dependent
 * operations against 15), both compilers take the ten columns at
 * once and the rounds: on AMD Zen 5 clang's doubling went from 142.5
 * (halves) to 131.1 TSC ticks and its addition from 149.2 to 132.0, its
 * verification 3.8% faster (docs/performance.md, "avx2: the carries in
 * rounds"). FE4_MUL_BY_HALVES 1 keeps the halves for a check on an Intel
 * core (scripts/avx2_machine_check.sh). Both compute the same columns;
 * the carried limbs' bounds differ in their last bits (the header
 * comment). */
#ifndef FE4_MUL_BY_HALVES
#define FE4_MUL_BY_HALVES 0
#endif

/* r = a b for each lane. a WIDE (LOOSE or REDUCED), b LOOSE (or REDUCED);
 * REDUCED out. r may alias a or b.
 *
 * Column k collects x_i y_j for i + j = k (times 2 when i, j are both odd:
 * the doubled odd limbs of a) and 19 x_i y_j for i + j = k + 10 (the limbs
 * of b times 19, < 19 (3 2^26 + 2^19) < 2^31.9, so they stay 32-bit
 * factors). With a WIDE and b LOOSE the largest column, z[0], is below
 * 2^63.2 (bounds in the header comment). Row by row, unlike fe4_sq: a
 * column-ordered product needs both factors of every vpmuludq from
 * memory (with sixteen registers) and is bound by the loads. */
static FE4_INLINE void fe4_mul(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY(a, SUM);
    FE4_VERIFY(b, LOOSE);
    const __m256i k19 = _mm256_set1_epi64x(19);
    __m256i a2[FE4_LIMBS], b19[FE4_LIMBS], z[FE4_LIMBS];
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
        a2[i] = _mm256_add_epi64(a->l[i], a->l[i]);
        b19[i] = _mm256_mul_epu32(b->l[i], k19);
        z[i] = _mm256_setzero_si256();
    }
    /* Row by row: limb i of a times every limb of b, added to the ten
     * column sums, which stay in registers (the barrier after each row
     * keeps the compiler from regrouping the sums across rows, which would
     * keep all hundred products alive at once). */
#if FE4_MUL_BY_HALVES
    /* Columns 0..4, then 5..9, row by row within each half; after the low
     * half the chain 0 -> 1 -> 2 -> 3 -> 4 -> (unfinished) 5 leaves limbs
     * 0..4 below 2^w_i and adds a carry < 2^37.5 to column 5; after the
     * high half 5 -> 9 leaves 5..8 below 2^w_i and z[9] < 2^63.5 + 2^38.5,
     * and fe4_reduce_finish wraps: limb 1 < 2^25 + 2^17.3, the others below
     * 2^w_i (REDUCED). */
#pragma GCC unroll 2
    for (int h = 0; h < 2; h++) {
#pragma GCC unroll 10
        for (int i = 0; i < FE4_LIMBS; i++) {
#pragma GCC unroll 10
            for (int j = 0; j < FE4_LIMBS; j++) {
                const int k = (i + j) % FE4_LIMBS;
                if (k / 5 != h) continue;
                const __m256i x = (i & j & 1) ? a2[i] : a->l[i];
                const __m256i y = (i + j >= FE4_LIMBS) ? b19[j] : b->l[j];
                z[k] = _mm256_add_epi64(z[k], _mm256_mul_epu32(x, y));
            }
            FE4_KEEP5_IN_REGISTERS(z + 5 * h);
        }
        if (h == 0) {
            fe4_carry_column(z, 0);
            fe4_carry_column(z, 1);
            fe4_carry_column(z, 2);
            fe4_carry_column(z, 3);
            fe4_carry_column(z, 4);
        }
    }
    fe4_carry_column(z, 5);
    fe4_carry_column(z, 6);
    fe4_carry_column(z, 7);
    fe4_carry_column(z, 8);
    fe4_reduce_finish(r, z);
#else
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
#pragma GCC unroll 10
        for (int j = 0; j < FE4_LIMBS; j++) {
            const __m256i x = (i & j & 1) ? a2[i] : a->l[i];
            const __m256i y = (i + j >= FE4_LIMBS) ? b19[j] : b->l[j];
            const int k = (i + j) % FE4_LIMBS;
            z[k] = _mm256_add_epi64(z[k], _mm256_mul_epu32(x, y));
        }
        FE4_KEEP_IN_REGISTERS(z);
    }
    fe4_reduce_columns(r, z);
#endif
    FE4_VERIFY(r, REDUCED);
}

/* The factors of a square: a, 2a, 4a and 19a (only the entries its
 * products use are kept by the compiler; 19a only for j >= 5). */
typedef struct {
    __m256i a[FE4_LIMBS], a2[FE4_LIMBS], a4[FE4_LIMBS], a19[FE4_LIMBS];
} fe4_sq_factors;

static FE4_INLINE void fe4_sq_prepare(fe4_sq_factors *f, const fe4 *a)
{
    const __m256i k19 = _mm256_set1_epi64x(19);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
        f->a[i] = a->l[i];
        f->a2[i] = _mm256_add_epi64(a->l[i], a->l[i]);
        f->a4[i] = _mm256_slli_epi64(a->l[i], 2);
        f->a19[i] = _mm256_mul_epu32(a->l[i], k19);
    }
}

/* One product of a square, x_i x_j for i <= j, weighted: doubled when
 * i < j (the cross products are computed once), doubled again when i and
 * j are both odd; a wrapped product (i + j >= 10) takes 19 x_j as its
 * right factor. It belongs to column (i + j) mod 10. */
static FE4_INLINE __m256i fe4_sq_product(const fe4_sq_factors *f, int i, int j)
{
    const int coefficient = (i == j ? 1 : 2) * ((i & j & 1) ? 2 : 1);
    const __m256i x = coefficient == 1 ? f->a[i] : coefficient == 2 ? f->a2[i] : f->a4[i];
    const __m256i y = (i + j >= FE4_LIMBS) ? f->a19[j] : f->a[j];
    return _mm256_mul_epu32(x, y);
}

/* Column k of a^2 (prepared in f), not carried: its 6 products for even
 * k, 5 for odd k. Columns are bounded as in fe4_mul with b = a: below
 * 2^62.2 for LOOSE a, 2^59 for REDUCED a, 2^61 for a sum of two REDUCED
 * values. */
static FE4_INLINE __m256i fe4_sq_column(const fe4_sq_factors *f, int k)
{
    __m256i p[6];
    int n = 0;
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
#pragma GCC unroll 10
        for (int j = i; j < FE4_LIMBS; j++)
            if ((i + j) % FE4_LIMBS == k) p[n++] = fe4_sq_product(f, i, j);
    }
    __m256i s = _mm256_add_epi64(_mm256_add_epi64(p[0], p[1]), _mm256_add_epi64(p[2], p[3]));
    s = _mm256_add_epi64(s, p[4]);
    if (n == 6) s = _mm256_add_epi64(s, p[5]);
    return s;
}

/* z = the ten column sums of a^2, not carried, as fe4_sq_column gives
 * them, computed row by row (x_i times x_i .. x_9) into sums kept in
 * registers. */
static FE4_INLINE void fe4_sq_columns(__m256i z[FE4_LIMBS], const fe4 *a)
{
    fe4_sq_factors f;
    fe4_sq_prepare(&f, a);
#pragma GCC unroll 10
    for (int k = 0; k < FE4_LIMBS; k++) z[k] = _mm256_setzero_si256();
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) {
#pragma GCC unroll 10
        for (int j = i; j < FE4_LIMBS; j++) {
            const int k = (i + j) % FE4_LIMBS;
            z[k] = _mm256_add_epi64(z[k], fe4_sq_product(&f, i, j));
        }
        FE4_KEEP_IN_REGISTERS(z);
    }
}

/* The order of a square's products that the compiler schedules better
 * (rdtsc on the Xeon family 6 model 167, minimum over many runs, TSC
 * cycles per ge4_double: gcc 12, row-ordered 148, column-ordered 153;
 * clang 14, row-ordered 155, column-ordered 142). Both orders compute the
 * same columns. */
#if defined(__clang__)
#define FE4_SQ_BY_COLUMN 1
#else
#define FE4_SQ_BY_COLUMN 0
#endif

/* r = a^2 for each lane. a LOOSE (or REDUCED), REDUCED out. */
static FE4_INLINE void fe4_sq(fe4 *r, const fe4 *a)
{
    FE4_VERIFY(a, LOOSE);
    __m256i z[FE4_LIMBS];
#if FE4_SQ_BY_COLUMN
    fe4_sq_factors f;
    fe4_sq_prepare(&f, a);
    z[0] = fe4_sq_column(&f, 0);
#pragma GCC unroll 10
    for (int k = 1; k < FE4_LIMBS; k++) {
        z[k] = fe4_sq_column(&f, k);
        fe4_carry_column(z, k - 1);
    }
    fe4_reduce_finish(r, z);
#else
    fe4_sq_columns(z, a);
    fe4_reduce_columns(r, z);
#endif
    FE4_VERIFY(r, REDUCED);
}

/* 2^37 p - x for column k of a product before its reduction (a lane's
 * ten column sums, l[k] = column k, weighing 2^ceil(25.5 k)), no carries:
 * the negation of a column. 2^37 p's columns are (2^26 - 19) 2^37 (about
 * 2^63), then (2^25 - 1) 2^37 (about 2^62) for odd k and (2^26 - 1) 2^37
 * for even k: x must be below that (every fe4_sq_column of a sum of two
 * REDUCED values is, < 2^61). */
static FE4_INLINE __m256i fe4_column_negate(__m256i x, int k)
{
    const long long p37 = (k == 0 ? 0x3ffffedLL : (k & 1) ? 0x1ffffffLL : 0x3ffffffLL) << 37;
    return _mm256_sub_epi64(_mm256_set1_epi64x(p37), x);
}

/* The ten columns of a times (k0, k1, k2, k3) lane by lane, k = the four
 * constants in the 64-bit lanes (each < 2^18): one vpmuludq per limb, no
 * sums (a constant has one limb). For LOOSE a the columns are < 2^27.6
 * 2^18 = 2^45.6, far below the 2^63.5 fe4_reduce_columns takes, and below
 * 2^37 p's columns (fe4_column_negate). */
static FE4_INLINE void fe4_mul_small_columns(__m256i z[FE4_LIMBS], const fe4 *a, __m256i k)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) z[i] = _mm256_mul_epu32(a->l[i], k);
}

/* r = (k0 a_0, k1 a_1, k2 a_2, k3 a_3), 0 <= k_k < 2^18 (contract.h): the
 * columns, then a product's reduction. LOOSE in, REDUCED out. */
static FE4_INLINE void fe4_mul_small(fe4 *r, const fe4 *a, uint32_t k0, uint32_t k1, uint32_t k2, uint32_t k3)
{
    FE4_VERIFY(a, LOOSE);
    FE4_VERIFY_SMALL(k0, k1, k2, k3);
    __m256i z[FE4_LIMBS];
    fe4_mul_small_columns(z, a, _mm256_set_epi64x(k3, k2, k1, k0));
    fe4_reduce_columns(r, z);
    FE4_VERIFY(r, REDUCED);
}

/* r = a + b, no carries. REDUCED in: LOOSE out (limbs < 2^(w_i + 1) +
 * 2^19); LOOSE in: WIDE out. */
static FE4_INLINE void fe4_add(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_SUM(a, b);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = _mm256_add_epi64(a->l[i], b->l[i]);
}

/* Limb i of 2p: 2 (2^26 - 19) for i = 0, then 2 (2^25 - 1) for odd i and
 * 2 (2^26 - 1) for even i. Each exceeds every REDUCED limb. */
static FE4_INLINE long long fe4_2p_limb(int i)
{
    return i == 0 ? 0x7ffffda : (i & 1) ? 0x3fffffe : 0x7fffffe;
}

/* r = a + 2p - b, no carries: a and b REDUCED, LOOSE out (limbs < 3 2^w_i
 * + 2^18). No lane goes negative: 2p's limbs (2^27 - 38, then 2^26 - 2 and
 * 2^27 - 2 alternately) exceed every REDUCED limb. */
static FE4_INLINE void fe4_sub(fe4 *r, const fe4 *a, const fe4 *b)
{
    FE4_VERIFY_OR_ZERO(a, REDUCED);
    FE4_VERIFY(b, REDUCED);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++)
        r->l[i] = _mm256_sub_epi64(_mm256_add_epi64(a->l[i], _mm256_set1_epi64x(fe4_2p_limb(i))), b->l[i]);
    FE4_VERIFY(r, LOOSE);
}

/* r = 0 in every lane. */
static FE4_INLINE void fe4_zero(fe4 *r)
{
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = _mm256_setzero_si256();
    FE4_VERIFY(r, REDUCED);
}

/* r = flag ? a : r in every lane, flag in {0, 1}; constant time (a mask
 * select, no branch on flag). */
static FE4_INLINE void fe4_cmov(fe4 *r, const fe4 *a, unsigned flag)
{
    FE4_VERIFY_FLAG(flag);
    const __m256i mask = _mm256_set1_epi64x(-(long long)flag);
#pragma GCC unroll 10
    for (int i = 0; i < FE4_LIMBS; i++) r->l[i] = _mm256_blendv_epi8(r->l[i], a->l[i], mask);
}

/* The contract's lane shuffles (64-bit lanes: vpermq and vpblendd with
 * immediates). */
#define FE4_PERMUTE(r, a, lanes)                                                                   \
    do {                                                                                           \
        _Pragma("GCC unroll 10") for (int k_ = 0; k_ < FE4_LIMBS; k_++)                            \
            (r)->l[k_] = _mm256_permute4x64_epi64((a)->l[k_], (lanes));                            \
    } while (0)
#define FE4_BLEND(r, a, b, mask)                                                                   \
    do {                                                                                           \
        _Pragma("GCC unroll 10") for (int k_ = 0; k_ < FE4_LIMBS; k_++)                            \
            (r)->l[k_] = _mm256_blend_epi32((a)->l[k_], (b)->l[k_], FE4_BLEND_MASK32(mask));       \
    } while (0)
/* A 64-bit-lane mask as the 32-bit-lane mask vpblendd takes. */
#define FE4_BLEND_MASK32(m)                                                                        \
    ((((m) & 1) ? 0x03 : 0) | (((m) & 2) ? 0x0c : 0) | (((m) & 4) ? 0x30 : 0) | (((m) & 8) ? 0xc0 : 0))

/* The 4 x 4 transpose of 64-bit words: row e of in (element e's words) to
 * column e of out (lane e of out[0..3]). Its own inverse. */
static FE4_INLINE void fe4_transpose4(__m256i out[4], const __m256i in[4])
{
    const __m256i t0 = _mm256_unpacklo_epi64(in[0], in[1]); /* 00 10 02 12 */
    const __m256i t1 = _mm256_unpackhi_epi64(in[0], in[1]); /* 01 11 03 13 */
    const __m256i t2 = _mm256_unpacklo_epi64(in[2], in[3]); /* 20 30 22 32 */
    const __m256i t3 = _mm256_unpackhi_epi64(in[2], in[3]); /* 21 31 23 33 */
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* Packs four elements given as five 64-bit limbs each in radix 2^51 (the
 * u64 backend's limbs) into lanes 0..3: u64 limb k splits into limbs 2k (its
 * low 26 bits) and 2k + 1 (the rest). TIGHT u64 limbs (< 2^51 + 2^15) in:
 * REDUCED out (the high parts are then <= 2^25). The limbs are read one by
 * one (scalar loads inserted into lanes), not as 256-bit rows: the callers
 * have often just written them with scalar stores (a table lookup, a
 * serial formula), and a wide load of several narrow stores waits for
 * them to retire instead of taking the stored values directly. */
static FE4_INLINE void fe4_pack(fe4 *r, const fe *a0, const fe *a1, const fe *a2, const fe *a3)
{
    FE4_VERIFY_PACK_IN(a0, a1, a2, a3);
#pragma GCC unroll 5
    for (int k = 0; k < 5; k++) {
        /* Four 64-bit loads (vmovq), vpunpcklqdq, vinserti128:
         * _mm256_set_epi64x may become four stores and a wide load, the
         * very stall this avoids, and vpinsrq from a general register
         * (gcc's code for _mm_insert_epi64) costs two shuffle uops more
         * per pair than the unpack. */
        const __m128i lo = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)&a0->v[k]),
                                              _mm_loadl_epi64((const __m128i *)&a1->v[k]));
        const __m128i hi = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)&a2->v[k]),
                                              _mm_loadl_epi64((const __m128i *)&a3->v[k]));
        const __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
        r->l[2 * k] = fe4_limb_low(v, 0);
        r->l[2 * k + 1] = _mm256_srli_epi64(v, 26);
    }
    FE4_VERIFY(r, REDUCED);
}

/* Unpacks lanes 0..3 into five radix-2^51 limbs each, carried once (all
 * five carries at the same time, the top one times 19): limbs < 2^32 in (so
 * each combined limb is < 2^58 and its carry < 2^7), u64 TIGHT out (limb 0 <
 * 2^51 + 2^11.3, the others < 2^51 + 2^7). */
static FE4_INLINE void fe4_unpack(fe *r0, fe *r1, fe *r2, fe *r3, const fe4 *a)
{
    FE4_VERIFY(a, CARRY); /* limbs < 2^32, wider than the contract's REDUCED (test_avx2 uses it) */
    fe *const out[4] = {r0, r1, r2, r3};
    const __m256i m51 = _mm256_set1_epi64x((long long)0x7ffffffffffffLL);
    __m256i w[5], c[5], rows[4];
#pragma GCC unroll 5
    for (int k = 0; k < 5; k++) w[k] = _mm256_add_epi64(a->l[2 * k], _mm256_slli_epi64(a->l[2 * k + 1], 26));
#pragma GCC unroll 5
    for (int k = 0; k < 5; k++) c[k] = _mm256_srli_epi64(w[k], 51);
    w[0] = _mm256_add_epi64(_mm256_and_si256(w[0], m51), fe4_times19(c[4]));
#pragma GCC unroll 5
    for (int k = 1; k < 5; k++) w[k] = _mm256_add_epi64(_mm256_and_si256(w[k], m51), c[k - 1]);
    fe4_transpose4(rows, w);
    uint64_t top[4];
    _mm256_storeu_si256((__m256i *)top, w[4]);
#pragma GCC unroll 4
    for (int e = 0; e < 4; e++) {
        _mm256_storeu_si256((__m256i *)out[e]->v, rows[e]);
        out[e]->v[4] = top[e];
    }
    FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3);
}

#endif
