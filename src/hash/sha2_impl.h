/* SHA-2 (FIPS 180-4) and HMAC (RFC 2104), written once for SHA-256 and
 * SHA-512: a template that sha256.c and sha512.c each include once, after
 * defining
 *
 *   SHA2_WORD          the word type (uint32_t, uint64_t)
 *   SHA2_WORD_BYTES    4 or 8
 *   SHA2_ROUNDS        64 or 80 (a multiple of 16)
 *   SHA2_LENGTH_BYTES  the size of the length field closing the padding:
 *                      8 or 16 (the message length in bits, big-endian)
 *   SHA2_DIGEST_BYTES  32 or 64
 *   SHA2_BSIG0(x), SHA2_BSIG1(x), SHA2_SSIG0(x), SHA2_SSIG1(x)
 *                      the functions of FIPS 180-4 section 4.1.2 / 4.1.3,
 *                      written with SHA2_ROTR
 *   SHA2_K, SHA2_IV    names of the round constants and initial hash value
 *   SHA2_CTX, SHA2_HMAC_CTX  the context types (from sha256.h / sha512.h)
 *   SHA2_FN(name)      the public name of a function: ecxi_sha256_##name
 *   SHA2_HMAC_FN(name) the same for HMAC: ecxi_hmac_sha256_##name
 *   SHA2_ONESHOT, SHA2_HMAC_ONESHOT  the one-shot functions' names
 *
 * and optionally SHA2_BLOCKS, the name of a compression function with
 * sha2_blocks' signature that update and final call instead of sha2_blocks
 * (sha256.c: a choice between sha2_blocks and the SHA-extension code).
 *
 * The block is 16 words. The compression function keeps the message schedule
 * in a 16-word ring and unrolls 16 rounds at a time, the working variables
 * renamed by macro arguments (no register shuffling). Big-endian loads and
 * stores are byte shifts, the same code on every architecture and alignment.
 *
 * Why 16 rounds and a loop, not all 80 unrolled: unrolled, SHA-512's
 * compression was 15 KiB of code, and on AMD Zen 5 its speed depended on
 * where the linker put it — a second block in one call cost 550 TSC ticks
 * more than the first (390), a one-shot hash of 96 bytes took 735 ticks
 * inside libecx and 441 compiled alone. Rolled, it is about 400 ticks a
 * block wherever it lands, and Ed25519 signing got 5% faster
 * (docs/performance.md, "SHA-512's code size").
 *
 * Constant time in the data: nothing branches on or indexes by the bytes
 * hashed (Ed25519 hashes secret keys and nonces, HMAC keys are secret); only
 * lengths decide. Contexts and key blocks holding secrets are wiped. */
#include <string.h>

#include "common/constant_time.h"

#define SHA2_BLOCK_BYTES (16 * SHA2_WORD_BYTES)

/* Written out, not as a loop: gcc 12 then emits one load and a bswap. */
static inline SHA2_WORD sha2_load_be(const uint8_t *p)
{
#if SHA2_WORD_BYTES == 8
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) | ((uint64_t)p[3] << 32) |
           ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) | ((uint64_t)p[6] << 8) | (uint64_t)p[7];
#else
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
#endif
}

static inline void sha2_store_be(uint8_t *p, SHA2_WORD x)
{
    for (int i = SHA2_WORD_BYTES - 1; i >= 0; i--) {
        p[i] = (uint8_t)x;
        x >>= 8;
    }
}

static inline void sha2_store64_be(uint8_t *p, uint64_t x)
{
    for (int i = 7; i >= 0; i--) {
        p[i] = (uint8_t)x;
        x >>= 8;
    }
}

#ifndef SHA2_BLOCKS
#define SHA2_BLOCKS sha2_blocks
#endif

#define SHA2_CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))

/* One round. Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and the b ^ c of a round
 * is the a ^ b of the round before, so it is carried in xy / yz, which swap
 * roles every round. The additions are ordered so that only BSIG1(e) and one
 * addition sit on the e -> d -> e critical path. */
#define SHA2_RND(a, b, c, d, e, f, g, h, i, xy, yz)                                                \
    do {                                                                                           \
        h += K[i] + W[(i) & 15];                                                                   \
        h += SHA2_CH(e, f, g);                                                                     \
        h += SHA2_BSIG1(e);                                                                        \
        xy = a ^ b;                                                                                \
        d += h;                                                                                    \
        h += b ^ (xy & yz);                                                                        \
        h += SHA2_BSIG0(a);                                                                        \
    } while (0)

/* Message schedule in a 16-word ring: W[t & 15] becomes word t (t >= 16). */
#define SHA2_MSG(t)                                                                                \
    (W[(t) & 15] += SHA2_SSIG1(W[((t) + 14) & 15]) + W[((t) + 9) & 15] + SHA2_SSIG0(W[((t) + 1) & 15]))

/* Eight rounds t .. t+7 of the current 16 (after eight rounds the names
 * are back in place); S is SHA2_MSG from round 16 on and nothing before. */
#define SHA2_NOMSG(t) ((void)0)
#define SHA2_R8(t, S)                                                                              \
    S((t) + 0); SHA2_RND(a, b, c, d, e, f, g, h, (t) + 0, x0, x1);                                 \
    S((t) + 1); SHA2_RND(h, a, b, c, d, e, f, g, (t) + 1, x1, x0);                                 \
    S((t) + 2); SHA2_RND(g, h, a, b, c, d, e, f, (t) + 2, x0, x1);                                 \
    S((t) + 3); SHA2_RND(f, g, h, a, b, c, d, e, (t) + 3, x1, x0);                                 \
    S((t) + 4); SHA2_RND(e, f, g, h, a, b, c, d, (t) + 4, x0, x1);                                 \
    S((t) + 5); SHA2_RND(d, e, f, g, h, a, b, c, (t) + 5, x1, x0);                                 \
    S((t) + 6); SHA2_RND(c, d, e, f, g, h, a, b, (t) + 6, x0, x1);                                 \
    S((t) + 7); SHA2_RND(b, c, d, e, f, g, h, a, (t) + 7, x1, x0)

#if SHA2_ROUNDS % 16 != 0 || SHA2_ROUNDS < 16
#error "SHA2_ROUNDS must be a multiple of 16"
#endif

/* Compresses nblocks consecutive blocks into state (FIPS 180-4 section
 * 6.2.2 / 6.4.2), 16 rounds per loop turn, the schedule computed just
 * before the round that needs it. K points at the turn's 16 constants, so
 * every ring index is a constant. */
static void sha2_blocks(SHA2_WORD state[8], const uint8_t *in, size_t nblocks)
{
    SHA2_WORD a, b, c, d, e, f, g, h, x0, x1;
    SHA2_WORD W[16];

    while (nblocks--) {
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        e = state[4];
        f = state[5];
        g = state[6];
        h = state[7];
        for (int i = 0; i < 16; i++) W[i] = sha2_load_be(in + SHA2_WORD_BYTES * i);

        x1 = b ^ c;
        const SHA2_WORD *K = SHA2_K;
        SHA2_R8(0, SHA2_NOMSG);
        SHA2_R8(8, SHA2_NOMSG);
        for (int r = 16; r < SHA2_ROUNDS; r += 16) {
            K += 16;
            SHA2_R8(0, SHA2_MSG);
            SHA2_R8(8, SHA2_MSG);
        }

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
        in += SHA2_BLOCK_BYTES;
    }
    /* The schedule held (functions of) the data. */
    ct_wipe(W, sizeof W);
}

void SHA2_FN(init)(SHA2_CTX *ctx)
{
    memcpy(ctx->state, SHA2_IV, sizeof SHA2_IV);
    ctx->count[0] = ctx->count[1] = 0;
}

void SHA2_FN(update)(SHA2_CTX *ctx, const uint8_t *data, size_t len)
{
    if (len == 0) return;
    size_t used = (size_t)(ctx->count[0] & (SHA2_BLOCK_BYTES - 1));
    uint64_t lo = ctx->count[0] + (uint64_t)len;
    ctx->count[1] += (lo < ctx->count[0]);
#if SIZE_MAX > UINT64_MAX
    ctx->count[1] += (uint64_t)((len >> 32) >> 32);
#endif
    ctx->count[0] = lo;

    if (used) {
        size_t take = SHA2_BLOCK_BYTES - used;
        if (len < take) {
            memcpy(ctx->buffer + used, data, len);
            return;
        }
        memcpy(ctx->buffer + used, data, take);
        SHA2_BLOCKS(ctx->state, ctx->buffer, 1);
        data += take;
        len -= take;
    }
    if (len >= SHA2_BLOCK_BYTES) {
        size_t n = len / SHA2_BLOCK_BYTES;
        SHA2_BLOCKS(ctx->state, data, n);
        data += SHA2_BLOCK_BYTES * n;
        len -= SHA2_BLOCK_BYTES * n;
    }
    if (len) memcpy(ctx->buffer, data, len);
}

/* Padding (FIPS 180-4 section 5.1): 0x80, zeros, then the length in bits in
 * the last SHA2_LENGTH_BYTES bytes of the block. */
void SHA2_FN(final)(SHA2_CTX *ctx, uint8_t out[SHA2_DIGEST_BYTES])
{
    const size_t length_at = SHA2_BLOCK_BYTES - SHA2_LENGTH_BYTES;
    size_t used = (size_t)(ctx->count[0] & (SHA2_BLOCK_BYTES - 1));
    uint64_t bits_hi = (ctx->count[1] << 3) | (ctx->count[0] >> 61);
    uint64_t bits_lo = ctx->count[0] << 3;

    ctx->buffer[used++] = 0x80;
    if (used > length_at) {
        memset(ctx->buffer + used, 0, SHA2_BLOCK_BYTES - used);
        SHA2_BLOCKS(ctx->state, ctx->buffer, 1);
        used = 0;
    }
    memset(ctx->buffer + used, 0, length_at - used);
#if SHA2_LENGTH_BYTES == 16
    sha2_store64_be(ctx->buffer + length_at, bits_hi);
#elif SHA2_LENGTH_BYTES == 8
    (void)bits_hi; /* SHA-256 messages are below 2^64 bits */
#else
#error "SHA2_LENGTH_BYTES must be 8 or 16"
#endif
    sha2_store64_be(ctx->buffer + SHA2_BLOCK_BYTES - 8, bits_lo);
    SHA2_BLOCKS(ctx->state, ctx->buffer, 1);

    for (int i = 0; i < SHA2_DIGEST_BYTES / SHA2_WORD_BYTES; i++)
        sha2_store_be(out + SHA2_WORD_BYTES * i, ctx->state[i]);
    ct_wipe(ctx, sizeof *ctx);
}

void SHA2_ONESHOT(uint8_t out[SHA2_DIGEST_BYTES], const uint8_t *data, size_t len)
{
    SHA2_CTX ctx;
    SHA2_FN(init)(&ctx);
    SHA2_FN(update)(&ctx, data, len);
    SHA2_FN(final)(&ctx, out);
}

/* HMAC (RFC 2104): H((K0 ^ opad) || H((K0 ^ ipad) || m)), with K0 the key
 * padded to a block, or its hash padded when it is longer than a block.
 * Both keyed states are made here, so final only hashes the inner digest. */
void SHA2_HMAC_FN(init)(SHA2_HMAC_CTX *ctx, const uint8_t *key, size_t keylen)
{
    uint8_t block[SHA2_BLOCK_BYTES];
    memset(block, 0, sizeof block);
    if (keylen > SHA2_BLOCK_BYTES)
        SHA2_ONESHOT(block, key, keylen);
    else if (keylen > 0)
        memcpy(block, key, keylen);

    for (size_t i = 0; i < sizeof block; i++) block[i] ^= 0x36;
    SHA2_FN(init)(&ctx->inner);
    SHA2_FN(update)(&ctx->inner, block, sizeof block);
    for (size_t i = 0; i < sizeof block; i++) block[i] ^= 0x36 ^ 0x5c;
    SHA2_FN(init)(&ctx->outer);
    SHA2_FN(update)(&ctx->outer, block, sizeof block);
    ct_wipe(block, sizeof block);
}

void SHA2_HMAC_FN(update)(SHA2_HMAC_CTX *ctx, const uint8_t *data, size_t len)
{
    SHA2_FN(update)(&ctx->inner, data, len);
}

void SHA2_HMAC_FN(final)(SHA2_HMAC_CTX *ctx, uint8_t out[SHA2_DIGEST_BYTES])
{
    uint8_t inner[SHA2_DIGEST_BYTES];
    SHA2_FN(final)(&ctx->inner, inner);
    SHA2_FN(update)(&ctx->outer, inner, sizeof inner);
    SHA2_FN(final)(&ctx->outer, out);
    ct_wipe(inner, sizeof inner);
    ct_wipe(ctx, sizeof *ctx);
}

void SHA2_HMAC_ONESHOT(uint8_t out[SHA2_DIGEST_BYTES], const uint8_t *key, size_t keylen, const uint8_t *data,
                       size_t len)
{
    SHA2_HMAC_CTX ctx;
    SHA2_HMAC_FN(init)(&ctx, key, keylen);
    SHA2_HMAC_FN(update)(&ctx, data, len);
    SHA2_HMAC_FN(final)(&ctx, out);
}
