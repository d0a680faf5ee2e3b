/* SHA-512 (FIPS 180-4).
 *
 * The compression function keeps the message schedule in a 16-word ring and
 * unrolls all 80 rounds with the working variables renamed by macro arguments
 * (no register shuffling). Big-endian loads and stores are
 * byte shifts, so the code is the same on every architecture and alignment.
 * Nothing branches on or indexes by the data: only the length decides. */
#include "hash/sha512.h"

#include <string.h>

#include "common/constant_time.h"

static const uint64_t K[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static const uint64_t IV[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

static inline uint64_t load64_be(const uint8_t *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) | ((uint64_t)p[3] << 32) |
           ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) | ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

static inline void store64_be(uint8_t *p, uint64_t x)
{
    p[0] = (uint8_t)(x >> 56);
    p[1] = (uint8_t)(x >> 48);
    p[2] = (uint8_t)(x >> 40);
    p[3] = (uint8_t)(x >> 32);
    p[4] = (uint8_t)(x >> 24);
    p[5] = (uint8_t)(x >> 16);
    p[6] = (uint8_t)(x >> 8);
    p[7] = (uint8_t)x;
}


#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))
#define SSIG0(x) (ROTR(x, 1) ^ ROTR(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROTR(x, 19) ^ ROTR(x, 61) ^ ((x) >> 6))

/* One round. The eight working variables rotate by renaming (macro
 * arguments), never by moves. Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and the
 * b ^ c of a round is the a ^ b of the round before, so it is carried in
 * xy / yz, which swap roles every round. The additions are ordered so that
 * only BSIG1(e) and one addition sit on the e -> d -> e critical path. */
#define RND(a, b, c, d, e, f, g, h, i, xy, yz)                                                     \
    do {                                                                                           \
        h += K[i] + W[(i) & 15];                                                                   \
        h += CH(e, f, g);                                                                          \
        h += BSIG1(e);                                                                             \
        xy = a ^ b;                                                                                \
        d += h;                                                                                    \
        h += b ^ (xy & yz);                                                                        \
        h += BSIG0(a);                                                                             \
    } while (0)

/* Message schedule in a 16-word ring: W[t & 15] becomes word t (t >= 16). */
#define MSG(t) (W[(t) & 15] += SSIG1(W[((t) + 14) & 15]) + W[((t) + 9) & 15] + SSIG0(W[((t) + 1) & 15]))

/* Eight rounds t .. t+7 (after eight rounds the names are back in place);
 * S is MSG for rounds 16..79 and nothing for rounds 0..15. */
#define NOMSG(t) ((void)0)
#define R8(t, S)                                                                                   \
    S((t) + 0); RND(a, b, c, d, e, f, g, h, (t) + 0, x0, x1);                                      \
    S((t) + 1); RND(h, a, b, c, d, e, f, g, (t) + 1, x1, x0);                                      \
    S((t) + 2); RND(g, h, a, b, c, d, e, f, (t) + 2, x0, x1);                                      \
    S((t) + 3); RND(f, g, h, a, b, c, d, e, (t) + 3, x1, x0);                                      \
    S((t) + 4); RND(e, f, g, h, a, b, c, d, (t) + 4, x0, x1);                                      \
    S((t) + 5); RND(d, e, f, g, h, a, b, c, (t) + 5, x1, x0);                                      \
    S((t) + 6); RND(c, d, e, f, g, h, a, b, (t) + 6, x0, x1);                                      \
    S((t) + 7); RND(b, c, d, e, f, g, h, a, (t) + 7, x1, x0)

/* Compresses nblocks consecutive 128-byte blocks into state; all 80 rounds
 * unrolled, the schedule computed just before the round that needs it. */
static void sha512_blocks(uint64_t state[8], const uint8_t *in, size_t nblocks)
{
    uint64_t a, b, c, d, e, f, g, h, x0, x1;
    uint64_t W[16];

    while (nblocks--) {
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        e = state[4];
        f = state[5];
        g = state[6];
        h = state[7];
        for (int i = 0; i < 16; i++) W[i] = load64_be(in + 8 * i);

        x1 = b ^ c;
        R8(0, NOMSG);
        R8(8, NOMSG);
        R8(16, MSG);
        R8(24, MSG);
        R8(32, MSG);
        R8(40, MSG);
        R8(48, MSG);
        R8(56, MSG);
        R8(64, MSG);
        R8(72, MSG);

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
        in += 128;
    }
    /* The schedule held (functions of) the data. */
    ct_wipe(W, sizeof W);
}

void ecxi_sha512_init(ecxi_sha512_ctx *ctx)
{
    memcpy(ctx->state, IV, sizeof IV);
    ctx->count[0] = ctx->count[1] = 0;
}

void ecxi_sha512_update(ecxi_sha512_ctx *ctx, const uint8_t *data, size_t len)
{
    if (len == 0) return;
    size_t used = (size_t)(ctx->count[0] & 127);
    uint64_t lo = ctx->count[0] + (uint64_t)len;
    ctx->count[1] += (lo < ctx->count[0]);
#if SIZE_MAX > UINT64_MAX
    ctx->count[1] += (uint64_t)((len >> 32) >> 32);
#endif
    ctx->count[0] = lo;

    if (used) {
        size_t take = 128 - used;
        if (len < take) {
            memcpy(ctx->buffer + used, data, len);
            return;
        }
        memcpy(ctx->buffer + used, data, take);
        sha512_blocks(ctx->state, ctx->buffer, 1);
        data += take;
        len -= take;
    }
    if (len >= 128) {
        size_t n = len / 128;
        sha512_blocks(ctx->state, data, n);
        data += 128 * n;
        len -= 128 * n;
    }
    if (len) memcpy(ctx->buffer, data, len);
}

void ecxi_sha512_final(ecxi_sha512_ctx *ctx, uint8_t out[64])
{
    size_t used = (size_t)(ctx->count[0] & 127);
    /* Bit length, 128 bits big-endian. */
    uint64_t bits_hi = (ctx->count[1] << 3) | (ctx->count[0] >> 61);
    uint64_t bits_lo = ctx->count[0] << 3;

    ctx->buffer[used++] = 0x80;
    if (used > 112) {
        memset(ctx->buffer + used, 0, 128 - used);
        sha512_blocks(ctx->state, ctx->buffer, 1);
        used = 0;
    }
    memset(ctx->buffer + used, 0, 112 - used);
    store64_be(ctx->buffer + 112, bits_hi);
    store64_be(ctx->buffer + 120, bits_lo);
    sha512_blocks(ctx->state, ctx->buffer, 1);

    for (int i = 0; i < 8; i++) store64_be(out + 8 * i, ctx->state[i]);
    ct_wipe(ctx, sizeof *ctx);
}

void ecxi_sha512(uint8_t out[64], const uint8_t *data, size_t len)
{
    ecxi_sha512_ctx ctx;
    ecxi_sha512_init(&ctx);
    ecxi_sha512_update(&ctx, data, len);
    ecxi_sha512_final(&ctx, out);
}
