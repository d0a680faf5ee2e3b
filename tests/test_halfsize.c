/* The half-size scalars of Ed25519 verification (src/curve25519/
 * scalar_halfsize.h) against GMP: for every k, c0 = c1 k mod 8l, c1 odd,
 * 0 < |c1| < 2^128 and c0 <= k, on seeded random k below l and on edge
 * cases (0, 1, l - 1, around 2^128, k whose first quotients exceed 2^30 and
 * take the bit-by-bit division); and that (c0, c1) is exactly the pair of
 * Euclid's algorithm stopped at 2^128, written with GMP. And the point of
 * it, on the seeded random k (deterministic, so not a timing test): the
 * longer of c0 and c1 has at most 129 bits on average, where k itself has
 * 252-253.
 *
 * The header is plain integer code, the same in every backend, so it is
 * tested once here; the verifications that use it are tested per backend
 * against libsodium and the vectors (test_ed25519_*). */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "curve25519/scalar_halfsize.h"

static mpz_t l_mpz, n_mpz;

static void mpz_from_le(mpz_t r, const uint8_t s[32])
{
    mpz_import(r, 32, -1, 1, 0, 0, s);
}

static void le_from_mpz(uint8_t s[32], const mpz_t a)
{
    size_t count = 0;
    memset(s, 0, 32);
    mpz_export(s, &count, -1, 1, 0, 0, a);
}

static unsigned long longest_bits;

/* The rule of scalar_halfsize.h written with GMP: Euclid's algorithm on
 * (8 l, k) with signed cofactors up to the first remainder below 2^128, and
 * of the last two (remainder, cofactor) pairs the one with an odd
 * cofactor. The header must find this exact pair (its Lehmer steps are
 * Euclid's steps). */
static unsigned reference_pair(mpz_t c0, mpz_t c1, const mpz_t k)
{
    mpz_t r0, r1, t0, t1, q, x, bound;
    mpz_inits(r0, r1, t0, t1, q, x, bound, NULL);
    mpz_set(r0, n_mpz);
    mpz_set(r1, k);
    mpz_set_ui(t0, 0);
    mpz_set_ui(t1, 1);
    mpz_setbit(bound, 128);
    while (mpz_cmp(r1, bound) >= 0) {
        mpz_fdiv_qr(q, x, r0, r1);
        mpz_swap(r0, r1);
        mpz_swap(r1, x);
        mpz_mul(x, q, t1);
        mpz_sub(x, t0, x);
        mpz_swap(t0, t1);
        mpz_swap(t1, x);
    }
    if (mpz_odd_p(t1)) mpz_set(c0, r1), mpz_set(c1, t1);
    else mpz_set(c0, r0), mpz_set(c1, t0);
    const unsigned negative = mpz_sgn(c1) < 0;
    mpz_abs(c1, c1);
    mpz_clears(r0, r1, t0, t1, q, x, bound, NULL);
    return negative;
}

/* Checks one k < l; adds the longer of c0 and c1 in bits to longest_bits. */
static void check_one(const uint8_t k[32], const char *what)
{
    uint8_t c0[32], c1[32];
    mpz_t k_mpz, c0_mpz, c1_mpz, t;
    mpz_inits(k_mpz, c0_mpz, c1_mpz, t, NULL);
    mpz_from_le(k_mpz, k);
    const unsigned negative = sc_halfsize_reduce(c0, c1, k);
    mpz_from_le(c0_mpz, c0);
    mpz_from_le(c1_mpz, c1);
    CHECK_CTX(negative <= 1, what);
    CHECK_CTX(mpz_odd_p(c1_mpz), what);
    CHECK_CTX(mpz_sizeinbase(c1_mpz, 2) <= 128, what);
    CHECK_CTX(mpz_cmp(c0_mpz, k_mpz) <= 0 || mpz_sizeinbase(c0_mpz, 2) <= 128, what);
    CHECK_CTX(mpz_cmp(c0_mpz, l_mpz) < 0, what);
    if (negative) mpz_neg(c1_mpz, c1_mpz);
    mpz_mul(t, c1_mpz, k_mpz);
    mpz_sub(t, t, c0_mpz);
    mpz_mod(t, t, n_mpz);
    CHECK_CTX(mpz_sgn(t) == 0, what);
    mpz_t ref0, ref1;
    mpz_inits(ref0, ref1, NULL);
    const unsigned ref_negative = reference_pair(ref0, ref1, k_mpz);
    CHECK_CTX(ref_negative == negative, what);
    CHECK_CTX(mpz_cmp(ref0, c0_mpz) == 0, what);
    CHECK_CTX(mpz_cmpabs(ref1, c1_mpz) == 0, what);
    mpz_clears(ref0, ref1, NULL);
    size_t bits0 = mpz_sizeinbase(c0_mpz, 2), bits1 = mpz_sizeinbase(c1_mpz, 2);
    longest_bits += bits0 > bits1 ? bits0 : bits1;
    mpz_clears(k_mpz, c0_mpz, c1_mpz, t, NULL);
}

int main(void)
{
    mpz_inits(l_mpz, n_mpz, NULL);
    mpz_set_str(l_mpz, "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed", 16);
    mpz_mul_ui(n_mpz, l_mpz, 8);
    {
        uint8_t n_bytes[32];
        uint64_t from_header[SC_HALFSIZE_LIMBS];
        le_from_mpz(n_bytes, n_mpz);
        sc_halfsize_from_bytes(from_header, n_bytes);
        CHECK(memcmp(from_header, sc_halfsize_modulus, sizeof from_header) == 0);
    }

    /* Edge cases: small k, l - 1, k around 2^128, k = l / m for large m
     * (a first quotient near 8 m: above 2^30 for m >= 2^28, the bit-by-bit
     * path), k a power of two. */
    mpz_t k;
    mpz_init(k);
    uint8_t kb[32];
    char what[96];
    const unsigned long small[] = {0, 1, 2, 3, 8, 255, 65537};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        mpz_set_ui(k, small[i]);
        le_from_mpz(kb, k);
        snprintf(what, sizeof what, "k = %lu", small[i]);
        check_one(kb, what);
    }
    for (int delta = -2; delta <= 2; delta++) {
        mpz_set_ui(k, 1);
        mpz_mul_2exp(k, k, 128);
        if (delta < 0) mpz_sub_ui(k, k, (unsigned long)-delta);
        else mpz_add_ui(k, k, (unsigned long)delta);
        le_from_mpz(kb, k);
        snprintf(what, sizeof what, "k = 2^128 %+d", delta);
        check_one(kb, what);
    }
    mpz_sub_ui(k, l_mpz, 1);
    le_from_mpz(kb, k);
    check_one(kb, "k = l - 1");
    for (unsigned shift = 1; shift < 253; shift += 7) {
        mpz_set_ui(k, 1);
        mpz_mul_2exp(k, k, shift);
        le_from_mpz(kb, k);
        snprintf(what, sizeof what, "k = 2^%u", shift);
        check_one(kb, what);
        mpz_fdiv_q_2exp(k, l_mpz, shift);
        mpz_add_ui(k, k, shift);
        le_from_mpz(kb, k);
        snprintf(what, sizeof what, "k = l / 2^%u + %u", shift, shift);
        check_one(kb, what);
    }

    /* Seeded random k < l (xorshift64, reduced with GMP). */
    uint64_t state = 0x9e3779b97f4a7c15u;
    const unsigned count = 20000;
    longest_bits = 0;
    for (unsigned i = 0; i < count; i++) {
        for (int j = 0; j < 32; j++) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            kb[j] = (uint8_t)state;
        }
        mpz_from_le(k, kb);
        mpz_mod(k, k, l_mpz);
        le_from_mpz(kb, k);
        snprintf(what, sizeof what, "random k #%u", i);
        check_one(kb, what);
    }
    const double average = (double)longest_bits / count;
    printf("random k: the longer of c0 and c1 has %.2f bits on average\n", average);
    CHECK(average <= 129.0);

    mpz_clears(k, l_mpz, n_mpz, NULL);
    return check_summary("test_halfsize");
}
