/* Constant-time fixed-base multiplication [k]G on P-256.
 *
 * A fixed-window comb without doublings (the layout of OpenSSL's nistz256
 * and of ref10's basepoint table, C. Lim and P. Lee's idea of trading
 * doublings for precomputation): with k = sum d_i 2^(6 i) and signed digits
 * d_i in [-31, 32] (43 of them, p256/scalar_recode.h),
 *
 *     [k]G = sum_i [d_i] (2^(6 i) G),
 *
 * so one precomputed window of 32 affine multiples (j + 1) 2^(6 i) G per
 * digit (src/p256/base_table.h, canonical words) turns the multiplication
 * into 43 mixed additions and no doubling.
 *
 * Lookups are constant time: every entry of the window is read and the one
 * wanted is kept by a mask, then negated by a conditional move; a zero digit
 * keeps the accumulator by a conditional move after the (complete) mixed
 * addition of some entry.
 */
#ifndef ECX_P256_SCALAR_MUL_BASE_H
#define ECX_P256_SCALAR_MUL_BASE_H

#include <stdint.h>
#include <string.h>

#include "common/constant_time.h"
#include "common/table_scan.h"
#include "p256/base_table.h"
#include "p256/point.h"
#include "p256/scalar.h"
#include "p256/scalar_recode.h"

/* r = the affine point of a table entry (x then y, canonical words). */
static inline void p256_affine_from_words(p256_affine *r, const uint64_t w[8])
{
    p256_fe_from_words(&r->x, w);
    p256_fe_from_words(&r->y, w + 4);
}

/* r = [d] (the window's base), d in [-32, 32], d != 0 (for d = 0, r is
 * the entry of 0 words, which the caller discards). Constant time in d. */
static void p256_base_select(p256_affine *r, const uint64_t window[32][8], int d)
{
    const unsigned magnitude = ct_digit_abs(d);
    uint64_t w[8];
    /* common/table_scan.h. 64-bit targets take the 64-bit word form, which
     * their compilers vectorize (AArch64: the vectors of ct_table_scan cost
     * 0.2% more per signature; x86-64: avx2's signature took 1.22 times as
     * long with them). 32-bit targets take ct_table_scan: vectors where
     * there is NEON or SSE2, else 32-bit words (eight 64-bit accumulators
     * are sixteen 32-bit registers, which gcc 12 for ARMv7 kept on the
     * stack). */
#if UINTPTR_MAX > 0xFFFFFFFFu
    ct_table_scan_words64(w, &window[0][0], 32, 8, magnitude);
#else
    ct_table_scan(w, &window[0][0], 32, 8, magnitude);
#endif
    p256_affine_from_words(r, w);
    p256_fe neg_y;
    p256_fe_neg(&neg_y, &r->y);
    p256_fe_cmov(&r->y, &neg_y, ct_digit_is_negative(d));
}

/* r = [k]G for a scalar k (any value mod n). Constant time in k. */
static void p256_mul_base(p256_point *r, const p256_sc *k)
{
    uint8_t s[32];
    int8_t d[43];
    p256_point acc, t;
    p256_affine e;

    p256_sc_to_bytes(s, k);
    p256_recode_signed(d, s, 6, 43);
    p256_point_identity(&acc);
    for (unsigned i = 0; i < 43; i++) {
        p256_base_select(&e, p256_base_comb[i], d[i]);
        p256_point_add_affine(&t, &acc, &e);
        p256_point_cmov(&acc, &t, 1u ^ ct_equal_small((uint8_t)d[i], 0));
    }
    *r = acc;
    ct_wipe(s, sizeof s);
    ct_wipe(d, sizeof d);
}

#endif
