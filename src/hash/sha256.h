/* SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104), portable C, constant
 * time in the data.
 *
 * Internal to ecx (hidden visibility), for P-256 ECDSA: messages are hashed
 * with SHA-256 and RFC 6979 derives nonces from the secret key with
 * HMAC-SHA-256, so no branch and no memory index depends on the bytes hashed
 * or the key — only on lengths, which are public. */
#ifndef ECX_HASH_SHA256_H
#define ECX_HASH_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define ECXI_SHA256_BYTES 32
#define ECXI_SHA256_BLOCKBYTES 64

typedef struct {
    uint32_t state[8];
    uint64_t count[2]; /* bytes hashed so far: count[0] low word, count[1] high word */
    uint8_t buffer[64];
} ecxi_sha256_ctx;

void ecxi_sha256_init(ecxi_sha256_ctx *ctx);
/* data may be NULL when len is 0. */
void ecxi_sha256_update(ecxi_sha256_ctx *ctx, const uint8_t *data, size_t len);
/* Writes the digest and wipes the context (init it again to reuse it). */
void ecxi_sha256_final(ecxi_sha256_ctx *ctx, uint8_t out[32]);
/* One-shot: out = SHA-256(data[0 .. len-1]). */
void ecxi_sha256(uint8_t out[32], const uint8_t *data, size_t len);

typedef struct {
    ecxi_sha256_ctx inner, outer;
} ecxi_hmac_sha256_ctx;

/* HMAC-SHA-256 under a key of any length (key may be NULL when keylen is 0;
 * keys longer than a block are hashed first, as RFC 2104 says). final writes
 * the 32-byte tag and wipes the context. */
void ecxi_hmac_sha256_init(ecxi_hmac_sha256_ctx *ctx, const uint8_t *key, size_t keylen);
void ecxi_hmac_sha256_update(ecxi_hmac_sha256_ctx *ctx, const uint8_t *data, size_t len);
void ecxi_hmac_sha256_final(ecxi_hmac_sha256_ctx *ctx, uint8_t out[32]);
void ecxi_hmac_sha256(uint8_t out[32], const uint8_t *key, size_t keylen, const uint8_t *data, size_t len);

#endif
