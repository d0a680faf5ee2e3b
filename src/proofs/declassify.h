/* ecxi_declassify(p, n): marks n bytes as public for the valgrind
 * constant-time check (tests/run_ctime.sh), the way libsecp256k1's
 * secp256k1_declassify does. Library code calls it on values that are
 * computed from secrets but are public by the protocol's design, before
 * variable-time code consumes them (each call site says why). Outside
 * valgrind it is a handful of instructions that do nothing; without
 * <valgrind/memcheck.h> at build time it compiles to nothing. */
#ifndef ECX_PROOFS_DECLASSIFY_H
#define ECX_PROOFS_DECLASSIFY_H

#include <stddef.h>

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define ECXI_HAVE_MEMCHECK 1
#endif
#endif

static inline void ecxi_declassify(const void *p, size_t n)
{
#ifdef ECXI_HAVE_MEMCHECK
    (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
#else
    (void)p;
    (void)n;
#endif
}

#endif
