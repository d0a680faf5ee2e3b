/* The statistics behind ecbench's summary, baselines and throughput view,
 * in plain C (no Google Benchmark, no libm beyond sqrt/exp/erfc): medians
 * and quantiles, a percentile bootstrap, the Mann-Whitney U test and
 * Student's t quantiles. Every function is deterministic: the bootstrap
 * draws from its own seeded generator, so the same samples always give the
 * same interval. tests/test_bench_stats.c checks them on synthetic samples
 * whose answers are known. Nothing here is constant time (it handles
 * timings, not secrets). */
#ifndef ECX_BENCH_STATS_H
#define ECX_BENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Mean and sample standard deviation (n - 1 in the denominator; 0 for
 * n < 2). n >= 1. */
double ecbs_mean(const double *x, size_t n);
double ecbs_stddev(const double *x, size_t n);

/* The q-quantile (0 <= q <= 1) of n >= 1 values by linear interpolation
 * between order statistics (Hyndman and Fan's type 7, R's and NumPy's
 * default). x need not be sorted; it is not modified. Returns 0 for n = 0. */
double ecbs_quantile(const double *x, size_t n, double q);
double ecbs_median(const double *x, size_t n);

/* Two-sided t quantile: the t with P(|T| <= t) = level for Student's t with
 * df degrees of freedom (df >= 1), for level 0.95 or 0.999 (JMH's error
 * bars); other levels return 0. From a table for df <= 30, interpolated in
 * 1/df beyond. */
double ecbs_t_two_sided(double level, size_t df);

/* Percentile bootstrap (Efron) of median(a) / median(b): draws `resamples`
 * resamples of each (with replacement) from a generator seeded with `seed`
 * and writes the (1 - level)/2 and (1 + level)/2 quantiles of the ratios.
 * na, nb >= 1; every value of b must be > 0. */
void ecbs_bootstrap_median_ratio(const double *a, size_t na, const double *b, size_t nb, double level,
                                 size_t resamples, uint64_t seed, double *lo, double *hi);

/* The Mann-Whitney U test (Wilcoxon rank-sum) of "a and b come from the
 * same distribution" against "one tends to be larger": the two-sided
 * p-value. Exact (the null distribution of U counted by recursion) when
 * there are no ties and na * nb <= 400; otherwise the normal approximation
 * with midranks, the tie correction of the variance and a continuity
 * correction. Returns 1 when na or nb is 0. */
double ecbs_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb);

/* A change between a baseline's samples and new ones, as criterion reports
 * it: the relative change of the median with a bootstrap confidence
 * interval, the Mann-Whitney p-value and a verdict. */
enum ecbs_verdict {
    ECBS_NO_CHANGE,    /* p >= alpha */
    ECBS_WITHIN_NOISE, /* p < alpha, but the interval reaches inside +-noise */
    ECBS_IMPROVED,     /* p < alpha and the whole interval below -noise (faster) */
    ECBS_REGRESSED,    /* p < alpha and the whole interval above +noise (slower) */
};
struct ecbs_change {
    double lo, estimate, hi; /* median(new) / median(base) - 1, and its 95% interval */
    double p;
    enum ecbs_verdict verdict;
};
/* Compares times (lower is better): base[0..nb), cur[0..nc), all > 0,
 * nb, nc >= 1. alpha: significance level (0.05); noise: the relative change
 * below which a significant change still counts as noise (criterion's
 * noise threshold, 0.02). */
struct ecbs_change ecbs_compare(const double *base, size_t nb, const double *cur, size_t nc, double alpha,
                                double noise);
/* "No change in performance detected." and the like (criterion's words). */
const char *ecbs_verdict_text(enum ecbs_verdict v);

#endif
