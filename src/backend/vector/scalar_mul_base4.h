/* Vector layer: the constant-time fixed-base multiplication [s]B of
 * curve25519/scalar_mul_base.h with its additions on the 4-way point
 * formulas (backend/vector/contract.h). The comb, the recoding and the constant-time lookups
 * (ge_base_select, which scans every entry with masks) are the generic
 * code's; each selected affine entry (y+x, y-x, 2dxy) enters as the cached
 * point (y-x, y+x, 2dxy, 2) with Z = 1, and the 65 additions and 4
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

/* r = [s]B for a 32-byte little-endian s < 2^255 (bit 255 clear). Constant
 * time in s; the digits, the selected entries and the accumulators are
 * wiped.
 *
 * The comb's two sums, odd = sum_{i odd} [e_i] 256^(i/2) B and even = the
 * same over even i, are built in two independent chains, one addition of
 * each per table position, and joined at the end as [s]B = 16 odd + even
 * (one more addition than the serial order, odd first, then four
 * doublings, then the even digits). A 4-way addition is latency-bound (its
 * two products wait for each other), so two chains side by side keep the
 * multipliers busy: 12% fewer cycles per signature on the Intel machine of
 * docs/performance.md. */
static void ge_scalarmult_base(ge_p3 *r, const uint8_t s[32])
{
    int8_t e[64];
    ge4_extended acc[2]; /* the odd and the even sum */
    ge4_cached q[2];
    ge_precomp t[2];

    sc_recode_radix16(e, s);
    ge4_identity(&acc[0]);
    ge4_identity(&acc[1]);

    for (int i = 0; i < 32; i++) {
        ge_base_select(&t[0], ge_base_comb[i], e[2 * i + 1]);
        ge_base_select(&t[1], ge_base_comb[i], e[2 * i]);
        ge4_cached_from_precomp(&q[0], &t[0]);
        ge4_cached_from_precomp(&q[1], &t[1]);
        ge4_add_x2(acc, acc, q);
    }
    for (int k = 0; k < 4; k++) ge4_double(&acc[0], &acc[0]);
    ge4_cached_from_extended(&q[0], &acc[1]);
    ge4_add(&acc[0], &acc[0], &q[0]);

    ge4_to_p3(r, &acc[0]);
    ct_wipe(e, sizeof e);
    ct_wipe(t, sizeof t);
    ct_wipe(q, sizeof q);
    ct_wipe(acc, sizeof acc);
}

#endif
