/* ecbench --check (check.h): every operation of each selected backend on
 * seeded random inputs and edge cases, against libsodium and OpenSSL's
 * BIGNUM. Outputs equal to the oracle on every backend are equal across
 * backends too, so one comparison per output covers both. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>
#if ECBENCH_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

#include "check.h"

#define ROUNDS 12 /* random inputs per operation */

struct checker {
    const struct ecbench_backend *b;
    unsigned long passed, failed;
    char first_failure[200];
    uint64_t rng;
};

/* splitmix64, seeded the same for every backend. */
static void rnd(struct checker *c, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        uint64_t z = (c->rng += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        for (size_t j = 0; j < 8 && i + j < n; j++) out[i + j] = (uint8_t)(z >> (8 * j));
    }
}

/* The oracles also return -1 for an identity result, which the checks
 * never rely on: only their outputs are compared. */
static void oracle_result(int status) { (void)status; }

/* ECBENCH_CHECK_FAULT=NAME makes backend NAME's first comparison fail, so
 * that the refusal itself can be tested (tests/test_bench_report.sh). */
static int fault_injected(struct checker *c)
{
    const char *fault = getenv("ECBENCH_CHECK_FAULT");
    return fault && strcmp(fault, c->b->name) == 0 && c->passed == 0 && c->failed == 0;
}

static void agree(struct checker *c, const char *op, int round, const void *got, const void *want, size_t n)
{
    if (memcmp(got, want, n) == 0 && !fault_injected(c)) {
        c->passed++;
        return;
    }
    if (c->failed++ == 0) snprintf(c->first_failure, sizeof c->first_failure, "%s (input %d)", op, round);
}

static void agree_status(struct checker *c, const char *op, int round, int got, int want)
{
    agree(c, op, round, &got, &want, sizeof got);
}

/* ---- field and scalar arithmetic against BIGNUM ---- */

#if ECBENCH_HAVE_OPENSSL
/* r = (a OP b) mod m on 32-byte little-endian values; OP: '+', '-', '*',
 * 'i' (inverse of a; 0 for 0), '%' (a is 64 bytes: a mod m). */
static void bn_op(uint8_t r[32], const uint8_t *a, const uint8_t *b, char op, const BIGNUM *m, BN_CTX *ctx)
{
    BIGNUM *x = BN_lebin2bn(a, op == '%' ? 64 : 32, NULL), *y = BN_lebin2bn(b ? b : a, 32, NULL), *z = BN_new();
    BN_nnmod(x, x, m, ctx);
    BN_nnmod(y, y, m, ctx);
    switch (op) {
    case '+': BN_mod_add(z, x, y, m, ctx); break;
    case '-': BN_mod_sub(z, x, y, m, ctx); break;
    case '*': BN_mod_mul(z, x, y, m, ctx); break;
    case 'i':
        if (BN_is_zero(x) || !BN_mod_inverse(z, x, m, ctx)) BN_zero(z);
        break;
    default: BN_copy(z, x); break;
    }
    BN_bn2lebinpad(z, r, 32);
    BN_free(x);
    BN_free(y);
    BN_free(z);
}

/* out = a OP b (OP as bn_op's, 'i' inverts a) through the backend's field
 * table, resp. its scalar table; a and b are canonical 32-byte values. */
static void field_op(const ecx_f25519_ops *f, char op, uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    ecx_fe25519 x, y, z;
    f->fe_from_bytes(&x, a);
    f->fe_from_bytes(&y, b);
    void (*const binary[3])(ecx_fe25519 *, const ecx_fe25519 *, const ecx_fe25519 *) = {f->fe_add, f->fe_sub,
                                                                                         f->fe_mul};
    if (op == 'i')
        f->fe_invert(&z, &x);
    else
        binary[op == '+' ? 0 : op == '-' ? 1 : 2](&z, &x, &y);
    f->fe_to_bytes(out, &z);
}

static void scalar_op(const ecx_f25519_ops *f, char op, uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    ecx_sc25519 x, y, z;
    f->sc_from_bytes(&x, a);
    f->sc_from_bytes(&y, b);
    void (*const binary[3])(ecx_sc25519 *, const ecx_sc25519 *, const ecx_sc25519 *) = {f->sc_add, f->sc_sub,
                                                                                         f->sc_mul};
    if (op == 'i')
        f->sc_invert(&z, &x);
    else
        binary[op == '+' ? 0 : op == '-' ? 1 : 2](&z, &x, &y);
    f->sc_to_bytes(out, &z);
}

typedef void (*table_op_fn)(const ecx_f25519_ops *f, char op, uint8_t out[32], const uint8_t a[32],
                            const uint8_t b[32]);

/* add, sub, mul and invert of a and b through `apply` against BIGNUM mod m. */
static void check_four_ops(struct checker *c, BN_CTX *ctx, const BIGNUM *m, table_op_fn apply, const char *what,
                           int round, const uint8_t a[32], const uint8_t b[32])
{
    static const char ops[] = "+-*i";
    uint8_t got[32], want[32];
    for (int k = 0; k < 4; k++) {
        apply(c->b->f25519, ops[k], got, a, b);
        bn_op(want, a, b, ops[k], m, ctx);
        agree(c, what, round, got, want, 32);
    }
}

static void check_field(struct checker *c, BN_CTX *ctx)
{
    const ecx_f25519_ops *f = c->b->f25519;
    BIGNUM *p = BN_new();
    BN_set_bit(p, 255);
    BN_sub_word(p, 19);
    uint8_t a[32], b[32], got[32], want[32];
    ecx_fe25519 x, y, z, xs[4], ys[4], zs[4];
    for (int i = 0; i < ROUNDS; i++) {
        rnd(c, a, 32);
        rnd(c, b, 32);
        a[31] &= 0x3f; /* below 2^254 < p: canonical */
        b[31] &= 0x3f;
        if (i == 0) memset(a, 0, 32);
        if (i == 1) memset(b, 0xff, 31), b[0] = 0xec, b[31] = 0x7f; /* p - 1 */
        check_four_ops(c, ctx, p, field_op, "f25519 add/sub/mul/invert", i, a, b);
        f->fe_from_bytes(&x, a);
        f->fe_from_bytes(&y, b);
        f->fe_sq(&z, &y);
        f->fe_to_bytes(got, &z);
        bn_op(want, b, b, '*', p, ctx);
        agree(c, "f25519/sq", i, got, want, 32);
        xs[i % 4] = x;
        ys[i % 4] = y;
        if (i % 4 == 3) {
            f->fe_mul_x4(zs, xs, ys);
            for (int k = 0; k < 4; k++) {
                uint8_t e1[32], e2[32];
                f->fe_mul(&z, &xs[k], &ys[k]);
                f->fe_to_bytes(e1, &zs[k]);
                f->fe_to_bytes(e2, &z);
                agree(c, "f25519/mul_x4", i, e1, e2, 32);
            }
        }
    }
    BN_free(p);
}

static void check_scalar(struct checker *c, BN_CTX *ctx)
{
    const ecx_f25519_ops *f = c->b->f25519;
    BIGNUM *l = BN_new();
    BN_set_bit(l, 252);
    BIGNUM *t = NULL;
    BN_hex2bn(&t, "14def9dea2f79cd65812631a5cf5d3ed");
    BN_add(l, l, t);
    BN_free(t);
    uint8_t a[32], b[32], wide[64], got[32], want[32];
    ecx_sc25519 x, y, z, v[4];
    for (int i = 0; i < ROUNDS; i++) {
        rnd(c, a, 32);
        rnd(c, b, 32);
        rnd(c, wide, 64);
        a[31] &= 0x0f; /* below 2^252 < l */
        b[31] &= 0x0f;
        agree_status(c, "sc25519/from_bytes", i, f->sc_from_bytes(&x, a), ECX_OK);
        agree_status(c, "sc25519/from_bytes", i, f->sc_from_bytes(&y, b), ECX_OK);
        check_four_ops(c, ctx, l, scalar_op, "sc25519 add/sub/mul/invert", i, a, b);
        f->sc_from_wide(&z, wide);
        f->sc_to_bytes(got, &z);
        bn_op(want, wide, NULL, '%', l, ctx);
        agree(c, "sc25519/from_wide", i, got, want, 32);
        v[i % 4] = i == 2 ? (ecx_sc25519){{0}} : x; /* a zero stays zero */
        if (i % 4 == 3) {
            ecx_sc25519 w[4];
            memcpy(w, v, sizeof w);
            f->sc_batch_invert(w, 4);
            for (int k = 0; k < 4; k++) {
                f->sc_invert(&z, &v[k]);
                uint8_t e1[32], e2[32];
                f->sc_to_bytes(e1, &w[k]);
                f->sc_to_bytes(e2, &z);
                agree(c, "sc25519/batch_invert", i, e1, e2, 32);
            }
        }
    }
    memset(a, 0xff, 32); /* >= l */
    agree_status(c, "sc25519/from_bytes(>= l)", 0, f->sc_from_bytes(&x, a), ECX_ERR_INVALID);
    BN_free(l);
}

/* Inversions mod p and mod n of P-256 (big-endian). */
static void check_p256(struct checker *c, BN_CTX *ctx)
{
    const struct ecxi_p256_ops *p256 = c->b->table->p256;
    if (!p256) return;
    BIGNUM *mods[2] = {NULL, NULL};
    BN_hex2bn(&mods[0], "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    BN_hex2bn(&mods[1], "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    uint8_t in[32], got[32], want[32];
    for (int i = 0; i < ROUNDS; i++) {
        rnd(c, in, 32);
        in[0] &= 0x7f; /* below both moduli */
        for (int m = 0; m < 2; m++) {
            int status = m == 0 ? p256->field_invert(got, in) : p256->scalar_invert(got, in);
            BIGNUM *x = BN_bin2bn(in, 32, NULL), *z = BN_new();
            BN_mod_inverse(z, x, mods[m], ctx);
            BN_bn2binpad(z, want, 32);
            BN_free(x);
            BN_free(z);
            agree_status(c, "p256 invert status", i, status, ECX_OK);
            agree(c, m == 0 ? "p256/field_invert" : "p256/scalar_invert", i, got, want, 32);
        }
    }
    memset(in, 0, 32);
    agree_status(c, "p256/field_invert(0)", 0, p256->field_invert(got, in), ECX_ERR_INVALID);
    BN_free(mods[0]);
    BN_free(mods[1]);
}
#endif

/* ---- Ed25519 and the Edwards group against libsodium ---- */

static void check_ed25519(struct checker *c)
{
    const struct ecx_backend *t = c->b->table;
    uint8_t seed[32], pk[32], sk[64], pk2[32], sk2[64], sig[64], sig2[64], msg[8][96];
    const uint8_t *sigs[8], *msgs[8], *pks[8];
    uint8_t sigv[8][64], pkv[8][32];
    size_t lens[8];
    for (int i = 0; i < 8; i++) {
        rnd(c, seed, 32);
        size_t mlen = (size_t)i * 13;
        rnd(c, msg[i], mlen);
        agree_status(c, "ed25519/keypair", i, t->ed25519_keypair(pk, sk, seed), ECX_OK);
        crypto_sign_ed25519_seed_keypair(pk2, sk2, seed);
        agree(c, "ed25519/keypair", i, sk, sk2, 64);
        agree_status(c, "ed25519/sign", i, t->ed25519_sign(sig, msg[i], mlen, sk), ECX_OK);
        crypto_sign_ed25519_detached(sig2, NULL, msg[i], mlen, sk2);
        agree(c, "ed25519/sign", i, sig, sig2, 64);
        agree_status(c, "ed25519/verify", i, t->ed25519_verify(sig, msg[i], mlen, pk, 0), ECX_OK);
        agree_status(c, "ed25519/verify_zip215", i, t->ed25519_verify(sig, msg[i], mlen, pk, 1), ECX_OK);
        sig2[i % 32] ^= 1; /* a wrong R */
        agree_status(c, "ed25519/verify(bad)", i, t->ed25519_verify(sig2, msg[i], mlen, pk, 0) == ECX_OK,
                     crypto_sign_ed25519_verify_detached(sig2, msg[i], mlen, pk) == 0);
        memcpy(sigv[i], sig, 64);
        memcpy(pkv[i], pk, 32);
        sigs[i] = sigv[i];
        msgs[i] = msg[i];
        pks[i] = pkv[i];
        lens[i] = mlen;
    }
    int results[8], want[8] = {0};
    uint8_t weights_seed[32];
    rnd(c, weights_seed, 32);
    agree_status(c, "ed25519/verify_batch", 0, t->ed25519_verify_batch(8, sigs, msgs, lens, pks, results, weights_seed),
                 ECX_OK);
    sigv[5][40] ^= 4; /* S changes: signature 5 fails alone */
    int status = t->ed25519_verify_batch(8, sigs, msgs, lens, pks, results, weights_seed);
    agree_status(c, "ed25519/verify_batch(bad)", 1, status != ECX_OK, 1);
    for (int i = 0; i < 8; i++) want[i] = t->ed25519_verify(sigs[i], msgs[i], lens[i], pks[i], 1);
    agree(c, "ed25519/verify_batch results", 1, results, want, sizeof want);
    agree_status(c, "ed25519/verify_batch results", 1, want[5] != ECX_OK, 1);
}

/* A random point of the prime-order subgroup and a scalar below 2^255. */
static void random_point(struct checker *c, uint8_t p[32])
{
    uint8_t k[32];
    rnd(c, k, 32);
    k[31] &= 0x0f;
    oracle_result(crypto_scalarmult_ed25519_base_noclamp(p, k));
}

static void check_edwards(struct checker *c)
{
    const struct ecxi_edwards_ops *e = c->b->table->edwards;
    if (!e) return;
    uint8_t s[4][32], pts[4][32], got[32], want[32], t1[32], t2[32];
    for (int i = 0; i < ROUNDS; i++) {
        for (int k = 0; k < 4; k++) {
            rnd(c, s[k], 32);
            s[k][31] &= 0x7f;
            random_point(c, pts[k]);
        }
        e->mul_base(got, s[0]);
        oracle_result(crypto_scalarmult_ed25519_base_noclamp(want, s[0]));
        agree(c, "edwards/mul_base", i, got, want, 32);
        agree_status(c, "edwards/mul_var status", i, e->mul_var(got, s[1], pts[1]), ECX_OK);
        oracle_result(crypto_scalarmult_ed25519_noclamp(want, s[1], pts[1]));
        agree(c, "edwards/mul_var", i, got, want, 32);
        agree_status(c, "edwards/double_mul status", i, e->double_mul_vartime(got, s[0], pts[0], s[1]), ECX_OK);
        oracle_result(crypto_scalarmult_ed25519_noclamp(t1, s[0], pts[0]));
        oracle_result(crypto_scalarmult_ed25519_base_noclamp(t2, s[1]));
        oracle_result(crypto_core_ed25519_add(want, t1, t2));
        agree(c, "edwards/double_mul_vartime", i, got, want, 32);
        agree_status(c, "edwards/msm status", i, e->msm_vartime(got, 4, (const uint8_t(*)[32])s,
                                                                (const uint8_t(*)[32])pts), ECX_OK);
        oracle_result(crypto_scalarmult_ed25519_noclamp(want, s[0], pts[0]));
        for (int k = 1; k < 4; k++) {
            oracle_result(crypto_scalarmult_ed25519_noclamp(t1, s[k], pts[k]));
            oracle_result(crypto_core_ed25519_add(want, want, t1));
        }
        agree(c, "edwards/msm", i, got, want, 32);
    }
}

static void check_ristretto(struct checker *c)
{
    const struct ecxi_ristretto_ops *r = c->b->table->ristretto;
    if (!r) return;
    uint8_t h[64], p[4][32], s[4][32], raw[32], got[32], want[32], t[32];
    for (int i = 0; i < ROUNDS; i++) {
        for (int k = 0; k < 4; k++) {
            rnd(c, h, 64);
            agree_status(c, "ristretto255/from_uniform status", i, r->from_uniform(p[k], h), ECX_OK);
            crypto_core_ristretto255_from_hash(want, h);
            agree(c, "ristretto255/from_uniform", i, p[k], want, 32);
            rnd(c, h, 64);
            crypto_core_ristretto255_scalar_reduce(s[k], h);
        }
        rnd(c, raw, 32);
        raw[0] &= 0xfe;  /* even, so that some decode */
        raw[31] &= 0x7f; /* libsodium 1.0.18 ignores bit 255, ecx rejects it (docs/ristretto255.md) */
        agree_status(c, "ristretto255/is_valid", i, r->is_valid(raw) == ECX_OK,
                     crypto_core_ristretto255_is_valid_point(raw) == 1);
        agree_status(c, "ristretto255/is_valid", i, r->is_valid(p[0]), ECX_OK);
        r->add(got, p[0], p[1]);
        oracle_result(crypto_core_ristretto255_add(want, p[0], p[1]));
        agree(c, "ristretto255/add", i, got, want, 32);
        r->sub(got, p[0], p[1]);
        oracle_result(crypto_core_ristretto255_sub(want, p[0], p[1]));
        agree(c, "ristretto255/sub", i, got, want, 32);
        agree_status(c, "ristretto255/scalarmult status", i, r->scalarmult(got, s[0], p[2]), ECX_OK);
        oracle_result(crypto_scalarmult_ristretto255(want, s[0], p[2]));
        agree(c, "ristretto255/scalarmult", i, got, want, 32);
        agree_status(c, "ristretto255/scalarmult_base status", i, r->scalarmult_base(got, s[1]), ECX_OK);
        oracle_result(crypto_scalarmult_ristretto255_base(want, s[1]));
        agree(c, "ristretto255/scalarmult_base", i, got, want, 32);
        agree_status(c, "ristretto255/msm status", i,
                     r->msm_vartime(got, 4, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p), ECX_OK);
        oracle_result(crypto_scalarmult_ristretto255(want, s[0], p[0]));
        for (int k = 1; k < 4; k++) {
            oracle_result(crypto_scalarmult_ristretto255(t, s[k], p[k]));
            oracle_result(crypto_core_ristretto255_add(want, want, t));
        }
        agree(c, "ristretto255/msm_vartime", i, got, want, 32);
    }
}

int ecbench_check_backends(FILE *out, struct ecbench_backend *backends, size_t *n)
{
#if ECBENCH_HAVE_OPENSSL
    BN_CTX *ctx = BN_CTX_new();
    if (!ctx) return -1;
#endif
    size_t kept = 0;
    int removed = 0;
    for (size_t i = 0; i < *n; i++) {
        struct checker c = {.b = &backends[i], .rng = 0x636865636bull};
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
#if ECBENCH_HAVE_OPENSSL
        check_field(&c, ctx);
        check_scalar(&c, ctx);
        check_p256(&c, ctx);
#endif
        check_ed25519(&c);
        check_edwards(&c);
        check_ristretto(&c);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (c.failed == 0) {
            fprintf(out, "ecbench: check %s: %lu checks passed (%.2f s)\n", backends[i].name, c.passed, secs);
            backends[kept++] = backends[i];
        } else {
            fprintf(out, "ecbench: check %s: %lu of %lu checks FAILED, first: %s; not benchmarking %s\n",
                    backends[i].name, c.failed, c.failed + c.passed, c.first_failure, backends[i].name);
            removed++;
        }
    }
    *n = kept;
#if ECBENCH_HAVE_OPENSSL
    BN_CTX_free(ctx);
#endif
#if !ECBENCH_HAVE_OPENSSL
    fprintf(out, "ecbench: check: built without OpenSSL, field, scalar and P-256 arithmetic not checked\n");
#endif
    fflush(out);
    return removed;
}
