/* A small C interface over Google Benchmark 1.7 (benchmark_c.cc is the only
 * C++ in ecbench).
 *
 *   static void bm_mul(ecxb_state *st, void *arg)
 *   {
 *       ... set up x, y from arg ...
 *       while (ecxb_keep_running(st))
 *           mul(&x, &x, &y);            // feed the output back: a data dependency
 *       ecxb_do_not_optimize(&x);
 *   }
 *   ecxb_register("u64/f25519/mul", bm_mul, arg);
 *   ...
 *   int rc = ecxb_run(&argc, argv);     // parses --benchmark_* flags, runs, reports
 *   for (size_t i = 0; i < ecxb_result_count(); i++) ... ecxb_result_at(i) ...
 *
 * Registration copies the name; `arg` must stay valid until ecxb_run returns.
 * Times in results are nanoseconds per iteration. */
#ifndef ECX_BENCH_BENCHMARK_C_H
#define ECX_BENCH_BENCHMARK_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* benchmark::State, opaque. */
typedef struct ecxb_state ecxb_state;
/* A registered benchmark (benchmark::internal::Benchmark), opaque. */
typedef struct ecxb_bench ecxb_bench;

/* The body of a benchmark: runs the keep-running loop once. */
typedef void (*ecxb_fn)(ecxb_state *state, void *arg);

/* Registers a benchmark under `name` (copied). Returns a handle for the
 * setters below, or NULL if registration failed. */
ecxb_bench *ecxb_register(const char *name, ecxb_fn fn, void *arg);

/* Time unit of the reported rows (default: nanoseconds). */
typedef enum { ECXB_NS = 0, ECXB_US = 1, ECXB_MS = 2, ECXB_S = 3 } ecxb_unit;
void ecxb_set_unit(ecxb_bench *b, ecxb_unit unit);

/* The timing loop: true while more iterations are wanted. */
int ecxb_keep_running(ecxb_state *state);
/* The same for n iterations at a time (the body then runs its operation n
 * times); takes the per-call overhead of the wrapper out of rows that last
 * only nanoseconds. The reported iteration count is exact. */
int ecxb_keep_running_batch(ecxb_state *state, int64_t n);
/* Iterations done so far (after the loop: all of them). */
int64_t ecxb_iterations(const ecxb_state *state);

void ecxb_pause_timing(ecxb_state *state);
void ecxb_resume_timing(ecxb_state *state);
/* Marks the run failed (shown in the row); the body must then return
 * without entering, or after leaving, the keep-running loop. */
void ecxb_skip_with_error(ecxb_state *state, const char *message);

/* Items per second column: items processed in the whole run, e.g.
 * 64 * ecxb_iterations(st) for a batch of 64. */
void ecxb_set_items_processed(ecxb_state *state, int64_t items);

/* A user counter (a column of its own). Flags combine; see benchmark::Counter. */
#define ECXB_COUNTER_DEFAULT 0u
#define ECXB_COUNTER_RATE 1u           /* value / elapsed seconds */
#define ECXB_COUNTER_AVG_ITERATIONS 2u /* value / iterations */
#define ECXB_COUNTER_INVERT 4u         /* 1 / value */
void ecxb_set_counter(ecxb_state *state, const char *name, double value, unsigned flags);

/* Keeps the compiler from proving a result unused (what
 * benchmark::DoNotOptimize does for C++). */
static inline void ecxb_do_not_optimize(const void *p)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    static const void *volatile sink;
    sink = p;
#endif
}

/* Prints Google Benchmark's own flag list (benchmark::PrintDefaultHelp). */
void ecxb_print_flags_help(void);

/* Initialises Google Benchmark with its flags from argv (removing them),
 * rejects anything left over but argv[0], runs the benchmarks that match
 * --benchmark_filter with the display reporter --benchmark_format asks for
 * (and the file reporter of --benchmark_out), and captures every reported
 * run. Returns 0, or 1 after printing a message for unrecognised arguments. */
int ecxb_run(int *argc, char **argv);

/* With repetitions, the console table shows each row's aggregates (mean,
 * median, stddev, cv) only, unless show is non-zero (before ecxb_run).
 * Results capture every run either way; machine formats get every run. */
void ecxb_show_repetitions(int show);

/* True when the rows went to standard output in a machine format (json,
 * csv), so anything else should go to standard error. Valid after ecxb_run. */
int ecxb_rows_machine_readable(void);

/* One reported run. Repetitions (--benchmark_repetitions) give one result
 * per repetition plus aggregates ("mean", "median", "stddev", "cv"). */
typedef struct {
    const char *name;      /* the registered name (plus any suffixes Google Benchmark adds) */
    const char *aggregate; /* "" for a measured run, else the statistic's name */
    int error;             /* the run was skipped with an error */
    int64_t iterations;
    double real_ns; /* per iteration */
    double cpu_ns;  /* per iteration */
} ecxb_result;

size_t ecxb_result_count(void);
const ecxb_result *ecxb_result_at(size_t i);

#ifdef __cplusplus
}
#endif

#endif
