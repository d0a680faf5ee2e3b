/* The known-answer self-test a backend passes before it is first used
 * (src/dispatch/registry.c). It catches a backend that computes wrong
 * results on this machine — a miscompilation, a CPU or emulator fault in
 * the instructions only that backend uses — before any output depends on
 * it.
 *
 * What it runs, through the backend's own table, once per backend and
 * process (measured 116 us on ifma, 159 us on u64, 382 us on u32, on a
 * loaded 2-vCPU Xeon):
 * - Ed25519 (RFC 8032, section 7.1, TEST 1): the key pair of the seed, the
 *   signature of the empty message, its verification (strict rules), and
 *   the rejection of the signature with one bit of S flipped (ZIP-215
 *   rules). This runs
 *   SHA-512, scalar reduction and multiplication, fixed-base and
 *   double-base multiplication, point encoding and decoding.
 * - The f25519 table: a * a^-1 = 1 for a field element and a scalar (the
 *   inversions, multiplications and conversions of the raw interface). */
#include "dispatch/selftest.h"

#include <stdint.h>
#include <string.h>

/* RFC 8032, section 7.1, TEST 1. */
static const uint8_t kat_seed[32] = {
    0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
    0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
};
static const uint8_t kat_pk[32] = {
    0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
    0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a,
};
static const uint8_t kat_sig[64] = {
    0xe5, 0x56, 0x43, 0x00, 0xc3, 0x60, 0xac, 0x72, 0x90, 0x86, 0xe2, 0xcc, 0x80, 0x6e, 0x82, 0x8a,
    0x84, 0x87, 0x7f, 0x1e, 0xb8, 0xe5, 0xd9, 0x74, 0xd8, 0x73, 0xe0, 0x65, 0x22, 0x49, 0x01, 0x55,
    0x5f, 0xb8, 0x82, 0x15, 0x90, 0xa3, 0x3b, 0xac, 0xc6, 0x1e, 0x39, 0x70, 0x1c, 0xf9, 0xb4, 0x6b,
    0xd2, 0x5b, 0xf5, 0xf0, 0x59, 0x5b, 0xbe, 0x24, 0x65, 0x51, 0x41, 0x43, 0x8e, 0x7a, 0x10, 0x0b,
};

/* The backends' status codes (ecx.h; dispatch stays below the public
 * headers). */
#define STATUS_OK 0
#define STATUS_VERIFY (-2)

static int ed25519_known_answers(const struct ecx_backend *b)
{
    uint8_t pk[32], sk[64], sig[64];
    int ok = 1;
    ok &= b->ed25519_keypair(pk, sk, kat_seed) == STATUS_OK;
    ok &= memcmp(pk, kat_pk, 32) == 0 && memcmp(sk, kat_seed, 32) == 0 && memcmp(sk + 32, kat_pk, 32) == 0;
    ok &= b->ed25519_sign(sig, NULL, 0, sk) == STATUS_OK;
    ok &= memcmp(sig, kat_sig, 64) == 0;
    ok &= b->ed25519_verify(kat_sig, NULL, 0, kat_pk, 0) == STATUS_OK;
    memcpy(sig, kat_sig, 64);
    sig[40] ^= 0x10;
    ok &= b->ed25519_verify(sig, NULL, 0, kat_pk, 1) == STATUS_VERIFY;
    return ok;
}

/* a * a^-1 = 1 in the field and mod l, with a = the KAT public key (as a
 * field element) and the KAT seed with its top bits cleared (as a scalar,
 * below l). */
static int f25519_known_answers(const ecx_f25519_ops *t)
{
    static const uint8_t one[32] = {1};
    uint8_t bytes[32];
    ecx_fe25519 fa, finv, fprod;
    ecx_sc25519 sa, sinv, sprod;
    int ok = 1;

    t->fe_from_bytes(&fa, kat_pk);
    t->fe_invert(&finv, &fa);
    t->fe_mul(&fprod, &fa, &finv);
    t->fe_to_bytes(bytes, &fprod);
    ok &= memcmp(bytes, one, 32) == 0;

    memcpy(bytes, kat_seed, 32);
    bytes[31] &= 0x0f;
    ok &= t->sc_from_bytes(&sa, bytes) == STATUS_OK;
    t->sc_invert(&sinv, &sa);
    t->sc_mul(&sprod, &sa, &sinv);
    t->sc_to_bytes(bytes, &sprod);
    ok &= memcmp(bytes, one, 32) == 0;
    return ok;
}

int ecxi_backend_self_test(const struct ecx_backend *b)
{
    return ed25519_known_answers(b) && f25519_known_answers(b->f25519);
}
