/* The registry (src/dispatch/registry.c), as src/api, the tests and the
 * benchmarks see it. */
#ifndef ECX_DISPATCH_REGISTRY_H
#define ECX_DISPATCH_REGISTRY_H

#include <stddef.h>

#include "backend/ops.h"

/* Mirrors ECX_ERR_UNSUPPORTED; dispatch does not include the public headers'
 * status codes so that it stays below src/api. */
#define ECXI_STATUS_UNSUPPORTED (-3)
/* Mirrors ECX_ERR_SELFTEST. */
#define ECXI_STATUS_SELFTEST (-6)
/* Mirrors ECX_ERR_INVALID. */
#define ECXI_STATUS_INVALID (-1)

/* Runs the one-time probe and selection; returns 0, ECXI_STATUS_INVALID if
 * ECX_CPU_DISABLE holds an unknown word, or (else) ECXI_STATUS_UNSUPPORTED
 * if ECX_BACKEND named a backend the CPU or the build lacks, or
 * ECXI_STATUS_SELFTEST if a backend that would have been chosen failed its
 * self-test (the next usable one runs instead). */
int ecxi_registry_init(void);
/* Makes the usable backend `name` (or "auto") active; 0, or
 * ECXI_STATUS_UNSUPPORTED (unknown, or the CPU lacks it) or
 * ECXI_STATUS_SELFTEST (it failed its self-test), in which case nothing
 * changes. */
int ecxi_backend_activate(const char *name);
/* Usable backend names, best first; returns the total, fills at most max. */
size_t ecxi_backend_list(const char **names, size_t max);

/* The table named `name` if it is built, usable on this CPU and passes its
 * self-test, else NULL. */
const struct ecx_backend *ecxi_backend_find(const char *name);
/* The active table (runs the one-time initialisation first). */
const struct ecx_backend *ecxi_backend_active(void);

#endif
