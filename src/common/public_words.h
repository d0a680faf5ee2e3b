/* The words of the public value containers (ecx_fe25519, ecx_sc25519:
 * uint64_t limbs[5], include/ecx/f25519.h), read and written by the
 * operations tables one scalar access at a time.
 *
 * Why: a container is usually written by the previous call of the table
 * (one 8-byte store per word) and read by the next one. gcc 12 at -O3
 * merges the accesses to neighbouring words into 16- and 32-byte vector
 * moves (the expansion of memcpy, and the vectorisers, which also fold
 * the loads into a vectorised fe_add). A load wider than the store that
 * wrote its bytes is not forwarded from the store buffer: it waits for
 * the stores to reach the cache, on every call of a chain such as
 * x = op(x, y), and so did the stack copy a result took on its way out.
 * That stall was most of the time of the table's cheap entries (gcc 12
 * build, AMD Zen 4: ecbench's u64/f25519/sub 16.9 ns, 3.3 ns with these
 * accesses; docs/performance.md, "The f25519 table: gcc's wide loads of
 * narrow stores"). For the same reason u64's and u32's fe_add (and u32's
 * fe_sub, u64's sc_cond_sub_l) are written out instead of as loops over
 * the limbs, which gcc vectorises: their operands are often limbs the
 * previous operation has just stored one by one.
 *
 * The barrier is common/constant_time.h's ct_barrier_u64 (an empty asm
 * that takes and returns the word in a general register, no instruction),
 * used here for its other effect: the compiler can neither merge the word
 * with its neighbours nor route it through a vector register. Values, not
 * secrets: these add nothing to constant time (the word is moved whatever
 * it holds). */
#ifndef ECX_COMMON_PUBLIC_WORDS_H
#define ECX_COMMON_PUBLIC_WORDS_H

#include <stdint.h>

#include "common/constant_time.h"

static inline uint64_t public_word_load(const uint64_t *p)
{
    return ct_barrier_u64(*p);
}

static inline void public_word_store(uint64_t *p, uint64_t x)
{
    *p = ct_barrier_u64(x);
}

#endif
