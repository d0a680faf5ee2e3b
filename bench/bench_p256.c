/* Rows of the p256 area: P-256 arithmetic, inversions, keys and ECDSA
 * through a backend's table (struct ecxi_p256_ops), and OpenSSL as the peer.
 *
 * Ours:
 *   p256/field_invert          table->p256->field_invert (safegcd, with the
 *                              constant-time range check of the public call)
 *   p256/scalar_invert         table->p256->scalar_invert (the same, mod n)
 *   p256/field_invert_chain    the addition chain a^(p-2) (255S + 12M)
 *   p256/scalar_invert_chain   the addition chain a^(n-2) (253S + 35M)
 *   p256/field_mul, field_sq,  one multiplication / squaring inside the
 *   scalar_mul                 representation (mul_repeat / sq_repeat, BATCH
 *                              per call: the byte conversions at its ends
 *                              are spread over BATCH operations)
 *   p256/field_{mul,sq}_{montgomery,solinas}  the same with each of the
 *                              field's two reductions, whichever is the
 *                              default (field->reduction_repeat)
 *   p256/public_key            table->p256->public_key ([sk]G, affine, SEC1)
 *   p256/ecdsa_sign            table->p256->sign: SHA-256 of a 64-byte
 *                              message, RFC 6979 nonce, r || s
 *   p256/ecdsa_verify          table->p256->verify of that signature
 *                              (65-byte key)
 *   p256/sha256                SHA-256 of that 64-byte message (two
 *                              compressions; ECDSA's hash, on the
 *                              compression chosen at init, the same on
 *                              every backend: ECX_CPU_DISABLE=sha for
 *                              the portable one)
 * Peers (natively only, ECBENCH_HAVE_OPENSSL):
 *   openssl/p256/field_invert, openssl/p256/scalar_invert:
 *       BN_mod_inverse(r, a, m, ctx) with m = p or n, after
 *       BN_set_flags(a, BN_FLG_CONSTTIME), which sends OpenSSL to its
 *       branch-free bn_mod_inverse_no_branch (crypto/bn/bn_gcd.c): the
 *       analogue of Java's BigInteger.modInverse. OpenSSL 3's ECDSA signing
 *       itself inverts the nonce through ossl_ec_group_do_inverse_ord
 *       (Fermat, or ecp_nistz256_inv_mod_ord with the nistz256 assembly),
 *       which is not public API.
 *   openssl/p256/bn_mod_exp_p: BN_mod_exp(r, a, p - 2, p), the analogue of
 *       BigInteger.modPow (and of our field_invert_chain).
 *   openssl/p256/sha256: SHA256() of the same message.
 *   openssl/p256/ecdsa_sign, ecdsa_verify: through EVP with an EC P-256
 *       key (EVP_PKEY_sign / EVP_PKEY_verify on the SHA-256 digest, which
 *       each iteration computes with SHA256() from the same 64-byte
 *       message; the contexts are initialised once; DER signatures, random
 *       nonces).
 * The ECDSA rows carry an "ops/s" rate counter (operations per second, as
 * JMH reports them).
 *
 * Every row feeds its output back as its next input (x alternates with
 * 1/x, never 0; the message takes a byte of the last signature). */
#include <string.h>

#include "ecbench.h"

#if ECBENCH_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/sha.h>
#endif

#include "ecx/p256.h"
#include "hash/sha256.h"

/* Multiplications per call of the mul rows. */
#define BATCH 256

/* A random value below 2^255, so below p and n (non-zero with overwhelming
 * probability). */
static void random_value(uint8_t x[32])
{
    ecbench_random_bytes(x, 32);
    x[0] &= 0x7f;
}

/* ---- inversions and products: one body per shape; the adapter picks the
 * table entry before the loop, which then calls it directly ---- */

typedef int invert_fn(uint8_t out[32], const uint8_t in[32]);
typedef void invert_chain_fn(uint8_t out[32], const uint8_t in[32]);

/* x = 1/x with the range-checked safegcd inversion (x alternates with 1/x). */
struct invert_op {
    invert_fn *(*pick)(const struct ecxi_p256_ops *p256);
};

static void bm_invert(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    invert_fn *fn = ((const struct invert_op *)row->op)->pick(b->table->p256);
    uint8_t x[32];
    random_value(x);
    while (ecxb_keep_running(st)) {
        if (fn(x, x) != ECX_OK) {
            ecxb_skip_with_error(st, "inversion rejected its input");
            break;
        }
    }
    ecxb_do_not_optimize(x);
}

static invert_fn *pick_field_invert(const struct ecxi_p256_ops *p256) { return p256->field_invert; }
static invert_fn *pick_scalar_invert(const struct ecxi_p256_ops *p256) { return p256->scalar_invert; }
static const struct invert_op field_invert = {pick_field_invert}, scalar_invert = {pick_scalar_invert};

/* x = 1/x by an addition chain (no status). */
struct invert_chain_op {
    invert_chain_fn *(*pick)(const struct ecxi_p256_ops *p256);
};

static void bm_invert_chain(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    invert_chain_fn *fn = ((const struct invert_chain_op *)row->op)->pick(b->table->p256);
    uint8_t x[32];
    random_value(x);
    while (ecxb_keep_running(st)) fn(x, x);
    ecxb_do_not_optimize(x);
}

static invert_chain_fn *pick_field_chain(const struct ecxi_p256_ops *p256) { return p256->field_invert_chain; }
static invert_chain_fn *pick_scalar_chain(const struct ecxi_p256_ops *p256) { return p256->scalar_invert_chain; }
static const struct invert_chain_op field_invert_chain = {pick_field_chain},
                                    scalar_invert_chain = {pick_scalar_chain};

/* BATCH products x = x * y (mul_repeat) per call, in the field or mod n. */
struct arith_op {
    const struct ecxi_p256_arith *(*pick)(const struct ecxi_p256_ops *p256);
};

static void bm_mul(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct ecxi_p256_arith *arith = ((const struct arith_op *)row->op)->pick(b->table->p256);
    uint8_t x[32], y[32];
    random_value(x);
    random_value(y);
    while (ecxb_keep_running_batch(st, BATCH)) arith->mul_repeat(x, y, BATCH);
    ecxb_do_not_optimize(x);
}

static const struct ecxi_p256_arith *pick_field(const struct ecxi_p256_ops *p256) { return p256->field; }
static const struct ecxi_p256_arith *pick_scalar(const struct ecxi_p256_ops *p256) { return p256->scalar; }
static const struct arith_op field_arith = {pick_field}, scalar_arith = {pick_scalar};

static void bm_field_sq(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t x[32];
    (void)row;
    random_value(x);
    while (ecxb_keep_running_batch(st, BATCH)) b->table->p256->field->sq_repeat(x, BATCH);
    ecxb_do_not_optimize(x);
}

/* BATCH field products or squarings with one given reduction (struct
 * ecxi_p256_arith's reduction_repeat); op points at the reduction and
 * whether to square. */
struct reduction_op {
    unsigned reduction, square;
};

static void bm_field_reduction(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct reduction_op *op = row->op;
    uint8_t x[32], y[32];
    random_value(x);
    random_value(y);
    while (ecxb_keep_running_batch(st, BATCH))
        b->table->p256->field->reduction_repeat(x, op->square ? NULL : y, BATCH, op->reduction);
    ecxb_do_not_optimize(x);
}

static const struct reduction_op mul_montgomery = {ECXI_P256_MONTGOMERY, 0}, sq_montgomery = {ECXI_P256_MONTGOMERY, 1},
                                 mul_solinas = {ECXI_P256_SOLINAS, 0}, sq_solinas = {ECXI_P256_SOLINAS, 1};

/* A secret key below 2^255 (so < n) and not 0; the 64-byte message. */
#define MLEN 64
static void random_key(uint8_t sk[32])
{
    random_value(sk);
    sk[31] |= 1;
}

static void set_ops_counter(ecxb_state *st)
{
    ecxb_set_counter(st, "ops/s", (double)ecxb_iterations(st), ECXB_COUNTER_RATE);
}

static void bm_public_key(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t sk[32], pk[65];
    (void)row;
    random_key(sk);
    while (ecxb_keep_running(st)) {
        if (b->table->p256->public_key(pk, sk) != ECX_OK) {
            ecxb_skip_with_error(st, "public_key failed");
            break;
        }
        sk[0] = pk[1] & 0x7f; /* the next key depends on this one; stays < 2^255 */
    }
    ecxb_do_not_optimize(pk);
    set_ops_counter(st);
}

static void bm_ecdsa_sign(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t sk[32], msg[MLEN], sig[64];
    (void)row;
    random_key(sk);
    ecbench_random_bytes(msg, MLEN);
    while (ecxb_keep_running(st)) {
        if (b->table->p256->sign(sig, msg, MLEN, sk) != ECX_OK) {
            ecxb_skip_with_error(st, "sign failed");
            break;
        }
        msg[0] ^= sig[0];
    }
    ecxb_do_not_optimize(sig);
    set_ops_counter(st);
}

/* One SHA-256 of a 64-byte message, digest fed back into the message. */
static void bm_sha256(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t msg[MLEN], digest[32];
    (void)b;
    (void)row;
    ecbench_random_bytes(msg, MLEN);
    while (ecxb_keep_running(st)) {
#if ECBENCH_HAVE_OPENSSL
        if (row->peer)
            SHA256(msg, MLEN, digest);
        else
#endif
            ecxi_sha256(digest, msg, MLEN);
        memcpy(msg, digest, 32);
    }
    ecxb_do_not_optimize(msg);
}

static void bm_ecdsa_verify(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t sk[32], pk[65], msg[MLEN], sig[64];
    int r = ECX_OK;
    (void)row;
    random_key(sk);
    ecbench_random_bytes(msg, MLEN);
    b->table->p256->public_key(pk, sk);
    b->table->p256->sign(sig, msg, MLEN, sk);
    while (ecxb_keep_running(st)) {
        r = b->table->p256->verify(sig, msg, MLEN, pk, 65);
        sig[63] ^= (uint8_t)r; /* r = 0 while it verifies: the same input, dependent */
    }
    if (r != ECX_OK) ecxb_skip_with_error(st, "verify rejected the signature");
    set_ops_counter(st);
}

#if ECBENCH_HAVE_OPENSSL
/* The moduli p and n, big-endian (FIPS 186-5). */
static const uint8_t p256_p[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, [20] = 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
static const uint8_t p256_n[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63,
                                   0x25, 0x51};
/* p - 2, the exponent of Fermat's inversion. */
static const uint8_t p256_p_minus_2[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, [20] = 0xff, 0xff, 0xff, 0xff, 0xff,
                                           0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd};

/* r = a^-1 mod m (exponent NULL: BN_mod_inverse) or r = a^e mod m
 * (BN_mod_exp), with BN_FLG_CONSTTIME on a (see the top of this file); a
 * alternates with its image (for e = p - 2, its inverse). */
struct openssl_invert_op {
    const uint8_t *modulus;  /* 32 bytes, big-endian */
    const uint8_t *exponent; /* NULL: BN_mod_inverse */
};

static void bm_openssl_invert(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct openssl_invert_op *op = row->op;
    const uint8_t *modulus = op->modulus, *exponent = op->exponent;
    uint8_t x[32];
    (void)b;
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *m = BN_bin2bn(modulus, 32, NULL), *e = exponent ? BN_bin2bn(exponent, 32, NULL) : NULL;
    BIGNUM *a = BN_new(), *r = BN_new();
    random_value(x);
    if (!ctx || !m || (exponent && !e) || !a || !r || !BN_bin2bn(x, 32, a)) {
        ecxb_skip_with_error(st, "OpenSSL BIGNUM setup failed");
    } else {
        while (ecxb_keep_running(st)) {
            BN_set_flags(a, BN_FLG_CONSTTIME);
            if (e ? !BN_mod_exp(r, a, e, m, ctx) : !BN_mod_inverse(r, a, m, ctx)) {
                ecxb_skip_with_error(st, "BN_mod_inverse / BN_mod_exp failed");
                break;
            }
            BIGNUM *t = a;
            a = r;
            r = t;
        }
        ecxb_do_not_optimize(a);
    }
    BN_free(r);
    BN_free(a);
    BN_free(e);
    BN_free(m);
    BN_CTX_free(ctx);
}

/* BN_mod_inverse mod p and mod n; BN_mod_exp(a, p - 2, p), the modPow
 * analogue. */
static const struct openssl_invert_op openssl_field_invert = {p256_p, NULL},
                                      openssl_scalar_invert = {p256_n, NULL},
                                      openssl_mod_exp_p = {p256_p, p256_p_minus_2};

/* An EC P-256 key and a sign or verify context for it. */
static EVP_PKEY *openssl_p256_key(void) { return EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256"); }

static void bm_openssl_ecdsa_sign(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t msg[MLEN], digest[32], sig[80];
    (void)b;
    (void)row;
    ecbench_random_bytes(msg, MLEN);
    EVP_PKEY *key = openssl_p256_key();
    EVP_PKEY_CTX *ctx = key ? EVP_PKEY_CTX_new(key, NULL) : NULL;
    if (!ctx || EVP_PKEY_sign_init(ctx) != 1) {
        ecxb_skip_with_error(st, "OpenSSL EVP setup failed");
    } else {
        while (ecxb_keep_running(st)) {
            size_t len = sizeof sig;
            SHA256(msg, MLEN, digest);
            if (EVP_PKEY_sign(ctx, sig, &len, digest, 32) != 1) {
                ecxb_skip_with_error(st, "EVP_PKEY_sign failed");
                break;
            }
            msg[0] ^= sig[len - 1];
        }
        ecxb_do_not_optimize(sig);
        set_ops_counter(st);
    }
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(key);
}

static void bm_openssl_ecdsa_verify(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    uint8_t msg[MLEN], digest[32], sig[80];
    size_t len = sizeof sig;
    (void)b;
    (void)row;
    ecbench_random_bytes(msg, MLEN);
    SHA256(msg, MLEN, digest);
    EVP_PKEY *key = openssl_p256_key();
    EVP_PKEY_CTX *sctx = key ? EVP_PKEY_CTX_new(key, NULL) : NULL;
    EVP_PKEY_CTX *ctx = key ? EVP_PKEY_CTX_new(key, NULL) : NULL;
    if (!sctx || !ctx || EVP_PKEY_sign_init(sctx) != 1 || EVP_PKEY_sign(sctx, sig, &len, digest, 32) != 1 ||
        EVP_PKEY_verify_init(ctx) != 1) {
        ecxb_skip_with_error(st, "OpenSSL EVP setup failed");
    } else {
        int ok = 1;
        while (ecxb_keep_running(st)) {
            SHA256(msg, MLEN, digest);
            ok = EVP_PKEY_verify(ctx, sig, len, digest, 32);
            sig[len - 1] ^= (uint8_t)(ok != 1); /* unchanged while it verifies */
        }
        if (ok != 1) ecxb_skip_with_error(st, "EVP_PKEY_verify rejected the signature");
        set_ops_counter(st);
    }
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_CTX_free(sctx);
    EVP_PKEY_free(key);
}

#endif

static const struct ecbench_row rows[] = {
    {NULL, "p256/field_invert", bm_invert, 0, ECXB_NS, NULL, &field_invert},
    {NULL, "p256/scalar_invert", bm_invert, 0, ECXB_NS, NULL, &scalar_invert},
    {NULL, "p256/field_invert_chain", bm_invert_chain, 0, ECXB_NS, NULL, &field_invert_chain},
    {NULL, "p256/scalar_invert_chain", bm_invert_chain, 0, ECXB_NS, NULL, &scalar_invert_chain},
    {NULL, "p256/field_mul", bm_mul, 0, ECXB_NS, NULL, &field_arith},
    {NULL, "p256/field_sq", bm_field_sq, 0, ECXB_NS, NULL, NULL},
    {NULL, "p256/scalar_mul", bm_mul, 0, ECXB_NS, NULL, &scalar_arith},
    {NULL, "p256/field_mul_montgomery", bm_field_reduction, 0, ECXB_NS, NULL, &mul_montgomery},
    {NULL, "p256/field_sq_montgomery", bm_field_reduction, 0, ECXB_NS, NULL, &sq_montgomery},
    {NULL, "p256/field_mul_solinas", bm_field_reduction, 0, ECXB_NS, NULL, &mul_solinas},
    {NULL, "p256/field_sq_solinas", bm_field_reduction, 0, ECXB_NS, NULL, &sq_solinas},
    {NULL, "p256/public_key", bm_public_key, 0, ECXB_US, NULL, NULL},
    {NULL, "p256/ecdsa_sign", bm_ecdsa_sign, 0, ECXB_US, NULL, NULL},
    {NULL, "p256/ecdsa_verify", bm_ecdsa_verify, 0, ECXB_US, NULL, NULL},
    {NULL, "p256/sha256", bm_sha256, 0, ECXB_NS, NULL, NULL},
#if ECBENCH_HAVE_OPENSSL
    {"openssl", "p256/field_invert", bm_openssl_invert, 0, ECXB_NS, NULL, &openssl_field_invert},
    {"openssl", "p256/scalar_invert", bm_openssl_invert, 0, ECXB_NS, NULL, &openssl_scalar_invert},
    {"openssl", "p256/bn_mod_exp_p", bm_openssl_invert, 0, ECXB_NS, NULL, &openssl_mod_exp_p},
    {"openssl", "p256/ecdsa_sign", bm_openssl_ecdsa_sign, 0, ECXB_US, NULL, NULL},
    {"openssl", "p256/ecdsa_verify", bm_openssl_ecdsa_verify, 0, ECXB_US, NULL, NULL},
    {"openssl", "p256/sha256", bm_sha256, 0, ECXB_NS, NULL, NULL},
#endif
};

const struct ecbench_suite ecbench_suite_p256 = {"p256", rows, sizeof rows / sizeof rows[0]};
