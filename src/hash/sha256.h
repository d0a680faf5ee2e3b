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

/* HMAC-SHA-256 keyed with 32 zero bytes (the initial K of RFC 6979 section
 * 3.2 c), from the two padded key blocks' compressions precomputed: the
 * same context as ecxi_hmac_sha256_init(ctx, zeros, 32) without its two
 * compressions (tests/test_sha2.c checks both). */
void ecxi_hmac_sha256_init_zero_key(ecxi_hmac_sha256_ctx *ctx);

/* ---- the compression function: portable C or the x86 SHA extensions ---- */

/* The SHA-256 compression of nblocks consecutive 64-byte blocks into state
 * (FIPS 180-4 section 6.2.2). Constant time in the data. */
typedef void ecxi_sha256_blocks_fn(uint32_t state[8], const uint8_t *in, size_t nblocks);

/* FIPS 180-4 section 4.2.2, shared by both compression functions. */
extern const uint32_t ecxi_sha256_K[64];

/* The compression on the x86 SHA extensions (sha256_shani.c): built on
 * x86-64 when the compiler has -msha (then ECXI_HAVE_SHA256_SHANI is
 * defined for sha256.c); it needs SHA, SSSE3 and SSE4.1 (ECXI_CPU_SHA). */
#if defined(__x86_64__)
void ecxi_sha256_blocks_shani(uint32_t state[8], const uint8_t *in, size_t nblocks);
#endif

/* The compression named "portable" or "shani", or NULL if this build lacks
 * it. For tests and benchmarks: the caller checks the CPU has what "shani"
 * needs before calling it. */
ecxi_sha256_blocks_fn *ecxi_sha256_blocks_named(const char *name);

/* Makes every SHA-256 and HMAC-SHA-256 above use the SHA-extension
 * compression (on = 1, where built) or the portable one (on = 0, the
 * default); returns the name of the one now in use, "shani" or "portable".
 * Dispatch calls it once, inside its one-time init, with on = whether the
 * CPU probe (after ECX_CPU_DISABLE) reports ECXI_CPU_SHA; never call it
 * with on = 1 on a CPU without. Thread-safe (an atomic pointer). */
const char *ecxi_sha256_use_extensions(int on);

/* The name of the compression in use, "shani" or "portable". */
const char *ecxi_sha256_implementation(void);

#endif
