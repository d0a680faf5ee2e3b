/* Scalar recodings for the scalar multiplications, on canonical 32-byte
 * little-endian scalars; written once, independent of the backend's limbs. */
#ifndef ECX_CURVE25519_SCALAR_RECODE_H
#define ECX_CURVE25519_SCALAR_RECODE_H

#include <stdint.h>
#include <string.h>

#include "common/bytes.h"
#include "common/wnaf.h"

/* Signed radix-16: s = sum digits[i] 16^i with digits[0..62] in [-8, 8) and
 * digits[63] in [-8, 8]. Needs s < 2^255 (s[31] <= 127). Constant time: the
 * carries are computed with arithmetic, not branches. Used by the
 * constant-time fixed-base and variable-base multiplications. */
static void sc_recode_radix16(int8_t digits[64], const uint8_t s[32])
{
    for (int i = 0; i < 32; i++) {
        digits[2 * i] = (int8_t)(s[i] & 15);
        digits[2 * i + 1] = (int8_t)(s[i] >> 4);
    }
    int8_t carry = 0;
    for (int i = 0; i < 63; i++) {
        digits[i] = (int8_t)(digits[i] + carry);
        carry = (int8_t)((digits[i] + 8) >> 4); /* 1 if the digit is >= 8 */
        digits[i] = (int8_t)(digits[i] - carry * 16);
    }
    digits[63] = (int8_t)(digits[63] + carry);
}

/* Width-w non-adjacent form, 2 <= w <= 8: s = sum naf[i] 2^i, every non-zero
 * digit odd with |digit| < 2^(w-1), and any w consecutive digits hold at most
 * one non-zero. Needs s < 2^255. VARIABLE TIME: for public scalars only
 * (verification, multiscalar multiplication of public data). The shared
 * recoder of common/wnaf.h over 256 digit positions. */
static void sc_recode_wnaf(int8_t naf[256], const uint8_t s[32], unsigned w)
{
    (void)wnaf_recode_vartime(naf, 256, s, 32, w);
}

#endif
