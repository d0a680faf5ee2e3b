/* Rows of the ristretto255 area: the group operations of ristretto.h through
 * a backend's `ristretto` table, beside libsodium's crypto_core_ristretto255_*
 * and crypto_scalarmult_ristretto255* in the same run.
 *
 * Each row times one call of what it names; the output feeds the next input
 * (the next scalar or hash input is the last encoding, the next point the
 * last result), so the variable-time parts see a new input every call.
 * Scalars are canonical (below 2^252 < l), as both libraries require. */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "ecbench.h"

/* A canonical scalar from 32 random or output bytes: below 2^252 < l. */
static void scalar_from(uint8_t s[32], const uint8_t bytes[32])
{
    memcpy(s, bytes, 32);
    s[31] &= 0x0f;
}

/* A random element: the one-way map of 64 random bytes (libsodium's, so
 * ours and the peer start from the same point). */
static void random_element(uint8_t p[32])
{
    uint8_t h[64];
    ecbench_random_bytes(h, sizeof h);
    crypto_core_ristretto255_from_hash(p, h);
}

static int have_ristretto(ecxb_state *st, const struct ecbench_backend *b)
{
    if (!b->table->ristretto) {
        ecxb_skip_with_error(st, "ristretto255 not implemented");
        return 0;
    }
    return 1;
}

/* ---- ours ---- */

static void bm_scalarmult_base(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t s[32], r[32];
    (void)param;
    if (!have_ristretto(st, b)) return;
    ecbench_random_bytes(r, 32);
    scalar_from(s, r);
    while (ecxb_keep_running(st)) {
        if (b->table->ristretto->scalarmult_base(r, s) != ECX_OK) {
            ecxb_skip_with_error(st, "ristretto255 scalarmult_base failed");
            break;
        }
        scalar_from(s, r);
    }
    ecxb_do_not_optimize(r);
}

static void bm_scalarmult(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t s[32], p[32], r[32];
    (void)param;
    if (!have_ristretto(st, b)) return;
    random_element(p);
    ecbench_random_bytes(r, 32);
    scalar_from(s, r);
    while (ecxb_keep_running(st)) {
        if (b->table->ristretto->scalarmult(r, s, p) != ECX_OK) {
            ecxb_skip_with_error(st, "ristretto255 scalarmult failed");
            break;
        }
        memcpy(p, r, 32); /* never the identity in practice */
    }
    ecxb_do_not_optimize(p);
}

static void bm_from_uniform(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t h[64], r[32];
    (void)param;
    if (!have_ristretto(st, b)) return;
    ecbench_random_bytes(h, sizeof h);
    while (ecxb_keep_running(st)) {
        b->table->ristretto->from_uniform(r, h);
        memcpy(h, r, 32);
    }
    ecxb_do_not_optimize(r);
}

/* One call: is_valid (decoding) of one encoding. */
static void bm_is_valid(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t p[32], q[32];
    (void)param;
    if (!have_ristretto(st, b)) return;
    random_element(p);
    random_element(q);
    int rc = ECX_OK;
    while (ecxb_keep_running(st)) {
        rc |= b->table->ristretto->is_valid(p);
        /* Alternate two valid encodings. */
        uint8_t t[32];
        memcpy(t, p, 32);
        memcpy(p, q, 32);
        memcpy(q, t, 32);
    }
    if (rc != ECX_OK) ecxb_skip_with_error(st, "ristretto255 is_valid rejected a valid element");
}

/* ---- libsodium (peer) ---- */

static void bm_sodium_scalarmult_base(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t s[32], r[32];
    (void)b;
    (void)param;
    ecbench_random_bytes(r, 32);
    scalar_from(s, r);
    while (ecxb_keep_running(st)) {
        if (crypto_scalarmult_ristretto255_base(r, s) != 0) {
            ecxb_skip_with_error(st, "crypto_scalarmult_ristretto255_base failed");
            break;
        }
        scalar_from(s, r);
    }
    ecxb_do_not_optimize(r);
}

static void bm_sodium_scalarmult(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t s[32], p[32], r[32];
    (void)b;
    (void)param;
    random_element(p);
    ecbench_random_bytes(r, 32);
    scalar_from(s, r);
    while (ecxb_keep_running(st)) {
        if (crypto_scalarmult_ristretto255(r, s, p) != 0) {
            ecxb_skip_with_error(st, "crypto_scalarmult_ristretto255 failed");
            break;
        }
        memcpy(p, r, 32);
    }
    ecxb_do_not_optimize(p);
}

static void bm_sodium_from_uniform(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t h[64], r[32];
    (void)b;
    (void)param;
    ecbench_random_bytes(h, sizeof h);
    while (ecxb_keep_running(st)) {
        crypto_core_ristretto255_from_hash(r, h);
        memcpy(h, r, 32);
    }
    ecxb_do_not_optimize(r);
}

static void bm_sodium_is_valid(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    uint8_t p[32], q[32];
    (void)b;
    (void)param;
    random_element(p);
    random_element(q);
    int ok = 1;
    while (ecxb_keep_running(st)) {
        ok &= crypto_core_ristretto255_is_valid_point(p);
        uint8_t t[32];
        memcpy(t, p, 32);
        memcpy(p, q, 32);
        memcpy(q, t, 32);
    }
    if (!ok) ecxb_skip_with_error(st, "crypto_core_ristretto255_is_valid_point rejected a valid element");
}

/* ---- the rows ---- */

static const struct ecbench_row ristretto_rows[] = {
    {NULL, "ristretto255/is_valid", bm_is_valid, 0, ECXB_NS, NULL},
    {NULL, "ristretto255/from_uniform", bm_from_uniform, 0, ECXB_NS, NULL},
    {NULL, "ristretto255/scalarmult_base", bm_scalarmult_base, 0, ECXB_NS, NULL},
    {NULL, "ristretto255/scalarmult", bm_scalarmult, 0, ECXB_NS, NULL},
    {"libsodium", "ristretto255/is_valid", bm_sodium_is_valid, 0, ECXB_NS, NULL},
    {"libsodium", "ristretto255/from_uniform", bm_sodium_from_uniform, 0, ECXB_NS, NULL},
    {"libsodium", "ristretto255/scalarmult_base", bm_sodium_scalarmult_base, 0, ECXB_NS, NULL},
    {"libsodium", "ristretto255/scalarmult", bm_sodium_scalarmult, 0, ECXB_NS, NULL},
};

const struct ecbench_suite ecbench_suite_ristretto255 = {"ristretto255", ristretto_rows,
                                                         sizeof ristretto_rows / sizeof ristretto_rows[0]};
