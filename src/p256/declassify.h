/* P256_DECLASSIFY(p, n): tells valgrind's memcheck that the n bytes at p
 * are public although they were computed from secrets, for the constant-
 * time check (tests/test_ctime.c marks secrets undefined; libsecp256k1's
 * secp256k1_declassify is the model). ECDSA signing needs it twice, both
 * for values that are published or nearly so: whether an RFC 6979 nonce
 * candidate is in [1, n - 1] (fails with probability 2^-32; the retry is
 * visible in the timing, as in every RFC 6979 implementation) and whether
 * r or s is 0 (r and s are the signature).
 *
 * Outside valgrind the client request is a few instructions that do
 * nothing; where <valgrind/memcheck.h> is missing (cross builds) the macro
 * is empty. */
#ifndef ECX_P256_DECLASSIFY_H
#define ECX_P256_DECLASSIFY_H

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define P256_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#endif
#endif

#ifndef P256_DECLASSIFY
#define P256_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

#endif
