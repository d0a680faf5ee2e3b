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

/* fe4_carry at the two input extremes src/backend/ifma/field4.h documents
 * (issue 12): limbs just below 300 2^52 + 2^61 (WIDE2) must come out
 * TIGHT (limb 0 < 2^51 + 2^15, the others < 2^51 + 2^11), so that
 * fe4_unpack takes them; limbs just below 2^63 (a WIDE2 + WIDE2 sum) come
 * out with limb 0 < 2^51 + 19 2^12 and the others < 2^51 + 2^12. The
 * value is checked against an independent oracle: the 267-bit integer
 * sum_k limb_k 2^(51 k) written out in words, reduced by 2^255 = 19 and
 * read by the serial fe_from_bytes. Lanes: every limb at the extreme,
 * and three variants (limb 0 small, alternate limbs one below, random
 * limbs below the extreme). */
#define VECTOR_BACKEND_EXTREMES 1
static void vector_carry_oracle(fe *r, const uint64_t limbs[5])
{
    uint64_t w[6] = {0};
    for (int k = 0; k < 5; k++) {
        const int q = 51 * k / 64, s = 51 * k % 64;
        unsigned __int128 add = (unsigned __int128)limbs[k] << s;
        for (int i = q; i < 6 && add != 0; i++) {
            const unsigned __int128 t = (unsigned __int128)w[i] + (uint64_t)add;
            w[i] = (uint64_t)t;
            add = (add >> 64) + (t >> 64);
        }
    }
    const uint64_t high = (w[3] >> 63) | (w[4] << 1); /* bits 255.. (< 2^13) */
    uint8_t bytes[32];
    w[3] &= ~((uint64_t)1 << 63);
    for (int i = 0; i < 32; i++) bytes[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
    fe low, folded;
    fe_from_bytes(&low, bytes);
    fe_zero(&folded);
    folded.v[0] = 19 * high;
    fe_add(r, &low, &folded);
    fe_carry(r, r);
}

static void vector_backend_extremes(void)
{
    const uint64_t m51 = ((uint64_t)1 << 51) - 1;
    const uint64_t tops[2] = {((uint64_t)300 << 52) + ((uint64_t)1 << 61) - 1, ((uint64_t)1 << 63) - 1};
    const uint64_t bound0[2] = {((uint64_t)1 << 51) + ((uint64_t)1 << 15), ((uint64_t)1 << 51) + 19 * ((uint64_t)1 << 12)};
    const uint64_t bound[2] = {((uint64_t)1 << 51) + ((uint64_t)1 << 11), ((uint64_t)1 << 51) + ((uint64_t)1 << 12)};
    for (int x = 0; x < 2; x++) {
        uint64_t in[4][5], lane[5][4];
        for (int k = 0; k < 5; k++) {
            in[0][k] = tops[x];
            in[1][k] = k == 0 ? m51 : tops[x];
            in[2][k] = tops[x] - (uint64_t)(k & 1);
            in[3][k] = check_rand64() % (tops[x] + 1);
        }
        fe4 a, r, again;
        for (int k = 0; k < 5; k++) a.l[k] = _mm256_set_epi64x((long long)in[3][k], (long long)in[2][k], (long long)in[1][k], (long long)in[0][k]);
        fe4_carry(&r, &a);
        for (int k = 0; k < 5; k++) _mm256_storeu_si256((__m256i *)lane[k], r.l[k]);
        for (int e = 0; e < 4; e++) {
            CHECK_CTX(lane[0][e] < bound0[x], x ? "fe4_carry of 2^63 - 1: limb 0" : "fe4_carry of WIDE2: limb 0");
            for (int k = 1; k < 5; k++) CHECK_CTX(lane[k][e] < bound[x], x ? "fe4_carry of 2^63 - 1" : "fe4_carry of WIDE2");
        }
        /* The TIGHT case unpacks as it is; the other is carried once more. */
        if (x == 1) fe4_carry(&again, &r);
        else again = r;
        fe got[4];
        fe4_unpack(&got[0], &got[1], &got[2], &got[3], &again);
        for (int e = 0; e < 4; e++) {
            fe want;
            uint8_t g[32], w[32];
            vector_carry_oracle(&want, in[e]);
            fe_to_bytes(g, &got[e]);
            fe_to_bytes(w, &want);
            CHECK_MEM(g, w, 32, x ? "fe4_carry of 2^63 - 1: value" : "fe4_carry of WIDE2: value");
        }
    }
}

#endif
