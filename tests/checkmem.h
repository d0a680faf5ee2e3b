/* Secret / public marks for the constant-time test (tests/test_ctime.c).
 *
 * Under valgrind's memcheck, ECX_CHECKMEM_SECRET(p, n) declares n bytes at p
 * undefined: memcheck then reports every conditional branch and every memory
 * address computed from them ("Conditional jump or move depends on
 * uninitialised value(s)", "Use of uninitialised value"), which is exactly a
 * secret-dependent branch or table index. ECX_CHECKMEM_PUBLIC(p, n) declares
 * them defined again: the test calls it on outputs before comparing them,
 * since an output may depend on a secret and still be meant to be published.
 * Copying, arithmetic and constant-time selects propagate "undefined" without
 * complaint, so only the leaks are reported.
 *
 * The idea is libsecp256k1's (src/checkmem.h, src/ctime_tests.c).
 *
 * With ECX_HAVE_VALGRIND (meson defines it when <valgrind/memcheck.h> is
 * found), or when the compiler can see that header, the marks are memcheck
 * client requests, which cost a few instructions and do nothing outside
 * valgrind; otherwise they compile to nothing (cross builds, say).
 * ECX_CHECKMEM_RUNNING() is nonzero when running under valgrind. */
#ifndef ECX_TESTS_CHECKMEM_H
#define ECX_TESTS_CHECKMEM_H

#include <stddef.h>

#if !defined(ECX_HAVE_VALGRIND) && defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#define ECX_HAVE_VALGRIND 1
#endif
#endif

#if defined(ECX_HAVE_VALGRIND) && ECX_HAVE_VALGRIND
#include <valgrind/memcheck.h>
#define ECX_CHECKMEM_ENABLED 1
#define ECX_CHECKMEM_SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define ECX_CHECKMEM_PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#define ECX_CHECKMEM_RUNNING() (RUNNING_ON_VALGRIND != 0)
#else
#define ECX_CHECKMEM_ENABLED 0
#define ECX_CHECKMEM_SECRET(p, n) ((void)(p), (void)(n))
#define ECX_CHECKMEM_PUBLIC(p, n) ((void)(p), (void)(n))
#define ECX_CHECKMEM_RUNNING() 0
#endif

#endif
