/* Keccak-f[1600] and the FIPS 202 sponge functions.
 *
 * The permutation follows the step mappings of FIPS 202 section 3.2 on 64-bit
 * lanes, with rho and pi fused into one pass (pi only moves lanes, so the
 * rotation can be applied on the way) and chi reading the fused result. The
 * 25 lane moves are spelled out by a macro so every index and rotation count
 * is a compile-time constant whatever the compiler's unrolling heuristics;
 * only the 24-round loop stays a loop. On 32-bit targets the compiler splits
 * each lane into two words; that is slower than a bit-interleaved layout
 * but keeps one code path for every architecture.
 *
 * The sponge XORs message bytes into the lanes in place, little-endian
 * (appendix B.1's bit order makes byte i of the state byte i % 8 of lane
 * i / 8), so no separate block buffer is needed. Nothing branches on or
 * indexes by the data: only lengths and positions, which are public. */
#include "hash/keccak.h"

#include <string.h>

#include "common/bytes.h"
#include "common/constant_time.h"

/* Section 5.1's pad10*1 preceded by the function's suffix, as the first
 * padding byte of appendix B.2: SHA-3 appends bits 01 and SHAKE 1111
 * (sections 6.1, 6.2), then the first 1 of the padding; read LSB first,
 * 0,1,1 is 0x06 and 1,1,1,1,1 is 0x1f. The final 1 of the padding is the
 * top bit of the block's last byte. */
#define DS_SHA3 0x06
#define DS_SHAKE 0x1f
#define PAD_LAST 0x80

/* rc(t) of section 3.2.5 (algorithm 5) collected into the 24 round
 * constants of iota (algorithm 6): bit 2^j - 1 of RC[i] is rc(j + 7i). */
static const uint64_t RC[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* The rho offsets of section 3.2.2 (table 2) by lane x + 5y, reduced mod 64:
 * lane (1, 0) gets 1, and following (x, y) -> (y, 2x + 3y) the t-th lane
 * gets (t + 1)(t + 2) / 2. */
static const unsigned RHO[25] = {
    0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
};

/* The mask keeps the right shift below 64 for n = 0, lane (0, 0)'s offset. */
static inline uint64_t rotl64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> ((64 - n) & 63));
}

/* Theta's column effect d was already computed; lane (x, y) of the output of
 * pi is lane (x + 3y mod 5, x) of its input (section 3.2.3), which theta
 * updates with its own column's d and rho rotates by its own offset. */
#define SRC(x, y) (((x) + 3 * (y)) % 5 + 5 * (x))
#define RHO_PI(x, y) b[(x) + 5 * (y)] = rotl64(s[SRC(x, y)] ^ d[((x) + 3 * (y)) % 5], RHO[SRC(x, y)])
#define RHO_PI_PLANE(y) RHO_PI(0, y); RHO_PI(1, y); RHO_PI(2, y); RHO_PI(3, y); RHO_PI(4, y)

/* Chi (section 3.2.4) mixes only within a plane (fixed y), so it reads b,
 * the whole plane from the previous steps, and writes the state. */
#define CHI_LANE(x, y) s[(x) + 5 * (y)] = b[(x) + 5 * (y)] ^ (~b[((x) + 1) % 5 + 5 * (y)] & b[((x) + 2) % 5 + 5 * (y)])
#define CHI_PLANE(y) CHI_LANE(0, y); CHI_LANE(1, y); CHI_LANE(2, y); CHI_LANE(3, y); CHI_LANE(4, y)

/* Keccak-p[1600, 24] (section 3.3, algorithm 7) = Keccak-f[1600] (section
 * 3.4): rounds i_r = 0 .. 23 of Rnd = iota(chi(pi(rho(theta(A)))), i_r).
 * Every lane is touched the same way in every round: constant time by
 * construction. */
void ecxi_keccak_f1600(uint64_t s[25])
{
    uint64_t b[25], c[5], d[5];

    for (int round = 0; round < 24; round++) {
        /* Theta (section 3.2.1): each lane gains the parities of the two
         * neighbouring columns, one of them rotated by one bit. */
        c[0] = s[0] ^ s[5] ^ s[10] ^ s[15] ^ s[20];
        c[1] = s[1] ^ s[6] ^ s[11] ^ s[16] ^ s[21];
        c[2] = s[2] ^ s[7] ^ s[12] ^ s[17] ^ s[22];
        c[3] = s[3] ^ s[8] ^ s[13] ^ s[18] ^ s[23];
        c[4] = s[4] ^ s[9] ^ s[14] ^ s[19] ^ s[24];
        d[0] = c[4] ^ rotl64(c[1], 1);
        d[1] = c[0] ^ rotl64(c[2], 1);
        d[2] = c[1] ^ rotl64(c[3], 1);
        d[3] = c[2] ^ rotl64(c[4], 1);
        d[4] = c[3] ^ rotl64(c[0], 1);

        RHO_PI_PLANE(0);
        RHO_PI_PLANE(1);
        RHO_PI_PLANE(2);
        RHO_PI_PLANE(3);
        RHO_PI_PLANE(4);

        CHI_PLANE(0);
        CHI_PLANE(1);
        CHI_PLANE(2);
        CHI_PLANE(3);
        CHI_PLANE(4);

        /* Iota (section 3.2.5). */
        s[0] ^= RC[round];
    }
    /* The temporaries held functions of the state, which may be secret. */
    ct_wipe(b, sizeof b);
    ct_wipe(c, sizeof c);
    ct_wipe(d, sizeof d);
}

#undef SRC
#undef RHO_PI
#undef RHO_PI_PLANE
#undef CHI_LANE
#undef CHI_PLANE

/* XORs n bytes into the state from byte pos on (pos + n <= 200). Whole
 * lanes go through load64_le when pos is lane-aligned, the ragged ends byte
 * by byte; which path runs depends only on pos and n. */
static void xor_bytes(uint64_t s[25], size_t pos, const uint8_t *in, size_t n)
{
    for (; n > 0 && (pos & 7) != 0; pos++, in++, n--) s[pos >> 3] ^= (uint64_t)*in << (8 * (pos & 7));
    for (; n >= 8; pos += 8, in += 8, n -= 8) s[pos >> 3] ^= load64_le(in);
    for (; n > 0; pos++, in++, n--) s[pos >> 3] ^= (uint64_t)*in << (8 * (pos & 7));
}

/* Copies n bytes of the state from byte pos on (pos + n <= 200) to out. */
static void extract_bytes(const uint64_t s[25], size_t pos, uint8_t *out, size_t n)
{
    for (; n > 0 && (pos & 7) != 0; pos++, out++, n--) *out = (uint8_t)(s[pos >> 3] >> (8 * (pos & 7)));
    for (; n >= 8; pos += 8, out += 8, n -= 8) store64_le(out, s[pos >> 3]);
    for (; n > 0; pos++, out++, n--) *out = (uint8_t)(s[pos >> 3] >> (8 * (pos & 7)));
}

/* SPONGE[f, pad, r] of section 4 starts from the all-zero state; rate and
 * suffix are what distinguish the four functions. */
static void sponge_init(ecxi_keccak_ctx *ctx, size_t rate, uint8_t dsbyte)
{
    memset(ctx->state, 0, sizeof ctx->state);
    ctx->rate = rate;
    ctx->pos = 0;
    ctx->dsbyte = dsbyte;
    ctx->squeezing = 0;
}

/* SHA3-256 = KECCAK[512] (M || 01, 256): capacity 512 bits, rate 1088 bits. */
void ecxi_sha3_256_init(ecxi_keccak_ctx *ctx)
{
    sponge_init(ctx, ECXI_SHA3_256_RATE, DS_SHA3);
}

/* SHA3-512 = KECCAK[1024] (M || 01, 512): capacity 1024 bits, rate 576 bits. */
void ecxi_sha3_512_init(ecxi_keccak_ctx *ctx)
{
    sponge_init(ctx, ECXI_SHA3_512_RATE, DS_SHA3);
}

/* SHAKE128 = KECCAK[256] (M || 1111, d): capacity 256 bits, rate 1344 bits. */
void ecxi_shake128_init(ecxi_keccak_ctx *ctx)
{
    sponge_init(ctx, ECXI_SHAKE128_RATE, DS_SHAKE);
}

/* SHAKE256 = KECCAK[512] (M || 1111, d): capacity 512 bits, rate 1088 bits. */
void ecxi_shake256_init(ecxi_keccak_ctx *ctx)
{
    sponge_init(ctx, ECXI_SHAKE256_RATE, DS_SHAKE);
}

/* The absorbing loop of section 4 (algorithm 8, step 6), one block at a time
 * as the bytes arrive. A block is permuted as soon as it is full rather than
 * when the next byte comes: the padding of a message that ends on a block
 * boundary then lands at pos 0 of a fresh block, as pad10*1 requires. */
void ecxi_keccak_absorb(ecxi_keccak_ctx *ctx, const uint8_t *data, size_t len)
{
    /* After padding the stream is fixed, and a wiped context (rate 0) has
     * no block to fill; see the header. */
    if (ctx->squeezing || ctx->rate == 0 || len == 0) return;
    const size_t rate = ctx->rate;

    if (ctx->pos != 0) {
        size_t take = rate - ctx->pos;
        if (take > len) take = len;
        xor_bytes(ctx->state, ctx->pos, data, take);
        ctx->pos += take;
        data += take;
        len -= take;
        if (ctx->pos < rate) return;
        ecxi_keccak_f1600(ctx->state);
        ctx->pos = 0;
    }
    for (; len >= rate; data += rate, len -= rate) {
        xor_bytes(ctx->state, 0, data, rate);
        ecxi_keccak_f1600(ctx->state);
    }
    if (len > 0) {
        xor_bytes(ctx->state, 0, data, len);
        ctx->pos = len;
    }
}

/* Pads the message (pad10*1 after the suffix, section 5.1 and appendix B.2)
 * and permutes, which starts the squeezing phase at byte 0 of the state.
 * pos < rate always holds here, so the suffix byte fits; when pos is
 * rate - 1 the two XORs hit one byte (0x86 or 0x9f), as table 6 says. */
static void sponge_pad(ecxi_keccak_ctx *ctx)
{
    uint64_t *s = ctx->state;
    s[ctx->pos >> 3] ^= (uint64_t)ctx->dsbyte << (8 * (ctx->pos & 7));
    s[(ctx->rate - 1) >> 3] ^= (uint64_t)PAD_LAST << (8 * ((ctx->rate - 1) & 7));
    ecxi_keccak_f1600(s);
    ctx->pos = 0;
    ctx->squeezing = 1;
}

/* The squeezing loop of section 4 (algorithm 8, steps 7-10): Z grows by the
 * first r bits of the state, then the state is permuted. Here the permutation
 * runs lazily, only when the next output byte is needed, so a SHAKE stream
 * read in pieces costs no more permutations than one read at once. */
void ecxi_keccak_squeeze(ecxi_keccak_ctx *ctx, uint8_t *out, size_t len)
{
    /* A wiped context has no state to pad or read; see the header. */
    if (ctx->rate == 0) {
        if (len > 0) memset(out, 0, len);
        return;
    }
    if (!ctx->squeezing) sponge_pad(ctx);
    const size_t rate = ctx->rate;

    while (len > 0) {
        if (ctx->pos == rate) {
            ecxi_keccak_f1600(ctx->state);
            ctx->pos = 0;
        }
        size_t take = rate - ctx->pos;
        if (take > len) take = len;
        extract_bytes(ctx->state, ctx->pos, out, take);
        ctx->pos += take;
        out += take;
        len -= take;
    }
}

void ecxi_keccak_wipe(ecxi_keccak_ctx *ctx)
{
    ct_wipe(ctx, sizeof *ctx);
}

/* SHA-3 digests are shorter than their rate: one squeeze, no extra
 * permutation (section 4 with d < r). */
void ecxi_sha3_256_final(ecxi_keccak_ctx *ctx, uint8_t out[32])
{
    ecxi_keccak_squeeze(ctx, out, ECXI_SHA3_256_BYTES);
    ecxi_keccak_wipe(ctx);
}

void ecxi_sha3_512_final(ecxi_keccak_ctx *ctx, uint8_t out[64])
{
    ecxi_keccak_squeeze(ctx, out, ECXI_SHA3_512_BYTES);
    ecxi_keccak_wipe(ctx);
}

void ecxi_sha3_256(uint8_t out[32], const uint8_t *data, size_t len)
{
    ecxi_keccak_ctx ctx;
    ecxi_sha3_256_init(&ctx);
    ecxi_keccak_absorb(&ctx, data, len);
    ecxi_sha3_256_final(&ctx, out);
}

void ecxi_sha3_512(uint8_t out[64], const uint8_t *data, size_t len)
{
    ecxi_keccak_ctx ctx;
    ecxi_sha3_512_init(&ctx);
    ecxi_keccak_absorb(&ctx, data, len);
    ecxi_sha3_512_final(&ctx, out);
}

void ecxi_shake128(uint8_t *out, size_t outlen, const uint8_t *data, size_t len)
{
    ecxi_keccak_ctx ctx;
    ecxi_shake128_init(&ctx);
    ecxi_keccak_absorb(&ctx, data, len);
    ecxi_keccak_squeeze(&ctx, out, outlen);
    ecxi_keccak_wipe(&ctx);
}

void ecxi_shake256(uint8_t *out, size_t outlen, const uint8_t *data, size_t len)
{
    ecxi_keccak_ctx ctx;
    ecxi_shake256_init(&ctx);
    ecxi_keccak_absorb(&ctx, data, len);
    ecxi_keccak_squeeze(&ctx, out, outlen);
    ecxi_keccak_wipe(&ctx);
}
