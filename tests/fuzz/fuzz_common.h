/* What the per-parser fuzz targets of tests/fuzz/ share: the backend
 * tables (every usable backend, found once), a check that traps with a
 * message (libFuzzer keeps the input), a copy of the input into a buffer of
 * exactly its size (AddressSanitizer then sees any read past it), and the
 * byte comparisons the targets use as their independent verdicts. Each
 * target includes this header once. */
#ifndef ECX_TESTS_FUZZ_COMMON_H
#define ECX_TESTS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"

#define FUZZ_MAX_BACKENDS 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct ecx_backend *fuzz_backend[FUZZ_MAX_BACKENDS];
static const char *fuzz_backend_name[FUZZ_MAX_BACKENDS];
static size_t fuzz_backends;

static void fuzz_fail(const char *backend, const char *what)
{
    fprintf(stderr, "fuzz: invariant violated on backend %s: %s\n", backend ? backend : "-", what);
    fflush(stderr);
    __builtin_trap();
}

#define FUZZ_REQUIRE(cond, backend)                                                               \
    do {                                                                                          \
        if (!(cond)) fuzz_fail((backend), #cond);                                                 \
    } while (0)

/* Finds the usable backends once (first call). */
static inline void fuzz_setup(void)
{
    if (fuzz_backends) return;
    const char *names[FUZZ_MAX_BACKENDS];
    size_t n = ecx_backends(names, FUZZ_MAX_BACKENDS);
    for (size_t i = 0; i < n && i < FUZZ_MAX_BACKENDS; i++) {
        fuzz_backend[fuzz_backends] = ecxi_backend_find(names[i]);
        fuzz_backend_name[fuzz_backends] = names[i];
        if (!fuzz_backend[fuzz_backends]) fuzz_fail(names[i], "listed backend has no table");
        fuzz_backends++;
    }
    if (!fuzz_backends) fuzz_fail(NULL, "no usable backend");
}

/* The differential pair for one input, in the targets whose arithmetic
 * is slow under the sanitizers: the reference backend (u32, the portable
 * one; the first listed if absent) and one other chosen by the input's
 * bytes, so that every backend meets the reference over a run while each
 * input costs two backends. Sets *ref and *other (equal with one backend). */
static inline void fuzz_pair(const uint8_t *data, size_t size, size_t *ref, size_t *other)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    *ref = 0;
    for (size_t i = 0; i < fuzz_backends; i++)
        if (strcmp(fuzz_backend_name[i], "u32") == 0) *ref = i;
    for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 16777619u;
    *other = *ref;
    if (fuzz_backends > 1) *other = (*ref + 1 + h % (fuzz_backends - 1)) % fuzz_backends;
}

/* Bits for a target to choose, from the input, which of its checks this
 * input runs (a hash of the bytes, independent of fuzz_pair's choice). */
static inline uint32_t fuzz_pick(const uint8_t *data, size_t size)
{
    uint32_t h = 0x811c9dc5u ^ 0x5bd1e995u;
    for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 16777619u;
    return h ^ (h >> 16);
}

/* A malloc'd copy of data[0 .. n-1] (n may exceed size: zero-padded). */
static inline uint8_t *fuzz_copy(const uint8_t *data, size_t size, size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (!p) abort();
    memset(p, 0, n);
    memcpy(p, data, size < n ? size : n);
    return p;
}

/* 1 if the n-byte big-endian a < b. */
static inline int fuzz_less_be(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

/* 1 if the 32-byte little-endian s < l = 2^252 + 27742317777372353535851937790883648493. */
static inline int fuzz_below_l(const uint8_t s[32])
{
    static const uint8_t l[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10};
    for (int i = 31; i >= 0; i--)
        if (s[i] != l[i]) return s[i] < l[i];
    return 0;
}

#endif
