/* The cases of tests/test_hostile.c: one function per row of the hostile-
 * input table in docs/api.md ("Hostile input"). Each runs one public call
 * on hostile input and returns what it observed as the table writes it — a
 * status name (ECX_OK, ECX_ERR_INVALID, ...) or, for functions that return
 * no status, "NULL", "non-NULL", "0" or "nonzero" — and clears outputs_ok
 * if the outputs are not what the table's last column says. Inputs come
 * from hostile_inputs_make() (valid keys, signatures, points, a proof), each
 * case spoiling one thing. Included once. */
#ifndef ECX_TESTS_HOSTILE_CASES_H
#define ECX_TESTS_HOSTILE_CASES_H

#include <sodium.h>
#include <stdint.h>
#include <string.h>

#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"
#include "ecx/p256.h"
#include "ecx/rangeproof.h"
#include "ecx/ristretto.h"

static int outputs_ok;
#define EXPECT_OUT(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) outputs_ok = 0;                                                               \
    } while (0)

static const char *status_name(int s)
{
    switch (s) {
    case ECX_OK: return "ECX_OK";
    case ECX_ERR_INVALID: return "ECX_ERR_INVALID";
    case ECX_ERR_VERIFY: return "ECX_ERR_VERIFY";
    case ECX_ERR_UNSUPPORTED: return "ECX_ERR_UNSUPPORTED";
    case ECX_ERR_NOMEM: return "ECX_ERR_NOMEM";
    case ECX_ERR_RANDOM: return "ECX_ERR_RANDOM";
    case ECX_ERR_SELFTEST: return "ECX_ERR_SELFTEST";
    default: return "unknown status";
    }
}

/* ------------------------------------------------------------------------ */
/* Inputs                                                                    */

#define MSG_LEN 24
static const uint8_t L_LE[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
static const uint8_t P256_P[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                   0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
static const uint8_t P256_N[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2,
                                   0xfc, 0x63, 0x25, 0x51};
static const uint8_t ZERO32[32], ED_IDENTITY[32] = {1};
/* y = 2^255 - 18 = p + 1: the identity, non-canonically. */
static const uint8_t ED_IDENTITY_NONCANONICAL[32] = {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
/* y = p = 2^255 - 19: a non-canonical 0. */
static const uint8_t ED_Y_IS_P[32] = {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
static const uint8_t ED_Y_IS_2[32] = {2}; /* (y^2 - 1) / (d y^2 + 1) is not a square */
/* RFC 9496 A.2: a non-canonical field encoding and a negative one. */
static const uint8_t RIS_NONCANONICAL[32] = {0xf3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                             0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                             0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
static const uint8_t RIS_NEGATIVE[32] = {1};

static uint8_t ed_pk[32], ed_sk[64], ed_sig[64], msg[MSG_LEN];
static uint8_t ris_p[32], ris_q[32], ris_s[32];
static uint8_t p256_sk[32] = {[31] = 42}, p256_pk[65], p256_pkc[33], p256_sig[64];
static ecx_rangeproof_gens *gens;
static ecx_transcript t0;
static uint8_t rp_proof[32 * (9 + 2 * 3)], rp_com[1][32]; /* n = 8, m = 1 */
static const uint64_t rp_value[1] = {200};
static const uint8_t rp_blinding[1][32] = {{3}};

static int hostile_inputs_make(void)
{
    uint8_t seed[32] = {7};
    size_t len = 0;
    for (int i = 0; i < MSG_LEN; i++) msg[i] = (uint8_t)i;
    ecx_transcript t;
    int ok = ecx_ed25519_keypair(ed_pk, ed_sk, seed) == ECX_OK &&
             ecx_ed25519_sign(ed_sig, msg, MSG_LEN, ed_sk) == ECX_OK;
    crypto_core_ristretto255_random(ris_p);
    crypto_core_ristretto255_random(ris_q);
    crypto_core_ristretto255_scalar_random(ris_s);
    ok &= ecx_p256_public_key(p256_pk, p256_sk) == ECX_OK && ecx_p256_public_key_compress(p256_pkc, p256_pk) == ECX_OK &&
          ecx_p256_ecdsa_sign(p256_sig, msg, MSG_LEN, p256_sk) == ECX_OK;
    ok &= ecx_rangeproof_gens_new(&gens, 8, 1) == ECX_OK && ecx_transcript_init(&t0, "hostile") == ECX_OK;
    t = t0;
    ok &= ecx_rangeproof_prove(rp_proof, sizeof rp_proof, &len, rp_com, gens, &t, rp_value, rp_blinding, 1, 8) ==
              ECX_OK &&
          len == sizeof rp_proof;
    return ok;
}

static void hostile_inputs_free(void) { ecx_rangeproof_gens_free(gens); }

/* Output buffers, poisoned before each case. */
static uint8_t out[96], poison[96];
static int results[4];
static void poison_outputs(void)
{
    memset(out, 0x5c, sizeof out);
    memset(poison, 0x5c, sizeof poison);
    for (int i = 0; i < 4; i++) results[i] = 12345;
}
static int untouched(size_t n) { return memcmp(out, poison, n) == 0; }
static int zeroed(size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (out[i]) return 0;
    return 1;
}
static int is_ristretto_identity(void) { return memcmp(out, ZERO32, 32) == 0; }

#include "hostile_cases_curve25519.h"
#include "hostile_cases_p256_rangeproof.h"

#endif
