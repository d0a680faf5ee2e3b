/* SHA-512 (FIPS 180-4) and HMAC-SHA-512 (RFC 2104), portable C, constant
 * time in the data.
 *
 * Internal to ecx (hidden visibility): Ed25519 hashes secret keys and nonces
 * with it, so no branch and no memory index depends on the bytes hashed —
 * only on their length, which is public. */
#ifndef ECX_HASH_SHA512_H
#define ECX_HASH_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define ECXI_SHA512_BYTES 64
#define ECXI_SHA512_BLOCKBYTES 128

typedef struct {
    uint64_t state[8];
    uint64_t count[2]; /* bytes hashed so far: count[0] low word, count[1] high word */
    uint8_t buffer[128];
} ecxi_sha512_ctx;

void ecxi_sha512_init(ecxi_sha512_ctx *ctx);
/* data may be NULL when len is 0. */
void ecxi_sha512_update(ecxi_sha512_ctx *ctx, const uint8_t *data, size_t len);
/* Writes the digest and wipes the context (init it again to reuse it). */
void ecxi_sha512_final(ecxi_sha512_ctx *ctx, uint8_t out[64]);
/* One-shot: out = SHA-512(data[0 .. len-1]). */
void ecxi_sha512(uint8_t out[64], const uint8_t *data, size_t len);

typedef struct {
    ecxi_sha512_ctx inner, outer;
} ecxi_hmac_sha512_ctx;

/* HMAC-SHA-512 under a key of any length (key may be NULL when keylen is 0;
 * keys longer than a block are hashed first, as RFC 2104 says). final writes
 * the 64-byte tag and wipes the context. */
void ecxi_hmac_sha512_init(ecxi_hmac_sha512_ctx *ctx, const uint8_t *key, size_t keylen);
void ecxi_hmac_sha512_update(ecxi_hmac_sha512_ctx *ctx, const uint8_t *data, size_t len);
void ecxi_hmac_sha512_final(ecxi_hmac_sha512_ctx *ctx, uint8_t out[64]);
void ecxi_hmac_sha512(uint8_t out[64], const uint8_t *key, size_t keylen, const uint8_t *data, size_t len);

#endif
