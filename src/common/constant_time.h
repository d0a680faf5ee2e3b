/* Helpers that keep constant-time code constant time after optimisation,
 * shared by the backends, the generic group code and the hashes.
 *
 * ct_barrier_*: returns x, hiding its value from the optimiser. A mask made
 * from a secret bit (0 or all ones) stays a mask; without the barrier clang
 * (and sometimes gcc) proves the mask has two values and turns a masked
 * select into a compare and branch — seen in sc_from_bytes, the basepoint
 * table select and safegcd's final normalisation, and caught by the valgrind
 * constant-time test (tests/test_ctime.c).
 *
 * ct_wipe: zeroes memory that held secrets in a way the compiler may not
 * remove as a dead store. */
#ifndef ECX_COMMON_CONSTANT_TIME_H
#define ECX_COMMON_CONSTANT_TIME_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t ct_barrier_u64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#else
    volatile uint64_t v = x;
    x = v;
#endif
    return x;
}

static inline uint32_t ct_barrier_u32(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#else
    volatile uint32_t v = x;
    x = v;
#endif
    return x;
}

static inline void ct_wipe(void *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    memset(p, 0, n);
    /* The asm claims to read the memory, so the stores must happen. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--) *v++ = 0;
#endif
}

#endif
