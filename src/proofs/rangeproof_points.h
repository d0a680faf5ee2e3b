/* Group helpers of the range proofs, compiled per backend: generators
 * loaded from their neutral affine bytes (rangeproof_gens.h), their
 * computation for ecx_rangeproof_gens_new, the ristretto identity test and
 * a constant-time multiscalar multiplication for the prover's secret
 * scalars. */
#ifndef ECX_PROOFS_RANGEPROOF_POINTS_H
#define ECX_PROOFS_RANGEPROOF_POINTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/align.h"
#include "common/constant_time.h"
#include "curve25519/edwards.h"
#include "curve25519/ristretto.h"
#include "curve25519/scalar_mul_variable.h"
#include "curve25519/scalar_recode.h"
#include "ecx/ecx.h"
#include "proofs/rangeproof_gens.h"

/* r = a b mod l: the backend's sc_mul kept out of line. The proofs run
 * long loops of scalar products over arrays; inlined there, the x86-64
 * inline assembly of u64's sc_mul (eleven clobbered registers plus its
 * memory operands) leaves clang -O3 without registers ("inline assembly
 * requires more registers than available"). A call per product costs a
 * few nanoseconds next to its ~30. Constant time like sc_mul. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void rp_sc_mul(sc *r, const sc *a, const sc *b)
{
    sc_mul(r, a, b);
}

/* r = the point with affine coordinates a = x || y (Z = 1, T = x y). */
static void rp_load_p3(ge_p3 *r, const uint8_t a[64])
{
    fe_from_bytes(&r->X, a);
    fe_from_bytes(&r->Y, a + 32);
    fe_one(&r->Z);
    fe_mul(&r->T, &r->X, &r->Y);
}

/* points[j] for j < count from the uniform bytes: B itself, every other
 * one FROM_UNIFORM_BYTES (RFC 9496, 4.3.4), then made affine with one field
 * inversion per chunk of 256 (Montgomery's trick). Constant time (the bytes
 * are public anyway). */
#define RP_AFFINE_CHUNK 256
static void rp_gens_points(struct ecx_rangeproof_gens *g, const uint8_t (*uniform)[64])
{
    ge_p3 p[RP_AFFINE_CHUNK];
    fe prefix[RP_AFFINE_CHUNK];
    for (size_t start = 0; start < g->count; start += RP_AFFINE_CHUNK) {
        const size_t k = g->count - start < RP_AFFINE_CHUNK ? g->count - start : RP_AFFINE_CHUNK;
        fe acc, inv, t, x, y;
        fe_one(&acc);
        for (size_t i = 0; i < k; i++) {
            if (start + i == ECXI_RP_GEN_B)
                ge_p3_base(&p[i]);
            else
                ristretto_from_uniform(&p[i], uniform[start + i]);
            prefix[i] = acc;
            fe_mul(&acc, &acc, &p[i].Z);
        }
        fe_invert(&inv, &acc);
        for (size_t i = k; i-- > 0;) {
            fe_mul(&t, &inv, &prefix[i]); /* 1/Z_i */
            fe_mul(&inv, &inv, &p[i].Z);
            fe_mul(&x, &p[i].X, &t);
            fe_mul(&y, &p[i].Y, &t);
            fe_to_bytes(g->points[start + i], &x);
            fe_to_bytes(g->points[start + i] + 32, &y);
        }
    }
}

/* 1 if p represents the ristretto255 identity (the class E[4]: x = 0 or
 * y = 0), else 0. */
static unsigned rp_is_identity(const ge_p3 *p)
{
    return fe_is_zero(&p->X) | fe_is_zero(&p->Y);
}

/* r = the scalar x < 2^64. */
static void rp_sc_from_u64(sc *r, uint64_t x)
{
    uint8_t b[32] = {0};
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(x >> (8 * i));
    (void)sc_from_bytes(r, b);
    ct_wipe(b, sizeof b);
}

/* r = sum_{j < n} [s_j] P_j, CONSTANT TIME in the scalars (and the points):
 * scalar_mul_variable.h's ge_straus_ct (Straus's interleaving of
 * ge_scalarmult's signed radix-16 windows, on the point kernels: 4-way on
 * the vector backends). ECX_OK or ECX_ERR_NOMEM (r untouched); the scratch
 * space (8 addends and 64 digits per point: 1.3 KB serial, 2.6 KB on avx2)
 * is wiped. */
static int rp_msm_ct(ge_p3 *r, size_t n, const sc *s, const ge_p3 *points)
{
    if (n == 0) {
        ge_p3_identity(r);
        return ECX_OK;
    }
    /* Each point's 8 addends, then its 64 digits; an addend's size is a
     * multiple of ECXI_VECTOR_ALIGN (whole vectors), so every table stays
     * aligned. */
    _Static_assert(sizeof(ge_addend) % ECXI_VECTOR_ALIGN == 0, "rp_msm_ct: addends of whole vectors");
    const size_t per_point = 8 * sizeof(ge_addend) + 64;
    if (n > (SIZE_MAX - ECXI_VECTOR_ALIGN) / per_point) return ECX_ERR_NOMEM;
    const size_t bytes_total = ECXI_VECTOR_ALIGN + n * per_point;
    uint8_t *block = malloc(bytes_total);
    if (!block) return ECX_ERR_NOMEM;
    ge_addend(*table)[8] = ecxi_align_up(block);
    int8_t(*digits)[64] = (int8_t(*)[64])(table + n);
    uint8_t bytes[32];
    for (size_t j = 0; j < n; j++) {
        ge_addend_multiples(table[j], &points[j]);
        sc_to_bytes(bytes, &s[j]);
        sc_recode_radix16(digits[j], bytes);
    }
    ge_straus_ct(r, n, table, digits);
    ct_wipe(bytes, sizeof bytes);
    ct_wipe(block, bytes_total);
    free(block);
    return ECX_OK;
}

#endif
