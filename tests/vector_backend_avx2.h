/* What tests/vector_checks.c needs to know about the avx2 backend (built
 * with -mavx2): its headers (the field and its own point formulas), inputs
 * with its extreme limbs, and its documented bounds
 * (src/backend/avx2/field4.h). The edges of the LOOSE and WIDE classes,
 * which no packed serial element reaches, are tested limb by limb in
 * tests/avx2_checks.c. */
#ifndef ECX_TESTS_VECTOR_BACKEND_AVX2_H
#define ECX_TESTS_VECTOR_BACKEND_AVX2_H

#include "backend/u64/field.h"
#include "backend/avx2/field4.h"
#include "backend/avx2/edwards4.h"
#include "check.h"

/* A serial (u64) element that fe4_pack takes: TIGHT limbs, random below
 * 2^51 + 2^15 or an extreme (2^51 + 2^15 - 1, 0, 2^51, 2^51 - 1) now and
 * then. */
static void vector_random_input(fe *a)
{
    const uint64_t tight = ((uint64_t)1 << 51) + ((uint64_t)1 << 15);
    for (int k = 0; k < 5; k++) {
        uint64_t r = check_rand64();
        switch (r % 8) {
        case 0: a->v[k] = tight - 1; break;
        case 1: a->v[k] = 0; break;
        case 2: a->v[k] = (uint64_t)1 << 51; break;
        case 3: a->v[k] = ((uint64_t)1 << 51) - 1; break;
        default: a->v[k] = (r >> 3) % tight; break;
        }
    }
}

/* The bound classes vector_checks.c asks about. */
enum { VECTOR_AFTER_PRODUCT, VECTOR_AFTER_CARRY, VECTOR_REDUCED };

/* The excess over 2^w_i that a product's limb i may carry, as
 * fe4_reduce_columns documents it for the variant built: the rounds
 * (limb 1 < 2^25 + 2^16.9, limbs 3, 5, 7, 9 < 2^25 + 2^12.6, checked as
 * 2^18 and 2^13; the column-ordered squaring's limb 1 < 2^25 + 2^17.3
 * and exact others are within them) or the chain (limb 1 < 2^25 + 2^17.3,
 * limb 5 < 2^25 + 2^13.1: 2^18 and 2^14). */
static uint64_t vector_product_excess(int i)
{
    if (i == 1) return (uint64_t)1 << 18;
#if FE4_REDUCE_BY_ROUNDS
    if (i & 1) return (uint64_t)1 << 13;
#else
    if (i == 5) return (uint64_t)1 << 14;
#endif
    return 0;
}

/* 1 if every lane of x is within the bound field4.h documents for the
 * class, per limb i with w_i = 26 - (i mod 2): a product (2^w_i plus
 * vector_product_excess), a carry (limb 0 < 2^26 + 2^11.3, the others <
 * 2^w_i + 2^7; checked as 2^12 and 2^7), REDUCED (< 2^w_i + 2^18). */
static int vector_bounds_ok(const fe4 *x, int kind)
{
    int ok = 1;
    for (int i = 0; i < FE4_LIMBS; i++) {
        uint64_t lane[4];
        const uint64_t w = (uint64_t)1 << (26 - (i & 1));
        uint64_t bound = w + ((uint64_t)1 << 18);
        if (kind == VECTOR_AFTER_PRODUCT) bound = w + vector_product_excess(i);
        if (kind == VECTOR_AFTER_CARRY) bound = i == 0 ? w + ((uint64_t)1 << 12) : w + ((uint64_t)1 << 7);
        _mm256_storeu_si256((__m256i *)lane, x->l[i]);
        for (int e = 0; e < 4; e++) ok &= lane[e] < bound;
    }
    return ok;
}

#endif
