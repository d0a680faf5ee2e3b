/* Rows of the p256 area: P-256 inversions and multiplications through a
 * backend's table (struct ecxi_p256_ops), and OpenSSL's bignum inversion as
 * the peer.
 *
 * Ours:
 *   p256/field_invert          table->p256->field_invert (safegcd, with the
 *                              constant-time range check of the public call)
 *   p256/scalar_invert         table->p256->scalar_invert (the same, mod n)
 *   p256/field_invert_fermat   the addition chain a^(p-2), for comparison
 *   p256/field_mul, scalar_mul one Montgomery multiplication inside the
 *                              representation (mul_repeat, BATCH per call:
 *                              the byte conversions at its ends are spread
 *                              over BATCH products)
 * Peers (natively only, ECBENCH_HAVE_OPENSSL):
 *   openssl/p256/field_invert, openssl/p256/scalar_invert:
 *       BN_mod_inverse(r, a, m, ctx) with m = p or n, after
 *       BN_set_flags(a, BN_FLG_CONSTTIME), which sends OpenSSL to its
 *       branch-free bn_mod_inverse_no_branch (crypto/bn/bn_gcd.c). This is
 *       the BN-level constant-time inversion; OpenSSL 3's ECDSA signing
 *       itself inverts the nonce through ossl_ec_group_do_inverse_ord
 *       (Fermat by BN_mod_exp_mont_consttime, or ecp_nistz256_inv_mod_ord
 *       with the nistz256 assembly), which is not public API.
 *
 * Every row feeds its output back as its next input (x alternates with
 * 1/x, never 0). */
#include "ecbench.h"

#if ECBENCH_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

/* Multiplications per call of the mul rows. */
#define BATCH 256

/* A random value below 2^255, so below p and n (non-zero with overwhelming
 * probability). */
static void random_value(uint8_t x[32])
{
    ecbench_random_bytes(x, 32);
    x[0] &= 0x7f;
}

typedef int invert_fn(uint8_t out[32], const uint8_t in[32]);

static void run_invert(ecxb_state *st, invert_fn *fn)
{
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

static void bm_field_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    (void)param;
    run_invert(st, b->table->p256->field_invert);
}

static void bm_scalar_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    (void)param;
    run_invert(st, b->table->p256->scalar_invert);
}

static void bm_field_invert_chain(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t x[32];
    (void)param;
    random_value(x);
    while (ecxb_keep_running(st)) b->table->p256->field_invert_chain(x, x);
    ecxb_do_not_optimize(x);
}

static void run_mul(ecxb_state *st, const struct ecxi_p256_arith *arith)
{
    uint8_t x[32], y[32];
    random_value(x);
    random_value(y);
    while (ecxb_keep_running_batch(st, BATCH)) arith->mul_repeat(x, y, BATCH);
    ecxb_do_not_optimize(x);
}

static void bm_field_mul(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    (void)param;
    run_mul(st, b->table->p256->field);
}

static void bm_scalar_mul(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    (void)param;
    run_mul(st, b->table->p256->scalar);
}

#if ECBENCH_HAVE_OPENSSL
/* The moduli p and n, big-endian (FIPS 186-5). */
static const uint8_t p256_p[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, [20] = 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
static const uint8_t p256_n[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63,
                                   0x25, 0x51};

/* r = a^-1 mod m with BN_FLG_CONSTTIME on a (see the top of this file);
 * a alternates with its inverse. */
static void run_openssl_invert(ecxb_state *st, const uint8_t modulus[32])
{
    uint8_t x[32];
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *m = BN_bin2bn(modulus, 32, NULL);
    BIGNUM *a = BN_new(), *r = BN_new();
    random_value(x);
    if (!ctx || !m || !a || !r || !BN_bin2bn(x, 32, a)) {
        ecxb_skip_with_error(st, "OpenSSL BIGNUM setup failed");
    } else {
        while (ecxb_keep_running(st)) {
            BN_set_flags(a, BN_FLG_CONSTTIME);
            if (!BN_mod_inverse(r, a, m, ctx)) {
                ecxb_skip_with_error(st, "BN_mod_inverse failed");
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
    BN_free(m);
    BN_CTX_free(ctx);
}

static void bm_openssl_field_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    (void)b;
    (void)param;
    run_openssl_invert(st, p256_p);
}

static void bm_openssl_scalar_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    (void)b;
    (void)param;
    run_openssl_invert(st, p256_n);
}
#endif

static const struct ecbench_row rows[] = {
    {NULL, "p256/field_invert", bm_field_invert, 0, ECXB_NS, NULL},
    {NULL, "p256/scalar_invert", bm_scalar_invert, 0, ECXB_NS, NULL},
    {NULL, "p256/field_invert_chain", bm_field_invert_chain, 0, ECXB_NS, NULL},
    {NULL, "p256/field_mul", bm_field_mul, 0, ECXB_NS, NULL},
    {NULL, "p256/scalar_mul", bm_scalar_mul, 0, ECXB_NS, NULL},
#if ECBENCH_HAVE_OPENSSL
    {"openssl", "p256/field_invert", bm_openssl_field_invert, 0, ECXB_NS, NULL},
    {"openssl", "p256/scalar_invert", bm_openssl_scalar_invert, 0, ECXB_NS, NULL},
#endif
};

const struct ecbench_suite ecbench_suite_p256 = {"p256", rows, sizeof rows / sizeof rows[0]};
