/* test_field_mulx: the four-word curve25519 product and squaring in MULX /
 * ADX assembly (src/backend/u64/field_mulx.h, the avx2 backend's paired
 * square roots) against GMP, and the paired exponentiation built on them
 * against u64's C chain.
 *
 * Words are drawn at random and at the edges: all ones, zero, a few below
 * 2^64, and whole values p - 1, p, p + 1, 2p, 2^255 - 1, 2^256 - 1 (the
 * representation takes any value below 2^256). Each result is checked mod
 * p; the conversions to and from u64's radix 2^51 exactly, with their
 * bounds (TIGHT in, TIGHT out).
 *
 * x86-64 only (tests/meson.build); skipped (77) on a CPU without BMI2 and
 * ADX (ecxi_cpu_probe, so ECX_CPU_DISABLE=adx skips it too) and in
 * unoptimised builds, where the library does not use the assembly either. */
#define ECXI_FE25519_MULX_ADX 1
#include "backend/u64/field.h"
#include "curve25519/field_lanes.h"

#include <gmp.h>
#include <stdio.h>

#include "backend/ops.h"
#include "check.h"
#include "dispatch/cpu.h"

#ifdef FE_HAVE_MULX_ADX

static mpz_t p_mpz;

static void fe64_to_mpz(mpz_t r, const fe64 *a)
{
    mpz_import(r, 4, -1, sizeof(uint64_t), 0, 0, a->w);
}

static void fe_to_mpz(mpz_t r, const fe *a)
{
    mpz_set_ui(r, 0);
    for (int i = 4; i >= 0; i--) {
        mpz_mul_2exp(r, r, 51);
        mpz_add_ui(r, r, a->v[i]);
    }
}

static void mpz_to_fe64(fe64 *r, const mpz_t a)
{
    size_t count = 0;
    memset(r->w, 0, sizeof r->w);
    mpz_export(r->w, &count, -1, sizeof(uint64_t), 0, 0, a);
}

/* Whole values at the edges of the representation, then words at the
 * edges, then random words. */
static void edge_or_random(fe64 *a, unsigned long i)
{
    mpz_t v;
    mpz_init(v);
    switch (i < 12 ? i : 12 + check_rand64() % 6) {
    case 0: mpz_sub_ui(v, p_mpz, 1); break;
    case 1: mpz_set(v, p_mpz); break;
    case 2: mpz_add_ui(v, p_mpz, 1); break;
    case 3: mpz_mul_ui(v, p_mpz, 2); break;
    case 4: mpz_ui_pow_ui(v, 2, 255); mpz_sub_ui(v, v, 1); break;
    case 5: mpz_ui_pow_ui(v, 2, 256); mpz_sub_ui(v, v, 1); break;
    case 6: mpz_set_ui(v, 0); break;
    case 7: mpz_set_ui(v, 1); break;
    case 8: mpz_set_ui(v, 38); break;
    case 9: mpz_ui_pow_ui(v, 2, 255); break;
    case 10: mpz_ui_pow_ui(v, 2, 256); mpz_sub_ui(v, v, 38); break;
    case 11: mpz_ui_pow_ui(v, 2, 192); mpz_sub_ui(v, v, 1); break;
    default: mpz_set_ui(v, 0); break;
    }
    mpz_to_fe64(a, v);
    if (i >= 12) {
        for (int k = 0; k < 4; k++) {
            const uint64_t r = check_rand64();
            switch (r % 8) {
            case 0: a->w[k] = ~(uint64_t)0; break;
            case 1: a->w[k] = 0; break;
            case 2: a->w[k] = ~(uint64_t)0 - ((r >> 8) & 0xff); break;
            default: a->w[k] = check_rand64(); break;
            }
        }
    }
    mpz_clear(v);
}

/* r mod p == want mod p. */
static int congruent(const fe64 *r, const mpz_t want)
{
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    fe64_to_mpz(x, r);
    mpz_mod(x, x, p_mpz);
    mpz_mod(y, want, p_mpz);
    const int ok = mpz_cmp(x, y) == 0;
    mpz_clears(x, y, NULL);
    return ok;
}

/* Operands whose 512-bit result has a low word 3 within 2^8 of 2^64, so
 * that the fold's two flag chains carry out of word 3 (random words do so
 * about once in 2^59 products): for the product, a odd and b = T / a mod
 * 2^256 with T's words 2 and 3 near all ones, so a b = T mod 2^256; for
 * the square, a = 2^128 x + y with y odd below 2^64 and x y = T mod 2^127,
 * so the low half of a^2 is y^2 + 2^129 x y with bits 192..255 near all
 * ones. The high halves are random. */
static void crafted_product(fe64 *a, fe64 *b)
{
    mpz_t x, t, m;
    mpz_inits(x, t, m, NULL);
    for (int k = 0; k < 4; k++) a->w[k] = check_rand64();
    a->w[0] |= 1;
    fe64 target = {{check_rand64(), check_rand64(), ~(uint64_t)0 - (check_rand64() & 0xff),
                    ~(uint64_t)0 - (check_rand64() & 0xff)}};
    fe64_to_mpz(x, a);
    fe64_to_mpz(t, &target);
    mpz_ui_pow_ui(m, 2, 256);
    mpz_invert(x, x, m);
    mpz_mul(x, x, t);
    mpz_mod(x, x, m);
    mpz_to_fe64(b, x);
    mpz_clears(x, t, m, NULL);
}

static void crafted_square(fe64 *a)
{
    mpz_t x, y, t, m;
    mpz_inits(x, y, t, m, NULL);
    mpz_set_ui(y, (unsigned long)(check_rand64() | 1));
    mpz_ui_pow_ui(m, 2, 127);
    mpz_sub_ui(t, m, 1 + (check_rand64() & 0xff)); /* bits 63..126 all ones, or nearly */
    mpz_invert(x, y, m);
    mpz_mul(x, x, t);
    mpz_mod(x, x, m);
    mpz_mul_2exp(x, x, 128);
    mpz_add(x, x, y);
    mpz_to_fe64(a, x);
    mpz_clears(x, y, t, m, NULL);
}

static void check_products(unsigned long rounds)
{
    mpz_t x, y, z;
    mpz_inits(x, y, z, NULL);
    for (unsigned long i = 0; i < rounds; i++) {
        fe64 a, b, r;
        edge_or_random(&a, i % 40);
        edge_or_random(&b, (i / 40) % 40 < 12 ? (i / 40) % 40 : 12 + i);
        const int crafted = i % 4 == 3 && i % 40 >= 12; /* the edge values stay */
        if (crafted) crafted_product(&a, &b);
        fe64_to_mpz(x, &a);
        fe64_to_mpz(y, &b);

        fe64_mul(&r, &a, &b);
        mpz_mul(z, x, y);
        CHECK_CTX(congruent(&r, z), "fe64_mul");
        r = a;
        fe64_mul(&r, &r, &b); /* aliased */
        CHECK_CTX(congruent(&r, z), "fe64_mul, r = a");

        if (crafted) {
            crafted_square(&a);
            fe64_to_mpz(x, &a);
        }
        fe64_sq(&r, &a);
        mpz_mul(z, x, x);
        CHECK_CTX(congruent(&r, z), "fe64_sq");
        r = a;
        fe64_sq(&r, &r);
        CHECK_CTX(congruent(&r, z), "fe64_sq, r = a");
    }
    mpz_clears(x, y, z, NULL);
}

/* TIGHT limbs: random below 2^51 + 2^15, or at that edge. */
static void random_tight(fe *a)
{
    const uint64_t tight = ((uint64_t)1 << 51) + ((uint64_t)1 << 15);
    for (int k = 0; k < 5; k++) {
        const uint64_t r = check_rand64();
        a->v[k] = r % 4 == 0 ? tight - 1 : r % 4 == 1 ? 0 : check_rand64() % tight;
    }
}

static void check_conversions(unsigned long rounds)
{
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (unsigned long i = 0; i < rounds; i++) {
        fe a, back;
        fe64 w;
        random_tight(&a);
        fe64_from_fe(&w, &a);
        fe_to_mpz(x, &a);
        fe64_to_mpz(y, &w);
        CHECK_CTX(mpz_cmp(x, y) == 0, "fe64_from_fe: the same value, exactly");

        edge_or_random(&w, i % 40 < 12 ? i % 40 : 12 + i);
        fe64_to_fe(&back, &w);
        CHECK_CTX(FE_VERIFY_TIGHT(&back), "fe64_to_fe: TIGHT");
        fe_to_mpz(x, &back);
        CHECK_CTX(congruent(&w, x), "fe64_to_fe: the same element");
    }
    mpz_clears(x, y, NULL);
}

/* The paired exponentiation in four-word form against u64's C chain
 * (fe_pow_p58, one element at a time), as canonical bytes; and the paired
 * square root built on it (fe_sqrt_ratio_lanes, two pairs) against
 * fe_sqrt_ratio, root and verdict, on random u, v (about half of the
 * ratios are squares) and u = 0. */
static void check_pow(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe a[2], got[2], want;
        random_tight(&a[0]);
        random_tight(&a[1]);
        fe_pow_p58_x2(got, a);
        for (int k = 0; k < 2; k++) {
            uint8_t g[32], w[32];
            CHECK_CTX(FE_VERIFY_TIGHT(&got[k]), "fe_pow_p58_x2: TIGHT");
            fe_pow_p58(&want, &a[k]);
            fe_to_bytes(g, &got[k]);
            fe_to_bytes(w, &want);
            CHECK_MEM(g, w, 32, "fe_pow_p58_x2 against fe_pow_p58");
        }
        fe u[2], v[2], root[2], want_root;
        unsigned was_square[2] = {9, 9};
        for (int k = 0; k < 2; k++) {
            random_tight(&u[k]);
            random_tight(&v[k]);
        }
        if (i % 16 == 0) memset(&u[i % 32 == 0], 0, sizeof(fe));
        fe_sqrt_ratio_lanes(root, was_square, u, v, 2);
        for (int k = 0; k < 2; k++) {
            uint8_t g[32], w[32];
            const unsigned want_square = fe_sqrt_ratio(&want_root, &u[k], &v[k]);
            CHECK_CTX(was_square[k] == want_square, "fe_sqrt_ratio_lanes: the verdict");
            fe_to_bytes(g, &root[k]);
            fe_to_bytes(w, &want_root);
            CHECK_MEM(g, w, 32, "fe_sqrt_ratio_lanes against fe_sqrt_ratio");
        }
    }
}

int main(void)
{
    if (!(ecxi_cpu_probe() & ECXI_CPU_ADX)) {
        printf("skip: this CPU (or ECX_CPU_DISABLE) lacks BMI2 and ADX\n");
        printf("test_field_mulx: 0 passed, 0 failed\n");
        return 77;
    }
    mpz_init(p_mpz);
    mpz_ui_pow_ui(p_mpz, 2, 255);
    mpz_sub_ui(p_mpz, p_mpz, 19);
    check_seed(0xf64);
    check_products(400000);
    check_conversions(200000);
    check_pow(2000);
    mpz_clear(p_mpz);
    return check_summary("test_field_mulx");
}

#else

int main(void)
{
    printf("skip: unoptimised build, where the library does not use the MULX / ADX field either\n");
    printf("test_field_mulx: 0 passed, 0 failed\n");
    return 77;
}

#endif
