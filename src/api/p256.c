/* The public P-256 functions (include/ecx/p256.h): NULL checks, then one
 * call through the active backend's table, which checks the values itself
 * (src/p256/p256_table.h: the range check must be constant time, so it
 * lives with the arithmetic). */
#include "ecx/p256.h"

#include <stddef.h>
#include <stdint.h>

#include "api/export.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"

ECX_EXPORT int ecx_p256_field_invert(uint8_t out[32], const uint8_t in[32])
{
    if (!out || !in) return ECX_ERR_INVALID;
    return ecxi_backend_active()->p256->field_invert(out, in);
}

ECX_EXPORT int ecx_p256_scalar_invert(uint8_t out[32], const uint8_t in[32])
{
    if (!out || !in) return ECX_ERR_INVALID;
    return ecxi_backend_active()->p256->scalar_invert(out, in);
}
