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
 * Written once on the point kernels (curve25519/point_kernels.h): serial
 * or 4-way, the same digits, tables and additions.
 *
 * VARIABLE TIME: branches and table indices depend on a and b. Public
 * inputs only.
 */
#ifndef ECX_CURVE25519_SCALAR_MUL_DOUBLE_H
#define ECX_CURVE25519_SCALAR_MUL_DOUBLE_H

#include <stdint.h>

#include "curve25519/ed25519_tables.h"
#include "curve25519/edwards.h"
#include "curve25519/point_kernels.h"
#include "curve25519/scalar_mul_base.h" /* ge_precomp_from_words */
#include "curve25519/scalar_recode.h"

#define GE_DOUBLE_WIDTH_A 5
#define GE_DOUBLE_WIDTH_B 8

/* table[j] = (2j + 1) P for j < entries (1 <= entries <= 8): one doubling
 * and entries - 1 additions. Constant time (entries is public). */
static inline void ge_addend_odd_multiples(ge_addend *table, unsigned entries, const ge_p3 *p)
{
    ge_point u, p2;
    ge_addend p2c;
    ge_point_from_p3(&u, p);
    ge_addend_from_point(&table[0], &u);
    if (entries < 2) return;
    ge_point_dbl(&p2, &u);
    ge_addend_from_point(&p2c, &p2);
    for (unsigned k = 1; k < entries; k++) ge_addend_next(&table[k], &u, &p2c);
}

/* r = [a]A + [b]B for 32-byte little-endian a, b < 2^255 (bit 255 clear)
 * and any curve point A. VARIABLE TIME. */
static void ge_double_scalarmult_vartime(ge_p3 *r, const uint8_t a[32], const ge_p3 *A, const uint8_t b[32])
{
    int8_t naf_a[256], naf_b[256];
    ge_addend ai[8]; /* ai[j] = (2j + 1) A */
    ge_precomp bj;
    ge_acc acc;

    sc_recode_wnaf(naf_a, a, GE_DOUBLE_WIDTH_A);
    sc_recode_wnaf(naf_b, b, GE_DOUBLE_WIDTH_B);

    int i = 255;
    while (i >= 0 && naf_a[i] == 0 && naf_b[i] == 0) i--;
    if (i < 0) {
        ge_p3_identity(r);
        return;
    }

    ge_addend_odd_multiples(ai, 8, A);
    ge_acc_identity(&acc);
    /* The first position's digits go onto the identity without the
     * doubling (2 O = O): one doubling fewer. */
    for (int first = 1; i >= 0; i--, first = 0) {
        if (!first) ge_acc_dbl(&acc);
        if (naf_a[i] != 0) {
            const int d = naf_a[i];
            ge_acc_add_vartime(&acc, &ai[(d < 0 ? -d : d) / 2], d < 0);
        }
        if (naf_b[i] != 0) {
            const int d = naf_b[i];
            ge_precomp_from_words(&bj, ge_base_odd[(d < 0 ? -d : d) / 2]);
            ge_acc_madd_vartime(&acc, &bj, d < 0);
        }
    }
    ge_acc_to_p3(r, &acc);
}

#endif
