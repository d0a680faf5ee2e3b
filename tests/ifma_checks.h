/* The AVX-512 IFMA half of test_ifma (ifma_checks.c). */
#ifndef ECX_TESTS_IFMA_CHECKS_H
#define ECX_TESTS_IFMA_CHECKS_H

/* Runs the field checks `rounds` times (the chain for `rounds` steps) and
 * the point checks rounds / 4 times, prints the "test_ifma: N passed, N
 * failed" line and returns the exit status (tests/check.h keeps its
 * counters per translation unit, so this half owns them). Call only on a
 * CPU with avx512ifma and avx512vl. */
int ifma_checks(unsigned long rounds);

#endif
