/* The test of the 4-way bound checks (tests/verify4_checks.c, compiled once
 * per vector backend with its flags in the -Decx_verify=true build;
 * tests/test_verify4.c runs each case in a child process). */
#ifndef ECX_TESTS_VERIFY4_CHECKS_H
#define ECX_TESTS_VERIFY4_CHECKS_H

/* The number of cases; case i's name; runs case i: a call of one fe4_*
 * function whose inputs are at the edge of its documented bound, just
 * inside (*fires = 0: the call must return) or just outside in one limb of
 * one lane (*fires = 1: ECX_VERIFY must abort the process). */
int verify4_cases(void);
const char *verify4_case_name(int i, int *fires);
void verify4_run(int i);

#endif
