/* Recodings of P-256 scalars (canonical 32-byte big-endian values, < 2^256)
 * for the scalar multiplications: signed fixed windows (constant time) and
 * the width-w non-adjacent form (variable time). */
#ifndef ECX_P256_SCALAR_RECODE_H
#define ECX_P256_SCALAR_RECODE_H

#include <stdint.h>

#include "common/wnaf.h"

/* The w <= 8 bits of s at positions pos .. pos + w - 1 (0 = least
 * significant; bits at 256 and above read as 0). pos is public; constant
 * time in s. */
static inline unsigned p256_scalar_bits(const uint8_t s[32], unsigned pos, unsigned w)
{
    unsigned byte = pos / 8, shift = pos % 8, v = 0;
    if (byte < 32) v = s[31 - byte];
    if (byte + 1 < 32) v |= (unsigned)s[30 - byte] << 8;
    return (v >> shift) & ((1u << w) - 1);
}

/* Signed radix-2^w digits: s = sum d[i] 2^(w i) with d[i] in
 * [-(2^(w-1) - 1), 2^(w-1)], for count digits (count w >= 256 + w - 1,
 * so that the last digit absorbs the final carry: 43 digits for w = 6,
 * 52 for w = 5). Each window plus the incoming carry is v in [0, 2^w];
 * v > 2^(w-1) becomes v - 2^w with a carry of 1. Constant time. */
static void p256_recode_signed(int8_t *d, const uint8_t s[32], unsigned w, unsigned count)
{
    unsigned carry = 0;
    const unsigned half = 1u << (w - 1);
    for (unsigned i = 0; i < count; i++) {
        const unsigned v = p256_scalar_bits(s, w * i, w) + carry;
        carry = (v + half - 1) >> w; /* 1 iff v > half */
        d[i] = (int8_t)((int)v - (int)(carry << w));
    }
}

/* The width-w NAF of s (2 <= w <= 8): naf[i] is 0 or odd with
 * |naf[i]| < 2^(w-1), any two non-zero digits are at least w apart, and
 * s = sum naf[i] 2^i over i = 0 .. 256. Returns the index of the highest
 * non-zero digit plus one (0 for s = 0). Variable time: the shared recoder
 * of common/wnaf.h on the little-endian copy of s. */
static unsigned p256_recode_wnaf_vartime(int8_t naf[257], const uint8_t s[32], unsigned w)
{
    uint8_t le[32];
    for (int i = 0; i < 32; i++) le[i] = s[31 - i];
    return wnaf_recode_vartime(naf, 257, le, 32, w);
}

#endif
