/* The shared part of the curve25519 field and scalar differential tests
 * (tests/test_f25519_field.c, tests/test_f25519_scalar.c): the backends under
 * test, the failure context, the GMP oracle, edge values and random inputs.
 *
 * Every backend usable here (ecx_backends()) is run through its public table
 * (ecx_f25519(name)) and its test-only table (ecxi_backend_find(name)->
 * f25519_internal). GMP computes every expected canonical output. Each
 * program uses only part of this header, so its functions are static inline
 * (no unused-function warnings) and its globals static.
 *
 * ECX_TEST_ITERATIONS sets the number of random cases per operation group
 * (default 2000); ECX_TEST_SEED changes the seed (tests/check.h). */
#ifndef ECX_TESTS_F25519_ORACLE_H
#define ECX_TESTS_F25519_ORACLE_H

#include <gmp.h>

#include "check.h"
#include "backend/ops_internal.h"
#include "dispatch/registry.h"
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

static inline void set_inputs(const char *op, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    cur_op = op;
    cur_in[0] = a;
    cur_len[0] = alen;
    cur_in[1] = b;
    cur_len[1] = blen;
    cur_in[2] = NULL;
    cur_param = -1;
}

static inline const char *describe(const char *backend, const char *op)
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

static inline void mpz_from_le(mpz_t r, const uint8_t *s, size_t n)
{
    mpz_import(r, n, -1, 1, 0, 0, s);
}

/* out = a (0 <= a < 2^(8 n)) little-endian. */
static inline void mpz_to_le(uint8_t *out, size_t n, const mpz_t a)
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
static inline void fe_oracle(mpz_t r, const uint8_t s[32])
{
    uint8_t c[32];
    memcpy(c, s, 32);
    c[31] &= 0x7f;
    mpz_from_le(r, c, 32);
    mpz_mod(r, r, P);
}

static inline void mpz_to_fe_bytes(uint8_t out[32], const mpz_t a)
{
    mpz_mod(t3, a, P);
    mpz_to_le(out, 32, t3);
}

static inline void mpz_to_sc_bytes(uint8_t out[32], const mpz_t a)
{
    mpz_mod(t3, a, L);
    mpz_to_le(out, 32, t3);
}

/* RFC 9496 SQRT_RATIO_M1 with GMP: was_square and the non-negative root. */
static inline int oracle_sqrt_ratio(mpz_t r, const mpz_t u, const mpz_t v)
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
static inline void pow2_plus(uint8_t out[32], unsigned k, long add)
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

static inline void mpz_plus_bytes(uint8_t out[32], const mpz_t base, long add)
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

static inline unsigned rand_below(unsigned n) { return (unsigned)(check_rand64() % n); }

/* One register of a chain (tests of long chains of mixed operations): got,
 * backend k's bytes of it after `step` (operation opname), must equal the
 * oracle's want and the first backend's bytes (copied into first when k is
 * 0). 1 if so; otherwise reports both comparisons with the chain's label and
 * returns 0 (one report per chain is enough: the caller stops it). */
static inline int chain_register_agrees(const char *label, unsigned step, const char *opname, size_t k,
                                        const uint8_t got[32], const uint8_t want[32], uint8_t first[32])
{
    if (k == 0) memcpy(first, got, 32);
    if (memcmp(got, want, 32) == 0 && memcmp(got, first, 32) == 0) return 1;
    set_inputs(label, NULL, 0, NULL, 0);
    cur_param = step;
    EXPECT_MEM(got, want, 32, backends[k].name, opname);
    EXPECT_MEM(got, first, 32, backends[k].name, "identical to the first backend");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Field edge cases                                                          */

#define MAX_EDGES 96
static uint8_t fe_edges[MAX_EDGES][32];
static size_t n_fe_edges;

static inline void add_fe_edge(const uint8_t s[32]) { memcpy(fe_edges[n_fe_edges++], s, 32); }

static inline void build_fe_edges(void)
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
static inline void random_fe_input(uint8_t s[32])
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
        check_random_sparse(s, 32, 0, 4);
        break;
    case 4: /* dense bits */
        check_random_sparse(s, 32, 1, 4);
        break;
    default: /* uniform 256-bit string (bit 255 set half the time) */
        check_random_bytes(s, 32);
        break;
    }
}

/* ------------------------------------------------------------------------ */
/* Scalar edge cases and random scalars                                      */

#define MAX_SC_EDGES 48
static uint8_t sc_edges[MAX_SC_EDGES][32];      /* canonical (< l) */
static size_t n_sc_edges;
static uint8_t sc_raw_edges[MAX_SC_EDGES][32];  /* any 256-bit string */
static size_t n_sc_raw_edges;

static inline void build_sc_edges(void)
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
static inline void random_sc(uint8_t s[32])
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

/* ------------------------------------------------------------------------ */
/* Setup                                                                     */

/* Fills backends[]; prog names the program in the line it prints. */
static inline void setup_backends(const char *prog)
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
    printf("%s: backends:", prog);
    for (size_t i = 0; i < n_backends; i++) printf(" %s", backends[i].name);
    printf("; %lu iterations per operation\n", iterations);
}

/* The common start of both programs: ECX_TEST_ITERATIONS, the seed, the
 * oracle constants (with a sanity check of sqrt(-1)) and the backends. */
static inline void f25519_test_setup(const char *prog)
{
    const char *env = getenv("ECX_TEST_ITERATIONS");
    if (env && *env) iterations = strtoul(env, NULL, 0);
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

    setup_backends(prog);
}

static inline void f25519_test_teardown(void) { mpz_clears(P, L, SQRTM1, P58, PSQRT, t0, t1, t2, t3, NULL); }

#endif
