/* Vector layer: the constant-time variable-base multiplication [s]P of
 * curve25519/scalar_mul_variable.h on the 4-way point formulas
 * (backend/vector/contract.h): the
 * same signed radix-16 digits, the same table of P .. 8P and the same
 * Horner steps (four doublings and one addition per digit); the table
 * holds 4-way cached points and the constant-time lookup blends whole
 * vectors under masks (ge4_cached_cmov). No branch and no memory index
 * depends on s or P; test_ctime checks it on every vector backend.
 *
 * Part of backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_SCALAR_MUL_VARIABLE4_H
#define ECX_BACKEND_VECTOR_SCALAR_MUL_VARIABLE4_H

#include <stdint.h>

#include "backend/vector/ge4_convert.h"
#include "common/constant_time.h"
#include "curve25519/scalar_mul_variable.h"
#include "curve25519/scalar_recode.h"

/* t = [b] P from table[j] = [j + 1] P, b in [-8, 8] (the identity's cached
 * form (1, 1, 0, 2) for b = 0). Constant time in b: every entry is read
 * and blended under a mask, and the negation is computed and blended too. */
static inline GE4_FLATTEN void ge4_cached_select(ge4_cached *t, const ge4_cached table[8], int8_t b)
{
    const uint64_t bneg = (uint64_t)((uint8_t)b >> 7);
    const uint64_t babs = (uint64_t)(uint8_t)(b - (int8_t)((0 - (int)bneg) & (2 * b)));
    ge4_cached_identity(t);
    for (uint64_t j = 0; j < 8; j++) {
        const unsigned eq = (unsigned)ct_barrier_u64((((babs ^ (j + 1)) - 1) >> 63) & 1);
        ge4_cached_cmov(t, &table[j], eq);
    }
    ge4_cached negated;
    ge4_cached_neg(&negated, t);
    ge4_cached_cmov(t, &negated, (unsigned)ct_barrier_u64(bneg));
}

/* r = [s]P for a 32-byte little-endian s < 2^255 (bit 255 clear) and any
 * curve point P. Constant time in s and in P. r may alias p. */
static void ge_scalarmult(ge_p3 *r, const uint8_t s[32], const ge_p3 *p)
{
    ge4_cached table[8], t;
    ge4_extended u, acc;
    int8_t e[64];

    /* table[j] = [j + 1] P: one doubling, six additions. */
    ge4_from_p3(&u, p);
    ge4_cached_from_extended(&table[0], &u);
    ge4_double(&acc, &u);
    ge4_cached_from_extended(&table[1], &acc);
    for (int j = 2; j < 8; j++) {
        ge4_add(&acc, &u, &table[j - 1]);
        ge4_cached_from_extended(&table[j], &acc);
    }

    sc_recode_radix16(e, s);

    ge4_identity(&acc);
    ge4_cached_select(&t, table, e[63]);
    ge4_add(&acc, &acc, &t);
    for (int i = 62; i >= 0; i--) {
        for (int k = 0; k < 4; k++) ge4_double(&acc, &acc);
        ge4_cached_select(&t, table, e[i]);
        ge4_add(&acc, &acc, &t);
    }
    ge4_to_p3(r, &acc);

    ct_wipe(e, sizeof e);
    ct_wipe(table, sizeof table);
    ct_wipe(&t, sizeof t);
    ct_wipe(&u, sizeof u);
    ct_wipe(&acc, sizeof acc);
}

#endif
