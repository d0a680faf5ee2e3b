/* The public ristretto255 functions (include/ecx/ristretto.h): NULL checks,
 * then one call through the active backend's table, which checks the
 * encodings and scalars itself (src/curve25519/ristretto_table.h: the scalar
 * check must stay constant time, so it lives with the arithmetic). */
#include "ecx/ristretto.h"

#include <stddef.h>
#include <stdint.h>

#include "api/export.h"
#include "common/constant_time.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"

ECX_EXPORT int ecx_ristretto255_is_valid(const uint8_t p[32])
{
    if (!p) return ECX_ERR_INVALID;
    return ecxi_backend_active()->ristretto->is_valid(p);
}

ECX_EXPORT int ecx_ristretto255_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    if (!r || !p || !q) return ECX_ERR_INVALID;
    int status = ecxi_backend_active()->ristretto->add(r, p, q);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ristretto255_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    if (!r || !p || !q) return ECX_ERR_INVALID;
    int status = ecxi_backend_active()->ristretto->sub(r, p, q);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ristretto255_scalarmult(uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    if (!r || !s || !p) return ECX_ERR_INVALID;
    int status = ecxi_backend_active()->ristretto->scalarmult(r, s, p);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ristretto255_scalarmult_base(uint8_t r[32], const uint8_t s[32])
{
    if (!r || !s) return ECX_ERR_INVALID;
    int status = ecxi_backend_active()->ristretto->scalarmult_base(r, s);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ristretto255_from_uniform(uint8_t r[32], const uint8_t h[64])
{
    if (!r || !h) return ECX_ERR_INVALID;
    int status = ecxi_backend_active()->ristretto->from_uniform(r, h);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ristretto255_msm_vartime(uint8_t r[32], size_t n, const uint8_t scalars[][32],
                                            const uint8_t points[][32])
{
    if (!r || (n > 0 && (!scalars || !points))) return ECX_ERR_INVALID;
    return ecxi_backend_active()->ristretto->msm_vartime(r, n, scalars, points);
}
