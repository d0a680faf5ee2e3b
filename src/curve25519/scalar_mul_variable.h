/* Constant-time variable-base multiplication [s]P.
 *
 * Source: the fixed-window method with signed radix-16 digits of ref10's
 * descendants (libsodium's ge25519_scalarmult, curve25519-dalek's
 * scalar_mul::variable_base): s = sum e_i 16^i with e_i in [-8, 8], a table
 * of the cached points P, 2P, ..., 8P, and Horner's rule from the top digit:
 * 63 rounds of four doublings and one addition of [e_i]P. The table lookup
 * scans all eight entries with masks and negates with a cmov, so neither a
 * branch nor an address depends on s.
 *
 * Written once on the point kernels (curve25519/point_kernels.h): serial
 * or 4-way, the same digits, table and additions.
 */
#ifndef ECX_CURVE25519_SCALAR_MUL_VARIABLE_H
#define ECX_CURVE25519_SCALAR_MUL_VARIABLE_H

#include <stdint.h>

#include "curve25519/edwards.h"
#include "curve25519/point_kernels.h"
#include "curve25519/scalar_recode.h"

/* table[j] = [j + 1] P for j < 8: one doubling, six additions. */
static inline void ge_addend_multiples(ge_addend table[8], const ge_p3 *p)
{
    ge_point u;
    ge_point_from_p3(&u, p);
    ge_addend_from_point(&table[0], &u);
    ge_point_dbl(&u, &u);
    ge_addend_from_point(&table[1], &u);
    for (int j = 2; j < 8; j++) ge_addend_next(&table[j], &u, &table[0]);
}

/* r = [s]P for a 32-byte little-endian s < 2^255 (bit 255 clear) and any
 * curve point P (small-order components are multiplied too: no reduction
 * of s mod l happens). Constant time in s and in P; the digits, the table
 * and the accumulator are wiped. r may alias p. */
static void ge_scalarmult(ge_p3 *r, const uint8_t s[32], const ge_p3 *p)
{
    ge_addend table[8], t;
    ge_acc acc;
    int8_t e[64];

    ge_addend_multiples(table, p);
    sc_recode_radix16(e, s);

    ge_acc_identity(&acc);
    ge_addend_select(&t, table, e[63]);
    ge_acc_add(&acc, &t);
    for (int i = 62; i >= 0; i--) {
        for (int k = 0; k < 4; k++) ge_acc_dbl(&acc);
        ge_addend_select(&t, table, e[i]);
        ge_acc_add(&acc, &t);
    }
    ge_acc_to_p3(r, &acc);

    ct_wipe(e, sizeof e);
    ct_wipe(table, sizeof table);
    ct_wipe(&t, sizeof t);
    ct_wipe(&acc, sizeof acc);
}

#endif
