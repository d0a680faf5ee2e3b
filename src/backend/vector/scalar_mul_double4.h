/* Vector layer: the double-base multiplication [a]A + [b]B of verification
 * on the 4-way point formulas (backend/vector/contract.h), replacing the
 * serial kernel of
 * curve25519/scalar_mul_double.h (DESIGN.md: a vector backend replaces the
 * point kernels and reuses its serial partner, u64, for the rest).
 *
 * The algorithm is the serial kernel's, step for step (interleaved width-w
 * NAF, Moeller 2001; A at width 5 with A .. 15A built per call, B at width 8
 * from the 64 precomputed odd multiples ge_base_odd), so the results are the
 * same points; only the point arithmetic is vectorised: a doubling is one
 * 4-way squaring and one 4-way multiplication, an addition two 4-way
 * multiplications. The basepoint's affine entries (y+x, y-x, 2dxy) are
 * cached points with Z = 1: (y-x, y+x, 2dxy, 2) in the lanes of contract.h.
 *
 * Part of backend/vector/kernels.h.
 *
 * VARIABLE TIME: branches and table indices depend on a and b. Public
 * inputs only.
 */
#ifndef ECX_BACKEND_VECTOR_SCALAR_MUL_DOUBLE4_H
#define ECX_BACKEND_VECTOR_SCALAR_MUL_DOUBLE4_H

#include <stdint.h>

#include "backend/vector/ge4_convert.h"
#include "curve25519/ed25519_tables.h"
#include "curve25519/edwards.h"
#include "curve25519/scalar_mul_base.h" /* ge_precomp_from_words */
#include "curve25519/scalar_mul_double.h" /* the widths; no serial kernel */
#include "curve25519/scalar_recode.h"

/* r = [a]A + [b]B for 32-byte little-endian a, b < 2^255 (bit 255 clear)
 * and any curve point A. VARIABLE TIME. */
static void ge_double_scalarmult_vartime(ge_p3 *r, const uint8_t a[32], const ge_p3 *A, const uint8_t b[32])
{
    int8_t naf_a[256], naf_b[256];
    ge4_cached ai[8], q; /* ai[j] = (2j + 1) A */
    ge4_extended acc, u, a2;
    ge_precomp bj;

    sc_recode_wnaf(naf_a, a, GE_DOUBLE_WIDTH_A);
    sc_recode_wnaf(naf_b, b, GE_DOUBLE_WIDTH_B);

    int i = 255;
    while (i >= 0 && naf_a[i] == 0 && naf_b[i] == 0) i--;
    if (i < 0) {
        ge_p3_identity(r);
        return;
    }

    /* ai[j] = ai[j - 1] + 2A: one doubling, seven additions. */
    ge4_from_p3(&u, A);
    ge4_cached_from_extended(&ai[0], &u);
    ge4_double(&a2, &u);
    ge4_cached a2c;
    ge4_cached_from_extended(&a2c, &a2);
    for (int j = 1; j < 8; j++) {
        ge4_add(&u, &u, &a2c);
        ge4_cached_from_extended(&ai[j], &u);
    }

    ge4_identity(&acc);
    for (; i >= 0; i--) {
        ge4_double(&acc, &acc);
        if (naf_a[i] > 0) {
            ge4_add(&acc, &acc, &ai[naf_a[i] / 2]);
        } else if (naf_a[i] < 0) {
            ge4_cached_neg(&q, &ai[-naf_a[i] / 2]);
            ge4_add(&acc, &acc, &q);
        }
        if (naf_b[i] != 0) {
            ge_precomp_from_words(&bj, ge_base_odd[(naf_b[i] < 0 ? -naf_b[i] : naf_b[i]) / 2]);
            ge4_cached_from_precomp(&q, &bj);
            if (naf_b[i] < 0) ge4_cached_neg(&q, &q);
            ge4_add(&acc, &acc, &q);
        }
    }
    ge4_to_p3(r, &acc);
}

#endif
