/* Registry functions used by src/api (besides those in backend.h). */
#ifndef ECX_DISPATCH_REGISTRY_H
#define ECX_DISPATCH_REGISTRY_H

#include <stddef.h>

/* Mirrors ECX_ERR_UNSUPPORTED; dispatch does not include the public headers'
 * status codes so that it stays below src/api. */
#define ECXI_STATUS_UNSUPPORTED (-3)

/* Runs the one-time probe and selection; returns 0, or
 * ECXI_STATUS_UNSUPPORTED if ECX_BACKEND named an unusable backend. */
int ecxi_registry_init(void);
/* Makes the usable backend `name` (or "auto") active; 0 or
 * ECXI_STATUS_UNSUPPORTED, in which case nothing changes. */
int ecxi_backend_activate(const char *name);
/* Usable backend names, best first; returns the total, fills at most max. */
size_t ecxi_backend_list(const char **names, size_t max);

#endif
