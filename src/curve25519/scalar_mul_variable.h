/* Constant-time variable-base multiplication [s]P.
 *
 * Source: the fixed-window method with signed radix-16 digits of ref10's
 * descendants (libsodium's ge25519_scalarmult, curve25519-dalek's
 * scalar_mul::variable_base): s = sum e_i 16^i with e_i in [-8, 8], a table
 * of the cached points P, 2P, ..., 8P, and Horner's rule from the top digit:
 * 63 rounds of four doublings and one addition of [e_i]P. The table lookup
 * scans all eight entries with masks and negates with a cmov, so neither a
 * branch nor an address depends on s.
 */
#ifndef ECX_CURVE25519_SCALAR_MUL_VARIABLE_H
#define ECX_CURVE25519_SCALAR_MUL_VARIABLE_H

#include <stdint.h>

#include "curve25519/edwards.h"
#include "curve25519/scalar_recode.h"

/* t = [b] P from table[j] = [j + 1] P, for b in [-8, 8] (the identity for
 * b = 0). Constant time in b. */
static inline void ge_cached_select(ge_cached *t, const ge_cached table[8], int8_t b)
{
    const unsigned bneg = (unsigned)((uint8_t)b >> 7);
    const unsigned babs = (unsigned)(uint8_t)(b - (int8_t)((0 - (int)bneg) & (2 * b)));
    ge_cached_identity(t);
    for (unsigned j = 0; j < 8; j++) {
        unsigned eq = (unsigned)ct_barrier_u64((((babs ^ (j + 1)) - 1u) >> 31) & 1u); /* babs <= 8 */
        ge_cached_cmov(t, &table[j], eq);
    }
    ge_cached_cneg(t, (unsigned)ct_barrier_u64(bneg));
}

/* A vector backend may bring its own ge_scalarmult (same contract, same
 * digits and table, its own point arithmetic and constant-time select): it
 * defines ECXI_VECTOR_KERNELS (backend/vector/kernels.h). */
#ifndef ECXI_VECTOR_KERNELS
/* r = [s]P for a 32-byte little-endian s < 2^255 (bit 255 clear) and any
 * curve point P (small-order components are multiplied too: no reduction
 * of s mod l happens). Constant time in s and in P. r may alias p. */
static void ge_scalarmult(ge_p3 *r, const uint8_t s[32], const ge_p3 *p)
{
    ge_cached table[8], t;
    ge_p1p1 u;
    ge_p3 acc;
    int8_t e[64];

    /* table[j] = [j + 1] P: one doubling, six additions. */
    ge_p3_to_cached(&table[0], p);
    ge_p3_dbl(&u, p);
    ge_p1p1_to_p3(&acc, &u);
    ge_p3_to_cached(&table[1], &acc);
    for (int j = 2; j < 8; j++) {
        ge_add(&u, p, &table[j - 1]);
        ge_p1p1_to_p3(&acc, &u);
        ge_p3_to_cached(&table[j], &acc);
    }

    sc_recode_radix16(e, s);

    ge_p3_identity(&acc);
    ge_cached_select(&t, table, e[63]);
    ge_add(&u, &acc, &t);
    ge_p1p1_to_p3(&acc, &u);
    for (int i = 62; i >= 0; i--) {
        ge_p3_dbln(&acc, &acc, 4);

        ge_cached_select(&t, table, e[i]);
        ge_add(&u, &acc, &t);
        ge_p1p1_to_p3(&acc, &u);
    }
    *r = acc;

    ct_wipe(e, sizeof e);
    ct_wipe(table, sizeof table);
    ct_wipe(&t, sizeof t);
}
#endif /* ECXI_VECTOR_KERNELS */

#endif
