/* Hex decoding for the test programs: vector files and built-in constants.
 *
 * Each test program includes this header once (its functions are static). */
#ifndef ECX_TESTS_HEX_H
#define ECX_TESTS_HEX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int hex_nibble(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex ("-" is empty) into out[0..cap); returns the length, or -1. */
static inline long hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    if (strcmp(hex, "-") == 0) return 0;
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_nibble(hex[2 * i]), lo = hex_nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

/* hex_decode of exactly n bytes, aborting on malformed built-in constants. */
static inline void hex_fixed(uint8_t *out, size_t n, const char *hex)
{
    if (hex_decode(out, n, hex) != (long)n) {
        fprintf(stderr, "bad hex constant %s\n", hex);
        abort();
    }
}

#endif
