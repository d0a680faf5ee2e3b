/* Variable-time double-base multiplication [a]G + [b]P on P-256, for
 * ECDSA verification (public inputs only): Straus's interleaving
 * (E. G. Straus, 1964; "Shamir's trick") of the width-8 NAF of a over the
 * precomputed odd multiples G, 3G, ..., 127G (src/p256/base_table.h,
 * affine, mixed additions) and the width-5 NAF of b over P, 3P, ..., 15P
 * (computed here). One doubling per bit from the top non-zero digit down,
 * one addition per non-zero digit: about 256 doublings, 256/9 mixed and
 * 256/6 full additions, in the Jacobian coordinates of
 * p256/point_jacobian.h (variable time, about a third fewer field
 * operations than the complete formulas). */
#ifndef ECX_P256_SCALAR_MUL_DOUBLE_H
#define ECX_P256_SCALAR_MUL_DOUBLE_H

#include <stdint.h>

#include "p256/base_table.h"
#include "p256/point.h"
#include "p256/point_jacobian.h"
#include "p256/scalar.h"
#include "p256/scalar_mul_base.h"
#include "p256/scalar_recode.h"

/* r = (X Z : Y : Z^3), the projective form of the Jacobian p (the
 * identity stays Z = 0). */
static void p256_jacobian_to_point(p256_point *r, const p256_jacobian *p)
{
    p256_fe z2;
    p256_fe_sq(&z2, &p->z);
    p256_fe_mul(&r->x, &p->x, &p->z);
    r->y = p->y;
    p256_fe_mul(&r->z, &z2, &p->z);
}

/* r = [a]G + [b]P, a and b any values mod n, P any point. Variable time. */
static void p256_double_mul_vartime(p256_point *r, const p256_sc *a, const p256_sc *b, const p256_point *p)
{
    uint8_t sa[32], sb[32];
    int8_t naf_a[257], naf_b[257];
    p256_jacobian odd[8], p2, acc;
    p256_affine e;

    p256_sc_to_bytes(sa, a);
    p256_sc_to_bytes(sb, b);
    unsigned top_a = p256_recode_wnaf_vartime(naf_a, sa, 8);
    unsigned top_b = p256_recode_wnaf_vartime(naf_b, sb, 5);
    unsigned top = top_a > top_b ? top_a : top_b;

    /* P in Jacobian form: (X Z : Y Z^2 : Z) for the projective (X : Y : Z). */
    p256_fe z2;
    p256_fe_sq(&z2, &p->z);
    p256_fe_mul(&odd[0].x, &p->x, &p->z);
    p256_fe_mul(&odd[0].y, &p->y, &z2);
    odd[0].z = p->z;
    p256_jacobian_double_vartime(&p2, &odd[0]);
    for (int j = 1; j < 8; j++) p256_jacobian_add_vartime(&odd[j], &odd[j - 1], &p2);

    p256_jacobian_identity(&acc);
    for (int i = (int)top - 1; i >= 0; i--) {
        p256_jacobian_double_vartime(&acc, &acc);
        const int da = naf_a[i], db = naf_b[i];
        if (da != 0) {
            p256_affine_from_words(&e, p256_base_odd[(da < 0 ? -da : da) / 2]);
            if (da < 0) p256_fe_neg(&e.y, &e.y);
            p256_jacobian_add_affine_vartime(&acc, &acc, &e);
        }
        if (db > 0) {
            p256_jacobian_add_vartime(&acc, &acc, &odd[db / 2]);
        } else if (db < 0) {
            p256_jacobian t;
            p256_jacobian_neg(&t, &odd[-db / 2]);
            p256_jacobian_add_vartime(&acc, &acc, &t);
        }
    }
    p256_jacobian_to_point(r, &acc);
}

#endif
