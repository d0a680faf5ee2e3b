/* Multiscalar multiplication (src/curve25519/msm*.h) on every usable
 * backend, through each backend's ecxi_edwards_ops table:
 *   - msm_vartime against the naive sum of single products computed by
 *     libsodium (crypto_scalarmult_ed25519_noclamp, crypto_core_ed25519_add)
 *     for n = 0, 1, 2, 3, 7, 64, 65, around each backend's Straus/Pippenger
 *     switch point, 300 and 1000, on random prime-order points and random scalars
 *     mixed with edge cases: zero scalars, 1, l - 1, l, l + 1, 2^255 - 1,
 *     bit 255 set (ignored), the identity as a point, repeated points, P
 *     and -P;
 *   - Straus, Pippenger with its own width and Pippenger with every forced
 *     width 4..12, and the fixed-base Pippenger of msm_pippenger_fixed.h
 *     (its table built per call) at its default width 12 and every width
 *     4..12, give the same bytes, also on points with a small-order
 *     component (there checked against a naive sum over the table's own
 *     mul_var and add, since libsodium refuses such points);
 *   - every backend byte-identical to the first;
 *   - bad input: an undecodable point, an unknown algorithm or width;
 *   - a sanity check of batch verification through each backend's table
 *     (the API-level suite is test_ed25519_batch.c): batches just below and
 *     above the Straus/Pippenger switch (sparse and dense weights), valid,
 *     with one bad entry, and with two errors that cancel in an unweighted
 *     sum, under fixed seeds.
 */
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ed25519_common.h"
#include "backend_tables.h"

static const char *names[MAX_BACKENDS];
static const struct ecx_backend *backends[MAX_BACKENDS];
static size_t nbackends;

/* A point of order 8 (canonical encoding). */
static const uint8_t ORDER8[32] = {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4,
                                   0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6,
                                   0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05};

static char ctxbuf[256];
static const char *msm_ctx(const char *what, size_t b, size_t n, int extra)
{
    snprintf(ctxbuf, sizeof ctxbuf, "%s backend=%s n=%zu (%d)", what, b < nbackends ? names[b] : "-", n, extra);
    return ctxbuf;
}

/* ------------------------------------------------------------ the oracle */

/* q = [s]P with bit 255 of s ignored (libsodium refuses, -1, when the
 * result is the identity or s = 0: the identity is then what we want). P
 * must be a canonical prime-order point or the identity. */
static void ref_mul(uint8_t q[32], const uint8_t s[32], const uint8_t p[32])
{
    uint8_t t[32];
    memcpy(t, s, 32);
    t[31] &= 127;
    if (memcmp(p, ED_IDENTITY, 32) == 0 || crypto_scalarmult_ed25519_noclamp(q, t, p) != 0) memcpy(q, ED_IDENTITY, 32);
}

/* r = sum [s_j] P_j, one product at a time. */
static void ref_msm(uint8_t r[32], size_t n, const uint8_t (*s)[32], const uint8_t (*p)[32])
{
    uint8_t acc[32], term[32];
    memcpy(acc, ED_IDENTITY, 32);
    for (size_t j = 0; j < n; j++) {
        ref_mul(term, s[j], p[j]);
        if (crypto_core_ed25519_add(acc, acc, term) != 0) abort();
    }
    memcpy(r, acc, 32);
}

/* The same with the table's own constant-time mul_var and add, for points
 * with a small-order component. */
static void ops_msm(uint8_t r[32], const struct ecxi_edwards_ops *ed, size_t n, const uint8_t (*s)[32],
                    const uint8_t (*p)[32])
{
    uint8_t acc[32], term[32];
    memcpy(acc, ED_IDENTITY, 32);
    for (size_t j = 0; j < n; j++) {
        if (ed->mul_var(term, s[j], p[j]) != ECX_OK || ed->add(acc, acc, term) != ECX_OK) abort();
    }
    memcpy(r, acc, 32);
}

/* ------------------------------------------------------------ inputs */

/* A random prime-order point: [k]B for a random k. */
static void random_point(uint8_t p[32])
{
    uint8_t k[32];
    crypto_core_ed25519_scalar_random(k);
    if (crypto_scalarmult_ed25519_base_noclamp(p, k) != 0) memcpy(p, ED_IDENTITY, 32);
}

static void random_scalar(uint8_t s[32])
{
    uint8_t wide[64];
    check_random_bytes(wide, sizeof wide);
    crypto_core_ed25519_scalar_reduce(s, wide);
}

/* Fills n inputs. With edges, about one in four scalars and points is an
 * edge case (fixed choices cycling with the index, so every n >= 16 sees
 * all of them); otherwise random scalars < l and random points. Some
 * scalars are 128-bit, as in batch verification. */
static void make_inputs(size_t n, uint8_t (*s)[32], uint8_t (*p)[32], int edges)
{
    for (size_t j = 0; j < n; j++) {
        random_scalar(s[j]);
        if (j % 3 == 1) memset(s[j] + 16, 0, 16);
        random_point(p[j]);
        if (!edges || check_rand64() % 4 != 0) continue;
        static const uint8_t one[32] = {1};
        uint8_t t[32];
        switch (j % 16) {
        case 0: memset(s[j], 0, 32); break;                       /* zero scalar */
        case 1: memcpy(s[j], one, 32); break;                     /* 1 */
        case 2: memcpy(s[j], ED_L, 32); s[j][0]--; break;      /* l - 1 */
        case 3: memcpy(s[j], ED_L, 32); break;                 /* l */
        case 4: add256(s[j], ED_L, one); break;                /* l + 1 */
        case 5: memset(s[j], 0xff, 32); s[j][31] = 0x7f; break;   /* 2^255 - 1 */
        case 6: s[j][31] |= 0x80; break;                          /* bit 255 set: ignored */
        case 7: memcpy(p[j], ED_IDENTITY, 32); break;                /* the identity */
        case 8: if (j > 0) memcpy(p[j], p[j - 1], 32); break;     /* repeated point */
        case 9:                                                   /* -P of the previous */
            if (j > 0 && crypto_core_ed25519_sub(t, ED_IDENTITY, p[j - 1]) == 0) memcpy(p[j], t, 32);
            break;
        case 10: if (j > 0) memcpy(s[j], s[j - 1], 32), memcpy(p[j], p[j - 1], 32); break; /* same term */
        case 11: memset(s[j], 0, 32); memcpy(p[j], ED_IDENTITY, 32); break;
        default: break;
        }
    }
}

/* ------------------------------------------------------------ tests */

/* msm_vartime against libsodium on every backend, and the three algorithm
 * choices against each other. */
static void test_against_oracle(void)
{
    /* Around every backend's switch to Pippenger (GE_MSM_STRAUS_MAX_N: 44
     * on ifma, 132 on avx2, 176 by default) and beyond. */
    static const size_t sizes[] = {0, 1, 2, 3, 7, 16, 43, 44, 64, 65, 128, 129, 131, 132, 175, 176, 177, 300, 1000};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k], m = n ? n : 1;
        uint8_t(*s)[32] = malloc(m * 32), (*p)[32] = malloc(m * 32);
        if (!s || !p) abort();
        for (int round = 0; round < (n <= 7 ? 20 : 1); round++) {
            uint8_t want[32], got[32], first[32];
            make_inputs(n, s, p, round % 2 == 0 || n > 7);
            ref_msm(want, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p);
            for (size_t b = 0; b < nbackends; b++) {
                const struct ecxi_edwards_ops *ed = backends[b]->edwards;
                memset(got, 0xaa, 32);
                CHECK_CTX(ed->msm_vartime(got, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p) == ECX_OK,
                          msm_ctx("msm_vartime status", b, n, round));
                CHECK_MEM(got, want, 32, msm_ctx("msm_vartime vs libsodium", b, n, round));
                static const unsigned algos[4] = {ECXI_MSM_STRAUS, ECXI_MSM_PIPPENGER, ECXI_MSM_PIPPENGER_FIXED,
                                                  ECXI_MSM_AUTO};
                for (int a = 0; a < 4; a++) {
                    memset(got, 0xaa, 32);
                    CHECK_CTX(ed->msm_vartime_with(got, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p,
                                                   algos[a], 0) == ECX_OK,
                              msm_ctx("msm_vartime_with status", b, n, a));
                    CHECK_MEM(got, want, 32, msm_ctx("msm_vartime_with vs libsodium", b, n, a));
                }
                if (b == 0) memcpy(first, got, 32);
                CHECK_MEM(got, first, 32, msm_ctx("backends identical", b, n, round));
            }
        }
        free(s);
        free(p);
    }
}

/* Every forced Pippenger width agrees with Straus, with libsodium as the
 * reference on prime-order points. */
static void test_widths(void)
{
    static const size_t sizes[] = {1, 5, 33, 100, 257};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        uint8_t(*s)[32] = malloc(n * 32), (*p)[32] = malloc(n * 32);
        if (!s || !p) abort();
        uint8_t want[32], got[32];
        make_inputs(n, s, p, 1);
        ref_msm(want, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p);
        for (size_t b = 0; b < nbackends; b++) {
            const struct ecxi_edwards_ops *ed = backends[b]->edwards;
            for (unsigned w = 4; w <= 12; w++) {
                memset(got, 0xaa, 32);
                CHECK_CTX(ed->msm_vartime_with(got, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p,
                                               ECXI_MSM_PIPPENGER, w) == ECX_OK,
                          msm_ctx("pippenger width status", b, n, (int)w));
                CHECK_MEM(got, want, 32, msm_ctx("pippenger forced width vs libsodium", b, n, (int)w));
                memset(got, 0xaa, 32);
                CHECK_CTX(ed->msm_vartime_with(got, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p,
                                               ECXI_MSM_PIPPENGER_FIXED, w) == ECX_OK,
                          msm_ctx("fixed-base pippenger width status", b, n, (int)w));
                CHECK_MEM(got, want, 32, msm_ctx("fixed-base pippenger width vs libsodium", b, n, (int)w));
            }
        }
        free(s);
        free(p);
    }
}

/* Points with a small-order component (P + T, T of order 8, and T alone),
 * with scalars not reduced mod l (up to 2^255 - 1): the sum is [s mod
 * 2^255] of each point, the torsion part included. Checked against a naive
 * sum over the table's mul_var and add, and across algorithms and
 * backends. */
static void test_torsion(void)
{
    static const size_t sizes[] = {1, 2, 9, 40, 190};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        uint8_t(*s)[32] = malloc(n * 32), (*p)[32] = malloc(n * 32);
        if (!s || !p) abort();
        for (size_t j = 0; j < n; j++) {
            check_random_bytes(s[j], 32); /* up to 2^256 - 1; bit 255 ignored */
            if (j % 5 == 4) memset(s[j] + 16, 0, 16);
            random_point(p[j]);
            if (j % 3 == 0) {
                if (crypto_core_ed25519_add(p[j], p[j], ORDER8) != 0) abort();
            } else if (j % 7 == 1) {
                memcpy(p[j], ORDER8, 32);
            }
        }
        uint8_t first[32];
        for (size_t b = 0; b < nbackends; b++) {
            const struct ecxi_edwards_ops *ed = backends[b]->edwards;
            uint8_t want[32], got[32];
            ops_msm(want, ed, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p);
            if (b == 0) memcpy(first, want, 32);
            CHECK_MEM(want, first, 32, msm_ctx("torsion naive sum, backends identical", b, n, 0));
            const unsigned algos[6][2] = {{ECXI_MSM_AUTO, 0},           {ECXI_MSM_STRAUS, 0},
                                          {ECXI_MSM_PIPPENGER, 0},       {ECXI_MSM_PIPPENGER, 5},
                                          {ECXI_MSM_PIPPENGER_FIXED, 0}, {ECXI_MSM_PIPPENGER_FIXED, 5}};
            for (int a = 0; a < 6; a++) {
                memset(got, 0xaa, 32);
                CHECK_CTX(ed->msm_vartime_with(got, n, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p,
                                               algos[a][0], algos[a][1]) == ECX_OK,
                          msm_ctx("torsion status", b, n, a));
                CHECK_MEM(got, want, 32, msm_ctx("torsion msm vs naive sum", b, n, a));
            }
        }
        free(s);
        free(p);
    }
}

/* Sums that vanish: sum [s_j] P_j + [l - sum s_j] ... built as
 * [a]P + [l - a]P = identity, and a long list of P, -P pairs. */
static void test_cancellation(void)
{
    enum { N = 200 };
    static uint8_t s[N][32], p[N][32];
    for (size_t j = 0; j < N; j += 2) {
        random_point(p[j]);
        if (crypto_core_ed25519_sub(p[j + 1], ED_IDENTITY, p[j]) != 0) abort(); /* -P */
        random_scalar(s[j]);
        memcpy(s[j + 1], s[j], 32);
    }
    for (size_t b = 0; b < nbackends; b++) {
        const struct ecxi_edwards_ops *ed = backends[b]->edwards;
        static const size_t sizes[] = {2, 10, 150, N};
        for (size_t k = 0; k < 4; k++) {
            for (unsigned a = ECXI_MSM_AUTO; a <= ECXI_MSM_PIPPENGER_FIXED; a++) {
                uint8_t got[32];
                memset(got, 0xaa, 32);
                CHECK_CTX(ed->msm_vartime_with(got, sizes[k], (const uint8_t(*)[32])s, (const uint8_t(*)[32])p, a,
                                               0) == ECX_OK,
                          msm_ctx("cancellation status", b, sizes[k], (int)a));
                CHECK_MEM(got, ED_IDENTITY, 32, msm_ctx("P and -P cancel", b, sizes[k], (int)a));
            }
        }
    }
}

/* Bad input: a point that does not decode anywhere in the list, an unknown
 * algorithm, a width out of range. */
static void test_bad_input(void)
{
    enum { N = 9 };
    uint8_t s[N][32], p[N][32], r[32];
    make_inputs(N, s, p, 0);
    for (size_t b = 0; b < nbackends; b++) {
        const struct ecxi_edwards_ops *ed = backends[b]->edwards;
        for (size_t bad = 0; bad < N; bad++) {
            uint8_t saved[32];
            memcpy(saved, p[bad], 32);
            memset(p[bad], 0, 32);
            p[bad][0] = 2; /* y = 2 is not on the curve */
            CHECK_CTX(ed->msm_vartime(r, N, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p) == ECX_ERR_INVALID,
                      msm_ctx("undecodable point", b, N, (int)bad));
            memcpy(p[bad], saved, 32);
        }
        CHECK_CTX(ed->msm_vartime_with(r, N, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p, 4, 0) ==
                      ECX_ERR_INVALID,
                  msm_ctx("unknown algorithm", b, N, 4));
        CHECK_CTX(ed->msm_vartime_with(r, N, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p,
                                       ECXI_MSM_PIPPENGER_FIXED, 3) == ECX_ERR_INVALID,
                  msm_ctx("fixed width 3", b, N, 3));
        CHECK_CTX(ed->msm_vartime_with(r, N, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p,
                                       ECXI_MSM_PIPPENGER_FIXED, 16) == ECX_ERR_INVALID,
                  msm_ctx("fixed width 16", b, N, 16));
        CHECK_CTX(ed->msm_vartime_with(r, N, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p, ECXI_MSM_PIPPENGER,
                                       3) == ECX_ERR_INVALID,
                  msm_ctx("width 3", b, N, 3));
        CHECK_CTX(ed->msm_vartime_with(r, N, (const uint8_t(*)[32])s, (const uint8_t(*)[32])p, ECXI_MSM_PIPPENGER,
                                       16) == ECX_ERR_INVALID,
                  msm_ctx("width 16", b, N, 16));
        /* n = 0 ignores the (NULL) arrays. */
        memset(r, 0xaa, 32);
        CHECK_CTX(ed->msm_vartime(r, 0, NULL, NULL) == ECX_OK, msm_ctx("n = 0 status", b, 0, 0));
        CHECK_MEM(r, ED_IDENTITY, 32, msm_ctx("n = 0 is the identity", b, 0, 0));
    }
}

/* Batch verification through the tables, on both sides of every backend's
 * switch (ED25519_BATCH_STRAUS_MAX_N): n signatures give 2n + 1 points, so
 * 127 runs Straus with sparse weights and 128 Pippenger with dense ones by
 * default, 37 and 38 on ifma, 111 and 112 on avx2. */
static void test_batch(void)
{
    static const size_t sizes[] = {1, 2, 37, 38, 111, 112, 127, 128};
    enum { MAXN = 128, MLEN = 40 };
    static uint8_t sig[MAXN][64], pk[MAXN][32], msg[MAXN][MLEN];
    static const uint8_t *sigs[MAXN], *msgs[MAXN], *pks[MAXN];
    static size_t mlens[MAXN];
    static int results[MAXN];
    for (size_t i = 0; i < MAXN; i++) {
        uint8_t sk[64];
        crypto_sign_keypair(pk[i], sk);
        check_random_bytes(msg[i], MLEN);
        crypto_sign_detached(sig[i], NULL, msg[i], MLEN, sk);
        sigs[i] = sig[i], msgs[i] = msg[i], pks[i] = pk[i], mlens[i] = MLEN;
    }
    static const uint8_t one[32] = {1};
    for (size_t b = 0; b < nbackends; b++) {
        const struct ecx_backend *be = backends[b];
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            size_t n = sizes[k];
            uint8_t seed[32];
            check_random_bytes(seed, sizeof seed);
            for (size_t i = 0; i < n; i++) results[i] = 12345;
            CHECK_CTX(be->ed25519_verify_batch(n, sigs, msgs, mlens, pks, results, seed) == ECX_OK,
                      msm_ctx("valid batch", b, n, 0));
            for (size_t i = 0; i < n; i++) CHECK_CTX(results[i] == ECX_OK, msm_ctx("valid batch results", b, n, (int)i));

            /* One bad entry (S + 1), at the front, middle and end. */
            const size_t at[3] = {0, n / 2, n - 1};
            for (int a = 0; a < 3; a++) {
                uint8_t saved[32];
                memcpy(saved, sig[at[a]] + 32, 32);
                crypto_core_ed25519_scalar_add(sig[at[a]] + 32, saved, one);
                for (size_t i = 0; i < n; i++) results[i] = 12345;
                CHECK_CTX(be->ed25519_verify_batch(n, sigs, msgs, mlens, pks, results, seed) == ECX_ERR_VERIFY,
                          msm_ctx("one bad entry", b, n, (int)at[a]));
                for (size_t i = 0; i < n; i++)
                    CHECK_CTX(results[i] == (i == at[a] ? ECX_ERR_VERIFY : ECX_OK), msm_ctx("one bad: results", b, n, (int)i));
                CHECK_CTX(be->ed25519_verify_batch(n, sigs, msgs, mlens, pks, NULL, seed) == ECX_ERR_VERIFY,
                          msm_ctx("one bad entry, no results", b, n, (int)at[a]));
                memcpy(sig[at[a]] + 32, saved, 32);
            }

            /* S_0 + 1 and S_last - 1: the errors B and -B cancel unless the
             * weights differ. */
            if (n >= 2) {
                uint8_t s0[32], s1[32];
                memcpy(s0, sig[0] + 32, 32);
                memcpy(s1, sig[n - 1] + 32, 32);
                crypto_core_ed25519_scalar_add(sig[0] + 32, s0, one);
                crypto_core_ed25519_scalar_sub(sig[n - 1] + 32, s1, one);
                for (int r = 0; r < 4; r++) {
                    check_random_bytes(seed, sizeof seed);
                    CHECK_CTX(be->ed25519_verify_batch(n, sigs, msgs, mlens, pks, results, seed) == ECX_ERR_VERIFY,
                              msm_ctx("cancelling errors", b, n, r));
                    CHECK_CTX(results[0] == ECX_ERR_VERIFY && results[n - 1] == ECX_ERR_VERIFY,
                              msm_ctx("cancelling errors: results", b, n, r));
                }
                memcpy(sig[0] + 32, s0, 32);
                memcpy(sig[n - 1] + 32, s1, 32);
            }
        }
    }
}

/* Both multiscalar multiplications of the edwards table. */
static int has_msm(const struct ecx_backend *b)
{
    return b->edwards && b->edwards->msm_vartime && b->edwards->msm_vartime_with;
}

int main(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "sodium_init failed\n");
        return 1;
    }
    check_seed(0x3535);
    nbackends = test_backend_tables(names, backends, MAX_BACKENDS, has_msm);
    if (nbackends == 0) return check_summary("test_msm");

    test_against_oracle();
    test_widths();
    test_torsion();
    test_cancellation();
    test_bad_input();
    test_batch();
    return check_summary("test_msm");
}
