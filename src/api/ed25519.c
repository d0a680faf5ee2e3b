/* The public Ed25519 functions (include/ecx/ed25519.h): argument checks, OS
 * randomness where needed, then one call through the active backend. Key
 * generation and signing wipe the stack the backend used afterwards
 * (ct_wipe_stack). */
#include "ecx/ed25519.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>

#include "api/export.h"
#include "common/constant_time.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"

/* Fills buf with n bytes from getrandom(2), retrying on EINTR and on short
 * reads. Returns ECX_OK or ECX_ERR_RANDOM. */
static int os_random(uint8_t *buf, size_t n)
{
    while (n > 0) {
        ssize_t got = getrandom(buf, n, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return ECX_ERR_RANDOM;
        }
        if (got == 0) return ECX_ERR_RANDOM;
        buf += (size_t)got;
        n -= (size_t)got;
    }
    return ECX_OK;
}

ECX_EXPORT int ecx_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    if (!pk || !sk) return ECX_ERR_INVALID;
    const struct ecx_backend *b = ecxi_backend_active();
    int status;
    if (seed) {
        status = b->ed25519_keypair(pk, sk, seed);
    } else {
        uint8_t fresh[32];
        status = os_random(fresh, sizeof fresh);
        if (status == ECX_OK) status = b->ed25519_keypair(pk, sk, fresh);
        ct_wipe(fresh, sizeof fresh);
    }
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ed25519_sign(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[64])
{
    if (!sig || !sk || (!m && mlen != 0)) return ECX_ERR_INVALID;
    int status = ecxi_backend_active()->ed25519_sign(sig, m, mlen, sk);
    ct_wipe_stack();
    return status;
}

ECX_EXPORT int ecx_ed25519_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    if (!sig || !pk || (!m && mlen != 0)) return ECX_ERR_INVALID;
    return ecxi_backend_active()->ed25519_verify(sig, m, mlen, pk, 0);
}

ECX_EXPORT int ecx_ed25519_verify_zip215(const uint8_t sig[64], const uint8_t *m, size_t mlen,
                                         const uint8_t pk[32])
{
    if (!sig || !pk || (!m && mlen != 0)) return ECX_ERR_INVALID;
    return ecxi_backend_active()->ed25519_verify(sig, m, mlen, pk, 1);
}

ECX_EXPORT int ecx_ed25519_verify_batch(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                                        const size_t mlens[], const uint8_t *const pks[], int results[])
{
    if (n == 0) return ECX_OK;
    if (!sigs || !msgs || !mlens || !pks) return ECX_ERR_INVALID;
    for (size_t i = 0; i < n; i++) {
        if (!sigs[i] || !pks[i] || (!msgs[i] && mlens[i] != 0)) return ECX_ERR_INVALID;
    }
    const struct ecx_backend *b = ecxi_backend_active();
    if (!b->ed25519_verify_batch) return ECX_ERR_UNSUPPORTED;

    uint8_t seed[32];
    if (os_random(seed, sizeof seed) != ECX_OK) return ECX_ERR_RANDOM;
    int status = b->ed25519_verify_batch(n, sigs, msgs, mlens, pks, results, seed);
    ct_wipe(seed, sizeof seed);
    return status;
}
