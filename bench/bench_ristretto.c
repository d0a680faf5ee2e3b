/* Rows of the ristretto255 area: the group operations of ristretto.h through
 * a backend's `ristretto` table, beside libsodium's crypto_core_ristretto255_*
 * and crypto_scalarmult_ristretto255* in the same run.
 *
 * Each row times one call of what it names; the output feeds the next input
 * (the next scalar or hash input is the last encoding, the next point the
 * last result), so the variable-time parts see a new input every call.
 * Scalars are canonical (below 2^252 < l), as both libraries require. Ours
 * and libsodium's rows share one body per shape, with an adapter each. */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "shapes.h"

/* A random element: the one-way map of 64 random bytes (libsodium's, so
 * ours and the peer start from the same point). */
static void random_element(uint8_t p[32])
{
    uint8_t h[64];
    ecbench_random_bytes(h, sizeof h);
    crypto_core_ristretto255_from_hash(p, h);
}

/* ---- the adapters: scalarmult_base, scalarmult (shapes.h) ---- */

static int ours_base(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32])
{
    return b->table->ristretto->scalarmult_base(r, s);
}

static int sodium_base(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32])
{
    (void)b;
    return crypto_scalarmult_ristretto255_base(r, s);
}

static int ours_mul(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    return b->table->ristretto->scalarmult(r, s, p);
}

static int sodium_mul(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32], const uint8_t p[32])
{
    (void)b;
    return crypto_scalarmult_ristretto255(r, s, p);
}

static const struct ecbench_base_mul ours_scalarmult_base = {"ristretto255 scalarmult_base", ours_base};
static const struct ecbench_base_mul sodium_scalarmult_base = {"crypto_scalarmult_ristretto255_base", sodium_base};
static const struct ecbench_var_mul ours_scalarmult = {"ristretto255 scalarmult", random_element, ours_mul};
static const struct ecbench_var_mul sodium_scalarmult = {"crypto_scalarmult_ristretto255", random_element,
                                                         sodium_mul};

/* ---- from_uniform: r = map(h); the next h starts with r ---- */

struct from_uniform_op {
    void (*map)(const struct ecbench_backend *b, uint8_t r[32], const uint8_t h[64]);
};

static void bm_from_uniform(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct from_uniform_op *op = row->op;
    uint8_t h[64], r[32];
    ecbench_random_bytes(h, sizeof h);
    while (ecxb_keep_running(st)) {
        op->map(b, r, h);
        memcpy(h, r, 32);
    }
    ecxb_do_not_optimize(r);
}

static void ours_map(const struct ecbench_backend *b, uint8_t r[32], const uint8_t h[64])
{
    b->table->ristretto->from_uniform(r, h);
}

static void sodium_map(const struct ecbench_backend *b, uint8_t r[32], const uint8_t h[64])
{
    (void)b;
    crypto_core_ristretto255_from_hash(r, h);
}

static const struct from_uniform_op ours_from_uniform = {ours_map};
static const struct from_uniform_op sodium_from_uniform = {sodium_map};

/* ---- is_valid: one decoding of one of two valid encodings, alternately ---- */

struct is_valid_op {
    const char *what;
    int (*valid)(const struct ecbench_backend *b, const uint8_t p[32]); /* 0: valid */
};

static void bm_is_valid(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct is_valid_op *op = row->op;
    uint8_t p[32], q[32];
    random_element(p);
    random_element(q);
    int rc = 0;
    while (ecxb_keep_running(st)) {
        rc |= op->valid(b, p);
        uint8_t t[32];
        memcpy(t, p, 32);
        memcpy(p, q, 32);
        memcpy(q, t, 32);
    }
    if (rc != 0) ecxb_skip_with_error(st, op->what);
}

static int ours_valid(const struct ecbench_backend *b, const uint8_t p[32]) { return b->table->ristretto->is_valid(p); }

static int sodium_valid(const struct ecbench_backend *b, const uint8_t p[32])
{
    (void)b;
    return crypto_core_ristretto255_is_valid_point(p) ? 0 : -1;
}

static const struct is_valid_op ours_is_valid = {"ristretto255 is_valid rejected a valid element", ours_valid};
static const struct is_valid_op sodium_is_valid = {
    "crypto_core_ristretto255_is_valid_point rejected a valid element", sodium_valid};

/* ---- the rows ---- */

static const struct ecbench_row ristretto_rows[] = {
    {NULL, "ristretto255/is_valid", bm_is_valid, 0, ECXB_NS, NULL, &ours_is_valid},
    {NULL, "ristretto255/from_uniform", bm_from_uniform, 0, ECXB_NS, NULL, &ours_from_uniform},
    {NULL, "ristretto255/scalarmult_base", ecbench_bm_base_mul, 0, ECXB_NS, NULL, &ours_scalarmult_base},
    {NULL, "ristretto255/scalarmult", ecbench_bm_var_mul, 0, ECXB_NS, NULL, &ours_scalarmult},
    {"libsodium", "ristretto255/is_valid", bm_is_valid, 0, ECXB_NS, NULL, &sodium_is_valid},
    {"libsodium", "ristretto255/from_uniform", bm_from_uniform, 0, ECXB_NS, NULL, &sodium_from_uniform},
    {"libsodium", "ristretto255/scalarmult_base", ecbench_bm_base_mul, 0, ECXB_NS, NULL, &sodium_scalarmult_base},
    {"libsodium", "ristretto255/scalarmult", ecbench_bm_var_mul, 0, ECXB_NS, NULL, &sodium_scalarmult},
};

const struct ecbench_suite ecbench_suite_ristretto255 = {"ristretto255", ristretto_rows,
                                                         sizeof ristretto_rows / sizeof ristretto_rows[0]};
