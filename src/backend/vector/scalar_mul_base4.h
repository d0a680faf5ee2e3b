/* Vector layer: the constant-time fixed-base multiplication [s]B of
 * curve25519/scalar_mul_base.h with its additions on the 4-way point
 * formulas (backend/vector/contract.h). The comb, the recoding and the constant-time lookups
 * (ge_base_select, which scans every entry with masks) are the generic
 * code's; each selected affine entry (y+x, y-x, 2dxy) enters as the cached
 * point (y-x, y+x, 2dxy, 2) with Z = 1, and the 64 additions and 4
 * doublings run 4-way. The vector formulas have no branch and no
 * data-dependent index, so the whole is constant time in s like the serial
 * kernel; test_ctime checks it on every vector backend (ifma through its
 * stand-in build, docs/vector.md).
 *
 * Part of backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_SCALAR_MUL_BASE4_H
#define ECX_BACKEND_VECTOR_SCALAR_MUL_BASE4_H

#include <stdint.h>

#include "backend/vector/ge4_convert.h"
#include "common/constant_time.h"
#include "curve25519/scalar_mul_base.h"
#include "curve25519/scalar_recode.h"

/* acc = acc + [digit] (256^pos B): the constant-time lookup, then a 4-way
 * addition of the entry as a cached point. */
static inline void ge4_base_comb_add(ge4_extended *acc, const uint64_t table[8][12], int8_t digit)
{
    ge_precomp t;
    ge4_cached q;
    ge_base_select(&t, table, digit);
    ge4_cached_from_precomp(&q, &t);
    ge4_add(acc, acc, &q);
    ct_wipe(&t, sizeof t);
    ct_wipe(&q, sizeof q);
}

/* r = [s]B for a 32-byte little-endian s < 2^255 (bit 255 clear). Constant
 * time in s; the digits and the accumulator are wiped. */
static void ge_scalarmult_base(ge_p3 *r, const uint8_t s[32])
{
    int8_t e[64];
    ge4_extended acc;

    sc_recode_radix16(e, s);
    ge4_identity(&acc);

    for (int i = 1; i < 64; i += 2) ge4_base_comb_add(&acc, ge_base_comb[i / 2], e[i]);
    for (int k = 0; k < 4; k++) ge4_double(&acc, &acc);
    for (int i = 0; i < 64; i += 2) ge4_base_comb_add(&acc, ge_base_comb[i / 2], e[i]);

    ge4_to_p3(r, &acc);
    ct_wipe(e, sizeof e);
    ct_wipe(&acc, sizeof acc);
}

#endif
