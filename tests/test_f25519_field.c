/* Differential tests of the curve25519 field arithmetic (the shared setup,
 * oracle and inputs are in tests/f25519_oracle.h).
 *
 * Every field operation of every backend, on the same seeded random inputs
 * and edge cases, is compared with GMP; since every backend must equal the
 * oracle byte for byte, the backends also equal each other. The long chains
 * of mixed operations compare them directly as well.
 *
 * ECX_TEST_ITERATIONS sets the number of random cases per operation group
 * (default 2000); ECX_TEST_SEED changes the seed (tests/check.h). */
#include "f25519_oracle.h"

/* ------------------------------------------------------------------------ */
/* Field tests                                                               */

static const unsigned sqn_counts[] = {0, 1, 2, 3, 4, 5, 10, 20, 50, 100, 127, 254, 255};
static const uint32_t small_consts[] = {0, 1, 2, 3, 19, 38, 121665, 121666, 486662, (1u << 20) - 1};

static void fe_bytes_of(uint8_t out[32], const struct backend *b, const ecx_fe25519 *x)
{
    b->ops->fe_to_bytes(out, x);
}

typedef void fe_binary_fn(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b);
typedef void fe_unary_fn(ecx_fe25519 *r, const ecx_fe25519 *a);

/* Expects op(a, b) = want (as bytes) on backend be: into a fresh r, and
 * with r aliasing a, then b. `name` labels the failures. */
static void expect_fe_binary(const struct backend *be, fe_binary_fn *op, const char *name, const ecx_fe25519 *a,
                             const ecx_fe25519 *b, const uint8_t want[32])
{
    char what[64];
    uint8_t got[32];
    ecx_fe25519 r;
    op(&r, a, b);
    fe_bytes_of(got, be, &r);
    EXPECT_MEM(got, want, 32, be->name, name);
    r = *a;
    op(&r, &r, b);
    fe_bytes_of(got, be, &r);
    snprintf(what, sizeof what, "%s (r aliases a)", name);
    EXPECT_MEM(got, want, 32, be->name, what);
    r = *b;
    op(&r, a, &r);
    fe_bytes_of(got, be, &r);
    snprintf(what, sizeof what, "%s (r aliases b)", name);
    EXPECT_MEM(got, want, 32, be->name, what);
}

/* Expects op(a) = want on backend be, into a fresh r and in place. */
static void expect_fe_unary(const struct backend *be, fe_unary_fn *op, const char *name, const ecx_fe25519 *a,
                            const uint8_t want[32])
{
    char what[64];
    uint8_t got[32];
    ecx_fe25519 r;
    op(&r, a);
    fe_bytes_of(got, be, &r);
    EXPECT_MEM(got, want, 32, be->name, name);
    r = *a;
    op(&r, &r);
    fe_bytes_of(got, be, &r);
    snprintf(what, sizeof what, "%s (in place)", name);
    EXPECT_MEM(got, want, 32, be->name, what);
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

        expect_fe_binary(be, o->fe_add, "fe_add", &fa, &fb, e_add);
        expect_fe_binary(be, o->fe_sub, "fe_sub", &fa, &fb, e_sub);
        expect_fe_unary(be, in->fe_neg, "fe_neg", &fa, e_neg);
        expect_fe_binary(be, o->fe_mul, "fe_mul", &fa, &fb, e_mul);
        o->fe_mul(&r, &fa, &fa);
        fe_bytes_of(got, be, &r);
        EXPECT_MEM(got, e_sq, 32, n, "fe_mul(a, a)");
        expect_fe_unary(be, o->fe_sq, "fe_sq", &fa, e_sq);

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

        expect_fe_unary(be, o->fe_invert, "fe_invert", &fa, e_inv);

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
                if (!chain_register_agrees(label, step, opname, k, got, want, first)) goto out;
            }
        }
    }
    check_passed++; /* the whole chain agreed */
out:
    for (int i = 0; i < REGS; i++) mpz_clear(ref[i]);
}

static void test_field_chains(void)
{
    unsigned steps = 1000, chains = (unsigned)(iterations / 250) + 1;
    for (unsigned c = 0; c < chains; c++) field_chain(steps, c);
}

int main(void)
{
    f25519_test_setup("test_f25519_field");
    test_field();
    test_field_chains();
    f25519_test_teardown();
    return check_summary("test_f25519_field");
}
