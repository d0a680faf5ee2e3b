/* Variable-time multi-scalar multiplication [a0]P0 + [a1]P1 + [b]B for
 * verification, and the double-base [a]A + [b]B as its one-point case.
 *
 * Source: interleaved width-w NAF (Moeller, "Algorithms for multi-exponentiation",
 * SAC 2001; Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography", Algorithm 3.51), the structure of ref10's
 * ge_double_scalarmult_vartime and curve25519-dalek's
 * scalar_mul::vartime_double_base. The variable points use width 5 (odd
 * multiples P .. 15P, built per call as cached points); the basepoint uses
 * width 8 with the 64 odd multiples B .. 127B and [2^128]B .. [127 2^128]B
 * precomputed at build time (ge_base_odd, ge_base128_odd, affine), so about
 * 256/9 ~ 28 basepoint additions instead of ref10's 51, and as few
 * doublings as the variable points' scalars allow: about 128 with the
 * half-size scalars of verification (curve25519/scalar_halfsize.h).
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
#include <string.h>

#include "curve25519/ed25519_tables.h"
#include "curve25519/edwards.h"
#include "curve25519/point_kernels.h"
#include "curve25519/scalar_mul_base.h" /* ge_precomp_from_table */
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

/* r = [a0]P0 + [a1]P1 + [b]B for 32-byte little-endian a0, a1, b < 2^255
 * (bit 255 clear); P1 may be NULL (the term is left out, a1 unread). The
 * basepoint's scalar is split into 128-bit halves, b = b_lo + 2^128 b_hi,
 * on B and [2^128]B (ge_base_odd, ge_base128_odd: width 8 each), so the
 * doublings follow the longest of a0, a1, b_lo and b_hi: about 128 for the
 * half-size scalars of verification (curve25519/scalar_halfsize.h), 253
 * for a full-size a0. VARIABLE TIME. */
static void ge_multi_scalarmult_vartime(ge_p3 *r, const uint8_t a0[32], const ge_p3 *P0, const uint8_t a1[32],
                                        const ge_p3 *P1, const uint8_t b[32])
{
    int8_t naf_a[2][256], naf_base[2][256]; /* naf_base: b's low and high halves */
    const uint64_t(*const base_tables[2])[12] = {ge_base_odd, ge_base128_odd};
    uint8_t half[32] = {0};
    ge_addend ai[2][8]; /* ai[t][j] = (2j + 1) P_t */
    ge_precomp bj;
    ge_acc acc;
    const unsigned terms = P1 != NULL ? 2 : 1;

    sc_recode_wnaf(naf_a[0], a0, GE_DOUBLE_WIDTH_A);
    if (terms == 2) sc_recode_wnaf(naf_a[1], a1, GE_DOUBLE_WIDTH_A);
    else memset(naf_a[1], 0, sizeof naf_a[1]);
    for (unsigned h = 0; h < 2; h++) {
        memcpy(half, b + 16 * h, 16);
        sc_recode_wnaf(naf_base[h], half, GE_DOUBLE_WIDTH_B);
    }

    int i = 255;
    while (i >= 0 && (naf_a[0][i] | naf_a[1][i] | naf_base[0][i] | naf_base[1][i]) == 0) i--;
    if (i < 0) {
        ge_p3_identity(r);
        return;
    }

    ge_addend_odd_multiples(ai[0], 8, P0);
    if (terms == 2) ge_addend_odd_multiples(ai[1], 8, P1);
    ge_acc_identity(&acc);
    /* The first position's digits go onto the identity without the
     * doubling (2 O = O): one doubling fewer. */
    for (int first = 1; i >= 0; i--, first = 0) {
        if (!first) ge_acc_dbl(&acc);
        for (unsigned t = 0; t < terms; t++) {
            const int d = naf_a[t][i];
            if (d != 0) ge_acc_add_vartime(&acc, &ai[t][(d < 0 ? -d : d) / 2], d < 0);
        }
        for (unsigned h = 0; h < 2; h++) {
            const int d = naf_base[h][i];
            if (d != 0) {
                ge_precomp_from_table(&bj, base_tables[h][(d < 0 ? -d : d) / 2]);
                ge_acc_madd_vartime(&acc, &bj, d < 0);
            }
        }
    }
    ge_acc_to_p3(r, &acc);
}

/* r = [a]A + [b]B for 32-byte little-endian a, b < 2^255 (bit 255 clear)
 * and any curve point A. VARIABLE TIME. */
static inline void ge_double_scalarmult_vartime(ge_p3 *r, const uint8_t a[32], const ge_p3 *A, const uint8_t b[32])
{
    ge_multi_scalarmult_vartime(r, a, A, NULL, NULL, b);
}

#endif
