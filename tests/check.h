/* A minimal test harness: CHECK counts assertions, check_summary prints the
 * line the test script adds up ("N passed, N failed") and gives the exit code.
 *
 * Each test program includes this header once (its functions are static). */
#ifndef ECX_TESTS_CHECK_H
#define ECX_TESTS_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long check_passed, check_failed;

/* Prints at most this many failure messages, so a broken operation does not
 * flood the log; all failures are still counted. */
#define CHECK_MAX_REPORTS 30

static inline void check_report(const char *file, int line, const char *what, const char *context)
{
    check_failed++;
    if (check_failed <= CHECK_MAX_REPORTS)
        fprintf(stderr, "FAIL %s:%d: %s%s%s\n", file, line, what, context ? " -- " : "", context ? context : "");
}

/* CHECK(cond): one assertion. CHECK_CTX(cond, ctx): with a context string
 * (backend name, vector id) printed on failure. */
#define CHECK(cond) CHECK_CTX(cond, NULL)
#define CHECK_CTX(cond, ctx)                                                                       \
    do {                                                                                           \
        if (cond)                                                                                  \
            check_passed++;                                                                        \
        else                                                                                       \
            check_report(__FILE__, __LINE__, #cond, (ctx));                                        \
    } while (0)

/* CHECK_MEM(a, b, n, ctx): n bytes equal; prints both in hex on failure. */
#define CHECK_MEM(a, b, n, ctx) check_mem(__FILE__, __LINE__, (a), (b), (n), (ctx))
static inline void check_mem(const char *file, int line, const void *a, const void *b, size_t n, const char *ctx)
{
    if (memcmp(a, b, n) == 0) {
        check_passed++;
        return;
    }
    check_report(file, line, "memory differs", ctx);
    if (check_failed <= CHECK_MAX_REPORTS) {
        const uint8_t *x = a, *y = b;
        fprintf(stderr, "  got:  ");
        for (size_t i = 0; i < n; i++) fprintf(stderr, "%02x", x[i]);
        fprintf(stderr, "\n  want: ");
        for (size_t i = 0; i < n; i++) fprintf(stderr, "%02x", y[i]);
        fprintf(stderr, "\n");
    }
}

/* Deterministic test randomness (xoshiro256**), seeded per program so
 * failures reproduce; the seed can be changed with ECX_TEST_SEED. */
static uint64_t check_rng_state[4];
static inline uint64_t check_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t check_rand64(void)
{
    uint64_t *s = check_rng_state;
    uint64_t result = check_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = check_rotl(s[3], 45);
    return result;
}
static inline void check_seed(uint64_t seed)
{
    const char *env = getenv("ECX_TEST_SEED");
    if (env) seed = strtoull(env, NULL, 0);
    for (int i = 0; i < 4; i++) {
        seed += 0x9e3779b97f4a7c15ull; /* splitmix64 */
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        check_rng_state[i] = z ^ (z >> 31);
    }
}
static inline void check_random_bytes(uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i % 8 == 0) {
            uint64_t r = check_rand64();
            for (size_t j = 0; j < 8 && i + j < n; j++) out[i + j] = (uint8_t)(r >> (8 * j));
        }
    }
}

/* n bytes with a few random bits set (dense = 0: all else clear) or clear
 * (dense = 1: all else set): flips bits at `flips` random positions of an
 * all-zero or all-one string. Sparse and dense values reach carry and borrow
 * paths that uniform ones rarely do. */
static inline void check_random_sparse(uint8_t *out, size_t n, int dense, unsigned flips)
{
    memset(out, dense ? 0xff : 0, n);
    for (unsigned i = 0; i < flips; i++) {
        unsigned bit = (unsigned)(check_rand64() % (8 * n));
        out[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
}

/* Prints "NAME: N passed, N failed" and returns the process exit code. */
static inline int check_summary(const char *name)
{
    printf("%s: %lu passed, %lu failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
