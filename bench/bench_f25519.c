/* Rows of the f25519 and sc25519 areas: field and scalar arithmetic of
 * curve25519 through the raw ecx_f25519 tables, and libsodium's scalar
 * arithmetic (crypto_core_ed25519_scalar_*) as the peer.
 *
 * Every row feeds its output back as the next input. Our tables allow
 * outputs to alias inputs; libsodium's rows write to a second buffer and
 * swap pointers, which costs nothing measurable.
 *
 * One body per shape (binary ones share theirs): a row's adapter picks the
 * table entry before the loop, so the loop calls the table's function
 * exactly as a direct call would (no wrapper in rows of nanoseconds). */
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

typedef void fe_binary_fn(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b);

/* x = op(x, y), BATCH per call into the wrapper. */
struct fe_binary_op {
    fe_binary_fn *(*pick)(const ecx_f25519_ops *ops);
};

static void bm_fe_binary(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    fe_binary_fn *op = ((const struct fe_binary_op *)row->op)->pick(ops);
    ecx_fe25519 x, y;
    random_fe(ops, &x);
    random_fe(ops, &y);
    ECBENCH_LOOP(st, BATCH) op(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static fe_binary_fn *pick_fe_mul(const ecx_f25519_ops *ops) { return ops->fe_mul; }
static fe_binary_fn *pick_fe_add(const ecx_f25519_ops *ops) { return ops->fe_add; }
static fe_binary_fn *pick_fe_sub(const ecx_f25519_ops *ops) { return ops->fe_sub; }
static const struct fe_binary_op fe_mul = {pick_fe_mul}, fe_add = {pick_fe_add}, fe_sub = {pick_fe_sub};

/* x = x^2, BATCH per call into the wrapper. */
static void bm_fe_sq(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x;
    (void)row;
    random_fe(ops, &x);
    ECBENCH_LOOP(st, BATCH) ops->fe_sq(&x, &x);
    ecxb_do_not_optimize(&x);
}

/* x = 1/x, one per call (x alternates with 1/x: non-zero with overwhelming
 * probability). */
static void bm_fe_invert(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x;
    (void)row;
    random_fe(ops, &x);
    while (ecxb_keep_running(st)) ops->fe_invert(&x, &x);
    ecxb_do_not_optimize(&x);
}

/* One call: four independent products (a vector backend does them at once). */
static void bm_fe_mul_x4(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_fe25519 x[4], y[4];
    (void)row;
    for (int i = 0; i < 4; i++) {
        random_fe(ops, &x[i]);
        random_fe(ops, &y[i]);
    }
    ECBENCH_LOOP(st, BATCH) ops->fe_mul_x4(x, x, y);
    ecxb_do_not_optimize(x);
}

/* ---- scalars ---- */

typedef void sc_binary_fn(ecx_sc25519 *r, const ecx_sc25519 *a, const ecx_sc25519 *b);

/* x = op(x, y), BATCH per call into the wrapper. */
struct sc_binary_op {
    sc_binary_fn *(*pick)(const ecx_f25519_ops *ops);
};

static void bm_sc_binary(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    sc_binary_fn *op = ((const struct sc_binary_op *)row->op)->pick(ops);
    ecx_sc25519 x, y;
    random_sc(ops, &x);
    random_sc(ops, &y);
    ECBENCH_LOOP(st, BATCH) op(&x, &x, &y);
    ecxb_do_not_optimize(&x);
}

static sc_binary_fn *pick_sc_mul(const ecx_f25519_ops *ops) { return ops->sc_mul; }
static sc_binary_fn *pick_sc_add(const ecx_f25519_ops *ops) { return ops->sc_add; }
static sc_binary_fn *pick_sc_sub(const ecx_f25519_ops *ops) { return ops->sc_sub; }
static const struct sc_binary_op sc_mul = {pick_sc_mul}, sc_add = {pick_sc_add}, sc_sub = {pick_sc_sub};

static void bm_sc_invert(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    ecx_sc25519 x;
    (void)row;
    random_sc(ops, &x);
    while (ecxb_keep_running(st)) ops->sc_invert(&x, &x);
    ecxb_do_not_optimize(&x);
}

/* One call inverts all `param` scalars in place (they alternate with their
 * inverses); items per second counts scalars. */
static void bm_sc_batch_invert(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const ecx_f25519_ops *ops = b->f25519;
    const size_t n = row->param;
    ecx_sc25519 v[256];
    if (n == 0 || n > sizeof v / sizeof v[0]) {
        ecxb_skip_with_error(st, "batch size out of range");
        return;
    }
    for (size_t i = 0; i < n; i++) random_sc(ops, &v[i]);
    while (ecxb_keep_running(st)) ops->sc_batch_invert(v, n);
    ecxb_do_not_optimize(v);
    ecxb_set_items_processed(st, (int64_t)n * ecxb_iterations(st));
}

/* ---- libsodium scalars (the peer) ---- */

static void sodium_random_sc(unsigned char r[32])
{
    unsigned char wide[64];
    ecbench_random_bytes(wide, sizeof wide);
    crypto_core_ed25519_scalar_reduce(r, wide);
}

/* z = op(x, y), then x and z swap: BATCH per call, as ours. */
struct sodium_binary_op {
    void (*op)(unsigned char *z, const unsigned char *x, const unsigned char *y);
};

static void bm_sodium_sc_binary(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    void (*op)(unsigned char *, const unsigned char *, const unsigned char *) =
        ((const struct sodium_binary_op *)row->op)->op;
    unsigned char buf[2][32], y[32];
    unsigned char *x = buf[0], *z = buf[1], *t;
    (void)b;
    sodium_random_sc(x);
    sodium_random_sc(y);
    ECBENCH_LOOP(st, BATCH) {
        op(z, x, y);
        t = x;
        x = z;
        z = t;
    }
    ecxb_do_not_optimize(x);
}

static const struct sodium_binary_op sodium_sc_mul = {crypto_core_ed25519_scalar_mul},
                                     sodium_sc_add = {crypto_core_ed25519_scalar_add},
                                     sodium_sc_sub = {crypto_core_ed25519_scalar_sub};

static void bm_sodium_sc_invert(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    unsigned char buf[2][32];
    unsigned char *x = buf[0], *z = buf[1], *t;
    (void)b;
    (void)row;
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
    {NULL, "f25519/mul", bm_fe_binary, 0, ECXB_NS, NULL, &fe_mul},
    {NULL, "f25519/sq", bm_fe_sq, 0, ECXB_NS, NULL, NULL},
    {NULL, "f25519/add", bm_fe_binary, 0, ECXB_NS, NULL, &fe_add},
    {NULL, "f25519/sub", bm_fe_binary, 0, ECXB_NS, NULL, &fe_sub},
    {NULL, "f25519/invert", bm_fe_invert, 0, ECXB_NS, NULL, NULL},
    {NULL, "f25519/mul_x4", bm_fe_mul_x4, 0, ECXB_NS, NULL, NULL},
    {NULL, "sc25519/mul", bm_sc_binary, 0, ECXB_NS, NULL, &sc_mul},
    {NULL, "sc25519/add", bm_sc_binary, 0, ECXB_NS, NULL, &sc_add},
    {NULL, "sc25519/sub", bm_sc_binary, 0, ECXB_NS, NULL, &sc_sub},
    {NULL, "sc25519/invert", bm_sc_invert, 0, ECXB_NS, NULL, NULL},
    {NULL, "sc25519/batch_invert/64", bm_sc_batch_invert, 64, ECXB_NS, NULL, NULL},
    {"libsodium", "sc25519/mul", bm_sodium_sc_binary, 0, ECXB_NS, NULL, &sodium_sc_mul},
    {"libsodium", "sc25519/add", bm_sodium_sc_binary, 0, ECXB_NS, NULL, &sodium_sc_add},
    {"libsodium", "sc25519/sub", bm_sodium_sc_binary, 0, ECXB_NS, NULL, &sodium_sc_sub},
    {"libsodium", "sc25519/invert", bm_sodium_sc_invert, 0, ECXB_NS, NULL, NULL},
};

const struct ecbench_suite ecbench_suite_f25519 = {"f25519", rows, sizeof rows / sizeof rows[0]};
