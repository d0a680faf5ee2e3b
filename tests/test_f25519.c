/* Differential tests of the curve25519 field and scalar arithmetic.
 *
 * Every backend usable here (ecx_backends()) is run through its public table
 * (ecx_f25519(name)) and its test-only table (ecxi_backend_find(name)->
 * f25519_internal) on the same seeded random inputs and edge cases. GMP
 * computes every expected canonical output; the scalar operations are also
 * compared with libsodium's crypto_core_ed25519_scalar_*. Since every backend
 * must equal the oracle byte for byte, the backends also equal each other;
 * the long chains of mixed operations compare them directly as well.
 *
 * ECX_TEST_ITERATIONS sets the number of random cases per operation group
 * (default 2000); ECX_TEST_SEED changes the seed (tests/check.h). */
#include <gmp.h>
#include <sodium.h>

#include "check.h"
#include "dispatch/backend.h"
#include "ecx/ecx.h"
#include "ecx/f25519.h"

/* ------------------------------------------------------------------------ */
/* Backends under test                                                       */

#define MAX_BACKENDS 8

struct backend {
    const char *name;
    const ecx_f25519_ops *ops;
    const struct ecxi_f25519_internal *in;
};
static struct backend backends[MAX_BACKENDS];
static size_t n_backends;
static unsigned long iterations = 2000;

/* ------------------------------------------------------------------------ */
/* Failure context: the current inputs, formatted only when a check fails.   */

static const char *cur_op;
static const uint8_t *cur_in[3];
static size_t cur_len[3];
static long cur_param = -1;

static void set_inputs(const char *op, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    cur_op = op;
    cur_in[0] = a;
    cur_len[0] = alen;
    cur_in[1] = b;
    cur_len[1] = blen;
    cur_in[2] = NULL;
    cur_param = -1;
}

static const char *describe(const char *backend, const char *op)
{
    static char buf[1024];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s %s [%s]", backend, op, cur_op ? cur_op : "");
    if (cur_param >= 0 && n < sizeof buf) n += (size_t)snprintf(buf + n, sizeof buf - n, " param=%ld", cur_param);
    for (int k = 0; k < 3; k++) {
        if (!cur_in[k]) continue;
        if (n < sizeof buf) n += (size_t)snprintf(buf + n, sizeof buf - n, " %c=", 'a' + k);
        for (size_t i = 0; i < cur_len[k] && n + 3 < sizeof buf; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%02x", cur_in[k][i]);
    }
    return buf;
}

/* Like CHECK_MEM and CHECK_CTX, but the context is formatted on failure only. */
#define EXPECT_MEM(got, want, len, backend, op)                                                    \
    do {                                                                                           \
        if (memcmp((got), (want), (len)) == 0)                                                     \
            check_passed++;                                                                        \
        else                                                                                       \
            CHECK_MEM((got), (want), (len), describe((backend), (op)));                            \
    } while (0)
#define EXPECT(cond, backend, op) CHECK_CTX(cond, describe((backend), (op)))

/* ------------------------------------------------------------------------ */
/* GMP helpers                                                               */

static mpz_t P, L, SQRTM1, P58, PSQRT; /* p, l, sqrt(-1), (p-5)/8, (p+3)/8 */
static mpz_t t0, t1, t2, t3;           /* scratch */

static void mpz_from_le(mpz_t r, const uint8_t *s, size_t n)
{
    mpz_import(r, n, -1, 1, 0, 0, s);
}

/* out = a (0 <= a < 2^(8 n)) little-endian. */
static void mpz_to_le(uint8_t *out, size_t n, const mpz_t a)
{
    size_t count = 0;
    memset(out, 0, n);
    if (mpz_sgn(a) == 0) return;
    if (mpz_sizeinbase(a, 2) > 8 * n) {
        fprintf(stderr, "mpz_to_le: value too large\n");
        abort();
    }
    mpz_export(out, &count, -1, 1, 0, 0, a);
}

/* The field element a 32-byte string stands for: bit 255 cleared, mod p. */
static void fe_oracle(mpz_t r, const uint8_t s[32])
{
    uint8_t c[32];
    memcpy(c, s, 32);
    c[31] &= 0x7f;
    mpz_from_le(r, c, 32);
    mpz_mod(r, r, P);
}

static void mpz_to_fe_bytes(uint8_t out[32], const mpz_t a)
{
    mpz_mod(t3, a, P);
    mpz_to_le(out, 32, t3);
}

/* RFC 9496 SQRT_RATIO_M1 with GMP: was_square and the non-negative root. */
static int oracle_sqrt_ratio(mpz_t r, const mpz_t u, const mpz_t v)
{
    if (mpz_sgn(u) == 0) {
        mpz_set_ui(r, 0);
        return 1;
    }
    if (mpz_sgn(v) == 0) {
        mpz_set_ui(r, 0);
        return 0;
    }
    mpz_t t;
    mpz_init(t);
    mpz_invert(t, v, P);
    mpz_mul(t, t, u);
    mpz_mod(t, t, P);
    int was_square = mpz_legendre(t, P) == 1;
    if (!was_square) {
        mpz_mul(t, t, SQRTM1);
        mpz_mod(t, t, P);
    }
    /* p = 5 mod 8: a root of a square t is t^((p+3)/8) or that times sqrt(-1). */
    mpz_powm(r, t, PSQRT, P);
    mpz_t c;
    mpz_init(c);
    mpz_mul(c, r, r);
    mpz_mod(c, c, P);
    if (mpz_cmp(c, t) != 0) {
        mpz_mul(r, r, SQRTM1);
        mpz_mod(r, r, P);
        mpz_mul(c, r, r);
        mpz_mod(c, c, P);
        if (mpz_cmp(c, t) != 0) {
            fprintf(stderr, "oracle_sqrt_ratio: no root (oracle bug)\n");
            abort();
        }
    }
    if (mpz_odd_p(r)) mpz_sub(r, P, r);
    mpz_clear(c);
    mpz_clear(t);
    return was_square;
}

/* ------------------------------------------------------------------------ */
/* Byte helpers                                                              */

/* 32-byte little-endian encoding of 2^k + add (add may be negative), mod 2^256. */
static void pow2_plus(uint8_t out[32], unsigned k, long add)
{
    mpz_t x, m;
    mpz_inits(x, m, NULL);
    mpz_ui_pow_ui(x, 2, k);
    if (add >= 0)
        mpz_add_ui(x, x, (unsigned long)add);
    else
        mpz_sub_ui(x, x, (unsigned long)-add);
    mpz_ui_pow_ui(m, 2, 256);
    mpz_mod(x, x, m);
    mpz_to_le(out, 32, x);
    mpz_clears(x, m, NULL);
}

static void mpz_plus_bytes(uint8_t out[32], const mpz_t base, long add)
{
    mpz_t x;
    mpz_init(x);
    if (add >= 0)
        mpz_add_ui(x, base, (unsigned long)add);
    else
        mpz_sub_ui(x, base, (unsigned long)-add);
    mpz_to_le(out, 32, x);
    mpz_clear(x);
}

static unsigned rand_below(unsigned n) { return (unsigned)(check_rand64() % n); }

/* ------------------------------------------------------------------------ */
/* Field edge cases                                                          */

#define MAX_EDGES 96
static uint8_t fe_edges[MAX_EDGES][32];
static size_t n_fe_edges;

static void add_fe_edge(const uint8_t s[32]) { memcpy(fe_edges[n_fe_edges++], s, 32); }

static void build_fe_edges(void)
{
    uint8_t s[32];
    for (long k = 0; k <= 3; k++) { /* 0, 1, 2, 3 */
        mpz_set_ui(t0, (unsigned long)k);
        mpz_to_le(s, 32, t0);
        add_fe_edge(s);
    }
    mpz_set_ui(t0, 19);
    mpz_to_le(s, 32, t0);
    add_fe_edge(s);
    mpz_set_ui(t0, 121666);
    mpz_to_le(s, 32, t0);
    add_fe_edge(s);
    for (long k = -3; k <= -1; k++) { /* p-3, p-2, p-1 */
        mpz_plus_bytes(s, P, k);
        add_fe_edge(s);
    }
    for (long k = 0; k <= 18; k++) { /* p .. 2^255-1: non-canonical */
        mpz_plus_bytes(s, P, k);
        add_fe_edge(s);
    }
    /* Bit 255 set: must be ignored. */
    pow2_plus(s, 255, 0);   /* 2^255 = 0 */
    add_fe_edge(s);
    pow2_plus(s, 255, 1);   /* 2^255 + 1 = 1 */
    add_fe_edge(s);
    memset(s, 0xff, 32);    /* 2^256 - 1 = 18 */
    add_fe_edge(s);
    mpz_plus_bytes(s, P, -1); /* 2^255 + p - 1 = p - 1 */
    s[31] |= 0x80;
    add_fe_edge(s);
    mpz_plus_bytes(s, P, 0); /* 2^255 + p = 0 */
    s[31] |= 0x80;
    add_fe_edge(s);
    /* Limb boundaries of both backends (51-bit and 26/25-bit limbs). */
    static const unsigned pows[] = {25, 26, 51, 52, 64, 102, 128, 153, 204, 254};
    for (size_t i = 0; i < sizeof pows / sizeof pows[0]; i++) {
        pow2_plus(s, pows[i], -1);
        add_fe_edge(s);
        pow2_plus(s, pows[i], 0);
        add_fe_edge(s);
    }
    /* (p-1)/2, (p+1)/2, sqrt(-1), -sqrt(-1). */
    mpz_sub_ui(t0, P, 1);
    mpz_fdiv_q_2exp(t0, t0, 1);
    mpz_to_le(s, 32, t0);
    add_fe_edge(s);
    mpz_add_ui(t0, t0, 1);
    mpz_to_le(s, 32, t0);
    add_fe_edge(s);
    mpz_to_le(s, 32, SQRTM1);
    add_fe_edge(s);
    mpz_sub(t0, P, SQRTM1);
    mpz_to_le(s, 32, t0);
    add_fe_edge(s);
    /* Bit patterns. */
    memset(s, 0x55, 32);
    add_fe_edge(s);
    memset(s, 0xaa, 32);
    add_fe_edge(s);
    memset(s, 0xff, 32);
    s[31] = 0x7f; /* 2^255 - 1 */
    add_fe_edge(s);
    memset(s, 0xff, 32);
    s[0] = 0xec;
    s[31] = 0x7f; /* 2^255 - 20 = p - 1 */
    add_fe_edge(s);
}

/* A random field input of varied shape. */
static void random_fe_input(uint8_t s[32])
{
    switch (rand_below(10)) {
    case 0: /* non-canonical p + k, bit 255 maybe set */
        mpz_plus_bytes(s, P, (long)rand_below(19));
        if (rand_below(2)) s[31] |= 0x80;
        break;
    case 1: /* small */
        memset(s, 0, 32);
        check_random_bytes(s, 1 + rand_below(8));
        break;
    case 2: /* close to p from below */
        mpz_plus_bytes(s, P, -(long)(1 + rand_below(1u << 20)));
        break;
    case 3: /* sparse bits */
        memset(s, 0, 32);
        for (int i = 0; i < 4; i++) {
            unsigned bit = rand_below(256);
            s[bit / 8] |= (uint8_t)(1u << (bit % 8));
        }
        break;
    case 4: /* dense bits */
        memset(s, 0xff, 32);
        for (int i = 0; i < 4; i++) {
            unsigned bit = rand_below(256);
            s[bit / 8] &= (uint8_t)~(1u << (bit % 8));
        }
        break;
    default: /* uniform 256-bit string (bit 255 set half the time) */
        check_random_bytes(s, 32);
        break;
    }
}

/* ------------------------------------------------------------------------ */
/* Field tests                                                               */

static const unsigned sqn_counts[] = {0, 1, 2, 3, 4, 5, 10, 20, 50, 100, 127, 254, 255};
static const uint32_t small_consts[] = {0, 1, 2, 3, 19, 38, 121665, 121666, 486662, (1u << 20) - 1};

static void fe_bytes_of(uint8_t out[32], const struct backend *b, const ecx_fe25519 *x)
{
    b->ops->fe_to_bytes(out, x);
}

/* All unary and binary field operations on (a, b), each backend against GMP.
 * sqn_n and small_c vary the parameters of fe_sqn and fe_mul_small. */
static void field_case(const char *what, const uint8_t a[32], const uint8_t b[32], unsigned sqn_n, uint32_t small_c)
{
    mpz_t A, B, R;
    mpz_inits(A, B, R, NULL);
    fe_oracle(A, a);
    fe_oracle(B, b);
    set_inputs(what, a, 32, b, 32);

    uint8_t e_a[32], e_b[32], e_add[32], e_sub[32], e_neg[32], e_mul[32], e_sq[32], e_sqn[32], e_small[32],
        e_inv[32], e_p58[32], e_sqrt[32];
    mpz_to_fe_bytes(e_a, A);
    mpz_to_fe_bytes(e_b, B);
    mpz_add(R, A, B);
    mpz_to_fe_bytes(e_add, R);
    mpz_sub(R, A, B);
    mpz_to_fe_bytes(e_sub, R);
    mpz_neg(R, A);
    mpz_to_fe_bytes(e_neg, R);
    mpz_mul(R, A, B);
    mpz_to_fe_bytes(e_mul, R);
    mpz_mul(R, A, A);
    mpz_to_fe_bytes(e_sq, R);
    mpz_ui_pow_ui(t0, 2, sqn_n);
    mpz_powm(R, A, t0, P);
    mpz_to_fe_bytes(e_sqn, R);
    mpz_mul_ui(R, A, small_c);
    mpz_to_fe_bytes(e_small, R);
    if (mpz_invert(R, A, P) == 0) mpz_set_ui(R, 0);
    mpz_to_fe_bytes(e_inv, R);
    mpz_powm(R, A, P58, P);
    mpz_to_fe_bytes(e_p58, R);
    int e_was_square = oracle_sqrt_ratio(R, A, B);
    mpz_to_fe_bytes(e_sqrt, R);
    unsigned e_equal = mpz_cmp(A, B) == 0;
    unsigned e_zero = mpz_sgn(A) == 0;
    unsigned e_negative = (unsigned)mpz_odd_p(A);

    for (size_t k = 0; k < n_backends; k++) {
        const struct backend *be = &backends[k];
        const ecx_f25519_ops *o = be->ops;
        const struct ecxi_f25519_internal *in = be->in;
        const char *n = be->name;
        ecx_fe25519 fa, fb, r, s2;
        uint8_t got[32];

        o->fe_from_bytes(&fa, a);
        o->fe_from_bytes(&fb, b);
        fe_bytes_of(got, be, &fa);
        EXPECT_MEM(got, e_a, 32, n, "fe_from_bytes/fe_to_bytes(a)");
        fe_bytes_of(got, be, &fb);
        EXPECT_MEM(got, e_b, 32, n, "fe_from_bytes/fe_to_bytes(b)");
        /* to_bytes(from_bytes(canonical)) is the identity. */
        o->fe_from_bytes(&r, e_a);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_a, 32, n, "fe round trip of canonical a");

        o->fe_add(&r, &fa, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_add, 32, n, "fe_add");
        r = fa;
        o->fe_add(&r, &r, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_add, 32, n, "fe_add (r aliases a)");
        r = fb;
        o->fe_add(&r, &fa, &r);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_add, 32, n, "fe_add (r aliases b)");

        o->fe_sub(&r, &fa, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sub, 32, n, "fe_sub");
        r = fa;
        o->fe_sub(&r, &r, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sub, 32, n, "fe_sub (r aliases a)");
        r = fb;
        o->fe_sub(&r, &fa, &r);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sub, 32, n, "fe_sub (r aliases b)");

        in->fe_neg(&r, &fa);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_neg, 32, n, "fe_neg");
        r = fa;
        in->fe_neg(&r, &r);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_neg, 32, n, "fe_neg (in place)");

        o->fe_mul(&r, &fa, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_mul, 32, n, "fe_mul");
        r = fa;
        o->fe_mul(&r, &r, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_mul, 32, n, "fe_mul (r aliases a)");
        r = fb;
        o->fe_mul(&r, &fa, &r);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_mul, 32, n, "fe_mul (r aliases b)");
        o->fe_mul(&r, &fa, &fa);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sq, 32, n, "fe_mul(a, a)");

        o->fe_sq(&r, &fa);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sq, 32, n, "fe_sq");
        r = fa;
        o->fe_sq(&r, &r);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sq, 32, n, "fe_sq (in place)");

        cur_param = sqn_n;
        in->fe_sqn(&r, &fa, sqn_n);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sqn, 32, n, "fe_sqn");
        r = fa;
        in->fe_sqn(&r, &r, sqn_n);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sqn, 32, n, "fe_sqn (in place)");

        cur_param = small_c;
        in->fe_mul_small(&r, &fa, small_c);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_small, 32, n, "fe_mul_small");
        r = fa;
        in->fe_mul_small(&r, &r, small_c);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_small, 32, n, "fe_mul_small (in place)");
        cur_param = -1;

        /* cmov: r = flag ? a : r. */
        r = fb;
        in->fe_cmov(&r, &fa, 0);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_b, 32, n, "fe_cmov flag 0");
        in->fe_cmov(&r, &fa, 1);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_a, 32, n, "fe_cmov flag 1");
        /* cswap. */
        r = fa;
        s2 = fb;
        in->fe_cswap(&r, &s2, 0);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_a, 32, n, "fe_cswap flag 0 (a)");
        fe_bytes_of(got, be, &s2);
        EXPECT_MEM(got, e_b, 32, n, "fe_cswap flag 0 (b)");
        in->fe_cswap(&r, &s2, 1);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_b, 32, n, "fe_cswap flag 1 (a)");
        fe_bytes_of(got, be, &s2);
        EXPECT_MEM(got, e_a, 32, n, "fe_cswap flag 1 (b)");

        EXPECT(in->fe_equal(&fa, &fb) == e_equal, n, "fe_equal(a, b)");
        EXPECT(in->fe_equal(&fb, &fa) == e_equal, n, "fe_equal(b, a)");
        EXPECT(in->fe_equal(&fa, &fa) == 1, n, "fe_equal(a, a)");
        /* The same value through another representation (to_bytes/from_bytes). */
        o->fe_from_bytes(&r, e_a);
        EXPECT(in->fe_equal(&fa, &r) == 1, n, "fe_equal(a, canonical a)");
        EXPECT(in->fe_is_zero(&fa) == e_zero, n, "fe_is_zero");
        EXPECT(in->fe_is_negative(&fa) == e_negative, n, "fe_is_negative");

        o->fe_invert(&r, &fa);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_inv, 32, n, "fe_invert");
        r = fa;
        o->fe_invert(&r, &r);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_inv, 32, n, "fe_invert (in place)");

        in->fe_pow_p58(&r, &fa);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_p58, 32, n, "fe_pow_p58");

        unsigned ws = in->fe_sqrt_ratio(&r, &fa, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT(ws == (unsigned)e_was_square, n, "fe_sqrt_ratio was_square (Legendre symbol of u/v)");
        EXPECT_MEM(got, e_sqrt, 32, n, "fe_sqrt_ratio root");
        /* The properties, checked on the backend's own root. */
        EXPECT((got[0] & 1) == 0, n, "fe_sqrt_ratio root is non-negative");
        mpz_from_le(R, got, 32);
        EXPECT(mpz_cmp(R, P) < 0, n, "fe_sqrt_ratio root canonical");
        mpz_mul(t1, R, R);
        mpz_mul(t1, t1, B);
        mpz_mod(t1, t1, P); /* r^2 v */
        mpz_mul(t2, SQRTM1, A);
        mpz_mod(t2, t2, P); /* sqrt(-1) u */
        if (mpz_sgn(A) != 0 && mpz_sgn(B) == 0) {
            EXPECT(mpz_sgn(R) == 0 && ws == 0, n, "fe_sqrt_ratio(u != 0, v = 0) = (0, 0)");
        } else if (ws) {
            EXPECT(mpz_cmp(t1, A) == 0, n, "fe_sqrt_ratio: r^2 v == u");
        } else {
            EXPECT(mpz_cmp(t1, t2) == 0, n, "fe_sqrt_ratio: r^2 v == sqrt(-1) u");
        }
        /* Aliasing: the root written over u, then over v. */
        r = fa;
        ws = in->fe_sqrt_ratio(&r, &r, &fb);
        fe_bytes_of(got, be, &r);
        EXPECT(ws == (unsigned)e_was_square, n, "fe_sqrt_ratio (r aliases u) was_square");
        EXPECT_MEM(got, e_sqrt, 32, n, "fe_sqrt_ratio (r aliases u)");
        r = fb;
        ws = in->fe_sqrt_ratio(&r, &fa, &r);
        fe_bytes_of(got, be, &r);
        EXPECT(ws == (unsigned)e_was_square, n, "fe_sqrt_ratio (r aliases v) was_square");
        EXPECT_MEM(got, e_sqrt, 32, n, "fe_sqrt_ratio (r aliases v)");
    }
    mpz_clears(A, B, R, NULL);
}

/* fe_mul_x4 on four random pairs, including aliasing of whole arrays. */
static void field_mul_x4_case(void)
{
    uint8_t a[4][32], b[4][32], e[4][32];
    for (int i = 0; i < 4; i++) {
        random_fe_input(a[i]);
        random_fe_input(b[i]);
        fe_oracle(t0, a[i]);
        fe_oracle(t1, b[i]);
        mpz_mul(t0, t0, t1);
        mpz_to_fe_bytes(e[i], t0);
    }
    set_inputs("fe_mul_x4 lane 0", a[0], 32, b[0], 32);
    for (size_t k = 0; k < n_backends; k++) {
        const struct backend *be = &backends[k];
        ecx_fe25519 fa[4], fb[4], r[4];
        uint8_t got[32];
        for (int i = 0; i < 4; i++) {
            be->ops->fe_from_bytes(&fa[i], a[i]);
            be->ops->fe_from_bytes(&fb[i], b[i]);
        }
        be->ops->fe_mul_x4(r, fa, fb);
        for (int i = 0; i < 4; i++) {
            fe_bytes_of(got, be, &r[i]);
            set_inputs("fe_mul_x4", a[i], 32, b[i], 32);
            EXPECT_MEM(got, e[i], 32, be->name, "fe_mul_x4");
        }
        memcpy(r, fa, sizeof r);
        be->ops->fe_mul_x4(r, r, fb);
        for (int i = 0; i < 4; i++) {
            fe_bytes_of(got, be, &r[i]);
            set_inputs("fe_mul_x4", a[i], 32, b[i], 32);
            EXPECT_MEM(got, e[i], 32, be->name, "fe_mul_x4 (r aliases a)");
        }
        memcpy(r, fb, sizeof r);
        be->ops->fe_mul_x4(r, fa, r);
        for (int i = 0; i < 4; i++) {
            fe_bytes_of(got, be, &r[i]);
            set_inputs("fe_mul_x4", a[i], 32, b[i], 32);
            EXPECT_MEM(got, e[i], 32, be->name, "fe_mul_x4 (r aliases b)");
        }
    }
}

static void test_field(void)
{
    build_fe_edges();
    size_t cases = 0;
    for (size_t i = 0; i < n_fe_edges; i++)
        for (size_t j = 0; j < n_fe_edges; j++, cases++)
            field_case("edge pair", fe_edges[i], fe_edges[j], sqn_counts[cases % (sizeof sqn_counts / sizeof sqn_counts[0])],
                       small_consts[cases % (sizeof small_consts / sizeof small_consts[0])]);
    for (unsigned long it = 0; it < iterations; it++) {
        uint8_t a[32], b[32];
        random_fe_input(a);
        if (rand_below(8) == 0)
            memcpy(b, fe_edges[rand_below((unsigned)n_fe_edges)], 32);
        else
            random_fe_input(b);
        if (rand_below(8) == 0) memcpy(a, fe_edges[rand_below((unsigned)n_fe_edges)], 32);
        if (rand_below(16) == 0) memcpy(b, a, 32); /* equal inputs: u/v = 1, a - a = 0 */
        unsigned sqn_n = rand_below(4) == 0 ? sqn_counts[rand_below(sizeof sqn_counts / sizeof sqn_counts[0])]
                                            : 1 + rand_below(300);
        uint32_t c = rand_below(4) == 0 ? small_consts[rand_below(sizeof small_consts / sizeof small_consts[0])]
                                        : (uint32_t)rand_below(1u << 20);
        field_case("random", a, b, sqn_n, c);
    }
    for (unsigned long it = 0; it < iterations / 4 + 1; it++) field_mul_x4_case();
}

/* ------------------------------------------------------------------------ */
/* Scalars                                                                   */

#define MAX_SC_EDGES 48
static uint8_t sc_edges[MAX_SC_EDGES][32];      /* canonical (< l) */
static size_t n_sc_edges;
static uint8_t sc_raw_edges[MAX_SC_EDGES][32];  /* any 256-bit string */
static size_t n_sc_raw_edges;

static void build_sc_edges(void)
{
    uint8_t s[32];
#define SC_EDGE(expr)                                                                              \
    do {                                                                                           \
        expr;                                                                                      \
        memcpy(sc_edges[n_sc_edges++], s, 32);                                                     \
    } while (0)
#define RAW_EDGE(expr)                                                                             \
    do {                                                                                           \
        expr;                                                                                      \
        memcpy(sc_raw_edges[n_sc_raw_edges++], s, 32);                                             \
    } while (0)
    SC_EDGE(pow2_plus(s, 0, -1));   /* 0 */
    SC_EDGE(pow2_plus(s, 0, 0));    /* 1 */
    SC_EDGE(pow2_plus(s, 0, 1));    /* 2 */
    SC_EDGE(pow2_plus(s, 0, 2));    /* 3 */
    SC_EDGE(mpz_plus_bytes(s, L, -1));
    SC_EDGE(mpz_plus_bytes(s, L, -2));
    SC_EDGE(pow2_plus(s, 252, -1));
    SC_EDGE(pow2_plus(s, 252, 0));
    SC_EDGE(pow2_plus(s, 252, 1));
    SC_EDGE(pow2_plus(s, 128, -1));
    SC_EDGE(pow2_plus(s, 128, 0));
    SC_EDGE(pow2_plus(s, 64, -1));
    SC_EDGE(pow2_plus(s, 64, 0));
    SC_EDGE(pow2_plus(s, 52, 0));
    SC_EDGE(pow2_plus(s, 250, 3));
    mpz_sub_ui(t0, L, 1);
    mpz_fdiv_q_2exp(t0, t0, 1);
    SC_EDGE(mpz_to_le(s, 32, t0)); /* (l-1)/2 */
    mpz_add_ui(t0, t0, 1);
    SC_EDGE(mpz_to_le(s, 32, t0)); /* (l+1)/2 */

    for (size_t i = 0; i < n_sc_edges; i++) memcpy(sc_raw_edges[n_sc_raw_edges++], sc_edges[i], 32);
    RAW_EDGE(mpz_plus_bytes(s, L, 0));
    RAW_EDGE(mpz_plus_bytes(s, L, 1));
    RAW_EDGE(mpz_plus_bytes(s, L, 2));
    RAW_EDGE(pow2_plus(s, 253, -1));
    RAW_EDGE(pow2_plus(s, 253, 0));
    RAW_EDGE(pow2_plus(s, 255, -1));
    RAW_EDGE(pow2_plus(s, 255, 0));
    RAW_EDGE(mpz_plus_bytes(s, P, 0));
    RAW_EDGE(memset(s, 0xff, 32)); /* 2^256 - 1 */
    RAW_EDGE(memset(s, 0xaa, 32));
    RAW_EDGE(memset(s, 0x55, 32));
    mpz_mul_ui(t0, L, 15);
    RAW_EDGE(mpz_to_le(s, 32, t0)); /* 15 l: the largest multiple of l below 2^256 */
    mpz_add_ui(t0, t0, 1);
    RAW_EDGE(mpz_to_le(s, 32, t0));
    mpz_sub_ui(t0, t0, 2);
    RAW_EDGE(mpz_to_le(s, 32, t0));
#undef SC_EDGE
#undef RAW_EDGE
}

/* A random canonical scalar of varied shape. */
static void random_sc(uint8_t s[32])
{
    uint8_t w[64];
    switch (rand_below(8)) {
    case 0: /* just below l */
        mpz_sub_ui(t0, L, 1 + rand_below(1u << 16));
        break;
    case 1: /* small */
        mpz_set_ui(t0, (unsigned long)(check_rand64() & 0xffffffffu));
        break;
    case 2: /* below 2^252 */
        check_random_bytes(w, 32);
        w[31] &= 0x0f;
        mpz_from_le(t0, w, 32);
        break;
    case 3: /* an edge case */
        memcpy(s, sc_edges[rand_below((unsigned)n_sc_edges)], 32);
        return;
    default: /* uniform mod l */
        check_random_bytes(w, 64);
        mpz_from_le(t0, w, 64);
        mpz_mod(t0, t0, L);
        break;
    }
    mpz_to_le(s, 32, t0);
}

static void sc_bytes_of(uint8_t out[32], const struct backend *b, const ecx_sc25519 *x)
{
    b->ops->sc_to_bytes(out, x);
}

static void mpz_to_sc_bytes(uint8_t out[32], const mpz_t a)
{
    mpz_mod(t3, a, L);
    mpz_to_le(out, 32, t3);
}

/* Scalar arithmetic on canonical (a, b): every backend against GMP and libsodium. */
static void scalar_case(const char *what, const uint8_t a[32], const uint8_t b[32])
{
    mpz_t A, B, R;
    mpz_inits(A, B, R, NULL);
    mpz_from_le(A, a, 32);
    mpz_from_le(B, b, 32);
    set_inputs(what, a, 32, b, 32);

    uint8_t e_add[32], e_sub[32], e_neg[32], e_mul[32], e_sq[32], e_inv[32];
    uint8_t s_add[32], s_sub[32], s_neg[32], s_mul[32], s_sq[32], s_inv[32];
    mpz_add(R, A, B);
    mpz_to_sc_bytes(e_add, R);
    mpz_sub(R, A, B);
    mpz_to_sc_bytes(e_sub, R);
    mpz_neg(R, A);
    mpz_to_sc_bytes(e_neg, R);
    mpz_mul(R, A, B);
    mpz_to_sc_bytes(e_mul, R);
    mpz_mul(R, A, A);
    mpz_to_sc_bytes(e_sq, R);
    if (mpz_invert(R, A, L) == 0) mpz_set_ui(R, 0);
    mpz_to_sc_bytes(e_inv, R);

    crypto_core_ed25519_scalar_add(s_add, a, b);
    crypto_core_ed25519_scalar_sub(s_sub, a, b);
    crypto_core_ed25519_scalar_negate(s_neg, a);
    crypto_core_ed25519_scalar_mul(s_mul, a, b);
    crypto_core_ed25519_scalar_mul(s_sq, a, a);
    crypto_core_ed25519_scalar_invert(s_inv, a); /* returns -1 for 0; s_inv = 0 then */
    /* The two oracles agree (else the test itself is broken). */
    EXPECT_MEM(s_add, e_add, 32, "oracle", "libsodium scalar_add vs GMP");
    EXPECT_MEM(s_sub, e_sub, 32, "oracle", "libsodium scalar_sub vs GMP");
    EXPECT_MEM(s_neg, e_neg, 32, "oracle", "libsodium scalar_negate vs GMP");
    EXPECT_MEM(s_mul, e_mul, 32, "oracle", "libsodium scalar_mul vs GMP");
    EXPECT_MEM(s_inv, e_inv, 32, "oracle", "libsodium scalar_invert vs GMP");

    for (size_t k = 0; k < n_backends; k++) {
        const struct backend *be = &backends[k];
        const ecx_f25519_ops *o = be->ops;
        const struct ecxi_f25519_internal *in = be->in;
        const char *n = be->name;
        ecx_sc25519 sa, sb, r;
        uint8_t got[32];

        EXPECT(o->sc_from_bytes(&sa, a) == ECX_OK, n, "sc_from_bytes(canonical a)");
        EXPECT(o->sc_from_bytes(&sb, b) == ECX_OK, n, "sc_from_bytes(canonical b)");
        sc_bytes_of(got, be, &sa);
        EXPECT_MEM(got, a, 32, n, "sc_from_bytes/sc_to_bytes round trip");

#define SC_BIN(op, want, swant, label)                                                             \
    do {                                                                                           \
        o->op(&r, &sa, &sb);                                                                       \
        sc_bytes_of(got, be, &r);                                                                  \
        EXPECT_MEM(got, want, 32, n, label);                                                       \
        EXPECT_MEM(got, swant, 32, n, label " (vs libsodium)");                                   \
        r = sa;                                                                                    \
        o->op(&r, &r, &sb);                                                                        \
        sc_bytes_of(got, be, &r);                                                                  \
        EXPECT_MEM(got, want, 32, n, label " (r aliases a)");                                     \
        r = sb;                                                                                    \
        o->op(&r, &sa, &r);                                                                        \
        sc_bytes_of(got, be, &r);                                                                  \
        EXPECT_MEM(got, want, 32, n, label " (r aliases b)");                                     \
    } while (0)
#define SC_UN(fn, want, swant, label)                                                              \
    do {                                                                                           \
        fn(&r, &sa);                                                                               \
        sc_bytes_of(got, be, &r);                                                                  \
        EXPECT_MEM(got, want, 32, n, label);                                                       \
        EXPECT_MEM(got, swant, 32, n, label " (vs libsodium)");                                   \
        r = sa;                                                                                    \
        fn(&r, &r);                                                                                \
        sc_bytes_of(got, be, &r);                                                                  \
        EXPECT_MEM(got, want, 32, n, label " (in place)");                                        \
    } while (0)
        SC_BIN(sc_add, e_add, s_add, "sc_add");
        SC_BIN(sc_sub, e_sub, s_sub, "sc_sub");
        SC_BIN(sc_mul, e_mul, s_mul, "sc_mul");
        SC_UN(in->sc_neg, e_neg, s_neg, "sc_neg");
        SC_UN(in->sc_sq, e_sq, s_sq, "sc_sq");
        SC_UN(o->sc_invert, e_inv, s_inv, "sc_invert");
#undef SC_BIN
#undef SC_UN
        o->sc_mul(&r, &sa, &sa);
        sc_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sq, 32, n, "sc_mul(a, a)");
    }
    mpz_clears(A, B, R, NULL);
}

/* Decoding of any 32-byte string: sc_from_bytes (accept < l, reject >= l)
 * and sc_from_bytes_reduce. */
static void scalar_decode_case(const char *what, const uint8_t s[32])
{
    uint8_t e_red[32], s_red[32], wide[64] = {0};
    mpz_from_le(t0, s, 32);
    int canonical = mpz_cmp(t0, L) < 0;
    mpz_to_sc_bytes(e_red, t0);
    memcpy(wide, s, 32);
    crypto_core_ed25519_scalar_reduce(s_red, wide);
    set_inputs(what, s, 32, NULL, 0);
    EXPECT_MEM(s_red, e_red, 32, "oracle", "libsodium scalar_reduce vs GMP");
    static const uint8_t zero[32];

    for (size_t k = 0; k < n_backends; k++) {
        const struct backend *be = &backends[k];
        const char *n = be->name;
        ecx_sc25519 r;
        uint8_t got[32];
        /* Start from a non-zero value, so "r set to 0" on rejection is seen. */
        be->ops->sc_from_bytes(&r, sc_edges[1]);
        int rc = be->ops->sc_from_bytes(&r, s);
        sc_bytes_of(got, be, &r);
        if (canonical) {
            EXPECT(rc == ECX_OK, n, "sc_from_bytes accepts s < l");
            EXPECT_MEM(got, s, 32, n, "sc_from_bytes value");
        } else {
            EXPECT(rc == ECX_ERR_INVALID, n, "sc_from_bytes rejects s >= l with ECX_ERR_INVALID");
            EXPECT_MEM(got, zero, 32, n, "sc_from_bytes sets r = 0 on rejection");
        }
        be->in->sc_from_bytes_reduce(&r, s);
        sc_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_red, 32, n, "sc_from_bytes_reduce");
        EXPECT_MEM(got, s_red, 32, n, "sc_from_bytes_reduce (vs libsodium)");
    }
}

static void scalar_wide_case(const char *what, const uint8_t w[64])
{
    uint8_t e_red[32], s_red[32];
    mpz_from_le(t0, w, 64);
    mpz_to_sc_bytes(e_red, t0);
    crypto_core_ed25519_scalar_reduce(s_red, w);
    set_inputs(what, w, 64, NULL, 0);
    EXPECT_MEM(s_red, e_red, 32, "oracle", "libsodium scalar_reduce vs GMP (wide)");
    for (size_t k = 0; k < n_backends; k++) {
        const struct backend *be = &backends[k];
        ecx_sc25519 r;
        uint8_t got[32];
        be->ops->sc_from_wide(&r, w);
        sc_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_red, 32, be->name, "sc_from_wide");
        EXPECT_MEM(got, s_red, 32, be->name, "sc_from_wide (vs libsodium)");
    }
}

static void test_scalar_wide(void)
{
    uint8_t w[64];
    memset(w, 0, 64);
    scalar_wide_case("all zero", w);
    memset(w, 0xff, 64);
    scalar_wide_case("all ones", w);
    static const unsigned pows[] = {252, 253, 255, 256, 300, 384, 504, 505, 506, 511};
    for (size_t i = 0; i < sizeof pows / sizeof pows[0]; i++) {
        for (long d = -1; d <= 1; d++) {
            mpz_ui_pow_ui(t0, 2, pows[i]);
            if (d < 0) mpz_sub_ui(t0, t0, 1);
            if (d > 0) mpz_add_ui(t0, t0, 1);
            mpz_to_le(w, 64, t0);
            scalar_wide_case("2^k + d", w);
        }
    }
    /* Multiples of l and their neighbours, up to the largest below 2^512. */
    mpz_ui_pow_ui(t1, 2, 512);
    mpz_sub_ui(t1, t1, 1);
    mpz_fdiv_q(t1, t1, L); /* floor((2^512-1)/l) */
    const unsigned long mults[] = {1, 2, 16, 1000003};
    for (size_t i = 0; i < sizeof mults / sizeof mults[0] + 2; i++) {
        if (i < sizeof mults / sizeof mults[0])
            mpz_mul_ui(t2, L, mults[i]);
        else if (i == sizeof mults / sizeof mults[0])
            mpz_mul(t2, L, L);
        else
            mpz_mul(t2, L, t1);
        for (long d = -1; d <= 1; d++) {
            mpz_set(t0, t2);
            if (d < 0) mpz_sub_ui(t0, t0, 1);
            if (d > 0) mpz_add_ui(t0, t0, 1);
            mpz_to_le(w, 64, t0);
            scalar_wide_case("k l + d", w);
        }
    }
    for (unsigned long it = 0; it < iterations; it++) {
        check_random_bytes(w, 64);
        switch (rand_below(4)) {
        case 0: memset(w + 32, 0, 32); break;              /* 256-bit */
        case 1: memset(w + 32 + rand_below(32), 0, 1); break;
        case 2: memset(w, 0xff, 32 + rand_below(33)); break; /* mostly ones */
        default: break;
        }
        scalar_wide_case("random", w);
    }
}

static void test_scalar_decode(void)
{
    for (size_t i = 0; i < n_sc_raw_edges; i++) scalar_decode_case("edge", sc_raw_edges[i]);
    /* Around l: every value l-8 .. l+8, and l + 2^k. */
    for (long d = -8; d <= 8; d++) {
        uint8_t s[32];
        mpz_plus_bytes(s, L, d);
        scalar_decode_case("l + d", s);
    }
    for (unsigned long it = 0; it < iterations; it++) {
        uint8_t s[32];
        switch (rand_below(4)) {
        case 0: random_sc(s); break;
        case 1: /* 2^252 + x with x < 2^125: l - 2^252 is about 2^124.4, so both sides of l */
            check_random_bytes(s, 32);
            memset(s + 16, 0, 16);
            s[15] &= 0x1f;
            s[31] = 0x10;
            break;
        default: check_random_bytes(s, 32); break;
        }
        scalar_decode_case("random", s);
    }
}

static void test_scalar_arith(void)
{
    for (size_t i = 0; i < n_sc_edges; i++)
        for (size_t j = 0; j < n_sc_edges; j++) scalar_case("edge pair", sc_edges[i], sc_edges[j]);
    for (unsigned long it = 0; it < iterations; it++) {
        uint8_t a[32], b[32];
        random_sc(a);
        random_sc(b);
        if (rand_below(16) == 0) memcpy(b, a, 32);
        scalar_case("random", a, b);
    }
}

static void test_batch_invert(void)
{
    static const size_t sizes[] = {0, 1, 2, 63, 64, 65, 200};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (int variant = 0; variant < 3; variant++) {
            size_t n = sizes[si];
            uint8_t (*in)[32] = malloc((n + 1) * 32), (*want)[32] = malloc((n + 1) * 32);
            ecx_sc25519 *v = malloc((n + 1) * sizeof *v);
            if (!in || !want || !v) abort();
            for (size_t i = 0; i < n; i++) {
                int zero = variant == 1 ? (i % 7 == 3 || i == 0 || i + 1 == n) : variant == 2 ? (i % 2 == 0) : 0;
                if (zero)
                    memset(in[i], 0, 32);
                else
                    random_sc(in[i]);
                mpz_from_le(t0, in[i], 32);
                if (mpz_invert(t0, t0, L) == 0) mpz_set_ui(t0, 0);
                mpz_to_le(want[i], 32, t0);
            }
            for (size_t k = 0; k < n_backends; k++) {
                const struct backend *be = &backends[k];
                char label[96];
                for (size_t i = 0; i < n; i++) be->ops->sc_from_bytes(&v[i], in[i]);
                /* A sentinel after the last element must stay untouched. */
                memset(&v[n], 0xa5, sizeof v[n]);
                be->ops->sc_batch_invert(v, n);
                snprintf(label, sizeof label, "sc_batch_invert n=%zu variant=%d", n, variant);
                unsigned long bad = 0;
                for (size_t i = 0; i < n; i++) {
                    uint8_t got[32];
                    sc_bytes_of(got, be, &v[i]);
                    if (memcmp(got, want[i], 32) != 0) {
                        if (bad++ == 0) {
                            set_inputs(label, in[i], 32, NULL, 0);
                            cur_param = (long)i;
                            EXPECT_MEM(got, want[i], 32, be->name, "sc_batch_invert element (param = index)");
                        }
                    }
                }
                set_inputs(label, NULL, 0, NULL, 0);
                EXPECT(bad == 0, be->name, "sc_batch_invert: every element is its inverse, zeros stay zero");
                ecx_sc25519 sentinel;
                memset(&sentinel, 0xa5, sizeof sentinel);
                EXPECT(memcmp(&v[n], &sentinel, sizeof sentinel) == 0, be->name,
                       "sc_batch_invert writes nothing past v[n-1]");
            }
            free(in);
            free(want);
            free(v);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Recodings                                                                 */

static void recode_case(const char *what, const uint8_t s[32])
{
    int8_t ref16[64], refnaf[7][256];
    mpz_from_le(t0, s, 32); /* s < 2^255 */
    set_inputs(what, s, 32, NULL, 0);
    for (size_t k = 0; k < n_backends; k++) {
        const struct backend *be = &backends[k];
        const char *n = be->name;
        int8_t d[64];
        int8_t naf[256];

        memset(d, 0x55, sizeof d);
        be->in->sc_recode_radix16(d, s);
        int ok = 1;
        for (int i = 0; i < 63; i++) ok &= d[i] >= -8 && d[i] < 8;
        ok &= d[63] >= -8 && d[63] <= 8;
        EXPECT(ok, n, "sc_recode_radix16 digits in [-8, 8) (last in [-8, 8])");
        mpz_set_ui(t1, 0);
        for (int i = 63; i >= 0; i--) {
            mpz_mul_2exp(t1, t1, 4);
            if (d[i] >= 0)
                mpz_add_ui(t1, t1, (unsigned long)d[i]);
            else
                mpz_sub_ui(t1, t1, (unsigned long)-d[i]);
        }
        EXPECT(mpz_cmp(t1, t0) == 0, n, "sc_recode_radix16 sums back to s");
        if (k == 0)
            memcpy(ref16, d, 64);
        else
            EXPECT(memcmp(ref16, d, 64) == 0, n, "sc_recode_radix16 identical across backends");

        for (unsigned w = 2; w <= 8; w++) {
            cur_param = w;
            memset(naf, 0x55, sizeof naf);
            be->in->sc_recode_wnaf(naf, s, w);
            int digits_ok = 1, spacing_ok = 1;
            int last = -1000;
            for (int i = 0; i < 256; i++) {
                if (naf[i] == 0) continue;
                int v = naf[i];
                if ((v & 1) == 0 || v >= (1 << (w - 1)) || v <= -(1 << (w - 1))) digits_ok = 0;
                if (i - last < (int)w) spacing_ok = 0;
                last = i;
            }
            EXPECT(digits_ok, n, "sc_recode_wnaf digits odd with |d| < 2^(w-1)");
            EXPECT(spacing_ok, n, "sc_recode_wnaf at most one non-zero in any w consecutive digits");
            mpz_set_ui(t1, 0);
            for (int i = 255; i >= 0; i--) {
                mpz_mul_2exp(t1, t1, 1);
                if (naf[i] >= 0)
                    mpz_add_ui(t1, t1, (unsigned long)naf[i]);
                else
                    mpz_sub_ui(t1, t1, (unsigned long)-naf[i]);
            }
            EXPECT(mpz_cmp(t1, t0) == 0, n, "sc_recode_wnaf sums back to s");
            if (k == 0)
                memcpy(refnaf[w - 2], naf, 256);
            else
                EXPECT(memcmp(refnaf[w - 2], naf, 256) == 0, n, "sc_recode_wnaf identical across backends");
        }
        cur_param = -1;
    }
}

static void test_recode(void)
{
    for (size_t i = 0; i < n_sc_edges; i++) recode_case("canonical edge", sc_edges[i]);
    uint8_t s[32];
    memset(s, 0xff, 32);
    s[31] = 0x7f;
    recode_case("2^255 - 1", s);
    memset(s, 0x88, 32);
    s[31] = 0x08;
    recode_case("all digits 8", s);
    memset(s, 0x77, 32);
    recode_case("all digits 7", s);
    for (unsigned long it = 0; it < iterations; it++) {
        if (rand_below(2)) {
            random_sc(s);
        } else {
            check_random_bytes(s, 32);
            s[31] &= 0x7f; /* any s < 2^255 */
        }
        recode_case("random", s);
    }
}

/* ------------------------------------------------------------------------ */
/* Long chains on the public tables, byte for byte across backends           */

#define REGS 4

static void field_chain(unsigned steps, unsigned chain)
{
    ecx_fe25519 regs[MAX_BACKENDS][REGS];
    mpz_t ref[REGS];
    for (int i = 0; i < REGS; i++) {
        mpz_init(ref[i]);
        const uint8_t *init = fe_edges[(chain * REGS + (unsigned)i * 7) % n_fe_edges];
        fe_oracle(ref[i], init);
        for (size_t k = 0; k < n_backends; k++) backends[k].ops->fe_from_bytes(&regs[k][i], init);
    }
    char label[64];
    snprintf(label, sizeof label, "field chain %u", chain);
    for (unsigned step = 0; step < steps; step++) {
        unsigned op = rand_below(16), d = rand_below(REGS), a = rand_below(REGS), b = rand_below(REGS);
        const char *opname;
        if (op < 4) {
            opname = "fe_add";
            mpz_add(ref[d], ref[a], ref[b]);
        } else if (op < 8) {
            opname = "fe_sub";
            mpz_sub(ref[d], ref[a], ref[b]);
        } else if (op < 11) {
            opname = "fe_mul";
            mpz_mul(ref[d], ref[a], ref[b]);
        } else if (op < 13) {
            opname = "fe_sq";
            mpz_mul(ref[d], ref[a], ref[a]);
        } else if (op < 14) {
            opname = "fe_add(a, a) x 8";
            mpz_mul_2exp(ref[d], ref[a], 8);
        } else if (op < 15) {
            opname = "fe_mul_x4";
            mpz_t tmp[REGS];
            for (int i = 0; i < REGS; i++) {
                mpz_init(tmp[i]);
                mpz_mul(tmp[i], ref[i], ref[(i + (int)b) % REGS]);
            }
            for (int i = 0; i < REGS; i++) {
                mpz_set(ref[i], tmp[i]);
                mpz_clear(tmp[i]);
            }
        } else {
            opname = "fe_invert";
            if (mpz_invert(ref[d], ref[a], P) == 0) mpz_set_ui(ref[d], 0);
        }
        for (int i = 0; i < REGS; i++) mpz_mod(ref[i], ref[i], P);

        for (size_t k = 0; k < n_backends; k++) {
            const ecx_f25519_ops *o = backends[k].ops;
            ecx_fe25519 *R = regs[k];
            if (op < 4)
                o->fe_add(&R[d], &R[a], &R[b]);
            else if (op < 8)
                o->fe_sub(&R[d], &R[a], &R[b]);
            else if (op < 11)
                o->fe_mul(&R[d], &R[a], &R[b]);
            else if (op < 13)
                o->fe_sq(&R[d], &R[a]);
            else if (op < 14) {
                ecx_fe25519 x = R[a];
                for (int i = 0; i < 8; i++) o->fe_add(&x, &x, &x);
                R[d] = x;
            } else if (op < 15) {
                ecx_fe25519 bb[REGS];
                for (int i = 0; i < REGS; i++) bb[i] = R[(i + (int)b) % REGS];
                o->fe_mul_x4(R, R, bb);
            } else
                o->fe_invert(&R[d], &R[a]);
        }
        uint8_t want[32], first[32], got[32];
        for (int i = 0; i < REGS; i++) {
            mpz_to_le(want, 32, ref[i]);
            for (size_t k = 0; k < n_backends; k++) {
                backends[k].ops->fe_to_bytes(got, &regs[k][i]);
                if (k == 0) memcpy(first, got, 32);
                if (memcmp(got, want, 32) != 0 || memcmp(got, first, 32) != 0) {
                    set_inputs(label, NULL, 0, NULL, 0);
                    cur_param = step;
                    EXPECT_MEM(got, want, 32, backends[k].name, opname);
                    EXPECT_MEM(got, first, 32, backends[k].name, "identical to the first backend");
                    goto out; /* one report per chain is enough */
                }
            }
        }
    }
    check_passed++; /* the whole chain agreed */
out:
    for (int i = 0; i < REGS; i++) mpz_clear(ref[i]);
}

static void scalar_chain(unsigned steps, unsigned chain)
{
    ecx_sc25519 regs[MAX_BACKENDS][REGS];
    mpz_t ref[REGS];
    for (int i = 0; i < REGS; i++) {
        uint8_t init[32];
        mpz_init(ref[i]);
        random_sc(init);
        mpz_from_le(ref[i], init, 32);
        for (size_t k = 0; k < n_backends; k++) backends[k].ops->sc_from_bytes(&regs[k][i], init);
    }
    char label[64];
    snprintf(label, sizeof label, "scalar chain %u", chain);
    for (unsigned step = 0; step < steps; step++) {
        unsigned op = rand_below(16), d = rand_below(REGS), a = rand_below(REGS), b = rand_below(REGS);
        const char *opname;
        if (op < 5) {
            opname = "sc_add";
            mpz_add(ref[d], ref[a], ref[b]);
        } else if (op < 10) {
            opname = "sc_sub";
            mpz_sub(ref[d], ref[a], ref[b]);
        } else if (op < 15) {
            opname = "sc_mul";
            mpz_mul(ref[d], ref[a], ref[b]);
        } else {
            opname = "sc_invert";
            if (mpz_invert(ref[d], ref[a], L) == 0) mpz_set_ui(ref[d], 0);
        }
        mpz_mod(ref[d], ref[d], L);
        for (size_t k = 0; k < n_backends; k++) {
            const ecx_f25519_ops *o = backends[k].ops;
            ecx_sc25519 *R = regs[k];
            if (op < 5)
                o->sc_add(&R[d], &R[a], &R[b]);
            else if (op < 10)
                o->sc_sub(&R[d], &R[a], &R[b]);
            else if (op < 15)
                o->sc_mul(&R[d], &R[a], &R[b]);
            else
                o->sc_invert(&R[d], &R[a]);
        }
        uint8_t want[32], first[32], got[32];
        mpz_to_le(want, 32, ref[d]);
        for (size_t k = 0; k < n_backends; k++) {
            backends[k].ops->sc_to_bytes(got, &regs[k][d]);
            if (k == 0) memcpy(first, got, 32);
            if (memcmp(got, want, 32) != 0 || memcmp(got, first, 32) != 0) {
                set_inputs(label, NULL, 0, NULL, 0);
                cur_param = step;
                EXPECT_MEM(got, want, 32, backends[k].name, opname);
                EXPECT_MEM(got, first, 32, backends[k].name, "identical to the first backend");
                goto out;
            }
        }
    }
    check_passed++;
out:
    for (int i = 0; i < REGS; i++) mpz_clear(ref[i]);
}

static void test_chains(void)
{
    unsigned steps = 1000, chains = (unsigned)(iterations / 250) + 1;
    for (unsigned c = 0; c < chains; c++) field_chain(steps, c);
    for (unsigned c = 0; c < chains; c++) scalar_chain(steps, c);
}

/* ------------------------------------------------------------------------ */

static void setup_backends(void)
{
    const char *names[MAX_BACKENDS];
    size_t total = ecx_backends(names, MAX_BACKENDS);
    CHECK(total >= 1);
    CHECK(total <= MAX_BACKENDS);
    if (total > MAX_BACKENDS) total = MAX_BACKENDS;
    for (size_t i = 0; i < total; i++) {
        const ecx_f25519_ops *ops = ecx_f25519(names[i]);
        const struct ecx_backend *b = ecxi_backend_find(names[i]);
        CHECK_CTX(ops != NULL, names[i]);
        CHECK_CTX(b != NULL && b->f25519 == ops && b->f25519_internal != NULL, names[i]);
        if (!ops || !b || !b->f25519_internal) continue;
        CHECK_CTX(ops->backend && strcmp(ops->backend, names[i]) == 0, names[i]);
        CHECK_CTX(b->name && strcmp(b->name, names[i]) == 0, names[i]);
        backends[n_backends].name = names[i];
        backends[n_backends].ops = ops;
        backends[n_backends].in = b->f25519_internal;
        n_backends++;
    }
    printf("test_f25519: backends:");
    for (size_t i = 0; i < n_backends; i++) printf(" %s", backends[i].name);
    printf("; %lu iterations per operation\n", iterations);
}

int main(void)
{
    const char *env = getenv("ECX_TEST_ITERATIONS");
    if (env && *env) iterations = strtoul(env, NULL, 0);
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    check_seed(0x6563785f66323535ull); /* "ecx_f255" */

    mpz_inits(P, L, SQRTM1, P58, PSQRT, t0, t1, t2, t3, NULL);
    mpz_ui_pow_ui(P, 2, 255);
    mpz_sub_ui(P, P, 19);
    mpz_set_str(L, "27742317777372353535851937790883648493", 10);
    mpz_ui_pow_ui(t0, 2, 252);
    mpz_add(L, L, t0);
    mpz_sub_ui(t0, P, 1);
    mpz_fdiv_q_2exp(t0, t0, 2);
    mpz_set_ui(SQRTM1, 2);
    mpz_powm(SQRTM1, SQRTM1, t0, P); /* 2^((p-1)/4) */
    mpz_sub_ui(P58, P, 5);
    mpz_fdiv_q_2exp(P58, P58, 3);
    mpz_add_ui(PSQRT, P, 3);
    mpz_fdiv_q_2exp(PSQRT, PSQRT, 3);
    /* Sanity of the oracle constants. */
    mpz_mul(t0, SQRTM1, SQRTM1);
    mpz_add_ui(t0, t0, 1);
    mpz_mod(t0, t0, P);
    CHECK(mpz_sgn(t0) == 0);

    setup_backends();
    build_sc_edges();
    test_field();
    test_scalar_decode();
    test_scalar_wide();
    test_scalar_arith();
    test_batch_invert();
    test_recode();
    test_chains();

    mpz_clears(P, L, SQRTM1, P58, PSQRT, t0, t1, t2, t3, NULL);
    return check_summary("test_f25519");
}
