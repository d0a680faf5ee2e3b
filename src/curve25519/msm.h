/* Variable-time multiscalar multiplication r = sum [s_j] P_j: the entry
 * point that picks Straus (msm_straus.h) for small n and Pippenger
 * (msm_pippenger.h) for large n, and the byte-level wrapper of the
 * edwards operations table.
 *
 * The switch point, measured on the u64 backend (AMD EPYC Zen 4 under KVM,
 * gcc 12 -O3, the library's flags): thousands of TSC cycles (2.6 GHz) per
 * multiplication, the minimum over 8-40 runs, for random points and random
 * scalars below l ("full"), and with every other scalar below 2^128, as in
 * batch verification ("mixed"). Pippenger's width is its own choice.
 *
 *            full scalars              mixed scalars
 *       n   Straus  Pippenger  w      Straus  Pippenger  w
 *      64     1100       1368  5         889       1156  4
 *     128     2156       2381  5        1731       1893  5
 *     160     2696       2725  6        2160       2271  5
 *     176     2962       2946  6        2378       2472  5
 *     192     3204       3153  6        2566       2547  6
 *     256     4293       4013  6        3441       3209  6
 *     512     8841       7223  7        7011       5739  7
 *
 * The curves cross near n = 170 (full) and n = 186 (mixed): Straus is used
 * below GE_MSM_STRAUS_MAX_N = 176 points, Pippenger from there on
 * (batch verification has its own switch, ED25519_BATCH_STRAUS_MAX_N).
 * docs/performance.md ("MSM switch point") has the full table and how it
 * was measured, and "MSM switch point per backend" the vector backends'.
 *
 * VARIABLE TIME throughout: public data only.
 */
#ifndef ECX_CURVE25519_MSM_H
#define ECX_CURVE25519_MSM_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curve25519/edwards.h"
#include "curve25519/edwards_decode_lanes.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/msm_pippenger.h"
#include "curve25519/msm_pippenger_fixed.h"
#include "curve25519/msm_straus.h"
#include "backend/ops_internal.h"
#include "ecx/ecx.h"

/* Straus below this many points, Pippenger from it on (measured above for
 * u64). A backend whose kernels shift the balance defines its own before
 * including the generic code: the vector backends' Pippenger adds its
 * buckets in independent pairs (ge4_add_x2; one 512-bit pair on ifma),
 * which Straus's single accumulator cannot use, so their curves cross
 * lower (src/backend/{ifma,avx2}/backend.c, docs/performance.md "MSM
 * switch point per backend"). */
#ifndef GE_MSM_STRAUS_MAX_N
#define GE_MSM_STRAUS_MAX_N 176
#endif

/* r = sum_{j < n} [scalars[j]] points[j] for 32-byte little-endian scalars
 * below 2^255 (bit 255 clear; not necessarily reduced mod l) and any curve
 * points; n = 0 gives the identity. Returns ECX_OK or ECX_ERR_NOMEM (r
 * untouched). VARIABLE TIME. */
static int ge_msm_vartime(ge_p3 *r, size_t n, const uint8_t (*scalars)[32], const ge_p3 *points)
{
    if (n < GE_MSM_STRAUS_MAX_N) return ge_msm_straus_vartime(r, n, scalars, points);
    return ge_msm_pippenger_vartime(r, n, scalars, points, 0);
}

/* The byte-level operation behind the edwards table (both slots): decodes
 * the points with the ZIP-215 rules, clears bit 255 of each scalar (like the
 * other table entries, [s]P uses s mod 2^255), runs the chosen algorithm and
 * encodes the sum. algorithm: ECXI_MSM_AUTO, ECXI_MSM_STRAUS,
 * ECXI_MSM_PIPPENGER (width 0: chosen from the inputs; 4..15: forced) or
 * ECXI_MSM_PIPPENGER_FIXED (a fixed-base table of width 4..15 built for the
 * call, 0: GE_PIPPENGER_FIXED_WIDTH).
 * ECX_ERR_INVALID if a point does not decode (or the algorithm / width is
 * unknown), ECX_ERR_NOMEM if scratch space is short. VARIABLE TIME. */
static int edwards_op_msm_vartime_with(uint8_t r[32], size_t n, const uint8_t scalars[][32],
                                       const uint8_t points[][32], unsigned algorithm, unsigned width)
{
    if (algorithm > ECXI_MSM_PIPPENGER_FIXED) return ECX_ERR_INVALID;
    if (width != 0 && (width < GE_PIPPENGER_MIN_WIDTH || width > GE_PIPPENGER_MAX_WIDTH)) return ECX_ERR_INVALID;
    if (n > SIZE_MAX / (sizeof(ge_p3) + 32)) return ECX_ERR_NOMEM;
    size_t m = n ? n : 1;
    ge_p3 *p = malloc(m * sizeof *p);
    uint8_t(*s)[32] = malloc(m * 32);
    if (!p || !s) {
        free(p);
        free(s);
        return ECX_ERR_NOMEM;
    }
    int status = ge_p3_from_bytes_zip215_all(p, points, n) ? ECX_OK : ECX_ERR_INVALID;
    for (size_t j = 0; j < n; j++) {
        memcpy(s[j], scalars[j], 32);
        s[j][31] &= 0x7f;
    }
    ge_p3 sum;
    if (status == ECX_OK) {
        const uint8_t(*cs)[32] = (const uint8_t(*)[32])s;
        if (algorithm == ECXI_MSM_STRAUS)
            status = ge_msm_straus_vartime(&sum, n, cs, p);
        else if (algorithm == ECXI_MSM_PIPPENGER)
            status = ge_msm_pippenger_vartime(&sum, n, cs, p, width);
        else if (algorithm == ECXI_MSM_PIPPENGER_FIXED)
            status = ge_msm_pippenger_fixed_once_vartime(&sum, n, cs, p, width ? width : GE_PIPPENGER_FIXED_WIDTH);
        else
            status = ge_msm_vartime(&sum, n, cs, p);
    }
    if (status == ECX_OK) ge_p3_to_bytes(r, &sum);
    free(p);
    free(s);
    return status;
}

/* r = sum [scalars[j]] points[j], the automatic choice. VARIABLE TIME. */
static int edwards_op_msm_vartime(uint8_t r[32], size_t n, const uint8_t scalars[][32], const uint8_t points[][32])
{
    return edwards_op_msm_vartime_with(r, n, scalars, points, ECXI_MSM_AUTO, 0);
}

#endif
