/* Constant-time fixed-base multiplication [s]B.
 *
 * Source: the signed radix-16 comb of ref10 (Bernstein, Duif, Lange,
 * Schwabe, Yang, "High-speed high-security signatures", CHES 2011, section
 * 4), also used by curve25519-dalek's EdwardsBasepointTable. With
 * s = sum e_i 16^i, e_i in [-8, 8]:
 *
 *     [s]B = 16 * sum_{i odd} [e_i] 256^(i/2) B  +  sum_{i even} [e_i] 256^(i/2) B,
 *
 * so 32 table positions of 8 affine multiples each serve all 64 digits:
 * 64 mixed additions (7M each with the conversion) and 4 doublings.
 *
 * The table (ge_base_comb, generated at build time by gen_tables.c) holds
 * canonical bytes in 64-bit words. A lookup scans all 8 entries of a
 * position with masks — the digit is secret, so no index may depend on it —
 * and only the selected entry is unpacked into limbs. Scanning packed bytes
 * (96 bytes per entry) instead of limbs (120 bytes) cuts the memory traffic
 * that dominates a lookup, and the scan is a plain word loop the compiler
 * vectorises.
 */
#ifndef ECX_CURVE25519_SCALAR_MUL_BASE_H
#define ECX_CURVE25519_SCALAR_MUL_BASE_H

#include <stdint.h>
#include <string.h>

#include "common/table_scan.h"
#include "curve25519/ed25519_tables.h"
#include "curve25519/edwards.h"
#include "curve25519/point_kernels.h"
#include "curve25519/scalar_recode.h"

/* r = the field element whose canonical little-endian bytes are the four
 * words w (w[0] least significant). */
static inline void ge_fe_from_words(fe *r, const uint64_t w[4])
{
    uint8_t s[32];
    for (int k = 0; k < 4; k++)
        for (int b = 0; b < 8; b++) s[8 * k + b] = (uint8_t)(w[k] >> (8 * b));
    fe_from_bytes(r, s);
}

/* r = the affine Niels point of a 12-word table entry. */
static inline void ge_precomp_from_words(ge_precomp *r, const uint64_t w[12])
{
    ge_fe_from_words(&r->yplusx, w);
    ge_fe_from_words(&r->yminusx, w + 4);
    ge_fe_from_words(&r->xy2d, w + 8);
}

/* r = the affine Niels point of a 12-word entry of a table in memory
 * (ge_base_odd, ge_base128_odd: the vartime lookups of verification). On
 * a little-endian host the words' bytes are the three encodings already,
 * and fe_from_bytes reads them in place: the byte loop of
 * ge_precomp_from_words was 5% of ifma's verify (Intel Xeon model 207).
 * Not for words just computed in registers (ge_base_select): a copy
 * through memory there stalls on store forwarding (ifma's sign took 19%
 * longer, measured). */
static inline void ge_precomp_from_table(ge_precomp *r, const uint64_t w[12])
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    fe_from_bytes(&r->yplusx, (const uint8_t *)w);
    fe_from_bytes(&r->yminusx, (const uint8_t *)(w + 4));
    fe_from_bytes(&r->xy2d, (const uint8_t *)(w + 8));
#else
    ge_precomp_from_words(r, w);
#endif
}

/* t = [b] (256^pos B) for a digit b in [-8, 8]: the |b|-th entry of the
 * position (the identity for b = 0), negated when b < 0. Constant time in b:
 * every entry is read, the selection is a mask, the negation a cmov. */
static inline void ge_base_select(ge_precomp *t, const uint64_t table[8][12], int8_t b)
{
    const uint64_t bneg = ct_digit_is_negative(b);
    const uint32_t babs = ct_digit_abs(b);
    uint64_t w[12];

    /* The identity (1, 1, 0) when b = 0: its two ones go in after the scan. */
    const uint64_t zero_mask = ct_mask_equal_small(babs, 0);
    ct_table_scan(w, &table[0][0], 8, 12, babs);
    w[0] |= 1 & zero_mask;
    w[4] |= 1 & zero_mask;
    /* -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy): swap words, negate after
     * unpacking. */
    const uint64_t swap = ct_barrier_u64((uint64_t)0 - bneg);
    for (int k = 0; k < 4; k++) {
        uint64_t d = (w[k] ^ w[k + 4]) & swap;
        w[k] ^= d;
        w[k + 4] ^= d;
    }
    ge_precomp_from_words(t, w);
    fe_cneg(&t->xy2d, &t->xy2d, (unsigned)bneg);
}

/* r = [s]B for a 32-byte little-endian s < 2^255 (bit 255 must be clear;
 * callers mask it). Any s, not only s < l: the result is [s mod l]B.
 * Constant time in s; the digits, the selected entries and the
 * accumulators are wiped.
 *
 * The order of the additions is the kernels' choice (GE_KERNEL_PAIRED_ADDS,
 * point_kernels.h). Serial: one chain, the odd digits, four doublings, the
 * even digits. Vector: odd = sum_{i odd} [e_i] 256^(i/2) B and even (the
 * same over even i) in two independent chains, one addition of each per
 * table position issued together, joined at the end as 16 odd + even (one
 * more addition): a 4-way addition is latency-bound, and two chains side
 * by side keep the multipliers busy (12% fewer cycles per signature on the
 * Intel machine of docs/performance.md). */
static void ge_scalarmult_base(ge_p3 *r, const uint8_t s[32])
{
    int8_t e[64];
    ge_precomp t[2];
    ge_acc acc;

    sc_recode_radix16(e, s);
#if GE_KERNEL_PAIRED_ADDS
    ge_acc_pair chains; /* the odd and the even sum */
    ge_acc_pair_identity(&chains);
    for (int i = 0; i < 32; i++) {
        ge_base_select(&t[0], ge_base_comb[i], e[2 * i + 1]);
        ge_base_select(&t[1], ge_base_comb[i], e[2 * i]);
        ge_acc_pair_madd(&chains, t);
    }
    ge_acc_pair_join(&acc, &chains, 4);
    ct_wipe(&chains, sizeof chains);
#else
    ge_acc_identity(&acc);
    for (int i = 1; i < 64; i += 2) {
        ge_base_select(&t[0], ge_base_comb[i / 2], e[i]);
        ge_acc_madd(&acc, &t[0]);
    }
    for (int k = 0; k < 4; k++) ge_acc_dbl(&acc);
    for (int i = 0; i < 64; i += 2) {
        ge_base_select(&t[0], ge_base_comb[i / 2], e[i]);
        ge_acc_madd(&acc, &t[0]);
    }
#endif
    ge_acc_to_p3(r, &acc);

    ct_wipe(e, sizeof e);
    ct_wipe(t, sizeof t);
    ct_wipe(&acc, sizeof acc);
}

#endif
