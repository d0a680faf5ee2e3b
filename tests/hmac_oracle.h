/* libsodium's HMAC-SHA-256 / HMAC-SHA-512 under a key of any length, one
 * shot: the oracle of test_sha2.c and test_ctime.c. (crypto_auth_hmacsha*
 * itself takes fixed-size keys; the _init form takes any length, as RFC
 * 2104 does.) Each test program includes this header once. */
#ifndef ECX_TESTS_HMAC_ORACLE_H
#define ECX_TESTS_HMAC_ORACLE_H

#include <sodium.h>
#include <stddef.h>
#include <stdint.h>

#define HMAC_ORACLE(BITS)                                                                          \
    static inline void sodium_hmac_sha##BITS(uint8_t *out, const uint8_t *key, size_t keylen,      \
                                             const uint8_t *msg, size_t len)                       \
    {                                                                                              \
        crypto_auth_hmacsha##BITS##_state st;                                                      \
        crypto_auth_hmacsha##BITS##_init(&st, key, keylen);                                        \
        crypto_auth_hmacsha##BITS##_update(&st, msg, len);                                         \
        crypto_auth_hmacsha##BITS##_final(&st, out);                                               \
    }
HMAC_ORACLE(256)
HMAC_ORACLE(512)
#undef HMAC_ORACLE

#endif
