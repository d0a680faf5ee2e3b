/* What tests/vector_checks.c needs to know about the neon backend (built
 * with NEON, or on x86-64 with SIMDe's portable NEON: ECXI_NEON_SIMDE): its
 * headers, inputs with its extreme limbs, and its documented bounds
 * (src/backend/neon/field4.h). The serial partner is u64 on AArch64 and u32
 * on ARMv7 (ECXI_NEON_PARTNER_U32 picks u32 in the SIMDe build too); the
 * inputs are the partner's TIGHT extremes. */
#ifndef ECX_TESTS_VECTOR_BACKEND_NEON_H
#define ECX_TESTS_VECTOR_BACKEND_NEON_H

#if defined(__arm__) || defined(ECXI_NEON_PARTNER_U32)
#include "backend/u32/field.h"
#else
#include "backend/u64/field.h"
#endif
#include "backend/neon/field4.h"
#include "backend/vector/edwards4.h"
#include "check.h"

#ifdef FE4_PARTNER_U32
/* A u32 TIGHT element: limb i random below 2^w_i + 2^(w_i - 6), or an
 * extreme (that bound minus 1, 0, 2^w_i, 2^w_i - 1) now and then. */
static void vector_random_input(fe *a)
{
    for (int i = 0; i < 10; i++) {
        const uint32_t w = 26 - (i & 1), tight = (1u << w) + (1u << (w - 6));
        const uint64_t r = check_rand64();
        switch (r % 8) {
        case 0: a->v[i] = tight - 1; break;
        case 1: a->v[i] = 0; break;
        case 2: a->v[i] = 1u << w; break;
        case 3: a->v[i] = (1u << w) - 1; break;
        default: a->v[i] = (uint32_t)((r >> 3) % tight); break;
        }
    }
}
#else
/* A u64 TIGHT element (limbs < 2^51 + 2^15), built from the two halves
 * fe4_pack splits each limb into: the high part (bits 26..) 0, 2^25 (the
 * TIGHT maximum, low part then < 2^15), 2^25 - 1 or random, the low 26
 * bits 0, 2^26 - 1 or random. */
static void vector_random_input(fe *a)
{
    for (int k = 0; k < 5; k++) {
        const uint64_t r = check_rand64();
        const uint64_t high_choice[4] = {0, (uint64_t)1 << 25, ((uint64_t)1 << 25) - 1, (r >> 8) & 0x1ffffff};
        const uint64_t low_choice[3] = {0, 0x3ffffff, (r >> 34) & 0x3ffffff};
        const uint64_t high = high_choice[r & 3];
        uint64_t low = low_choice[(r >> 2) % 3];
        if (high == (uint64_t)1 << 25) low &= 0x7fff;
        a->v[k] = (high << 26) | low;
    }
}
#endif

/* The bound classes vector_checks.c asks about. */
enum { VECTOR_AFTER_PRODUCT, VECTOR_AFTER_CARRY, VECTOR_REDUCED };

/* 1 if every lane of x is within the bound field4.h documents for the
 * class, per limb i with w_i = 26 - (i mod 2): a product (limbs 1 and 5 <
 * 2^25 + 2^17, the others < 2^w_i), a carry (limb 0 < 2^26 + 2^7, the
 * others < 2^w_i + 2^3), REDUCED (< 2^w_i + 2^(w_i - 6)). */
static int vector_bounds_ok(const fe4 *x, int kind)
{
    int ok = 1;
    for (int i = 0; i < FE4_LIMBS; i++) {
        uint32_t lane[4];
        const uint32_t w = 1u << (26 - (i & 1));
        uint32_t bound = w + (w >> 6);
        if (kind == VECTOR_AFTER_PRODUCT) bound = (i == 1 || i == 5) ? w + (1u << 17) : w;
        if (kind == VECTOR_AFTER_CARRY) bound = i == 0 ? w + (1u << 7) : w + (1u << 3);
        vst1q_u32(lane, x->l[i]);
        for (int e = 0; e < 4; e++) ok &= lane[e] < bound;
    }
    return ok;
}

#endif
