/* The public P-256 functions (include/ecx/p256.h): NULL checks, then one
 * call through the active backend's table, which checks the values itself
 * (src/p256/p256_table.h: the range check must be constant time, so it
 * lives with the arithmetic). The functions that take a secret (the
 * inversions, key generation, signing) wipe the stack the backend used
 * afterwards (ct_wipe_stack; tests/test_residue.c checks it). */
#include "ecx/p256.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "api/export.h"
#include "backend/ops.h"
#include "common/constant_time.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"

ECX_EXPORT int ecx_p256_field_invert(uint8_t out[32], const uint8_t in[32])
{
    if (!out || !in) return ECX_ERR_INVALID;
    const int status = ecxi_backend_active()->p256->field_invert(out, in);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_p256_scalar_invert(uint8_t out[32], const uint8_t in[32])
{
    if (!out || !in) return ECX_ERR_INVALID;
    const int status = ecxi_backend_active()->p256->scalar_invert(out, in);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_p256_public_key(uint8_t pk[65], const uint8_t sk[32])
{
    if (!pk || !sk) return ECX_ERR_INVALID;
    const int status = ecxi_backend_active()->p256->public_key(pk, sk);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_p256_public_key_compressed(uint8_t pk[33], const uint8_t sk[32])
{
    uint8_t full[65];
    if (!pk || !sk) return ECX_ERR_INVALID;
    const struct ecxi_p256_ops *ops = ecxi_backend_active()->p256;
    int r = ops->public_key(full, sk);
    if (r == ECX_OK) r = ops->public_key_compress(pk, full);
    if (r != ECX_OK) memset(pk, 0, 33);
    ct_wipe_stack();
    return r;
}

ECX_EXPORT int ecx_p256_public_key_compress(uint8_t out[33], const uint8_t pk[65])
{
    if (!out || !pk) return ECX_ERR_INVALID;
    return ecxi_backend_active()->p256->public_key_compress(out, pk);
}

ECX_EXPORT int ecx_p256_public_key_decompress(uint8_t out[65], const uint8_t pk[33])
{
    if (!out || !pk) return ECX_ERR_INVALID;
    return ecxi_backend_active()->p256->public_key_decompress(out, pk);
}

ECX_EXPORT int ecx_p256_ecdsa_sign(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[32])
{
    if (!sig || !sk || (!m && mlen > 0)) return ECX_ERR_INVALID;
    const int status = ecxi_backend_active()->p256->sign(sig, m, mlen, sk);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_p256_ecdsa_sign_digest(uint8_t sig[64], const uint8_t digest[32], const uint8_t sk[32])
{
    if (!sig || !digest || !sk) return ECX_ERR_INVALID;
    const int status = ecxi_backend_active()->p256->sign_digest(sig, digest, sk);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_p256_ecdsa_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[65])
{
    return ecx_p256_ecdsa_verify_key(sig, m, mlen, pk, 65);
}

ECX_EXPORT int ecx_p256_ecdsa_verify_key(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t *pk,
                                         size_t pklen)
{
    if (!sig || !pk || (!m && mlen > 0)) return ECX_ERR_INVALID;
    return ecxi_backend_active()->p256->verify(sig, m, mlen, pk, pklen);
}

ECX_EXPORT int ecx_p256_ecdsa_verify_digest(const uint8_t sig[64], const uint8_t digest[32], const uint8_t *pk,
                                            size_t pklen)
{
    if (!sig || !digest || !pk) return ECX_ERR_INVALID;
    return ecxi_backend_active()->p256->verify_digest(sig, digest, pk, pklen);
}
