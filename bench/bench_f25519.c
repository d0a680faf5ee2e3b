/* Rows of the f25519 and sc25519 areas: field and scalar arithmetic of
 * curve25519 through the raw ecx_f25519 tables, and libsodium's scalar
 * arithmetic (crypto_core_ed25519_scalar_*) as the peer.
 *
 * Every row feeds its output back as the next input. Our tables allow
 * outputs to alias inputs; libsodium's rows write to a second buffer and
 * swap pointers, which costs nothing measurable. */
#include <sodium.h>

#include "ecbench.h"

/* Operations that take nanoseconds run this many times per call into the
 * wrapper; ours and the peer's alike. */
#define BATCH 16

static void random_fe(const ecx_f25519_ops *ops, ecx_fe25519 *r)
{
    uint8_t s[32];
    ecbench_random_bytes(s, sizeof s);
    ops->fe_from_bytes(r, s);
}

static void random_sc(const ecx_f25519_ops *ops, ecx_sc25519 *r)
{
    uint8_t s[64];
    ecbench_random_bytes(s, sizeof s);
    ops->sc_from_wide(r, s);
}

/* ---- field ---- */

static void bm_fe_mul(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x, y;
    (void)param;
    random_fe(ops, &x);
    random_fe(ops, &y);
    ECBENCH_LOOP(st, BATCH) ops->fe_mul(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static void bm_fe_sq(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x;
    (void)param;
    random_fe(ops, &x);
    ECBENCH_LOOP(st, BATCH) ops->fe_sq(&x, &x);
    ecxb_do_not_optimize(&x);
}

static void bm_fe_add(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x, y;
    (void)param;
    random_fe(ops, &x);
    random_fe(ops, &y);
    ECBENCH_LOOP(st, BATCH) ops->fe_add(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static void bm_fe_sub(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x, y;
    (void)param;
    random_fe(ops, &x);
    random_fe(ops, &y);
    ECBENCH_LOOP(st, BATCH) ops->fe_sub(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static void bm_fe_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x;
    (void)param;
    random_fe(ops, &x); /* non-zero with overwhelming probability; x alternates with 1/x */
    while (ecxb_keep_running(st)) ops->fe_invert(&x, &x);
    ecxb_do_not_optimize(&x);
}

/* One call: four independent products (a vector backend does them at once). */
static void bm_fe_mul_x4(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x[4], y[4];
    (void)param;
    for (int i = 0; i < 4; i++) {
        random_fe(ops, &x[i]);
        random_fe(ops, &y[i]);
    }
    ECBENCH_LOOP(st, BATCH) ops->fe_mul_x4(x, x, y);
    ecxb_do_not_optimize(x);
}

/* ---- scalars ---- */

static void bm_sc_mul(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_sc25519 x, y;
    (void)param;
    random_sc(ops, &x);
    random_sc(ops, &y);
    ECBENCH_LOOP(st, BATCH) ops->sc_mul(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static void bm_sc_add(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_sc25519 x, y;
    (void)param;
    random_sc(ops, &x);
    random_sc(ops, &y);
    ECBENCH_LOOP(st, BATCH) ops->sc_add(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static void bm_sc_sub(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_sc25519 x, y;
    (void)param;
    random_sc(ops, &x);
    random_sc(ops, &y);
    ECBENCH_LOOP(st, BATCH) ops->sc_sub(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static void bm_sc_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_sc25519 x;
    (void)param;
    random_sc(ops, &x);
    while (ecxb_keep_running(st)) ops->sc_invert(&x, &x);
    ecxb_do_not_optimize(&x);
}

/* One call inverts all `param` scalars in place (they alternate with their
 * inverses); items per second counts scalars. */
static void bm_sc_batch_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_sc25519 v[256];
    if (param == 0 || param > sizeof v / sizeof v[0]) {
        ecxb_skip_with_error(st, "batch size out of range");
        return;
    }
    for (size_t i = 0; i < param; i++) random_sc(ops, &v[i]);
    while (ecxb_keep_running(st)) ops->sc_batch_invert(v, param);
    ecxb_do_not_optimize(v);
    ecxb_set_items_processed(st, (int64_t)param * ecxb_iterations(st));
}

/* ---- libsodium scalars (the peer) ---- */

static void sodium_random_sc(unsigned char r[32])
{
    unsigned char wide[64];
    ecbench_random_bytes(wide, sizeof wide);
    crypto_core_ed25519_scalar_reduce(r, wide);
}

#define SODIUM_BINARY(fn_name, op)                                                                 \
    static void fn_name(ecxb_state *st, const struct ecbench_backend *b, size_t param)            \
    {                                                                                              \
        unsigned char buf[2][32], y[32];                                                           \
        unsigned char *x = buf[0], *z = buf[1], *t;                                                \
        (void)b;                                                                                   \
        (void)param;                                                                               \
        sodium_random_sc(x);                                                                       \
        sodium_random_sc(y);                                                                       \
        ECBENCH_LOOP(st, BATCH) {                                                                  \
            op(z, x, y);                                                                           \
            t = x;                                                                                 \
            x = z;                                                                                 \
            z = t;                                                                                 \
        }                                                                                          \
        ecxb_do_not_optimize(x);                                                                   \
    }

SODIUM_BINARY(bm_sodium_sc_mul, crypto_core_ed25519_scalar_mul)
SODIUM_BINARY(bm_sodium_sc_add, crypto_core_ed25519_scalar_add)
SODIUM_BINARY(bm_sodium_sc_sub, crypto_core_ed25519_scalar_sub)

static void bm_sodium_sc_invert(ecxb_state *st, const struct ecbench_backend *b, size_t param)
{
    unsigned char buf[2][32];
    unsigned char *x = buf[0], *z = buf[1], *t;
    (void)b;
    (void)param;
    sodium_random_sc(x);
    while (ecxb_keep_running(st)) {
        if (crypto_core_ed25519_scalar_invert(z, x) != 0) { /* only for 0, which x never is */
            ecxb_skip_with_error(st, "crypto_core_ed25519_scalar_invert failed");
            break;
        }
        t = x;
        x = z;
        z = t;
    }
    ecxb_do_not_optimize(x);
}

static const struct ecbench_row rows[] = {
    {NULL, "f25519/mul", bm_fe_mul, 0, ECXB_NS, NULL},
    {NULL, "f25519/sq", bm_fe_sq, 0, ECXB_NS, NULL},
    {NULL, "f25519/add", bm_fe_add, 0, ECXB_NS, NULL},
    {NULL, "f25519/sub", bm_fe_sub, 0, ECXB_NS, NULL},
    {NULL, "f25519/invert", bm_fe_invert, 0, ECXB_NS, NULL},
    {NULL, "f25519/mul_x4", bm_fe_mul_x4, 0, ECXB_NS, NULL},
    {NULL, "sc25519/mul", bm_sc_mul, 0, ECXB_NS, NULL},
    {NULL, "sc25519/add", bm_sc_add, 0, ECXB_NS, NULL},
    {NULL, "sc25519/sub", bm_sc_sub, 0, ECXB_NS, NULL},
    {NULL, "sc25519/invert", bm_sc_invert, 0, ECXB_NS, NULL},
    {NULL, "sc25519/batch_invert/64", bm_sc_batch_invert, 64, ECXB_NS, NULL},
    {"libsodium", "sc25519/mul", bm_sodium_sc_mul, 0, ECXB_NS, NULL},
    {"libsodium", "sc25519/add", bm_sodium_sc_add, 0, ECXB_NS, NULL},
    {"libsodium", "sc25519/sub", bm_sodium_sc_sub, 0, ECXB_NS, NULL},
    {"libsodium", "sc25519/invert", bm_sodium_sc_invert, 0, ECXB_NS, NULL},
};

const struct ecbench_suite ecbench_suite_f25519 = {"f25519", rows, sizeof rows / sizeof rows[0]};
