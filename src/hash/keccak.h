/* Keccak-f[1600], SHA3-256, SHA3-512, SHAKE128 and SHAKE256 (FIPS 202),
 * portable C, constant time in the data.
 *
 * Internal to ecx (hidden visibility). The bare permutation is exported
 * because the Merlin transcript (STROBE-128) runs its own duplex over it; the
 * sponge below is the plain FIPS 202 one. Like SHA-512, these may hash
 * secrets (nonces, witnesses), so no branch and no memory index depends on
 * the bytes hashed — only on lengths and positions, which are public. */
#ifndef ECX_HASH_KECCAK_H
#define ECX_HASH_KECCAK_H

#include <stddef.h>
#include <stdint.h>

/* The state: 25 lanes of 64 bits, 200 bytes. */
#define ECXI_KECCAK_LANES 25
#define ECXI_KECCAK_STATE_BYTES 200

/* Digest sizes, and the rates (block sizes) r/8 = 200 - 2 * (digest or
 * security bytes), FIPS 202 sections 6.1 and 6.2. */
#define ECXI_SHA3_256_BYTES 32
#define ECXI_SHA3_512_BYTES 64
#define ECXI_SHA3_256_RATE 136
#define ECXI_SHA3_512_RATE 72
#define ECXI_SHAKE128_RATE 168
#define ECXI_SHAKE256_RATE 136

/* Keccak-f[1600] = Keccak-p[1600, 24] (FIPS 202 sections 3.3 and 3.4), in
 * place. Lane (x, y) is state[x + 5 * y]; bit z of a lane is bit z of the
 * uint64_t, so byte i of the 200-byte string S of section 3.1.2 (with the bit
 * order of appendix B.1) is byte i % 8 of state[i / 8] read little-endian.
 * Callers that hold the state as bytes convert with load64_le / store64_le
 * (src/common/bytes.h). */
void ecxi_keccak_f1600(uint64_t state[25]);

/* A sponge in progress (FIPS 202 section 4). Treat as opaque; the fields are
 * public only so it can live on the stack. */
typedef struct {
    uint64_t state[25];
    size_t rate;       /* bytes absorbed or squeezed per permutation */
    size_t pos;        /* next byte of the current block, 0 .. rate - 1 */
    uint8_t dsbyte;    /* domain-separation bits with the first padding bit */
    uint8_t squeezing; /* 1 once the padding has been absorbed */
} ecxi_keccak_ctx;

/* Each init starts an empty message for its function: SHA3-256 and SHA3-512
 * (section 6.1, suffix 01), SHAKE128 and SHAKE256 (section 6.2, suffix 1111).
 * A context may be initialised again at any time to start over. */
void ecxi_sha3_256_init(ecxi_keccak_ctx *ctx);
void ecxi_sha3_512_init(ecxi_keccak_ctx *ctx);
void ecxi_shake128_init(ecxi_keccak_ctx *ctx);
void ecxi_shake256_init(ecxi_keccak_ctx *ctx);

/* Appends len bytes to the message; any split of a message into absorb calls
 * gives the same result. data may be NULL when len is 0.
 *
 * Absorbing after squeezing has started is a caller error: FIPS 202 defines
 * no such operation. It is made harmless rather than fatal: the call does
 * nothing (the data is ignored) and the output stream continues unchanged. */
void ecxi_keccak_absorb(ecxi_keccak_ctx *ctx, const uint8_t *data, size_t len);

/* SHAKE output: writes the next len bytes of the output stream. The first
 * call pads the message (section 5.1, appendix B.2); later calls continue
 * the stream, so any split of the output into squeeze calls gives the same
 * bytes. out may be NULL when len is 0 (the message is still padded). The
 * context keeps state derived from the message: wipe it with
 * ecxi_keccak_wipe when done. */
void ecxi_keccak_squeeze(ecxi_keccak_ctx *ctx, uint8_t *out, size_t len);

/* Writes the digest and wipes the context (init it again to reuse it). ctx
 * must come from the matching init and must not have been squeezed. */
void ecxi_sha3_256_final(ecxi_keccak_ctx *ctx, uint8_t out[32]);
void ecxi_sha3_512_final(ecxi_keccak_ctx *ctx, uint8_t out[64]);

/* Zeroes a context (after SHAKE, or to abandon a hash midway). A wiped
 * context must be initialised again before use; until then, so that a
 * second final cannot loop or write out of bounds, absorb ignores its input
 * and squeeze and final write zeros. */
void ecxi_keccak_wipe(ecxi_keccak_ctx *ctx);

/* One-shot: out = SHA3-256 / SHA3-512 (data[0 .. len-1]), and the first
 * outlen bytes of SHAKE128 / SHAKE256 (data[0 .. len-1]). data may be NULL
 * when len is 0, out when outlen is 0. */
void ecxi_sha3_256(uint8_t out[32], const uint8_t *data, size_t len);
void ecxi_sha3_512(uint8_t out[64], const uint8_t *data, size_t len);
void ecxi_shake128(uint8_t *out, size_t outlen, const uint8_t *data, size_t len);
void ecxi_shake256(uint8_t *out, size_t outlen, const uint8_t *data, size_t len);

#endif
