/* Solinas reduction modulo p = 2^256 - 2^224 + 2^192 + 2^96 - 1 on 32-bit
 * words: the "fast reduction" of NIST FIPS 186-4 appendix D.2.3 (SP 800-186
 * G.1.2; J. A. Solinas, "Generalized Mersenne numbers", 1999). Plain
 * residues, no Montgomery factor. Shared by the backends that offer it
 * (backend/u32/p256.h on its own words, backend/u64/p256.h on the halves
 * of its limbs); portable C, constant time.
 *
 * With the product c = sum A_i 2^(32 i), i < 16, FIPS writes
 * c = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4 (mod p), each term
 * eight of the words A_8..A_15 (T = A_0..A_7). Summed per column j (the
 * coefficient of 2^(32 j)):
 *
 *   j = 0:  A0 + A8 + A9 - A11 - A12 - A13 - A14
 *   j = 1:  A1 + A9 + A10 - A12 - A13 - A14 - A15
 *   j = 2:  A2 + A10 + A11 - A13 - A14 - A15
 *   j = 3:  A3 + 2 A11 + 2 A12 + A13 - A15 - A8 - A9
 *   j = 4:  A4 + 2 A12 + 2 A13 + A14 - A9 - A10
 *   j = 5:  A5 + 2 A13 + 2 A14 + A15 - A10 - A11
 *   j = 6:  A6 + 3 A14 + 2 A15 + A13 - A8 - A9
 *   j = 7:  A7 + 3 A15 + A8 - A10 - A11 - A12 - A13
 *
 * (src/p256/solinas_check.py checks the table against p by random
 * products.) Each column lies in (-4 2^32, 7 2^32), so a signed 64-bit
 * accumulator holds it with the incoming carry; the sum lies in
 * (-4 2^256, 5 2^256 + 2^225). */
#ifndef ECX_P256_SOLINAS_H
#define ECX_P256_SOLINAS_H

#include <stdint.h>

#include "common/verify.h"

/* r[0..7] + top 2^256 = the value of the columns s[0..7] (signed, each
 * |s_j| < 2^40), carried from word 0 up; returns top. The arithmetic
 * shift of a negative int64_t is what gcc and clang do (as in the signed
 * limbs of modinv). */
static inline int64_t p256_solinas_carry(uint32_t r[8], const int64_t s[8])
{
    int64_t acc = 0;
    for (int j = 0; j < 8; j++) {
        acc += s[j];
        r[j] = (uint32_t)acc;
        acc >>= 32;
    }
    return acc;
}

/* r = x + t (2^256 - p) for the words x[0..7] and a small signed t:
 * 2^256 = 2^224 - 2^192 - 2^96 + 1 (mod p) adds t at words 0 and 7 and
 * subtracts it at words 3 and 6. Returns the new top word. */
static inline int64_t p256_solinas_fold(uint32_t r[8], const uint32_t x[8], int64_t t)
{
    int64_t s[8];
    for (int j = 0; j < 8; j++) s[j] = x[j];
    s[0] += t;
    s[3] -= t;
    s[6] -= t;
    s[7] += t;
    return p256_solinas_carry(r, s);
}

/* r = a mod p up to one subtraction: r = a (mod p) and r < 2^256 (< 2p),
 * for any 512-bit a = a[0..15] (32-bit words, least significant first).
 * The column sum gives r + t 2^256 with t in [-4, 5]; folding t back
 * (2^256 - p < 2^224) leaves a value in (-2^227, 2^256 + 2^227), whose
 * top t' is -1, 0 or 1; the second fold lands in [0, 2^256): for t' = 1
 * the low part is < 2^227 and adding 2^256 - p stays below 2^256, for
 * t' = -1 it is > 2^256 - 2^227 and subtracting stays above 0. The caller
 * finishes with one conditional subtraction of p. Constant time. */
static inline void p256_solinas_reduce(uint32_t r[8], const uint32_t a[16])
{
    const int64_t A0 = a[0], A1 = a[1], A2 = a[2], A3 = a[3], A4 = a[4], A5 = a[5], A6 = a[6], A7 = a[7];
    const int64_t A8 = a[8], A9 = a[9], A10 = a[10], A11 = a[11], A12 = a[12], A13 = a[13], A14 = a[14],
                  A15 = a[15];
    int64_t s[8], t;
    s[0] = A0 + A8 + A9 - A11 - A12 - A13 - A14;
    s[1] = A1 + A9 + A10 - A12 - A13 - A14 - A15;
    s[2] = A2 + A10 + A11 - A13 - A14 - A15;
    s[3] = A3 + 2 * (A11 + A12) + A13 - A15 - A8 - A9;
    s[4] = A4 + 2 * (A12 + A13) + A14 - A9 - A10;
    s[5] = A5 + 2 * (A13 + A14) + A15 - A10 - A11;
    s[6] = A6 + 3 * A14 + 2 * A15 + A13 - A8 - A9;
    s[7] = A7 + 3 * A15 + A8 - A10 - A11 - A12 - A13;
    t = p256_solinas_carry(r, s);
    ECX_VERIFY_CHECK(t >= -4 && t <= 5);
    t = p256_solinas_fold(r, r, t);
    ECX_VERIFY_CHECK(t >= -1 && t <= 1);
    t = p256_solinas_fold(r, r, t);
    ECX_VERIFY_CHECK(t == 0);
    (void)t;
}

#endif
