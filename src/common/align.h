/* Alignment for scratch blocks whose entries a vector backend loads whole
 * (32-byte vectors: an AVX2 / AVX-512VL register). Generic code that lays
 * out such a block allocates ECXI_VECTOR_ALIGN bytes of slack and aligns
 * the start with ecxi_align_up, and the arrays after it with
 * ecxi_round_up. */
#ifndef ECX_COMMON_ALIGN_H
#define ECX_COMMON_ALIGN_H

#include <stddef.h>
#include <stdint.h>

#define ECXI_VECTOR_ALIGN 32

/* p rounded up to a multiple of ECXI_VECTOR_ALIGN (at most that many bytes
 * further). */
static inline void *ecxi_align_up(void *p)
{
    const uintptr_t misalign = (uintptr_t)p % ECXI_VECTOR_ALIGN;
    return (uint8_t *)p + (misalign ? ECXI_VECTOR_ALIGN - misalign : 0);
}

/* n rounded up to a multiple of ECXI_VECTOR_ALIGN. */
static inline size_t ecxi_round_up(size_t n)
{
    return (n + ECXI_VECTOR_ALIGN - 1) / ECXI_VECTOR_ALIGN * ECXI_VECTOR_ALIGN;
}

#endif
