/* Little-endian loads and stores of 64-bit words (and big-endian ones of
 * 64- and 32-bit words), byte by byte so they are independent of the host's
 * alignment rules and byte order. */
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

/* Big-endian (SEC1 byte order, P-256), byte by byte for the same reason. */
static inline uint64_t load64_be(const uint8_t *s)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++) x = x << 8 | s[i];
    return x;
}

static inline void store64_be(uint8_t *s, uint64_t x)
{
    for (int i = 0; i < 8; i++) s[i] = (uint8_t)(x >> (56 - 8 * i));
}

static inline uint32_t load32_be(const uint8_t *s)
{
    return (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 | (uint32_t)s[2] << 8 | (uint32_t)s[3];
}

static inline void store32_be(uint8_t *s, uint32_t x)
{
    for (int i = 0; i < 4; i++) s[i] = (uint8_t)(x >> (24 - 8 * i));
}

#endif
