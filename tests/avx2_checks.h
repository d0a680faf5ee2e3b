/* The AVX2 half of test_avx2 (avx2_checks.c). */
#ifndef ECX_TESTS_AVX2_CHECKS_H
#define ECX_TESTS_AVX2_CHECKS_H

/* Runs the field checks `rounds` times (the chain for `rounds` steps),
 * prints the "test_avx2: N passed, N failed" line and returns the exit
 * status (tests/check.h keeps its counters per translation unit, so this
 * half owns them). Call only on a CPU with AVX2. */
int avx2_checks(unsigned long rounds);

#endif
