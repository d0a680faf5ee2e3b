/* SHA-256 and HMAC-SHA-256 (FIPS 180-4, RFC 2104): the constants, then the
 * SHA-2 template (sha2_impl.h), which holds the code and its notes. */
#include "hash/sha256.h"

#include <stdint.h>

/* FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the
 * cube roots of the first 64 primes. */
static const uint32_t sha256_K[64] = {
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
#define SHA2_K sha256_K
#define SHA2_IV sha256_IV
#define SHA2_CTX ecxi_sha256_ctx
#define SHA2_HMAC_CTX ecxi_hmac_sha256_ctx
#define SHA2_FN(name) ecxi_sha256_##name
#define SHA2_HMAC_FN(name) ecxi_hmac_sha256_##name
#define SHA2_ONESHOT ecxi_sha256
#define SHA2_HMAC_ONESHOT ecxi_hmac_sha256

#include "hash/sha2_impl.h"
