/* The checked-bounds build (common/verify.h, meson -Decx_verify=true) for
 * the 4-way vector fields: the bound classes of backend/vector/contract.h
 * (REDUCED, LOOSE, WIDE, WIDE2) with each backend's numbers, as its
 * field4.h states them at its top, checked lane by lane and limb by limb.
 *
 * A backend's field4.h includes this header after contract.h (fe4 is then
 * defined, and the include guard of the field4.h names the backend) and
 * puts one check line at the entry and the exit of each fe4_* function:
 *
 *     FE4_VERIFY(a, REDUCED);            every lane of a is REDUCED
 *     FE4_VERIFY_OR_ZERO(a, REDUCED);    ... or a is zero in every lane
 *     FE4_VERIFY_SUM(a, b);              fe4_add's rule (below)
 *     FE4_VERIFY_PACK_IN(a0, a1, a2, a3) the serial partner's TIGHT
 *     FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3)
 *
 * Classes (bound per limb i; w_i = 26 for even i, 25 for odd i in radix
 * 2^25.5):
 *
 *   class    ifma (5 limbs, 2^51)   avx2 (10, 64-bit lanes)  neon (10, 32-bit)
 *   REDUCED  2^52                   2^w_i + 2^18             2^w_i + 2^(w_i - 6)
 *   LOOSE    2^54                   3 2^w_i + 2^19           3.25 2^w_i
 *   WIDE     300 2^52 (2^60.3)      = REDUCED                = REDUCED
 *   WIDE2    300 2^52 + 2^61        = LOOSE                  = LOOSE
 *   SUM      2^63                   6 2^w_i + 2^20           6.5 2^w_i
 *   CARRY    2^63                   2^32                     2^29
 *
 * SUM is the largest value fe4_add may return (LOOSE + LOOSE, WIDE2 +
 * WIDE2): only fe4_carry takes it (and avx2's fe4_mul as its left
 * factor, the "WIDE" of avx2/field4.h). CARRY is what fe4_carry accepts. avx2 and neon carry their
 * products (FE4_WIDE_IS_REDUCED), so WIDE and WIDE2 are REDUCED and
 * LOOSE there. fe4_add's rule (FE4_VERIFY_SUM, checked on entry with the
 * inputs, before r overwrites an aliased input): both inputs WIDE2; the
 * sum SUM; the sum of two REDUCED inputs LOOSE.
 *
 * The checks branch on the values (testing only, common/verify.h). In
 * other builds every macro is empty and nothing here is compiled. */
#ifndef ECX_BACKEND_VECTOR_VERIFY4_H
#define ECX_BACKEND_VECTOR_VERIFY4_H

#include "common/verify.h"

#ifdef ECX_VERIFY

#include <stdint.h>

enum { FE4V_REDUCED, FE4V_LOOSE, FE4V_WIDE, FE4V_WIDE2, FE4V_SUM, FE4V_CARRY };
#define FE4V_MAX_LIMBS 10 /* of every backend */

#if defined(ECX_BACKEND_IFMA_FIELD4_H) || defined(ECX_BACKEND_AVX2_FIELD4_H)
/* 64-bit lanes of __m256i limbs: v[i][k] = limb i of lane k. */
#define FE4V_LIMBS (int)(sizeof(fe4) / sizeof(__m256i))
static inline void fe4v_lanes(uint64_t v[][4], const fe4 *a)
{
    for (int i = 0; i < FE4V_LIMBS; i++) _mm256_storeu_si256((__m256i *)v[i], a->l[i]);
}

/* The inverse, for the test of the checks (tests/verify4_checks.c). */
static inline void fe4v_from_lanes(fe4 *a, const uint64_t v[][4])
{
    for (int i = 0; i < FE4V_LIMBS; i++) a->l[i] = _mm256_loadu_si256((const __m256i *)v[i]);
}
#endif

#if defined(ECX_BACKEND_IFMA_FIELD4_H)
static inline uint64_t fe4v_bound(int cls, int i)
{
    (void)i;
    switch (cls) {
    case FE4V_REDUCED: return (uint64_t)1 << 52;
    case FE4V_LOOSE: return (uint64_t)1 << 54;
    case FE4V_WIDE: return (uint64_t)300 << 52;
    case FE4V_WIDE2: return ((uint64_t)300 << 52) + ((uint64_t)1 << 61);
    default: return (uint64_t)1 << 63; /* SUM, CARRY */
    }
}
#elif defined(ECX_BACKEND_AVX2_FIELD4_H)
static inline uint64_t fe4v_bound(int cls, int i)
{
    const uint64_t w = (uint64_t)1 << (26 - (i & 1));
    switch (cls) {
    case FE4V_REDUCED:
    case FE4V_WIDE: return w + ((uint64_t)1 << 18);
    case FE4V_LOOSE:
    case FE4V_WIDE2: return 3 * w + ((uint64_t)1 << 19);
    case FE4V_SUM: return 6 * w + ((uint64_t)1 << 20);
    default: return (uint64_t)1 << 32; /* CARRY */
    }
}
#elif defined(ECX_BACKEND_NEON_FIELD4_H)
#define FE4V_LIMBS 10 /* 32-bit lanes of uint32x4_t limbs */
static inline void fe4v_lanes(uint64_t v[][4], const fe4 *a)
{
    for (int i = 0; i < FE4V_LIMBS; i++) {
        uint32_t x[4];
        vst1q_u32(x, a->l[i]);
        for (int k = 0; k < 4; k++) v[i][k] = x[k];
    }
}

/* The inverse (limbs below 2^32), for tests/verify4_checks.c. */
static inline void fe4v_from_lanes(fe4 *a, const uint64_t v[][4])
{
    for (int i = 0; i < FE4V_LIMBS; i++) {
        uint32_t x[4];
        for (int k = 0; k < 4; k++) x[k] = (uint32_t)v[i][k];
        a->l[i] = vld1q_u32(x);
    }
}

static inline uint64_t fe4v_bound(int cls, int i)
{
    const unsigned s = 26 - (unsigned)(i & 1);
    switch (cls) {
    case FE4V_REDUCED:
    case FE4V_WIDE: return ((uint64_t)1 << s) + ((uint64_t)1 << (s - 6));
    case FE4V_LOOSE:
    case FE4V_WIDE2: return (uint64_t)13 << (s - 2);
    case FE4V_SUM: return (uint64_t)13 << (s - 1);
    default: return (uint64_t)1 << 29; /* CARRY */
    }
}
#else
#error "backend/vector/verify4.h: include it from a vector backend's field4.h, after contract.h"
#endif

/* 1 if every limb of every lane of a is below the bound of class cls. */
static inline int fe4v_within(const fe4 *a, int cls)
{
    uint64_t v[FE4V_MAX_LIMBS][4];
    fe4v_lanes(v, a);
    for (int i = 0; i < FE4V_LIMBS; i++)
        for (int k = 0; k < 4; k++)
            if (v[i][k] >= fe4v_bound(cls, i)) return 0;
    return 1;
}

/* 1 if every limb of every lane of a is zero. */
static inline int fe4v_is_zero(const fe4 *a)
{
    uint64_t v[FE4V_MAX_LIMBS][4];
    fe4v_lanes(v, a);
    for (int i = 0; i < FE4V_LIMBS; i++)
        for (int k = 0; k < 4; k++)
            if (v[i][k]) return 0;
    return 1;
}

/* fe4_add's rule: a and b WIDE2, a + b (limb by limb, computed here in
 * 64 bits: no wrap) SUM, and LOOSE when a and b are REDUCED. */
static inline int fe4v_sum_ok(const fe4 *a, const fe4 *b)
{
    uint64_t x[FE4V_MAX_LIMBS][4], y[FE4V_MAX_LIMBS][4];
    if (!fe4v_within(a, FE4V_WIDE2) || !fe4v_within(b, FE4V_WIDE2)) return 0;
    const int cls = fe4v_within(a, FE4V_REDUCED) && fe4v_within(b, FE4V_REDUCED) ? FE4V_LOOSE : FE4V_SUM;
    fe4v_lanes(x, a);
    fe4v_lanes(y, b);
    for (int i = 0; i < FE4V_LIMBS; i++)
        for (int k = 0; k < 4; k++)
            if (x[i][k] + y[i][k] >= fe4v_bound(cls, i)) return 0;
    return 1;
}

#define FE4_VERIFY(a, cls) ECX_VERIFY_CHECK(fe4v_within((a), FE4V_##cls))
#define FE4_VERIFY_OR_ZERO(a, cls) ECX_VERIFY_CHECK(fe4v_is_zero(a) || fe4v_within((a), FE4V_##cls))
#define FE4_VERIFY_SUM(a, b) ECX_VERIFY_CHECK(fe4v_sum_ok((a), (b)))
#define FE4_VERIFY_FLAG(flag) ECX_VERIFY_CHECK((flag) <= 1)
#define FE4_VERIFY_SMALL(k0, k1, k2, k3) ECX_VERIFY_CHECK(((k0) | (k1) | (k2) | (k3)) < (1u << 18))
#define FE4_VERIFY_PACK_IN(a0, a1, a2, a3)                                                         \
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a0) && FE_VERIFY_TIGHT(a1) && FE_VERIFY_TIGHT(a2) && FE_VERIFY_TIGHT(a3))
#define FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3) FE4_VERIFY_PACK_IN(r0, r1, r2, r3)

#else

#define FE4_VERIFY(a, cls) ((void)0)
#define FE4_VERIFY_OR_ZERO(a, cls) ((void)0)
#define FE4_VERIFY_SUM(a, b) ((void)0)
#define FE4_VERIFY_FLAG(flag) ((void)0)
#define FE4_VERIFY_SMALL(k0, k1, k2, k3) ((void)0)
#define FE4_VERIFY_PACK_IN(a0, a1, a2, a3) ((void)0)
#define FE4_VERIFY_UNPACK_OUT(r0, r1, r2, r3) ((void)0)

#endif

#endif
