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
 * or 4-way, the same digits, table and additions. The loop is Straus's
 * (ge_straus_ct) so that the range-proof prover's constant-time
 * multiscalar multiplication (proofs/rangeproof_points.h) runs the same
 * code for n points.
 */
#ifndef ECX_CURVE25519_SCALAR_MUL_VARIABLE_H
#define ECX_CURVE25519_SCALAR_MUL_VARIABLE_H

#include <stddef.h>
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

/* r = sum_{j < n} [e_j] P_j, where tables[j] holds ge_addend_multiples of
 * P_j and digits[j] the 64 signed radix-16 digits (sc_recode_radix16) of
 * e_j: Straus's interleaving, one chain of doublings for all points, 4 per
 * digit position, and one masked selection and addition per point and
 * position. CONSTANT TIME in the digits and the tables (n is public); its
 * own temporaries are wiped, the tables and digits are the caller's to
 * wipe. With n = 1 (a constant once inlined) it is the fixed-window
 * [s]P above. */
static inline void ge_straus_ct(ge_p3 *r, size_t n, ge_addend (*tables)[8], int8_t (*digits)[64])
{
    ge_addend t;
    ge_acc acc;

    ge_acc_identity(&acc);
    for (int i = 63; i >= 0; i--) {
        if (i != 63)
            for (int k = 0; k < 4; k++) ge_acc_dbl(&acc);
        for (size_t j = 0; j < n; j++) {
            ge_addend_select(&t, tables[j], digits[j][i]);
            ge_acc_add(&acc, &t);
        }
    }
    ge_acc_to_p3(r, &acc);

    ct_wipe(&t, sizeof t);
    ct_wipe(&acc, sizeof acc);
}

/* r = [s]P for a 32-byte little-endian s < 2^255 (bit 255 clear) and any
 * curve point P (small-order components are multiplied too: no reduction
 * of s mod l happens). Constant time in s and in P; the digits, the table
 * and the accumulator are wiped. r may alias p. */
static void ge_scalarmult(ge_p3 *r, const uint8_t s[32], const ge_p3 *p)
{
    ge_addend table[8];
    int8_t e[64];

    ge_addend_multiples(table, p);
    sc_recode_radix16(e, s);
    ge_straus_ct(r, 1, &table, &e);

    ct_wipe(e, sizeof e);
    ct_wipe(table, sizeof table);
}

#endif
