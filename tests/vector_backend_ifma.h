/* What tests/vector_checks.c needs to know about the ifma backend (built
 * once with -mavx512ifma -mavx512vl, and once with -mavx2
 * -DECXI_IFMA_STANDIN=1 for the stand-in of the constant-time build): its
 * headers, inputs with its extreme limbs, and its documented bounds
 * (src/backend/ifma/field4.h). */
#ifndef ECX_TESTS_VECTOR_BACKEND_IFMA_H
#define ECX_TESTS_VECTOR_BACKEND_IFMA_H

#include "backend/u64/field.h"
#include "backend/ifma/field4.h"
#include "backend/vector/edwards4.h"
#include "check.h"

/* A serial (u64) element whose limbs fe4_pack takes as they are and the
 * serial fe_mul / fe_sq accept too: random below 2^52 (IFMA reads 52 bits),
 * or an extreme (2^52 - 1, 0, 2^51, 2^51 - 1) now and then. */
static void vector_random_input(fe *a)
{
    for (int k = 0; k < 5; k++) {
        uint64_t r = check_rand64();
        switch (r % 8) {
        case 0: a->v[k] = ((uint64_t)1 << 52) - 1; break;
        case 1: a->v[k] = 0; break;
        case 2: a->v[k] = (uint64_t)1 << 51; break;
        case 3: a->v[k] = ((uint64_t)1 << 51) - 1; break;
        default: a->v[k] = (r >> 3) & (((uint64_t)1 << 52) - 1); break;
        }
    }
}

/* The bound classes vector_checks.c asks about. */
enum { VECTOR_AFTER_PRODUCT, VECTOR_AFTER_CARRY, VECTOR_REDUCED };

/* 1 if every lane of x is within the bound field4.h documents for the
 * class: a product (limb 0 < 2^51 + 2^14, the others < 2^51 + 2^10), a
 * carry of sums (< 2^51 + 2^17, 2^51 + 2^12), REDUCED (< 2^52). */
static int vector_bounds_ok(const fe4 *x, int kind)
{
    const int bits0 = kind == VECTOR_AFTER_PRODUCT ? 14 : 17, bits = kind == VECTOR_AFTER_PRODUCT ? 10 : 12;
    int ok = 1;
    for (int k = 0; k < 5; k++) {
        uint64_t lane[4];
        _mm256_storeu_si256((__m256i *)lane, x->l[k]);
        for (int e = 0; e < 4; e++) {
            const uint64_t bound = kind == VECTOR_REDUCED ? (uint64_t)1 << 52
                                                          : ((uint64_t)1 << 51) + ((uint64_t)1 << (k == 0 ? bits0 : bits));
            ok &= lane[e] < bound;
        }
    }
    return ok;
}

#endif
