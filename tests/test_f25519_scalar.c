/* Differential tests of the curve25519 scalar arithmetic (the shared setup,
 * oracle and inputs are in tests/f25519_oracle.h).
 *
 * Decoding, wide reduction, arithmetic, batch inversion and the recodings of
 * every backend, on the same seeded random inputs and edge cases, are
 * compared with GMP and with libsodium's crypto_core_ed25519_scalar_*; the
 * long chains of mixed operations compare the backends directly as well.
 *
 * ECX_TEST_ITERATIONS sets the number of random cases per operation group
 * (default 2000); ECX_TEST_SEED changes the seed (tests/check.h). */
#include <sodium.h>

#include "f25519_oracle.h"

/* ------------------------------------------------------------------------ */
/* Scalars                                                                   */

static void sc_bytes_of(uint8_t out[32], const struct backend *b, const ecx_sc25519 *x)
{
    b->ops->sc_to_bytes(out, x);
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
            if (!chain_register_agrees(label, step, opname, k, got, want, first)) goto out;
        }
    }
    check_passed++;
out:
    for (int i = 0; i < REGS; i++) mpz_clear(ref[i]);
}

static void test_scalar_chains(void)
{
    unsigned steps = 1000, chains = (unsigned)(iterations / 250) + 1;
    for (unsigned c = 0; c < chains; c++) scalar_chain(steps, c);
}

int main(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    f25519_test_setup("test_f25519_scalar");
    build_sc_edges();
    test_scalar_decode();
    test_scalar_wide();
    test_scalar_arith();
    test_batch_invert();
    test_recode();
    test_scalar_chains();
    f25519_test_teardown();
    return check_summary("test_f25519_scalar");
}
