/* SHA-256 and HMAC-SHA-256 (FIPS 180-4, RFC 2104): the constants, then the
 * SHA-2 template (sha2_impl.h), which holds the code and its notes, and the
 * choice of compression function: the template's portable one, or the x86
 * SHA extensions' (sha256_shani.c) where built and selected by dispatch. */
#include "hash/sha256.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

/* FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the
 * cube roots of the first 64 primes. */
const uint32_t ecxi_sha256_K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

/* FIPS 180-4 section 5.3.3: the first 32 bits of the fractional parts of the
 * square roots of the first 8 primes. */
static const uint32_t sha256_IV[8] = {
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, 0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};

#define SHA2_WORD uint32_t
#define SHA2_WORD_BYTES 4
#define SHA2_ROUNDS 64
#define SHA2_LENGTH_BYTES 8
#define SHA2_DIGEST_BYTES ECXI_SHA256_BYTES
#define SHA2_ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
/* FIPS 180-4 section 4.1.2. */
#define SHA2_BSIG0(x) (SHA2_ROTR(x, 2) ^ SHA2_ROTR(x, 13) ^ SHA2_ROTR(x, 22))
#define SHA2_BSIG1(x) (SHA2_ROTR(x, 6) ^ SHA2_ROTR(x, 11) ^ SHA2_ROTR(x, 25))
#define SHA2_SSIG0(x) (SHA2_ROTR(x, 7) ^ SHA2_ROTR(x, 18) ^ ((x) >> 3))
#define SHA2_SSIG1(x) (SHA2_ROTR(x, 17) ^ SHA2_ROTR(x, 19) ^ ((x) >> 10))
#define SHA2_K ecxi_sha256_K
#define SHA2_IV sha256_IV
#define SHA2_CTX ecxi_sha256_ctx
#define SHA2_HMAC_CTX ecxi_hmac_sha256_ctx
#define SHA2_FN(name) ecxi_sha256_##name
#define SHA2_HMAC_FN(name) ecxi_hmac_sha256_##name
#define SHA2_ONESHOT ecxi_sha256
#define SHA2_HMAC_ONESHOT ecxi_hmac_sha256

/* update and final compress through the selected function. */
static void sha256_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks);
#define SHA2_BLOCKS sha256_blocks

#include "hash/sha2_impl.h"

/* The compression in use: sha2_blocks until dispatch selects the SHA
 * extensions (ecxi_sha256_use_extensions). Written once at init, read on
 * every compression: a relaxed atomic load is a plain load on x86-64. */
#if defined(ECXI_HAVE_SHA256_SHANI) && defined(__x86_64__)
static _Atomic(ecxi_sha256_blocks_fn *) sha256_selected = sha2_blocks;

static void sha256_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks)
{
    atomic_load_explicit(&sha256_selected, memory_order_relaxed)(state, in, nblocks);
}

const char *ecxi_sha256_use_extensions(int on)
{
    atomic_store(&sha256_selected, on ? ecxi_sha256_blocks_shani : sha2_blocks);
    return ecxi_sha256_implementation();
}

const char *ecxi_sha256_implementation(void)
{
    return atomic_load(&sha256_selected) == sha2_blocks ? "portable" : "shani";
}
#else
/* No SHA-extension code in this build (not x86-64, or no -msha). */
static void sha256_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks)
{
    sha2_blocks(state, in, nblocks);
}

const char *ecxi_sha256_use_extensions(int on)
{
    (void)on;
    return "portable";
}

const char *ecxi_sha256_implementation(void) { return "portable"; }
#endif

ecxi_sha256_blocks_fn *ecxi_sha256_blocks_named(const char *name)
{
    if (strcmp(name, "portable") == 0) return sha2_blocks;
#if defined(ECXI_HAVE_SHA256_SHANI) && defined(__x86_64__)
    if (strcmp(name, "shani") == 0) return ecxi_sha256_blocks_shani;
#endif
    return NULL;
}

/* The SHA-256 compressions of 64 bytes of 0x36 and of 0x5c from the IV:
 * the inner and outer states of HMAC under any all-zero key of at most 64
 * bytes (RFC 2104: K0 ^ ipad, K0 ^ opad). */
static const uint32_t hmac_zero_key_inner[8] = {
    0xf454deadu, 0x9725214fu, 0x90daf2a0u, 0xdf1228eau, 0x64e5750fu, 0xa3924181u, 0x824a932bu, 0xf8e04e32u,
};
static const uint32_t hmac_zero_key_outer[8] = {
    0xd385480fu, 0x7abb6477u, 0x37c9c538u, 0x5dd82467u, 0x8e043a72u, 0x753434b0u, 0xdeb82818u, 0x361d45a6u,
};

void ecxi_hmac_sha256_init_zero_key(ecxi_hmac_sha256_ctx *ctx)
{
    memcpy(ctx->inner.state, hmac_zero_key_inner, sizeof hmac_zero_key_inner);
    memcpy(ctx->outer.state, hmac_zero_key_outer, sizeof hmac_zero_key_outer);
    ctx->inner.count[0] = ctx->outer.count[0] = ECXI_SHA256_BLOCKBYTES;
    ctx->inner.count[1] = ctx->outer.count[1] = 0;
}
