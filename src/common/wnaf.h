/* The width-w non-adjacent form (wNAF) of a non-negative integer, written
 * once for every curve (curve25519/scalar_recode.h for 255-bit scalars,
 * p256/scalar_recode.h for 256-bit ones). Reference: the sliding-window
 * NAF of H. Cohen, A. Miyaji, T. Ono, "Efficient elliptic curve
 * exponentiation using mixed coordinates" (ASIACRYPT 1998); the digit rule
 * is the usual one of libsecp256k1 and curve25519-dalek.
 *
 * VARIABLE TIME: the loop skips zeros and branches on the digits, so it is
 * for public scalars only (verification, multiscalar multiplication of
 * public data). */
#ifndef ECX_COMMON_WNAF_H
#define ECX_COMMON_WNAF_H

#include <stddef.h>
#include <stdint.h>

/* The w bits (w <= 8) of the little-endian integer s[0 .. len - 1] at bit
 * positions pos .. pos + w - 1; bits at 8 len and above read as 0. */
static inline unsigned wnaf_bits_le(const uint8_t *s, size_t len, unsigned pos, unsigned w)
{
    const size_t byte = pos / 8;
    unsigned v = 0;
    if (byte < len) v = s[byte];
    if (byte + 1 < len) v |= (unsigned)s[byte + 1] << 8;
    return (v >> (pos % 8)) & ((1u << w) - 1);
}

/* The width-w NAF (2 <= w <= 8) of the little-endian integer s[0 .. len - 1]
 * over count digit positions: naf[i] is 0 or odd with |naf[i]| < 2^(w-1),
 * any w consecutive digits hold at most one non-zero, and
 * s = sum naf[i] 2^i, i < count, provided s < 2^(count - 1) (the last
 * window's carry then lands inside the count digits: count = 256 for
 * s < 2^255, 257 for s < 2^256). Returns the index of the highest non-zero
 * digit plus one (0 for s = 0). Variable time. */
static unsigned wnaf_recode_vartime(int8_t *naf, unsigned count, const uint8_t *s, size_t len, unsigned w)
{
    const unsigned width = 1u << w;
    unsigned pos = 0, carry = 0, top = 0;
    for (unsigned i = 0; i < count; i++) naf[i] = 0;
    while (pos < count) {
        const unsigned window = carry + wnaf_bits_le(s, len, pos, w);
        if ((window & 1) == 0) {
            pos++;
            continue;
        }
        if (window < width / 2) {
            carry = 0;
            naf[pos] = (int8_t)window;
        } else {
            carry = 1;
            naf[pos] = (int8_t)((int)window - (int)width);
        }
        top = pos + 1;
        pos += w;
    }
    return top;
}

#endif
