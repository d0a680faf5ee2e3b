/* ecbench's statistics (see stats.h for the contracts). */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double ecbs_mean(const double *x, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++) s += x[i];
    return n ? s / (double)n : 0.0;
}

double ecbs_stddev(const double *x, size_t n)
{
    if (n < 2) return 0.0;
    double m = ecbs_mean(x, n), s = 0;
    for (size_t i = 0; i < n; i++) s += (x[i] - m) * (x[i] - m);
    return sqrt(s / (double)(n - 1));
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Type 7 on sorted values. */
static double quantile_sorted(const double *s, size_t n, double q)
{
    if (n == 0) return 0.0;
    if (q <= 0) return s[0];
    if (q >= 1) return s[n - 1];
    double h = q * (double)(n - 1);
    size_t i = (size_t)h;
    double frac = h - (double)i;
    return i + 1 < n ? s[i] + frac * (s[i + 1] - s[i]) : s[i];
}

double ecbs_quantile(const double *x, size_t n, double q)
{
    if (n == 0) return 0.0;
    double small[64], *s = n <= 64 ? small : malloc(n * sizeof *s);
    if (!s) return 0.0;
    memcpy(s, x, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_double);
    double r = quantile_sorted(s, n, q);
    if (s != small) free(s);
    return r;
}

double ecbs_median(const double *x, size_t n) { return ecbs_quantile(x, n, 0.5); }

/* Two-sided quantiles of Student's t (t_{(1+level)/2}) for df = 1..30, then
 * df = 40, 60, 120 and the normal limit (standard tables). */
static const double t95[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                               2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                               2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
static const double t95_tail[4] = {2.021, 2.000, 1.980, 1.960};
static const double t999[30] = {636.619, 31.599, 12.924, 8.610, 6.869, 5.959, 5.408, 5.041, 4.781, 4.587,
                                4.437,   4.318,  4.221,  4.140, 4.073, 4.015, 3.965, 3.922, 3.883, 3.850,
                                3.819,   3.792,  3.768,  3.745, 3.725, 3.707, 3.690, 3.674, 3.659, 3.646};
static const double t999_tail[4] = {3.551, 3.460, 3.373, 3.291};

double ecbs_t_two_sided(double level, size_t df)
{
    const double *table, *tail;
    if (fabs(level - 0.95) < 1e-9) {
        table = t95;
        tail = t95_tail;
    } else if (fabs(level - 0.999) < 1e-9) {
        table = t999;
        tail = t999_tail;
    } else {
        return 0.0;
    }
    if (df == 0) return 0.0;
    if (df <= 30) return table[df - 1];
    /* Linear in 1/df between the tabulated points 30, 40, 60, 120, inf. */
    static const double dfs[5] = {30, 40, 60, 120, INFINITY};
    const double v[5] = {table[29], tail[0], tail[1], tail[2], tail[3]};
    double inv = 1.0 / (double)df;
    for (int i = 0; i < 4; i++) {
        double a = 1.0 / dfs[i], b = isinf(dfs[i + 1]) ? 0.0 : 1.0 / dfs[i + 1];
        if (inv <= a && inv >= b) return v[i + 1] + (v[i] - v[i + 1]) * (inv - b) / (a - b);
    }
    return tail[3];
}

/* splitmix64: the bootstrap's generator. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The median of a resample of x (n values) drawn into scratch. */
static double resampled_median(const double *x, size_t n, double *scratch, uint64_t *state)
{
    for (size_t i = 0; i < n; i++) scratch[i] = x[(size_t)(((next_random(state) >> 32) * (uint64_t)n) >> 32)];
    qsort(scratch, n, sizeof *scratch, cmp_double);
    return quantile_sorted(scratch, n, 0.5);
}

void ecbs_bootstrap_median_ratio(const double *a, size_t na, const double *b, size_t nb, double level,
                                 size_t resamples, uint64_t seed, double *lo, double *hi)
{
    double *ratios = malloc(resamples * sizeof *ratios);
    double *scratch = malloc((na > nb ? na : nb) * sizeof *scratch);
    if (!ratios || !scratch || resamples == 0) {
        double r = ecbs_median(a, na) / ecbs_median(b, nb);
        *lo = *hi = r;
        free(ratios);
        free(scratch);
        return;
    }
    uint64_t state = seed;
    for (size_t k = 0; k < resamples; k++) {
        double ma = resampled_median(a, na, scratch, &state);
        double mb = resampled_median(b, nb, scratch, &state);
        ratios[k] = ma / mb;
    }
    qsort(ratios, resamples, sizeof *ratios, cmp_double);
    *lo = quantile_sorted(ratios, resamples, (1 - level) / 2);
    *hi = quantile_sorted(ratios, resamples, (1 + level) / 2);
    free(ratios);
    free(scratch);
}

/* Exact two-sided p of U = u (an integer) for sizes m, n without ties: the
 * counts of U are the coefficients of the Gaussian binomial
 * [m + n choose m]_q = prod_{k=1..m} (1 - q^(n+k)) / (1 - q^k), built one
 * factor at a time (all intermediate values are integers below 2^53 for
 * m n <= 400). */
static double exact_p(size_t m, size_t n, double u)
{
    size_t max = m * n;
    double *c = calloc(max + 1 + n + m + 1, sizeof *c);
    if (!c) return 1.0;
    size_t deg = 0;
    c[0] = 1;
    for (size_t k = 1; k <= m; k++) {
        size_t s = n + k;
        for (size_t i = deg + s; i >= s; i--) c[i] -= c[i - s];
        deg += s;
        for (size_t i = k; i <= deg; i++) c[i] += c[i - k];
        deg -= k;
    }
    double total = 0, below = 0, above = 0;
    for (size_t i = 0; i <= max; i++) {
        total += c[i];
        if ((double)i <= u) below += c[i];
        if ((double)i >= u) above += c[i];
    }
    free(c);
    double p = 2 * (below < above ? below : above) / total;
    return p > 1 ? 1 : p;
}

struct ranked {
    double value;
    int from_a;
};

static int cmp_ranked(const void *x, const void *y) { return cmp_double(&((const struct ranked *)x)->value, &((const struct ranked *)y)->value); }

double ecbs_mann_whitney_p(const double *a, size_t na, const double *b, size_t nb)
{
    if (na == 0 || nb == 0) return 1.0;
    size_t n = na + nb;
    struct ranked *all = malloc(n * sizeof *all);
    if (!all) return 1.0;
    for (size_t i = 0; i < na; i++) all[i] = (struct ranked){a[i], 1};
    for (size_t i = 0; i < nb; i++) all[na + i] = (struct ranked){b[i], 0};
    qsort(all, n, sizeof *all, cmp_ranked);

    /* Midranks (1-based) and the tie term sum (t^3 - t). */
    double rank_sum_a = 0, ties = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && all[j + 1].value == all[i].value) j++;
        double t = (double)(j - i + 1), midrank = (double)(i + j) / 2 + 1;
        for (size_t k = i; k <= j; k++)
            if (all[k].from_a) rank_sum_a += midrank;
        ties += t * t * t - t;
        i = j + 1;
    }
    free(all);
    double u = rank_sum_a - (double)na * (double)(na + 1) / 2; /* pairs with a > b, ties half */
    if (ties == 0 && na * nb <= 400) return exact_p(na, nb, u);

    double mean = (double)na * (double)nb / 2;
    double var = (double)na * (double)nb / 12 * ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
    if (var <= 0) return 1.0;
    double z = (fabs(u - mean) - 0.5) / sqrt(var);
    if (z < 0) z = 0;
    return erfc(z / sqrt(2.0));
}

struct ecbs_change ecbs_compare(const double *base, size_t nb, const double *cur, size_t nc, double alpha,
                                double noise)
{
    struct ecbs_change c;
    c.estimate = ecbs_median(cur, nc) / ecbs_median(base, nb) - 1;
    ecbs_bootstrap_median_ratio(cur, nc, base, nb, 0.95, 2000, 0x6563626173656c6eull, &c.lo, &c.hi);
    c.lo -= 1;
    c.hi -= 1;
    c.p = ecbs_mann_whitney_p(base, nb, cur, nc);
    if (c.p >= alpha)
        c.verdict = ECBS_NO_CHANGE;
    else if (c.lo > noise)
        c.verdict = ECBS_REGRESSED;
    else if (c.hi < -noise)
        c.verdict = ECBS_IMPROVED;
    else
        c.verdict = ECBS_WITHIN_NOISE;
    return c;
}

const char *ecbs_verdict_text(enum ecbs_verdict v)
{
    switch (v) {
    case ECBS_IMPROVED: return "Performance has improved.";
    case ECBS_REGRESSED: return "Performance has regressed.";
    case ECBS_WITHIN_NOISE: return "Change within noise threshold.";
    default: return "No change in performance detected.";
    }
}
