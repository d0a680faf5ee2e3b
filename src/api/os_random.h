/* OS randomness for the public functions: getrandom(2), retrying on EINTR
 * and on short reads (src/api/ed25519.c and src/api/rangeproof.c). */
#ifndef ECX_API_OS_RANDOM_H
#define ECX_API_OS_RANDOM_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>

#include "ecx/ecx.h"

/* Fills buf with n bytes. ECX_OK or ECX_ERR_RANDOM. */
static inline int ecxi_os_random(uint8_t *buf, size_t n)
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

#endif
