/* The vector-hazard checks (tests/vector_checks.c), compiled once per
 * vector backend with its flags; tests/test_vector.c calls them after its
 * CPU check. */
#ifndef ECX_TESTS_VECTOR_CHECKS_H
#define ECX_TESTS_VECTOR_CHECKS_H

/* Runs the field checks `rounds` times (the chain for `rounds` steps) and
 * the lane and point checks rounds / 4 times, prints the "PROGRAM: N
 * passed, N failed" line and returns the exit status (tests/check.h keeps
 * its counters per translation unit, so this half owns them). Call only on
 * a CPU with the backend's features. */
int vector_checks(const char *program, unsigned long rounds);

#endif
