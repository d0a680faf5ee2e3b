/* The AVX-512 IFMA half of test_ifma_field4 (ifma_field4_checks.c). */
#ifndef ECX_TESTS_IFMA_FIELD4_CHECKS_H
#define ECX_TESTS_IFMA_FIELD4_CHECKS_H

/* Runs every check `rounds` times (the chain for `rounds` steps), prints
 * the "test_ifma_field4: N passed, N failed" line and returns the exit
 * status (tests/check.h keeps its counters per translation unit, so this
 * half owns them). Call only on a CPU with avx512ifma and avx512vl. */
int ifma_field4_checks(unsigned long rounds);

#endif
