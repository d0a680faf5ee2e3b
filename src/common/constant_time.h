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
 * remove as a dead store (libsecp256k1's secp256k1_memclear: the asm takes
 * the pointer and clobbers memory, so the compiler must assume the zeroes are
 * read).
 *
 * ct_wipe_stack: zeroes ECX_STACK_WIPE_BYTES of the stack just below the
 * caller's frame — where the frames of the functions the caller has called
 * lay. ct_wipe clears the buffers a function names; this clears what the
 * compiler put there on its own (registers spilled inside SHA-512's rounds or
 * the scalar arithmetic). The public functions that handle secrets call it
 * after the backend returns (src/api). */
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

/* Looking up a table entry by a secret signed digit d (|d| < 2^30), in both
 * curves' multiplications: ct_digit_is_negative(d) is 1 if d < 0, else 0;
 * ct_digit_abs(d) is |d|; ct_equal_small(a, b) is 1 if a = b, else 0, for
 * a, b < 2^31 (then a ^ b < 2^31, and (a ^ b) - 1 has its top bit set only
 * for a ^ b = 0). No branch; the bits pass through ct_barrier_u32, so a
 * select on them stays a mask. */
static inline uint32_t ct_digit_is_negative(int32_t d) { return ct_barrier_u32((uint32_t)d >> 31); }

static inline uint32_t ct_digit_abs(int32_t d)
{
    const uint32_t negative = (uint32_t)d >> 31;
    return ((uint32_t)d ^ (0u - negative)) + negative;
}

static inline uint32_t ct_equal_small(uint32_t a, uint32_t b) { return ct_barrier_u32((((a ^ b) - 1u) >> 31) & 1u); }

/* ct_equal_small as a word mask: all ones if a = b, else 0. */
static inline uint64_t ct_mask_equal_small(uint32_t a, uint32_t b)
{
    return ct_barrier_u64((uint64_t)0 - ct_equal_small(a, b));
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

/* Depth of stack ct_wipe_stack clears. The deepest secret operation uses
 * about 9.1 KiB below its public function (ifma's two-chain fixed-base comb,
 * gcc -O2 on x86-64; 3.6 KiB at -O3); tests/test_residue.c measures every
 * operation behind a public function on every backend and fails if one goes
 * deeper than this. */
#define ECX_STACK_WIPE_BYTES 16384

/* noinline: the buffer must be a frame of its own below the caller's, not a
 * slot inside it (unused: not every file that includes this calls it). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, unused))
#endif
static void ct_wipe_stack(void)
{
    uint8_t below[ECX_STACK_WIPE_BYTES];
    ct_wipe(below, sizeof below);
}

#endif
