/* Constant-time check: secrets are marked undefined for valgrind's memcheck
 * (tests/checkmem.h), then the secret-dependent operations run on every
 * usable backend; memcheck reports any branch or memory index computed from
 * a secret. Outputs are declassified before they are compared.
 *
 *  - ecx_ed25519_keypair with a secret seed;
 *  - ecx_ed25519_sign with a secret sk (the whole 64 bytes);
 *  - the backend's fixed-base and variable-base multiplications (the
 *    edwards ops of the internal table) with a secret scalar (the point
 *    is public: decoding it checks its validity with a branch);
 *  - ecx_ristretto255_scalarmult_base and ecx_ristretto255_scalarmult
 *    with a secret scalar (a public point), one of them >= l (rejected
 *    without a branch: only the status tells), and
 *    ecx_ristretto255_from_uniform with a secret input;
 *  - through the ecx_f25519(name) tables: fe_from_bytes, fe_add, fe_sub,
 *    fe_mul, fe_sq, fe_mul_x4, fe_invert (also of 0), fe_to_bytes,
 *    sc_from_bytes (also of values >= l), sc_from_wide, sc_add, sc_sub,
 *    sc_mul, sc_invert (also of 0), sc_to_bytes, on secret inputs;
 *  - ecx_p256_field_invert and ecx_p256_scalar_invert with a secret input,
 *    valid or not (0, the modulus, 2^256 - 1: rejected without a branch,
 *    only the status tells); the expected bytes come from the same call on
 *    the unmarked input;
 *  - P-256 (test_p256_ecdsa_ctime): ecx_p256_public_key,
 *    ecx_p256_ecdsa_sign and _sign_digest with a secret key (valid or
 *    not), the group table's [k]G and [k]P with a secret k, and the
 *    addition-chain inversions mod p and mod n with a secret input;
 *  - the hashes, backend-independent (once): SHA-256, SHA-512 and their
 *    HMACs on secret messages and keys (RFC 6979 keys HMAC-SHA-256 with a
 *    secret key; Ed25519 hashes secrets with SHA-512), SHA3-256 and
 *    SHAKE256 on secret messages (the proofs' transcripts absorb secrets);
 *  - the range-proof prover (its table) with secret values, blindings and
 *    RNG bytes, for 8 x 2 and 64 x 1, and with a value out of range;
 *  - the Merlin transcript (once): ecx_transcript_append of secret
 *    messages of several lengths, then ecx_transcript_challenge from the
 *    secret-dependent state;
 *  - the fixed-base table scan (once, common/table_scan.h) in each of its
 *    forms with a secret index, the 32-bit one included (it runs in the
 *    library only on 32-bit targets without vectors).
 *
 * Run it as tests/run_ctime.sh BUILD_DIR, which runs it under
 * `valgrind --error-exitcode=42`; outside valgrind the marks do nothing and
 * the program only checks the results. Valgrind 3.19 has no AVX-512 and hides
 * IFMA from CPUID, so the ifma backend cannot run there: it is skipped with a
 * printed reason, and checked instead by test_ctime_ifma_standin, this file
 * built with -DECX_CTIME_IFMA_STANDIN=1 against the library whose ifma
 * backend is compiled for AVX2 with a stand-in for the two IFMA
 * instructions (docs/vector.md): there only "ifma" runs, and the hashes
 * and the transcript (checked by test_ctime) are left out. */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "checkmem.h"
#include "hmac_oracle.h"
#include "backend/ops_internal.h"
#include "dispatch/cpu.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"
#include "ecx/rangeproof.h"
#include "ecx/p256.h"
#include "ecx/ristretto.h"
#include "common/table_scan.h"
#include "hash/keccak.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "ctime_secrets.h"
#if defined(__x86_64__) && !defined(ECX_CTIME_IFMA_STANDIN) && !defined(ECX_CTIME_NEON_SIMDE)
/* The avx2 backend's four-word MULX / ADX field (defines FE_HAVE_MULX_ADX
 * in optimised builds), checked directly below. */
#define ECXI_FE25519_MULX_ADX 1
#include "backend/u64/field.h"
#include "curve25519/field_lanes.h"
#endif

#define ROUNDS 3

#if defined(ECX_CTIME_IFMA_STANDIN) || defined(ECX_CTIME_NEON_SIMDE)
#define ECX_CTIME_STANDIN 1
#else
#define ECX_CTIME_STANDIN 0
#endif

static void test_keypair(const char *name)
{
    for (int i = 0; i < ROUNDS; i++) {
        uint8_t seed[32], secret_seed[32], pk[32], sk[64], want_pk[32], want_sk[64];
        check_random_bytes(seed, 32);
        crypto_sign_seed_keypair(want_pk, want_sk, seed);
        memcpy(secret_seed, seed, 32);
        ECX_CHECKMEM_SECRET(secret_seed, 32);
        int r = ecx_ed25519_keypair(pk, sk, secret_seed);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(pk, 32);
        ECX_CHECKMEM_PUBLIC(sk, 64);
        CHECK_CTX(r == ECX_OK, name);
        CHECK_MEM(pk, want_pk, 32, name);
        CHECK_MEM(sk, want_sk, 64, name);
    }
}

static void test_sign(const char *name)
{
    static const size_t lengths[ROUNDS] = {0, 64, 201};
    for (int i = 0; i < ROUNDS; i++) {
        uint8_t seed[32], pk[32], sk[64], secret_sk[64], msg[256], sig[64], want[64];
        size_t mlen = lengths[i];
        check_random_bytes(seed, 32);
        check_random_bytes(msg, mlen);
        crypto_sign_seed_keypair(pk, sk, seed);
        crypto_sign_detached(want, NULL, msg, mlen, sk);
        memcpy(secret_sk, sk, 64);
        ECX_CHECKMEM_SECRET(secret_sk, 64);
        int r = ecx_ed25519_sign(sig, msg, mlen, secret_sk);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(sig, 64);
        CHECK_CTX(r == ECX_OK, name);
        CHECK_MEM(sig, want, 64, name);
    }
}

/* [s]B through mul_base and through mul_var on the basepoint's encoding,
 * with s secret: both must agree, and neither may branch on or index by s. */
static void test_scalar_mul(const char *name)
{
    static const uint8_t basepoint[32] = {0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                          0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                          0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};
    const struct ecxi_edwards_ops *ops = ecxi_backend_find(name)->edwards;
    for (int i = 0; i < ROUNDS; i++) {
        uint8_t s[32], point[32], via_base[32], via_var[32];
        check_random_bytes(s, 32);
        s[31] &= 0x7f;
        memcpy(point, basepoint, 32);
        ECX_CHECKMEM_SECRET(s, 32);
        ops->mul_base(via_base, s);
        int r = ops->mul_var(via_var, s, point);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(via_base, 32);
        ECX_CHECKMEM_PUBLIC(via_var, 32);
        CHECK_CTX(r == ECX_OK, name);
        CHECK_MEM(via_var, via_base, 32, name);
    }
}

/* Ristretto255 with secret scalars and a secret map input, through the
 * public API (the backend is selected), compared with libsodium. Round 0
 * uses a scalar >= l: ECX_ERR_INVALID and the identity, with no branch on
 * the scalar's verdict inside the library. */
static void test_ristretto(const char *name)
{
    static const uint8_t l_bytes[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                        0xa2, 0xde, 0xf9, 0xde, 0x14, [31] = 0x10};
    for (int i = 0; i < ROUNDS; i++) {
        uint8_t wide[64], s[32], h[64], point[32], want_base[32], want_var[32], want_map[32];
        uint8_t via_base[32], via_var[32], via_map[32];
        check_random_bytes(wide, 64);
        check_random_bytes(h, 64);
        crypto_core_ristretto255_from_hash(point, h);
        crypto_core_ristretto255_scalar_reduce(s, wide);
        int want_status = ECX_OK;
        if (i == 0) {
            memcpy(s, l_bytes, 32);
            want_status = ECX_ERR_INVALID;
        }
        /* libsodium returns -1 for an identity result: the identity then. */
        if (want_status != ECX_OK || crypto_scalarmult_ristretto255_base(want_base, s) != 0) memset(want_base, 0, 32);
        if (want_status != ECX_OK || crypto_scalarmult_ristretto255(want_var, s, point) != 0) memset(want_var, 0, 32);
        crypto_core_ristretto255_from_hash(want_map, h);

        ECX_CHECKMEM_SECRET(s, 32);
        ECX_CHECKMEM_SECRET(h, 64);
        int r[3] = {ecx_ristretto255_scalarmult_base(via_base, s), ecx_ristretto255_scalarmult(via_var, s, point),
                    ecx_ristretto255_from_uniform(via_map, h)};
        ECX_CHECKMEM_PUBLIC(r, sizeof r);
        ECX_CHECKMEM_PUBLIC(via_base, 32);
        ECX_CHECKMEM_PUBLIC(via_var, 32);
        ECX_CHECKMEM_PUBLIC(via_map, 32);
        CHECK_CTX(r[0] == want_status && r[1] == want_status && r[2] == ECX_OK, name);
        CHECK_MEM(via_base, want_base, 32, name);
        CHECK_MEM(via_var, want_var, 32, name);
        CHECK_MEM(via_map, want_map, 32, name);
    }
}

/* The field and scalar operations on inputs a, b (32 bytes each) and w (64
 * bytes), all outputs encoded into out (11 values of 32 bytes) and the two
 * sc_from_bytes statuses into st. With secret set, the inputs are marked
 * undefined first and the outputs declassified at the end. */
#define NOUT 11
static void field_ops(const ecx_f25519_ops *ops, const uint8_t a_in[32], const uint8_t b_in[32],
                      const uint8_t w_in[64], int secret, uint8_t out[NOUT][32], int st[2])
{
    uint8_t a[32], b[32], w[64];
    memcpy(a, a_in, 32), memcpy(b, b_in, 32), memcpy(w, w_in, 64);
    if (secret) {
        ECX_CHECKMEM_SECRET(a, 32);
        ECX_CHECKMEM_SECRET(b, 32);
        ECX_CHECKMEM_SECRET(w, 64);
    }
    ecx_fe25519 x, y, z, xs[4], ys[4], zs[4];
    ops->fe_from_bytes(&x, a);
    ops->fe_from_bytes(&y, b);
    ops->fe_add(&z, &x, &y), ops->fe_to_bytes(out[0], &z);
    ops->fe_sub(&z, &x, &y), ops->fe_to_bytes(out[1], &z);
    ops->fe_mul(&z, &x, &y), ops->fe_to_bytes(out[2], &z);
    ops->fe_sq(&z, &x), ops->fe_to_bytes(out[3], &z);
    ops->fe_invert(&z, &x), ops->fe_to_bytes(out[4], &z);
    for (int i = 0; i < 4; i++) xs[i] = i & 1 ? y : x, ys[i] = i & 2 ? x : y;
    ops->fe_mul_x4(zs, xs, ys), ops->fe_to_bytes(out[5], &zs[3]);

    ecx_sc25519 s, t, u;
    st[0] = ops->sc_from_bytes(&s, a); /* a may be >= l: then s = 0 */
    st[1] = ops->sc_from_bytes(&t, b);
    ops->sc_add(&u, &s, &t), ops->sc_to_bytes(out[6], &u);
    ops->sc_sub(&u, &s, &t), ops->sc_to_bytes(out[7], &u);
    ops->sc_mul(&u, &s, &t), ops->sc_to_bytes(out[8], &u);
    ops->sc_invert(&u, &t), ops->sc_to_bytes(out[9], &u);
    ops->sc_from_wide(&u, w), ops->sc_to_bytes(out[10], &u);
    if (secret) {
        ECX_CHECKMEM_PUBLIC(out, NOUT * 32);
        ECX_CHECKMEM_PUBLIC(st, 2 * sizeof st[0]);
    }
}

static void test_f25519(const char *name)
{
    const ecx_f25519_ops *ops = ecx_f25519(name);
    CHECK_CTX(ops != NULL, name);
    if (!ops) return;
    for (int i = 0; i < 2 * ROUNDS; i++) {
        uint8_t a[32], b[32], w[64], want[NOUT][32], got[NOUT][32];
        int want_st[2], got_st[2];
        check_random_bytes(a, 32);
        check_random_bytes(b, 32);
        check_random_bytes(w, 64);
        switch (i) {
        case 0:
            memset(a, 0, 32), memset(b, 0, 32);
            break; /* invert(0) = 0 */
        case 1:
            b[31] &= 0x0f;
            break; /* b < l */
        case 2:
            a[31] |= 0x7f, b[31] &= 0x0f;
            break; /* a >= l, a >= p possibly */
        default:
            a[31] &= 0x0f, b[31] &= 0x0f;
            break;
        }
        field_ops(ops, a, b, w, 0, want, want_st);
        field_ops(ops, a, b, w, 1, got, got_st);
        CHECK_MEM(got, want, sizeof got, name);
        CHECK_CTX(got_st[0] == want_st[0] && got_st[1] == want_st[1], name);
    }
}

/* The P-256 inversions on a secret input through the public API (the
 * backend is selected): the public run of the same input gives the expected
 * status and bytes (test_p256_arith checks those against GMP). Rounds 0-2
 * use invalid values: 0, the modulus, 2^256 - 1. */
static void test_p256(const char *name)
{
    static const uint8_t moduli[2][32] = {
        {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, [20] = 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff},
        {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad,
         0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51}};
    int (*const fns[2])(uint8_t[32], const uint8_t[32]) = {ecx_p256_field_invert, ecx_p256_scalar_invert};
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < 2 * ROUNDS; i++) {
            uint8_t in[32], want[32], got[32];
            check_random_bytes(in, 32);
            if (i == 0) memset(in, 0, 32);
            if (i == 1) memcpy(in, moduli[f], 32);
            if (i == 2) memset(in, 0xff, 32);
            int want_status = fns[f](want, in);
            ECX_CHECKMEM_SECRET(in, 32);
            int r = fns[f](got, in);
            ECX_CHECKMEM_PUBLIC(&r, sizeof r);
            ECX_CHECKMEM_PUBLIC(got, 32);
            CHECK_CTX(r == want_status && (i < 3) == (r == ECX_ERR_INVALID), name);
            CHECK_MEM(got, want, 32, name);
        }
}

/* P-256 keys, ECDSA signing, the scalar multiplications and the
 * addition-chain inversions with secret inputs (issue 11). The expected
 * bytes and statuses come from the same calls on unmarked inputs
 * (test_p256_ecdsa and test_p256_openssl check those against the vectors
 * and OpenSSL). Rounds 0-2 use invalid keys (0, n, 2^256 - 1), rejected
 * without a branch: only the status tells. The RFC 6979 candidate check and
 * the r, s = 0 check are declassified inside the library
 * (src/p256/declassify.h). */
static void test_p256_ecdsa_ctime(const char *name)
{
    static const uint8_t n_bytes[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2,
                                        0xfc, 0x63, 0x25, 0x51};
    const struct ecxi_p256_ops *ops = ecxi_backend_find(name)->p256;
    for (int i = 0; i < 2 * ROUNDS; i++) {
        uint8_t sk[32], secret[32], msg[77], digest[32], pk[65], want_pk[65], sig[64], want_sig[64];
        uint8_t point[65], r1[65], r2[65], w1[65], w2[65];
        check_random_bytes(sk, 32);
        check_random_bytes(msg, sizeof msg);
        check_random_bytes(digest, 32);
        if (i == 0) memset(sk, 0, 32);
        if (i == 1) memcpy(sk, n_bytes, 32);
        if (i == 2) memset(sk, 0xff, 32);
        const int want_pk_status = ecx_p256_public_key(want_pk, sk);
        const int want_sig_status = ecx_p256_ecdsa_sign(want_sig, msg, sizeof msg, sk);
        CHECK_CTX((want_pk_status == ECX_OK) == (i >= 3) && want_sig_status == want_pk_status, name);

        memcpy(secret, sk, 32);
        ECX_CHECKMEM_SECRET(secret, 32);
        int r = ecx_p256_public_key(pk, secret);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(pk, 65);
        CHECK_CTX(r == want_pk_status, name);
        CHECK_MEM(pk, want_pk, 65, name);

        r = ecx_p256_ecdsa_sign(sig, msg, sizeof msg, secret);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(sig, 64);
        CHECK_CTX(r == want_sig_status, name);
        CHECK_MEM(sig, want_sig, 64, name);

        ecx_p256_ecdsa_sign_digest(want_sig, digest, sk);
        r = ecx_p256_ecdsa_sign_digest(sig, digest, secret);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(sig, 64);
        CHECK_MEM(sig, want_sig, 64, name);

        /* [k]G and [k]P for a secret k and a public point P = [sk']G. */
        uint8_t k2[32];
        check_random_bytes(k2, 32);
        ops->group->mul_base(point, k2);
        ops->group->mul_base(w1, sk);
        ops->group->mul(w2, sk, point);
        ops->group->mul_base(r1, secret);
        r = ops->group->mul(r2, secret, point);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(r1, 65);
        ECX_CHECKMEM_PUBLIC(r2, 65);
        CHECK_CTX(r == ECX_OK, name);
        CHECK_MEM(r1, w1, 65, name);
        CHECK_MEM(r2, w2, 65, name);

        /* The addition-chain inversions (the safegcd ones are test_p256's). */
        ops->field_invert_chain(w1, sk);
        ops->scalar_invert_chain(w2, sk);
        ops->field_invert_chain(r1, secret);
        ops->scalar_invert_chain(r2, secret);
        ECX_CHECKMEM_PUBLIC(r1, 32);
        ECX_CHECKMEM_PUBLIC(r2, 32);
        CHECK_MEM(r1, w1, 32, name);
        CHECK_MEM(r2, w2, 32, name);
    }
    printf("%s: P-256 public key, sign, sign_digest, [k]G, [k]P and the chain inversions on secret inputs\n", name);
}

/* The hashes behind one shape (keyed ones take the key, the others ignore
 * it): ours and an oracle — libsodium's, or for SHA-3 (which libsodium
 * lacks; test_keccak checks it against hashlib) ours on unmarked inputs. */
typedef void keyed_hash_fn(uint8_t *out, const uint8_t *key, size_t keylen, const uint8_t *m, size_t n);
static void ours_sha256(uint8_t *o, const uint8_t *k, size_t kn, const uint8_t *m, size_t n)
{
    (void)k, (void)kn;
    ecxi_sha256(o, m, n);
}
static void ours_sha512(uint8_t *o, const uint8_t *k, size_t kn, const uint8_t *m, size_t n)
{
    (void)k, (void)kn;
    ecxi_sha512(o, m, n);
}
static void ours_sha3_256(uint8_t *o, const uint8_t *k, size_t kn, const uint8_t *m, size_t n)
{
    (void)k, (void)kn;
    ecxi_sha3_256(o, m, n);
}
static void ours_shake256(uint8_t *o, const uint8_t *k, size_t kn, const uint8_t *m, size_t n)
{
    (void)k, (void)kn;
    ecxi_shake256(o, 64, m, n);
}
static void sodium_sha256(uint8_t *o, const uint8_t *k, size_t kn, const uint8_t *m, size_t n)
{
    (void)k, (void)kn;
    crypto_hash_sha256(o, m, n);
}
static void sodium_sha512(uint8_t *o, const uint8_t *k, size_t kn, const uint8_t *m, size_t n)
{
    (void)k, (void)kn;
    crypto_hash_sha512(o, m, n);
}
/* Secret messages of lengths around the block sizes, secret keys shorter
 * and longer than a block; the digests are declassified and compared with
 * libsodium's. */
static void test_hashes(void)
{
    static const struct {
        const char *name;
        size_t bytes;
        keyed_hash_fn *ours, *oracle;
    } hashes[] = {
        {"SHA-256", 32, ours_sha256, sodium_sha256},
        {"SHA-512", 64, ours_sha512, sodium_sha512},
        {"HMAC-SHA-256", 32, ecxi_hmac_sha256, sodium_hmac_sha256},
        {"HMAC-SHA-512", 64, ecxi_hmac_sha512, sodium_hmac_sha512},
        {"SHA3-256", 32, ours_sha3_256, ours_sha3_256},
        {"SHAKE256", 64, ours_shake256, ours_shake256},
    };
    static const size_t lengths[] = {0, 55, 56, 111, 112, 200};
    static const size_t keylens[] = {0, 32, 64, 129, 131};
    uint8_t msg[200], key[131], got[64], want[64];
    for (size_t h = 0; h < sizeof hashes / sizeof hashes[0]; h++)
        for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
            size_t n = lengths[i], k = keylens[i % (sizeof keylens / sizeof keylens[0])];
            check_random_bytes(msg, n);
            check_random_bytes(key, k);
            hashes[h].oracle(want, key, k, msg, n);
            ECX_CHECKMEM_SECRET(msg, n);
            ECX_CHECKMEM_SECRET(key, k);
            hashes[h].ours(got, key, k, msg, n);
            ECX_CHECKMEM_PUBLIC(got, hashes[h].bytes);
            ECX_CHECKMEM_PUBLIC(msg, n);
            ECX_CHECKMEM_PUBLIC(key, k);
            CHECK_MEM(got, want, hashes[h].bytes, hashes[h].name);
        }
    printf("hashes: SHA-256, SHA-512, HMAC-SHA-256, HMAC-SHA-512, SHA3-256, SHAKE256 on secret inputs\n");
}

/* The table scan of the fixed-base multiplications (common/table_scan.h)
 * in each of its forms, with a secret index over every value (0 and one
 * past the end select nothing), on tables of both shapes in use (8 rows of
 * 12 words, curve25519; 32 of 8, P-256). The form this target compiles runs
 * inside the backends above too; the 32-bit one (ARMv6, 32-bit CPUs
 * without vectors) runs here only. */
typedef void table_scan_fn(uint64_t *, const uint64_t *, uint32_t, uint32_t, uint32_t);
static void test_table_scan(void)
{
    static const struct {
        const char *name;
        table_scan_fn *scan;
    } forms[] = {
        {"ct_table_scan", ct_table_scan},
        {"ct_table_scan_words32", ct_table_scan_words32},
        {"ct_table_scan_words64", ct_table_scan_words64},
    };
    static const uint32_t shapes[][2] = {{8, 12}, {32, 8}};
    static uint64_t rows[32 * 12];
    uint64_t got[CT_SCAN_MAX_WORDS], want[CT_SCAN_MAX_WORDS];
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const uint32_t entries = shapes[s][0], words = shapes[s][1];
        check_random_bytes((uint8_t *)rows, sizeof rows);
        for (uint32_t wanted = 0; wanted <= entries + 1; wanted++) {
            for (uint32_t k = 0; k < words; k++)
                want[k] = wanted >= 1 && wanted <= entries ? rows[(wanted - 1) * words + k] : 0;
            for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
                uint32_t secret = wanted;
                memset(got, 0xa5, sizeof got);
                ECX_CHECKMEM_SECRET(&secret, sizeof secret);
                forms[f].scan(got, rows, entries, words, secret);
                ECX_CHECKMEM_PUBLIC(got, sizeof got);
                CHECK_MEM(got, want, 8 * words, forms[f].name);
            }
        }
    }
#if CT_SCAN_WORDS > 1
    printf("table scan: ct_table_scan (vectors of %d words here), its 32-bit and 64-bit word forms, secret index\n",
           CT_SCAN_WORDS);
#else
    printf("table scan: ct_table_scan (the %s-bit word form here), its 32-bit and 64-bit word forms, secret index\n",
           UINTPTR_MAX <= 0xFFFFFFFFu ? "32" : "64");
#endif
}

#ifdef FE_HAVE_MULX_ADX
/* The four-word product and squaring (backend/u64/field_mulx.h) and the
 * paired exponentiation on them, on secret elements: the same results as
 * on unmarked copies, and nothing branches on or indexes by them. Where
 * the host lacks BMI2 and ADX (ECX_CTIME_HOST_ADX unset under valgrind),
 * skipped. */
static void test_field_mulx(void)
{
    if (!(ecxi_cpu_probe() & ECXI_CPU_ADX)) {
        printf("skip: the MULX / ADX field: no BMI2 and ADX here\n");
        return;
    }
    for (int round = 0; round < 8; round++) {
        fe64 in[2], out[3], want[3];
        fe x[2], v[2], pow[2], want_pow[2], root[2], want_root[2];
        unsigned square[2], want_square[2];
        check_random_bytes((uint8_t *)in, sizeof in);
        if (round == 0) memset(&in[0], 0xff, sizeof in[0]); /* 2^256 - 1 */
        for (int secret = 0; secret < 2; secret++) {
            fe64 *r = secret ? out : want;
            if (secret) ECX_CHECKMEM_SECRET(in, sizeof in);
            fe64_mul(&r[0], &in[0], &in[1]);
            fe64_sq(&r[1], &in[0]);
            fe64_sq(&r[2], &in[1]);
            fe64_to_fe(&x[0], &in[0]);
            fe64_to_fe(&x[1], &in[1]);
            v[0] = x[1];
            v[1] = x[0];
            fe_pow_p58_x2(secret ? pow : want_pow, x);
            fe_sqrt_ratio_lanes(secret ? root : want_root, secret ? square : want_square, x, v, 2);
        }
        ECX_CHECKMEM_PUBLIC(out, sizeof out);
        ECX_CHECKMEM_PUBLIC(pow, sizeof pow);
        ECX_CHECKMEM_PUBLIC(root, sizeof root);
        ECX_CHECKMEM_PUBLIC(square, sizeof square);
        CHECK_MEM(out, want, sizeof out, "fe64_mul and fe64_sq on secrets");
        CHECK_MEM(pow, want_pow, sizeof pow, "fe_pow_p58_x2 (four-word form) on secrets");
        CHECK_MEM(root, want_root, sizeof root, "fe_sqrt_ratio_lanes (two) on secrets");
        CHECK_MEM(square, want_square, sizeof square, "fe_sqrt_ratio_lanes verdicts on secrets");
        ECX_CHECKMEM_PUBLIC(in, sizeof in);
    }
    printf("MULX / ADX field (the avx2 backend's paired square roots): product, squares, exponentiation and two "
           "square roots on secret inputs\n");
}
#endif

/* Secret messages appended, challenges drawn from the state they made; the
 * same history on unmarked inputs gives the expected bytes (test_transcript
 * checks those against merlin). Lengths straddle STROBE's 166-byte rate. */
static void test_transcript(void)
{
    static const size_t lengths[] = {0, 1, 100, 165, 166, 400};
    uint8_t msg[400], want[64], got[64];
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        size_t n = lengths[i];
        check_random_bytes(msg, n);
        ecx_transcript t;
        int r = ecx_transcript_init(&t, "ctime");
        r |= ecx_transcript_append(&t, "witness", msg, n);
        r |= ecx_transcript_challenge(&t, "c", want, sizeof want);
        CHECK_CTX(r == ECX_OK, "transcript, public run");

        ecx_transcript_init(&t, "ctime");
        ECX_CHECKMEM_SECRET(msg, n);
        r = ecx_transcript_append(&t, "witness", msg, n);
        r |= ecx_transcript_challenge(&t, "c", got, sizeof got);
        ECX_CHECKMEM_PUBLIC(&r, sizeof r);
        ECX_CHECKMEM_PUBLIC(got, sizeof got);
        ECX_CHECKMEM_PUBLIC(msg, n);
        CHECK_CTX(r == ECX_OK, "transcript");
        CHECK_MEM(got, want, sizeof got, "transcript");
    }
    printf("transcript: append and challenge on secret messages\n");
}

/* ---- range proofs ------------------------------------------------------ */

/* The range-proof prover with secret values, blindings and randomness
 * (the bytes merlin's transcript RNG is finalized with), through the
 * backend's table, for 8 x 2 and 64 x 1; then with one value out of range
 * (rejected, its status declassified only afterwards). The proof must equal
 * an unmarked run's and verify. The prover declassifies only what the
 * protocol publishes (src/proofs/rangeproof_prove.h). */
static void test_rangeproof(const char *name, const ecx_rangeproof_gens *g)
{
    static const size_t shapes[2][2] = {{8, 2}, {64, 1}};
    const struct ecx_backend *b = ecxi_backend_find(name);
    for (int s = 0; s < 2; s++) {
        const size_t n = shapes[s][0], m = shapes[s][1], size = ecx_rangeproof_size(n, m);
        uint64_t values[2];
        uint8_t blindings[2][32], random[32], want[1056], got[1056], coms_want[2][32], coms[2][32];
        for (size_t j = 0; j < m; j++) {
            values[j] = check_rand64() & (n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1));
            check_random_bytes(blindings[j], 32);
            blindings[j][31] &= 0x0f;
        }
        check_random_bytes(random, 32);
        ecx_transcript t;
        ecx_transcript_init(&t, "ctime");
        int r = b->rangeproof->prove(want, coms_want, g, &t, values, (const uint8_t(*)[32])blindings, m, n, random);
        CHECK_CTX(r == ECX_OK, "rangeproof, public run");

        for (int bad = 0; bad < 2; bad++) {
            if (bad && n == 64) continue; /* every 64-bit value is in range */
            uint64_t v[2] = {values[0], values[1]};
            if (bad) v[m - 1] |= (uint64_t)1 << n;
            ecx_transcript_init(&t, "ctime");
            ECX_CHECKMEM_SECRET(v, sizeof v);
            ECX_CHECKMEM_SECRET(blindings, sizeof blindings);
            ECX_CHECKMEM_SECRET(random, sizeof random);
            r = b->rangeproof->prove(got, coms, g, &t, v, (const uint8_t(*)[32])blindings, m, n, random);
            ECX_CHECKMEM_PUBLIC(&r, sizeof r);
            ECX_CHECKMEM_PUBLIC(got, size);
            ECX_CHECKMEM_PUBLIC(coms, sizeof coms);
            ECX_CHECKMEM_PUBLIC(&t, sizeof t);
            ECX_CHECKMEM_PUBLIC(blindings, sizeof blindings);
            ECX_CHECKMEM_PUBLIC(random, sizeof random);
            if (bad) {
                CHECK_CTX(r == ECX_ERR_INVALID, "rangeproof: out-of-range value refused");
                continue;
            }
            CHECK_CTX(r == ECX_OK, "rangeproof");
            CHECK_MEM(got, want, size, "rangeproof: same proof as the public run");
            CHECK_MEM(coms, coms_want, 32 * m, "rangeproof: same commitments");
            ecx_transcript v_t;
            ecx_transcript_init(&v_t, "ctime");
            /* Verification is variable time on public data; its random
             * weights come from the OS and are not a secret here. */
            ctime_os_random_is_secret = 0;
            CHECK_CTX(ecx_rangeproof_verify(got, size, (const uint8_t(*)[32])coms, m, n, g, &v_t) == ECX_OK,
                      "rangeproof: the proof verifies");
            ctime_os_random_is_secret = 1;
        }
    }
}

int main(void)
{
    static const char *const known[] = {"u32", "u64", "avx2", "ifma", "neon"};
    const char *names[16];
    int on_valgrind = ECX_CHECKMEM_RUNNING();
    /* valgrind hides ADX from CPUID but runs it: tests/run_ctime.sh sets
     * ECX_CTIME_HOST_ADX=1 when the host has BMI2 and ADX, so that avx2
     * (which needs them for P-256) is checked here too. */
    const char *host_adx = getenv("ECX_CTIME_HOST_ADX");
    if (host_adx != NULL && strcmp(host_adx, "1") == 0) ecxi_cpu_assume_for_tests(ECXI_CPU_ADX);
    if (sodium_init() < 0) return 1;
    check_seed(0xc71e);
    if (!ECX_CHECKMEM_ENABLED)
        printf("note: built without <valgrind/memcheck.h>: the secret marks do nothing\n");
    else if (!on_valgrind)
        printf("note: not running under valgrind: only the results are checked (use tests/run_ctime.sh)\n");

    size_t n = ecx_backends(names, 16);
    if (n > 16) n = 16;
    /* valgrind 3.19 cannot run the SHA extensions: tests/run_ctime.sh sets
     * ECX_CPU_DISABLE=sha, and tests/test_trace.c checks that path. */
    printf("SHA-256 compression: %s%s\n", ecxi_sha256_implementation(),
           strcmp(ecxi_sha256_implementation(), "portable") == 0
               ? " (the SHA-extension one is checked by test_trace)"
               : "");
    if (on_valgrind) CHECK_CTX(strcmp(ecxi_sha256_implementation(), "portable") == 0, "SHA-256 under valgrind");
#ifdef ECX_CTIME_IFMA_STANDIN
    /* Only the stand-in build of ifma: the rest is test_ctime's. */
    int have_ifma = 0;
    for (size_t i = 0; i < n; i++) have_ifma |= strcmp(names[i], "ifma") == 0;
    if (!have_ifma) {
        printf("skip: ifma (AVX2 stand-in build): this CPU has no AVX2\n");
        return check_summary("test_ctime");
    }
    names[0] = "ifma";
    n = 1;
    printf("ifma: the AVX2 stand-in build of its vector code (IFMA instructions emulated)\n");
#endif
#ifdef ECX_CTIME_NEON_SIMDE
    /* Only the neon backend of the SIMDe test library (docs/neon.md): the
     * rest is test_ctime's. */
    names[0] = "neon";
    n = 1;
    printf("neon: its NEON code on SIMDe's portable intrinsics (x86-64)\n");
#endif
    for (size_t k = 0; k < sizeof known / sizeof known[0] && !ECX_CTIME_STANDIN; k++) {
        int usable = 0;
        for (size_t i = 0; i < n; i++) usable |= strcmp(names[i], known[k]) == 0;
        if (usable) continue;
        if (on_valgrind && strcmp(known[k], "ifma") == 0)
            printf("skip: ifma: not usable under valgrind (3.19 has no AVX-512 and hides IFMA from CPUID); "
                   "test_ctime_ifma_standin checks its vector code (tests/run_ctime.sh runs both)\n");
        else
            printf("skip: %s: not built or not supported by this CPU\n", known[k]);
    }
    ecx_rangeproof_gens *gens = NULL;
    CHECK_CTX(ecx_rangeproof_gens_new(&gens, 64, 2) == ECX_OK, "rangeproof generators");
    for (size_t i = 0; i < n; i++) {
        if (on_valgrind && strcmp(names[i], "ifma") == 0 && !ECX_CTIME_STANDIN) {
            printf("skip: ifma: valgrind cannot run AVX-512 code\n");
            continue;
        }
        int r = ecx_backend_select(names[i]);
        CHECK_CTX(r == ECX_OK, names[i]);
        if (r != ECX_OK) continue;
        unsigned long before = check_passed + check_failed;
        test_f25519(names[i]);
        test_keypair(names[i]);
        test_sign(names[i]);
        test_scalar_mul(names[i]);
        test_ristretto(names[i]);
        test_p256(names[i]);
        ctime_more_secrets(names[i]);
        test_p256_ecdsa_ctime(names[i]);
        if (gens) test_rangeproof(names[i], gens);
        printf("%s: keypair, sign, scalar multiplications, ristretto255, P-256 keys, ECDSA and inversions, the range-proof "
               "prover and the f25519 ops on secret inputs "
               "(%lu checks)\n",
               names[i], check_passed + check_failed - before);
    }
    ecx_backend_select("auto");
    ecx_rangeproof_gens_free(gens);
    if (!ECX_CTIME_STANDIN) {
        test_hashes();
        test_transcript();
        test_table_scan();
#ifdef FE_HAVE_MULX_ADX
        test_field_mulx();
#endif
    }
    return check_summary("test_ctime");
}
