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

/* 64 bits of the little-endian limbs x[0 .. 5] from bit position pos
 * (pos < 320) on: bit k of the result is bit pos + k of x. */
static inline uint64_t wnaf_bits64(const uint64_t x[6], unsigned pos)
{
    const unsigned limb = pos / 64, shift = pos % 64;
    uint64_t bits = x[limb] >> shift;
    if (shift) bits |= x[limb + 1] << (64 - shift);
    return bits;
}

/* The number of trailing zero bits of x != 0. */
static inline unsigned wnaf_trailing_zeros(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    while (!(x & 1)) x >>= 1, n++;
    return n;
#endif
}

/* The width-w NAF (2 <= w <= 8) of the little-endian integer s[0 .. len - 1]
 * (len <= 32) over count <= 257 digit positions: naf[i] is 0 or odd with
 * |naf[i]| < 2^(w-1), any w consecutive digits hold at most one non-zero,
 * and s = sum naf[i] 2^i, i < count, provided s < 2^(count - 1) (the last
 * window's carry then lands inside the count digits: count = 256 for
 * s < 2^255, 257 for s < 2^256). Returns the index of the highest non-zero
 * digit plus one (0 for s = 0).
 *
 * The scan jumps over runs instead of stepping bit by bit: with no carry
 * pending, over the zero bits up to the next one; with a carry pending
 * (the previous digit was negative), over the one bits, which the carry
 * turns into zeros, up to the next zero, where the carry makes the window
 * odd. The digits are those of the bit-by-bit rule. Variable time. */
static unsigned wnaf_recode_vartime(int8_t *naf, unsigned count, const uint8_t *s, size_t len, unsigned w)
{
    const unsigned width = 1u << w;
    uint64_t x[6] = {0, 0, 0, 0, 0, 0}; /* s, then zeros past bit 8 len */
    for (size_t i = 0; i < len; i++) x[i / 8] |= (uint64_t)s[i] << (8 * (i % 8));
    unsigned pos = 0, carry = 0, top = 0;
    for (unsigned i = 0; i < count; i++) naf[i] = 0;
    while (pos < count) {
        uint64_t run = wnaf_bits64(x, pos) ^ (0 - (uint64_t)carry); /* its lowest set bit ends the run */
        while (run == 0) {
            pos += 64;
            if (pos >= count) return top;
            run = wnaf_bits64(x, pos) ^ (0 - (uint64_t)carry);
        }
        pos += wnaf_trailing_zeros(run);
        if (pos >= count) break;
        /* The window is odd here, below 2^w: a digit, and the carry when
         * the digit is negative (window >= 2^(w-1)), without branches. */
        const unsigned window = carry + (unsigned)(wnaf_bits64(x, pos) & (width - 1));
        carry = window >> (w - 1);
        naf[pos] = (int8_t)((int)window - (int)(carry * width));
        top = pos + 1;
        pos += w;
    }
    return top;
}

#endif
