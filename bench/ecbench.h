/* ecbench's row registry: how a benchmark file declares its rows.
 *
 * Rows are data. Each area has one C file (bench_f25519.c, bench_ed25519.c,
 * ...) that defines a table of `struct ecbench_row` and one
 * `const struct ecbench_suite ecbench_suite_AREA`; ecbench.c lists the
 * suites (one line per area) and registers every row with Google Benchmark
 * through benchmark_c.h.
 *
 * A row names a body by its shape and, in `op`, what the body calls: one
 * body per operation shape, with a small adapter per operation, ours and
 * the peers' alike (bench/shapes.h has the shapes that several areas
 * share). Adding an operation of an existing shape is one adapter and one
 * row:
 *
 *        // bench_ristretto.c: libsodium's scalarmult in the shape r = [s]P
 *        static int sodium_mul(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32],
 *                              const uint8_t p[32])
 *        {
 *            (void)b;
 *            return crypto_scalarmult_ristretto255(r, s, p);
 *        }
 *        static const struct ecbench_var_mul sodium_scalarmult = {"crypto_scalarmult_ristretto255",
 *                                                                 random_element, sodium_mul};
 *        ...
 *        {"libsodium", "ristretto255/scalarmult", ecbench_bm_var_mul, 0, ECXB_NS, NULL, &sodium_scalarmult},
 *
 * A new backend needs nothing here: every row of ours is registered once per
 * selected backend.
 *
 * A new area: its file, `&ecbench_suite_AREA` in ecbench.c's `suites[]`
 * (declared extern below), and the file in bench/meson.build's
 * `ecbench_sources`. Every row name is listed in bench/rows.txt, which
 * tests/test_bench_rows.sh compares with `ecbench --benchmark_list_tests`
 * (baselines, reports and docs refer to the names: a rename must be
 * deliberate).
 *
 * Rules for a row (DESIGN.md, "Benchmarks"):
 * - It times one call of what its name says: `verify_batch/64` is one whole
 *   batch of 64 per iteration, and sets an items-per-second counter with
 *   ecxb_set_items_processed(st, 64 * ecxb_iterations(st)).
 * - Iterations depend on each other (the output is fed back into the next
 *   input) so nothing can be hoisted or optimised away; never an empty loop.
 * - Inputs come from ecbench_random_bytes (fixed seed: every run and every
 *   backend sees the same values).
 * - A peer row has the same AREA/OP[/PARAM] as the row of ours it is
 *   compared with; the summary pairs them by that name.
 */
#ifndef ECX_BENCH_ECBENCH_H
#define ECX_BENCH_ECBENCH_H

#include <stddef.h>
#include <stdint.h>

#include "benchmark_c.h"
#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/f25519.h"

/* What a row of ours runs on: one backend, by all its tables. */
struct ecbench_backend {
    const char *name;                /* "u64" */
    const struct ecx_backend *table; /* whole operations (src/backend/ops.h) */
    const ecx_f25519_ops *f25519;    /* the raw arithmetic table (ecx_f25519(name)) */
};

struct ecbench_row;

/* The body of a row (one per operation shape). `b` is the backend for a row
 * of ours and NULL for a peer row; the body reads the row's `param` (a batch
 * size, a length) and `op` (its adapter). */
typedef void (*ecbench_fn)(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row);

struct ecbench_row {
    /* NULL: a row of ours, registered once per selected backend as
     * "BACKEND/name". Otherwise the peer's prefix ("libsodium", "openssl"):
     * registered once as "PEER/name". */
    const char *peer;
    const char *name; /* "AREA/OP" or "AREA/OP/PARAM" */
    ecbench_fn run;
    size_t param;
    ecxb_unit unit; /* the unit of the row's times; ECXB_NS for most */
    /* Optional, for a row that times a batch of `param` items: the AREA/OP of
     * the peer rows that time one item ("ed25519/verify" for
     * "ed25519/verify_batch/64"). The summary then also compares our time
     * per item with them. */
    const char *per_item_of;
    /* What the body calls: an adapter of the body's shape (a struct the
     * body's file or shapes.h defines), or NULL for a body that names its
     * callee itself. */
    const void *op;
};

struct ecbench_suite {
    const char *area; /* "f25519" */
    const struct ecbench_row *rows;
    size_t count;
};

/* The suites ecbench.c registers. */
extern const struct ecbench_suite ecbench_suite_f25519;
extern const struct ecbench_suite ecbench_suite_ed25519; /* bench_ed25519.c */
extern const struct ecbench_suite ecbench_suite_edwards; /* bench_ed25519.c */
extern const struct ecbench_suite ecbench_suite_ristretto255; /* bench_ristretto.c */
extern const struct ecbench_suite ecbench_suite_p256;         /* bench_p256.c */
extern const struct ecbench_suite ecbench_suite_rangeproof;   /* bench_rangeproof.c */

/* Deterministic input bytes (a fixed-seed generator shared by all rows). */
void ecbench_random_bytes(uint8_t *out, size_t n);

/* A loop for rows that last nanoseconds: runs the statement after it n
 * times per call into the wrapper (the iteration count stays exact), e.g.
 *     ECBENCH_LOOP(st, 16) ops->fe_mul(&x, &x, &y);
 * Use the same n for a row and its peer. */
#define ECBENCH_LOOP(st, n)                                                                        \
    while (ecxb_keep_running_batch((st), (n)))                                                     \
        for (int ecbench_i_ = 0; ecbench_i_ < (n); ecbench_i_++)

#endif
