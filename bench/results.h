/* What one ecbench run measured, row by row, as the summary, the
 * throughput view, baselines and the HTML report read it (ecbench.c builds
 * it from Google Benchmark's reported runs after the run). */
#ifndef ECX_BENCH_RESULTS_H
#define ECX_BENCH_RESULTS_H

#include <stddef.h>
#include <stdio.h>

struct ecbench_measured {
    const char *name;        /* the full row name, "u64/ed25519/verify" */
    const char *op;          /* AREA/OP[/PARAM], "ed25519/verify": what pairs ours with peers */
    const char *backend;     /* "u64" for a row of ours, NULL for a peer row */
    const char *peer;        /* "libsodium" for a peer row, NULL for ours */
    const char *per_item_of; /* a batch row's single-item AREA/OP (ecbench.h), or NULL */
    size_t param;            /* the batch size of a batch row */
    double *samples;         /* CPU nanoseconds per call, one per repetition */
    size_t n;                /* 0: the row did not run (filtered out, or failed) */
    double median;           /* of the samples */
};

struct ecbench_results {
    struct ecbench_measured *rows;
    size_t count;
};

/* The rows `ours` is set beside, one at a time, in row order: the peer
 * rows of its AREA/OP that ran and, when `versus` names another backend
 * than ours (--versus), that backend's row of the same AREA/OP. Start
 * with *j = 0; returns NULL when there are no more. */
const struct ecbench_measured *ecbench_next_comparison(const struct ecbench_results *res,
                                                       const struct ecbench_measured *ours, const char *versus,
                                                       size_t *j);

/* The 95% bootstrap interval [*lo, *hi] of the ratio of the medians ours /
 * peer, the one the summary and the report print (fixed resamples and
 * seed: the same samples give the same interval). Returns 0, leaving *lo
 * and *hi alone, when either row has fewer than two samples. */
int ecbench_ratio_interval(const struct ecbench_measured *ours, const struct ecbench_measured *peer, double *lo,
                           double *hi);

/* "  41.23 us": a time in ns with a unit chosen for it, 12 characters. */
const char *ecbench_format_time(char *buf, size_t len, double ns);

/* The summary: each row of ours beside its peers, median times and the
 * ratio with its 95% bootstrap interval across repetitions (summary.c).
 * `versus` (--versus, or NULL): a backend whose rows each other backend's
 * row of the same AREA/OP[/PARAM] is also set beside. */
void ecbench_print_summary(FILE *out, const struct ecbench_results *res, const char *versus);
/* The throughput view (--ops): operations per second with JMH's error,
 * the half-width of the 99.9% Student t interval of the per-repetition
 * rates (summary.c). */
void ecbench_print_ops(FILE *out, const struct ecbench_results *res);

/* Baselines (baseline.c). The folder: --baseline-dir, else
 * $ECBENCH_BASELINE_DIR, else ./ecbench-baselines. Each writes or reads
 * DIR/NAME.json; they return 0, or -1 after printing why. */
int ecbench_save_baseline(const char *dir, const char *name, const struct ecbench_results *res);
int ecbench_compare_baseline(FILE *out, const char *dir, const char *name, const struct ecbench_results *res);
/* --load-baseline (criterion's): replaces every row's samples with those
 * of DIR/NAME.json (rows it lacks did not run), so that two saved
 * baselines can be compared without measuring. */
int ecbench_load_samples(const char *dir, const char *name, struct ecbench_results *res);

/* The HTML report (report.c): DIR/index.html, self-contained (inline SVG
 * and CSS, no script); its ratio table pairs rows as the summary does
 * (`versus` as there). Returns 0, or -1 after printing why. */
int ecbench_write_report(const char *dir, const struct ecbench_results *res, const char *versus);

#endif
