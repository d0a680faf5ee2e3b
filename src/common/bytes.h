/* Little-endian loads and stores of 64-bit words, byte by byte so they are
 * independent of the host's alignment rules and byte order. */
#ifndef ECX_COMMON_BYTES_H
#define ECX_COMMON_BYTES_H

#include <stdint.h>

static inline uint64_t load64_le(const uint8_t *s)
{
    return (uint64_t)s[0] | (uint64_t)s[1] << 8 | (uint64_t)s[2] << 16 | (uint64_t)s[3] << 24 |
           (uint64_t)s[4] << 32 | (uint64_t)s[5] << 40 | (uint64_t)s[6] << 48 | (uint64_t)s[7] << 56;
}

static inline void store64_le(uint8_t *s, uint64_t x)
{
    for (int i = 0; i < 8; i++) s[i] = (uint8_t)(x >> (8 * i));
}

#endif
