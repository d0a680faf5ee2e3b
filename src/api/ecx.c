/* Initialisation, backend selection, status strings, version. */
#include "ecx/ecx.h"

#include <string.h>

#include "api/export.h"
#include "dispatch/registry.h"

_Static_assert(ECXI_STATUS_UNSUPPORTED == ECX_ERR_UNSUPPORTED, "registry status mirrors ecx.h");
_Static_assert(ECXI_STATUS_INVALID == ECX_ERR_INVALID, "registry status mirrors ecx.h");
_Static_assert(ECXI_STATUS_SELFTEST == ECX_ERR_SELFTEST, "registry status mirrors ecx.h");

ECX_EXPORT int ecx_init(void)
{
    return ecxi_registry_init();
}

ECX_EXPORT const char *ecx_backend(void)
{
    return ecxi_backend_active()->name;
}

ECX_EXPORT int ecx_backend_select(const char *name)
{
    if (!name) return ECX_ERR_INVALID;
    return ecxi_backend_activate(name);
}

ECX_EXPORT size_t ecx_backends(const char **names, size_t max)
{
    if (!names) max = 0;
    return ecxi_backend_list(names, max);
}

ECX_EXPORT const char *ecx_strerror(int status)
{
    switch (status) {
    case ECX_OK: return "success";
    case ECX_ERR_INVALID: return "invalid argument or encoding";
    case ECX_ERR_VERIFY: return "verification failed";
    case ECX_ERR_UNSUPPORTED: return "not supported by this CPU or build";
    case ECX_ERR_NOMEM: return "out of memory";
    case ECX_ERR_RANDOM: return "the operating system gave no randomness";
    case ECX_ERR_SELFTEST: return "a backend failed its known-answer self-test on this machine and is not used";
    default: return "unknown status code";
    }
}

ECX_EXPORT const char *ecx_version(void)
{
    return ECX_VERSION;
}
