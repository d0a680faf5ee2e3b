/* Differential tests of the P-256 field (mod p) and scalar (mod n)
 * arithmetic of every usable backend, against GMP.
 *
 *  - Through each backend's test-only byte tables (ecxi_backend_find(name)->
 *    p256->field / ->scalar, src/p256/p256_table.h): from_bytes (its
 *    verdict s < M and the reduction), add, sub, mul, neg, sq, invert
 *    (safegcd), cmov, is_zero, equal, mul_repeat and sq_repeat, and both
 *    field reductions (Montgomery and Solinas, whichever is the backend's
 *    default, reduction_repeat), on every pair of edge values (0, 1, M - 1, M, 2^256 - 1, the 2^224 / 2^192 / 2^96 / 2^32
 *    boundaries of p's shape, ...) and on seeded random pairs of varied
 *    shape; binary operations also with the output aliasing either input.
 *  - The addition chains a^(p-2) and a^(n-2) (src/p256/field_invert_fermat.h,
 *    scalar_invert_chain.h) against GMP's mpz_invert on the same inputs.
 *  - The public ecx_p256_field_invert / ecx_p256_scalar_invert on each
 *    backend (selected with ecx_backend_select): status codes (0, M, M + 1,
 *    2^256 - 1 and NULL buffers give ECX_ERR_INVALID), the zeroed output
 *    on a bad value, aliasing, and byte-identical results across backends.
 *
 * ECX_TEST_ITERATIONS sets the number of random pairs per modulus (default
 * 2000); ECX_TEST_SEED changes the seed (tests/check.h). */
#include <gmp.h>

#include "check.h"
#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/p256.h"
#include "p256_backends.h"

#define MAX_BACKENDS 8
#define MAX_EDGES 96

static const char *backend_names[MAX_BACKENDS];
static const struct ecxi_p256_ops *backend_ops[MAX_BACKENDS];
static size_t n_backends;
static unsigned long iterations = 2000;

static mpz_t P, N, TWO256;

/* ------------------------------------------------------------------------ */
/* Bytes <-> GMP (big-endian, as P-256 values are)                           */

static void mpz_from_be(mpz_t r, const uint8_t s[32]) { mpz_import(r, 32, 1, 1, 0, 0, s); }

/* out = a mod 2^256, big-endian. */
static void mpz_to_be(uint8_t out[32], const mpz_t a)
{
    mpz_t t;
    size_t count = 0;
    uint8_t buf[32];
    mpz_init(t);
    mpz_mod(t, a, TWO256);
    memset(out, 0, 32);
    mpz_export(buf, &count, 1, 1, 0, 0, t);
    memcpy(out + 32 - count, buf, count);
    mpz_clear(t);
}

/* out = base + add mod 2^256, big-endian. */
static void mpz_plus_bytes(uint8_t out[32], const mpz_t base, long add)
{
    mpz_t x;
    mpz_init(x);
    if (add >= 0)
        mpz_add_ui(x, base, (unsigned long)add);
    else
        mpz_sub_ui(x, base, (unsigned long)-add);
    mpz_to_be(out, x);
    mpz_clear(x);
}

/* out = 2^k + add mod 2^256. */
static void pow2_plus(uint8_t out[32], unsigned k, long add)
{
    mpz_t x;
    mpz_init(x);
    mpz_ui_pow_ui(x, 2, k);
    mpz_plus_bytes(out, x, add);
    mpz_clear(x);
}

/* ------------------------------------------------------------------------ */
/* Failure context, formatted only when a check fails                        */

static const uint8_t *ctx_a, *ctx_b;

static const char *describe(const char *backend, const char *kind, const char *op)
{
    static char buf[512];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s %s %s", backend, kind, op);
    const uint8_t *in[2] = {ctx_a, ctx_b};
    for (int k = 0; k < 2; k++) {
        if (!in[k] || n + 70 > sizeof buf) continue;
        n += (size_t)snprintf(buf + n, sizeof buf - n, " %c=", 'a' + k);
        for (int i = 0; i < 32; i++) n += (size_t)snprintf(buf + n, sizeof buf - n, "%02x", in[k][i]);
    }
    return buf;
}

#define EXPECT_MEM(got, want, backend, kind, op)                                                   \
    do {                                                                                           \
        if (memcmp((got), (want), 32) == 0)                                                        \
            check_passed++;                                                                        \
        else                                                                                       \
            CHECK_MEM((got), (want), 32, describe((backend), (kind), (op)));                       \
    } while (0)
#define EXPECT(cond, backend, kind, op) CHECK_CTX(cond, describe((backend), (kind), (op)))

/* ------------------------------------------------------------------------ */
/* Inputs                                                                    */

static uint8_t edges[MAX_EDGES][32];
static size_t n_edges;

static void add_edge(const uint8_t s[32])
{
    if (n_edges < MAX_EDGES) memcpy(edges[n_edges++], s, 32);
}

/* Raw 256-bit edge values for both moduli: around 0, p, n and 2^256, the
 * powers of two where p's terms sit (2^96, 2^192, 2^224) and the limb
 * boundaries of both backends (2^32, 2^64, 2^128), halves, bit patterns. */
static void build_edges(void)
{
    uint8_t s[32];
    mpz_t t;
    mpz_init(t);
    for (long k = 0; k <= 3; k++) {
        pow2_plus(s, 0, k - 1); /* 0, 1, 2, 3 */
        add_edge(s);
    }
    for (long k = -3; k <= 3; k++) {
        mpz_plus_bytes(s, P, k);
        add_edge(s);
        mpz_plus_bytes(s, N, k);
        add_edge(s);
    }
    pow2_plus(s, 0, -2); /* 2^256 - 1 */
    add_edge(s);
    pow2_plus(s, 0, -3); /* 2^256 - 2 */
    add_edge(s);
    static const unsigned pows[] = {32, 64, 96, 128, 192, 224, 255};
    for (size_t i = 0; i < sizeof pows / sizeof pows[0]; i++)
        for (long k = -1; k <= 1; k++) {
            pow2_plus(s, pows[i], k);
            add_edge(s);
        }
    /* 2^256 - 2^224 and 2^192 + 2^96: the halves of p's shape. */
    mpz_ui_pow_ui(t, 2, 224);
    mpz_sub(t, TWO256, t);
    mpz_to_be(s, t);
    add_edge(s);
    mpz_ui_pow_ui(t, 2, 192);
    mpz_setbit(t, 96);
    mpz_to_be(s, t);
    add_edge(s);
    /* (M - 1) / 2, (M + 1) / 2, 2^256 mod M (Montgomery's 1), p - n. */
    const mpz_t *mods[2] = {&P, &N};
    for (int m = 0; m < 2; m++) {
        mpz_sub_ui(t, *mods[m], 1);
        mpz_fdiv_q_2exp(t, t, 1);
        mpz_to_be(s, t);
        add_edge(s);
        mpz_add_ui(t, t, 1);
        mpz_to_be(s, t);
        add_edge(s);
        mpz_mod(t, TWO256, *mods[m]);
        mpz_to_be(s, t);
        add_edge(s);
    }
    mpz_sub(t, P, N);
    mpz_to_be(s, t);
    add_edge(s);
    /* 2^224 - 5 2^192 - 5 2^96 + 5 (+ 2^192): times 1, the 32-bit ARM
     * assembly's sum a + 5p has the low part 2^256 - 4 2^224 (+ 2^192), so
     * its fold of the top word carries out of the addition and borrows
     * back in the subtraction (backend/u32/p256_arm32.S). */
    for (unsigned long k = 0; k < 2; k++) {
        mpz_t u;
        mpz_init(u);
        mpz_set_ui(t, 5);
        mpz_setbit(t, 224);
        mpz_ui_pow_ui(u, 2, 192);
        mpz_submul_ui(t, u, 5 - k);
        mpz_ui_pow_ui(u, 2, 96);
        mpz_submul_ui(t, u, 5);
        mpz_clear(u);
        mpz_to_be(s, t);
        add_edge(s);
    }
    memset(s, 0x55, 32);
    add_edge(s);
    memset(s, 0xaa, 32);
    add_edge(s);
    memset(s, 0xff, 32);
    s[4] = 0; /* 0xffffffff00ffffff...: near p and n in the top word */
    add_edge(s);
    mpz_clear(t);
}

static unsigned rand_below(unsigned n) { return (unsigned)(check_rand64() % n); }

/* A random 256-bit input of varied shape for modulus M. */
static void random_input(uint8_t s[32], const mpz_t M)
{
    mpz_t t;
    switch (rand_below(8)) {
    case 0: /* just below or above M */
        mpz_init(t);
        mpz_set(t, M);
        if (rand_below(2))
            mpz_sub_ui(t, t, 1 + rand_below(1u << 20));
        else
            mpz_add_ui(t, t, rand_below(1u << 20));
        mpz_to_be(s, t);
        mpz_clear(t);
        break;
    case 1: /* small */
        memset(s, 0, 32);
        check_random_bytes(s + 24, 8);
        break;
    case 2: /* sparse bits */
        check_random_sparse(s, 32, 0, 4);
        break;
    case 3: /* dense bits */
        check_random_sparse(s, 32, 1, 4);
        break;
    case 4: /* an edge value */
        memcpy(s, edges[rand_below((unsigned)n_edges)], 32);
        break;
    default: /* uniform 256-bit: above M with probability about 2^-32 */
        check_random_bytes(s, 32);
        break;
    }
}

/* ------------------------------------------------------------------------ */
/* The arithmetic tables against GMP                                         */

/* Both field reductions of backend k (reduction_repeat, whichever one the
 * backend uses by default) against GMP for count = 1 and count = reps:
 * Solinas on the raw a, b (any 256-bit value: 2^256 - 1 and all-ones limbs
 * included), Montgomery on the raw a and b mod p (its squaring on a mod
 * p), as x b^count R^-count and x^(2^count) R^-(2^count - 1). */
static void reduction_case(size_t k, const mpz_t A_raw, const mpz_t B_raw, const uint8_t a[32], const uint8_t b[32],
                           unsigned long reps)
{
    const char *name = backend_names[k];
    void (*const rr)(uint8_t[32], const uint8_t *, unsigned long, unsigned) = backend_ops[k]->field->reduction_repeat;
    mpz_t A, B, Rinv, R, E;
    uint8_t a_red[32], b_red[32], r[32], want[32];
    mpz_inits(A, B, Rinv, R, E, NULL);
    mpz_mod(A, A_raw, P);
    mpz_mod(B, B_raw, P);
    mpz_to_be(a_red, A);
    mpz_to_be(b_red, B);
    mpz_invert(Rinv, TWO256, P);
    const unsigned long counts[2] = {1, reps};
    for (int c = 0; c < 2; c++) {
        const unsigned long n = counts[c];
        /* Solinas: a b^n, a^(2^n) */
        mpz_powm_ui(R, B, n, P), mpz_mul(R, R, A), mpz_mod(R, R, P), mpz_to_be(want, R);
        memcpy(r, a, 32);
        rr(r, b, n, ECXI_P256_SOLINAS);
        EXPECT_MEM(r, want, name, "field", "solinas mul (raw inputs)");
        mpz_powm_ui(R, A, 1ul << n, P), mpz_to_be(want, R);
        memcpy(r, a, 32);
        rr(r, NULL, n, ECXI_P256_SOLINAS);
        EXPECT_MEM(r, want, name, "field", "solinas sq (raw input)");
        /* Montgomery: a b^n R^-n, a^(2^n) R^-(2^n - 1) */
        mpz_powm_ui(E, Rinv, n, P);
        mpz_powm_ui(R, B, n, P), mpz_mul(R, R, A), mpz_mul(R, R, E), mpz_mod(R, R, P), mpz_to_be(want, R);
        memcpy(r, a, 32);
        rr(r, b_red, n, ECXI_P256_MONTGOMERY);
        EXPECT_MEM(r, want, name, "field", "montgomery mul (raw a)");
        mpz_powm_ui(E, Rinv, (1ul << n) - 1, P);
        mpz_powm_ui(R, A, 1ul << n, P), mpz_mul(R, R, E), mpz_mod(R, R, P), mpz_to_be(want, R);
        memcpy(r, a_red, 32);
        rr(r, NULL, n, ECXI_P256_MONTGOMERY);
        EXPECT_MEM(r, want, name, "field", "montgomery sq");
    }
    mpz_clears(A, B, Rinv, R, E, NULL);
}

/* Every operation of every backend's table for modulus M on the raw inputs
 * a, b, and the addition-chain inversion of the modulus. */
static void arith_case(const mpz_t M, int field, const uint8_t a[32], const uint8_t b[32])
{
    const char *kind = field ? "field" : "scalar";
    mpz_t A, B, R;
    uint8_t e_a[32], e_b[32], e_add[32], e_sub[32], e_mul[32], e_neg[32], e_sq[32], e_inv[32], e_rep[32], e_sqn[32];
    const unsigned long reps = 1 + (unsigned long)(a[31] % 5);
    mpz_inits(A, B, R, NULL);
    mpz_from_be(A, a);
    mpz_from_be(B, b);
    const unsigned a_ok = mpz_cmp(A, M) < 0, b_ok = mpz_cmp(B, M) < 0;
    mpz_mod(A, A, M);
    mpz_mod(B, B, M);
    mpz_to_be(e_a, A);
    mpz_to_be(e_b, B);
    mpz_add(R, A, B), mpz_mod(R, R, M), mpz_to_be(e_add, R);
    mpz_sub(R, A, B), mpz_mod(R, R, M), mpz_to_be(e_sub, R);
    mpz_mul(R, A, B), mpz_mod(R, R, M), mpz_to_be(e_mul, R);
    mpz_neg(R, A), mpz_mod(R, R, M), mpz_to_be(e_neg, R);
    mpz_mul(R, A, A), mpz_mod(R, R, M), mpz_to_be(e_sq, R);
    if (mpz_invert(R, A, M) == 0) mpz_set_ui(R, 0);
    mpz_to_be(e_inv, R);
    mpz_powm_ui(R, B, reps, M), mpz_mul(R, R, A), mpz_mod(R, R, M), mpz_to_be(e_rep, R);
    mpz_powm_ui(R, A, 1ul << reps, M), mpz_to_be(e_sqn, R); /* a^(2^reps) */
    ctx_a = a;
    ctx_b = b;

    for (size_t k = 0; k < n_backends; k++) {
        const char *name = backend_names[k];
        const struct ecxi_p256_arith *t = field ? backend_ops[k]->field : backend_ops[k]->scalar;
        uint8_t r[32];

        EXPECT(t->from_bytes(r, a) == a_ok, name, kind, "from_bytes verdict (a)");
        EXPECT_MEM(r, e_a, name, kind, "from_bytes (a)");
        EXPECT(t->from_bytes(r, b) == b_ok, name, kind, "from_bytes verdict (b)");
        EXPECT_MEM(r, e_b, name, kind, "from_bytes (b)");
        memcpy(r, a, 32);
        EXPECT(t->from_bytes(r, r) == a_ok, name, kind, "from_bytes verdict (aliased)");
        EXPECT_MEM(r, e_a, name, kind, "from_bytes (aliased)");

#define BINARY(op, want)                                                                           \
    do {                                                                                           \
        t->op(r, a, b);                                                                            \
        EXPECT_MEM(r, want, name, kind, #op);                                                      \
        memcpy(r, a, 32);                                                                          \
        t->op(r, r, b);                                                                            \
        EXPECT_MEM(r, want, name, kind, #op " (r = a)");                                           \
        memcpy(r, b, 32);                                                                          \
        t->op(r, a, r);                                                                            \
        EXPECT_MEM(r, want, name, kind, #op " (r = b)");                                           \
    } while (0)
#define UNARY(op, want)                                                                            \
    do {                                                                                           \
        t->op(r, a);                                                                               \
        EXPECT_MEM(r, want, name, kind, #op);                                                      \
        memcpy(r, a, 32);                                                                          \
        t->op(r, r);                                                                               \
        EXPECT_MEM(r, want, name, kind, #op " (r = a)");                                           \
    } while (0)
        BINARY(add, e_add);
        BINARY(sub, e_sub);
        BINARY(mul, e_mul);
        UNARY(neg, e_neg);
        UNARY(sq, e_sq);
        UNARY(invert, e_inv);
#undef BINARY
#undef UNARY

        memcpy(r, a, 32);
        t->cmov(r, b, 0);
        EXPECT_MEM(r, e_a, name, kind, "cmov(0)");
        memcpy(r, a, 32);
        t->cmov(r, b, 1);
        EXPECT_MEM(r, e_b, name, kind, "cmov(1)");
        EXPECT(t->is_zero(a) == (unsigned)(mpz_sgn(A) == 0), name, kind, "is_zero");
        EXPECT(t->equal(a, b) == (unsigned)(mpz_cmp(A, B) == 0), name, kind, "equal(a, b)");
        EXPECT(t->equal(a, e_a) == 1, name, kind, "equal(a, a mod M)");
        memcpy(r, a, 32);
        t->mul_repeat(r, b, reps);
        EXPECT_MEM(r, e_rep, name, kind, "mul_repeat");

        memcpy(r, a, 32);
        t->sq_repeat(r, reps);
        EXPECT_MEM(r, e_sqn, name, kind, "sq_repeat");

        if (field) {
            mpz_t A_raw, B_raw;
            mpz_inits(A_raw, B_raw, NULL);
            mpz_from_be(A_raw, a);
            mpz_from_be(B_raw, b);
            reduction_case(k, A_raw, B_raw, a, b, reps);
            mpz_clears(A_raw, B_raw, NULL);
        }

        void (*const chain)(uint8_t[32], const uint8_t[32]) =
            field ? backend_ops[k]->field_invert_chain : backend_ops[k]->scalar_invert_chain;
        chain(r, a);
        EXPECT_MEM(r, e_inv, name, kind, "invert_chain");
        memcpy(r, a, 32);
        chain(r, r);
        EXPECT_MEM(r, e_inv, name, kind, "invert_chain (r = a)");
    }
    ctx_a = ctx_b = NULL;
    mpz_clears(A, B, R, NULL);
}

static void test_arith(int field)
{
    const mpz_t *M = field ? &P : &N;
    uint8_t a[32], b[32];
    unsigned long before = check_passed + check_failed;
    for (size_t i = 0; i < n_edges; i++)
        for (size_t j = 0; j < n_edges; j++) arith_case(*M, field, edges[i], edges[j]);
    for (unsigned long i = 0; i < iterations; i++) {
        random_input(a, *M);
        random_input(b, *M);
        arith_case(*M, field, a, b);
    }
    printf("%s arithmetic: %zu edge pairs and %lu random pairs (%lu checks)\n", field ? "field" : "scalar",
           n_edges * n_edges, iterations, check_passed + check_failed - before);
}

/* ------------------------------------------------------------------------ */
/* The public inversions                                                     */

typedef int public_invert_fn(uint8_t out[32], const uint8_t in[32]);

/* in -> the expected status and output of a public inversion mod M. */
static int expected_invert(uint8_t want[32], const mpz_t M, const uint8_t in[32])
{
    mpz_t X;
    int status = ECX_ERR_INVALID;
    mpz_init(X);
    mpz_from_be(X, in);
    memset(want, 0, 32);
    if (mpz_sgn(X) > 0 && mpz_cmp(X, M) < 0) {
        mpz_invert(X, X, M);
        mpz_to_be(want, X);
        status = ECX_OK;
    }
    mpz_clear(X);
    return status;
}

/* The random inputs of the public test, the same for every backend, and the
 * first backend's outputs (the others must match them byte for byte). */
#define PUBLIC_RANDOM 64
static uint8_t public_in[2][PUBLIC_RANDOM][32], public_first[2][PUBLIC_RANDOM][32];

static void test_public_one(const char *name, size_t backend_index, int field)
{
    const char *kind = field ? "public field_invert" : "public scalar_invert";
    public_invert_fn *fn = field ? ecx_p256_field_invert : ecx_p256_scalar_invert;
    const mpz_t *M = field ? &P : &N;
    uint8_t out[32], want[32], buf[32], in[32];

    /* The documented ECX_ERR_INVALID values, with a poisoned output. */
    uint8_t bad[4][32];
    memset(bad[0], 0, 32);
    mpz_plus_bytes(bad[1], *M, 0);
    mpz_plus_bytes(bad[2], *M, 1);
    memset(bad[3], 0xff, 32);
    for (int i = 0; i < 4; i++) {
        ctx_a = bad[i];
        memset(out, 0xa5, 32);
        memset(want, 0, 32);
        EXPECT(fn(out, bad[i]) == ECX_ERR_INVALID, name, kind, "status of an invalid value");
        EXPECT_MEM(out, want, name, kind, "zeroed output of an invalid value");
    }
    /* NULL buffers: ECX_ERR_INVALID, output untouched. */
    ctx_a = NULL;
    pow2_plus(in, 0, 1); /* 2 */
    memset(out, 0xa5, 32);
    memset(want, 0xa5, 32);
    EXPECT(fn(NULL, in) == ECX_ERR_INVALID, name, kind, "NULL out");
    EXPECT(fn(out, NULL) == ECX_ERR_INVALID, name, kind, "NULL in");
    EXPECT(fn(NULL, NULL) == ECX_ERR_INVALID, name, kind, "NULL both");
    EXPECT_MEM(out, want, name, kind, "output untouched on NULL in");

    /* Every edge value, then random ones; each also aliased. */
    for (size_t i = 0; i < n_edges + PUBLIC_RANDOM; i++) {
        const uint8_t *x = i < n_edges ? edges[i] : public_in[field][i - n_edges];
        int want_status = expected_invert(want, *M, x);
        ctx_a = x;
        EXPECT(fn(out, x) == want_status, name, kind, "status");
        EXPECT_MEM(out, want, name, kind, "output");
        memcpy(buf, x, 32);
        EXPECT(fn(buf, buf) == want_status, name, kind, "status (out = in)");
        EXPECT_MEM(buf, want, name, kind, "output (out = in)");
        if (i >= n_edges) {
            uint8_t *first = public_first[field][i - n_edges];
            if (backend_index == 0)
                memcpy(first, out, 32);
            else
                EXPECT_MEM(out, first, name, kind, "same bytes as the first backend");
        }
    }
    ctx_a = NULL;
}

static void test_public(void)
{
    unsigned long before = check_passed + check_failed;
    for (int field = 0; field < 2; field++)
        for (int i = 0; i < PUBLIC_RANDOM; i++) random_input(public_in[field][i], field ? P : N);
    for (size_t k = 0; k < n_backends; k++) {
        CHECK_CTX(ecx_backend_select(backend_names[k]) == ECX_OK, backend_names[k]);
        CHECK_CTX(strcmp(ecx_backend(), backend_names[k]) == 0, backend_names[k]);
        test_public_one(backend_names[k], k, 1);
        test_public_one(backend_names[k], k, 0);
    }
    CHECK(ecx_backend_select("auto") == ECX_OK);
    printf("public inversions: status codes, aliasing, edges and %d random values per modulus (%lu checks)\n",
           PUBLIC_RANDOM, check_passed + check_failed - before);
}

/* ------------------------------------------------------------------------ */

/* The entries this test reads: both arithmetic tables and both chains. */
static int has_arith(const struct ecxi_p256_ops *p256)
{
    return p256->field && p256->scalar && p256->field_invert_chain && p256->scalar_invert_chain &&
           p256->field->reduction_repeat;
}

int main(void)
{
    const char *env = getenv("ECX_TEST_ITERATIONS");
    if (env && *env) iterations = strtoul(env, NULL, 0);
    check_seed(0x7032353661726974ull); /* "p256arit" */
    mpz_inits(P, N, TWO256, NULL);
    mpz_ui_pow_ui(TWO256, 2, 256);
    mpz_set_str(P, "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16);
    mpz_set_str(N, "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);
    /* Sanity of the oracle's constants: p's formula, n prime and p prime. */
    {
        mpz_t t, u;
        mpz_inits(t, u, NULL);
        mpz_set(t, TWO256);
        mpz_ui_pow_ui(u, 2, 224), mpz_sub(t, t, u);
        mpz_ui_pow_ui(u, 2, 192), mpz_add(t, t, u);
        mpz_ui_pow_ui(u, 2, 96), mpz_add(t, t, u);
        mpz_sub_ui(t, t, 1);
        CHECK(mpz_cmp(t, P) == 0);
        CHECK(mpz_probab_prime_p(P, 30) > 0 && mpz_probab_prime_p(N, 30) > 0);
        mpz_clears(t, u, NULL);
    }
    build_edges();

    n_backends = p256_test_backends(backend_names, backend_ops, MAX_BACKENDS, has_arith);
    printf("test_p256_arith: backends:");
    for (size_t i = 0; i < n_backends; i++) printf(" %s", backend_names[i]);
    printf("; %zu edge values, %lu random pairs per modulus\n", n_edges, iterations);

    test_arith(1);
    test_arith(0);
    test_public();
    mpz_clears(P, N, TWO256, NULL);
    return check_summary("test_p256_arith");
}
