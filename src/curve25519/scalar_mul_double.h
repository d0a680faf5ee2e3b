/* Variable-time double-base multiplication [a]A + [b]B, for verification.
 *
 * Source: interleaved width-w NAF (Moeller, "Algorithms for multi-exponentiation",
 * SAC 2001; Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography", Algorithm 3.51), the structure of ref10's
 * ge_double_scalarmult_vartime and curve25519-dalek's
 * scalar_mul::vartime_double_base. A uses width 5 (odd multiples A .. 15A,
 * built per call as cached points); the basepoint uses width 8 with the 64
 * odd multiples B .. 127B precomputed at build time (ge_base_odd, affine), so
 * about 256/9 ~ 28 basepoint additions instead of ref10's 51.
 *
 * A vector backend may bring its own kernel with the same name and
 * algorithm (DESIGN.md: vector backends replace the point kernels): it
 * defines ECXI_VECTOR_KERNELS (backend/vector/kernels.h),
 * which then keeps only the widths.
 *
 * VARIABLE TIME: branches and table indices depend on a and b. Public
 * inputs only.
 */
#ifndef ECX_CURVE25519_SCALAR_MUL_DOUBLE_H
#define ECX_CURVE25519_SCALAR_MUL_DOUBLE_H

#include <stdint.h>

#include "curve25519/ed25519_tables.h"
#include "curve25519/edwards.h"
#include "curve25519/scalar_mul_base.h" /* ge_precomp_from_words */
#include "curve25519/scalar_recode.h"

#define GE_DOUBLE_WIDTH_A 5
#define GE_DOUBLE_WIDTH_B 8

#ifndef ECXI_VECTOR_KERNELS
/* r = [a]A + [b]B for 32-byte little-endian a, b < 2^255 (bit 255 clear)
 * and any curve point A. VARIABLE TIME. */
static void ge_double_scalarmult_vartime(ge_p3 *r, const uint8_t a[32], const ge_p3 *A, const uint8_t b[32])
{
    int8_t naf_a[256], naf_b[256];
    ge_cached ai[8]; /* ai[j] = (2j + 1) A */
    ge_precomp bj;
    ge_p1p1 t;
    ge_p3 u;
    ge_p2 q;

    sc_recode_wnaf(naf_a, a, GE_DOUBLE_WIDTH_A);
    sc_recode_wnaf(naf_b, b, GE_DOUBLE_WIDTH_B);

    /* ai[j] = ai[j - 1] + 2A: one doubling, seven additions. */
    ge_cached a2;
    ge_p3_dbl(&t, A);
    ge_p1p1_to_p3(&u, &t);
    ge_p3_to_cached(&a2, &u);
    ge_p3_to_cached(&ai[0], A);
    u = *A;
    for (int j = 1; j < 8; j++) {
        ge_add(&t, &u, &a2);
        ge_p1p1_to_p3(&u, &t);
        ge_p3_to_cached(&ai[j], &u);
    }

    int i = 255;
    while (i >= 0 && naf_a[i] == 0 && naf_b[i] == 0) i--;
    if (i < 0) {
        ge_p3_identity(r);
        return;
    }

    ge_p2_identity(&q);
    for (; i >= 0; i--) {
        ge_p2_dbl(&t, &q);
        if (naf_a[i] > 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_add(&t, &u, &ai[naf_a[i] / 2]);
        } else if (naf_a[i] < 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_sub(&t, &u, &ai[-naf_a[i] / 2]);
        }
        if (naf_b[i] > 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_precomp_from_words(&bj, ge_base_odd[naf_b[i] / 2]);
            ge_madd(&t, &u, &bj);
        } else if (naf_b[i] < 0) {
            ge_p1p1_to_p3(&u, &t);
            ge_precomp_from_words(&bj, ge_base_odd[-naf_b[i] / 2]);
            ge_msub(&t, &u, &bj);
        }
        if (i == 0) break;
        ge_p1p1_to_p2(&q, &t);
    }
    ge_p1p1_to_p3(r, &t);
}
#endif

#endif
