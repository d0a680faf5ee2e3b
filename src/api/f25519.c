/* ecx_f25519: the raw arithmetic tables of each backend. */
#include "ecx/f25519.h"

#include <string.h>

#include "api/export.h"
#include "dispatch/registry.h"

ECX_EXPORT const ecx_f25519_ops *ecx_f25519(const char *backend)
{
    /* NULL and "auto" mean the backend active now (DESIGN.md). */
    const struct ecx_backend *b =
        (!backend || strcmp(backend, "auto") == 0) ? ecxi_backend_active() : ecxi_backend_find(backend);
    return b ? b->f25519 : NULL;
}
