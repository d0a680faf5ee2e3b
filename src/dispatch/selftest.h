/* The known-answer self-test of a backend (src/dispatch/selftest.c). */
#ifndef ECX_DISPATCH_SELFTEST_H
#define ECX_DISPATCH_SELFTEST_H

#include "backend/ops.h"

/* Runs b's known-answer checks through its table; returns 1 if every answer
 * is right, else 0. Deterministic; a few hundred microseconds at most. */
int ecxi_backend_self_test(const struct ecx_backend *b);

#endif
