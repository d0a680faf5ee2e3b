/* Constant-time variable-base multiplication [k]P on P-256: a signed
 * fixed window of 5 bits (52 digits in [-15, 16], p256/scalar_recode.h)
 * over the precomputed multiples P, 2P, ..., 16P; five doublings and one
 * complete addition per digit (Renes-Costello-Batina formulas, so the
 * identity and the zero digit need no special case). The table lookup
 * reads every entry and keeps one by a mask; the negation is a conditional
 * move. */
#ifndef ECX_P256_SCALAR_MUL_VARIABLE_H
#define ECX_P256_SCALAR_MUL_VARIABLE_H

#include <stdint.h>

#include "common/constant_time.h"
#include "p256/point.h"
#include "p256/scalar.h"
#include "p256/scalar_recode.h"

/* r = [d] table[0] for d in [-16, 16] (the identity for 0), where table[j]
 * = (j + 1) P. Constant time in d. */
static void p256_point_select16(p256_point *r, const p256_point table[16], int d)
{
    const unsigned magnitude = ct_digit_abs(d);
    p256_point_identity(r);
    for (unsigned j = 0; j < 16; j++) p256_point_cmov(r, &table[j], ct_equal_small(magnitude, j + 1));
    p256_fe neg_y;
    p256_fe_neg(&neg_y, &r->y);
    p256_fe_cmov(&r->y, &neg_y, ct_digit_is_negative(d));
}

/* r = [k]P for a scalar k (any value mod n) and any point P. Constant time
 * in k (and in P). */
static void p256_mul_var(p256_point *r, const p256_sc *k, const p256_point *p)
{
    uint8_t s[32];
    int8_t d[52];
    p256_point table[16], acc, t;

    table[0] = *p;
    p256_point_double(&table[1], p);
    for (int j = 2; j < 16; j++) p256_point_add(&table[j], &table[j - 1], p);

    p256_sc_to_bytes(s, k);
    p256_recode_signed(d, s, 5, 52);
    p256_point_select16(&acc, table, d[51]);
    for (int i = 50; i >= 0; i--) {
        for (int j = 0; j < 5; j++) p256_point_double(&acc, &acc);
        p256_point_select16(&t, table, d[i]);
        p256_point_add(&acc, &acc, &t);
    }
    *r = acc;
    ct_wipe(s, sizeof s);
    ct_wipe(d, sizeof d);
}

#endif
