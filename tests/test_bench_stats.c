/* ecbench's statistics (bench/stats.c) on synthetic samples whose answers
 * are known: quantiles and t quantiles from tables, the exact Mann-Whitney
 * p-values of small separations (counted by hand and matching SciPy's
 * exact method), the normal approximation's symmetry and limits, and the
 * verdicts of ecbs_compare on samples drawn with a known shift. */
#include <math.h>

#include "check.h"
#include "stats.h"

#define NEAR(x, y, tol) (fabs((x) - (y)) <= (tol))

/* Normal samples by Box-Muller from a fixed-seed splitmix64 (not
 * ECX_TEST_SEED's generator: these samples are the known inputs). */
static uint64_t sample_state = 0x73796e746865ull;
static uint64_t sample_random(void)
{
    uint64_t z = (sample_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static void normal_samples(double *x, size_t n, double mean, double sd)
{
    for (size_t i = 0; i < n; i++) {
        double u1 = ((double)(sample_random() >> 11) + 1.0) / 9007199254740993.0;
        double u2 = (double)(sample_random() >> 11) / 9007199254740992.0;
        x[i] = mean + sd * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
    }
}

static void test_descriptive(void)
{
    double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2}, five[] = {5, 4, 3, 2, 1};
    CHECK(ecbs_median(odd, 3) == 2);
    CHECK(ecbs_median(even, 4) == 2.5);
    CHECK(ecbs_quantile(five, 5, 0.25) == 2);
    CHECK(ecbs_quantile(five, 5, 0.1) == 1.4);
    CHECK(ecbs_quantile(five, 5, 0) == 1 && ecbs_quantile(five, 5, 1) == 5);
    CHECK(odd[0] == 3); /* not sorted in place */
    double sd[] = {2, 4, 4, 4, 5, 5, 7, 9};
    CHECK(ecbs_mean(sd, 8) == 5);
    CHECK(NEAR(ecbs_stddev(sd, 8), sqrt(32.0 / 7), 1e-12));
    CHECK(ecbs_stddev(sd, 1) == 0);
    CHECK(ecbs_t_two_sided(0.999, 6) == 5.959);
    CHECK(ecbs_t_two_sided(0.95, 1) == 12.706);
    CHECK(NEAR(ecbs_t_two_sided(0.95, 1000000), 1.960, 1e-3));
    CHECK(NEAR(ecbs_t_two_sided(0.999, 50), 3.496, 0.01)); /* table: 3.496 */
    CHECK(ecbs_t_two_sided(0.5, 10) == 0);
}

static void test_mann_whitney(void)
{
    /* Complete separation: only 2 of the C(n1 + n2, n1) orderings are as
     * extreme. */
    double a3[] = {1, 2, 3}, b3[] = {4, 5, 6};
    CHECK(NEAR(ecbs_mann_whitney_p(a3, 3, b3, 3), 2.0 / 20, 1e-12));
    CHECK(NEAR(ecbs_mann_whitney_p(b3, 3, a3, 3), 2.0 / 20, 1e-12));
    double a7[7], b7[7];
    for (int i = 0; i < 7; i++) a7[i] = i, b7[i] = 100 + i;
    CHECK(NEAR(ecbs_mann_whitney_p(a7, 7, b7, 7), 2.0 / 3432, 1e-12));
    /* Alternating 1 3 5 7 / 2 4 6 8: U = 6 of 16, exact p = 48/70 (the
     * coefficients of the Gaussian binomial [8 choose 4]_q). */
    double a4[] = {1, 3, 5, 7}, b4[] = {2, 4, 6, 8};
    CHECK(NEAR(ecbs_mann_whitney_p(a4, 4, b4, 4), 48.0 / 70, 1e-12));
    /* Unequal sizes: 1 2 against 3 4 5: 1 of C(5, 2) = 10 each way. */
    double a2[] = {1, 2}, b5[] = {3, 4, 5};
    CHECK(NEAR(ecbs_mann_whitney_p(a2, 2, b5, 3), 0.2, 1e-12));
    /* Identical samples (ties everywhere): no evidence at all. */
    double same[] = {5, 5, 5, 5};
    CHECK(ecbs_mann_whitney_p(same, 4, same, 4) == 1);
    CHECK(ecbs_mann_whitney_p(a3, 0, b3, 3) == 1);

    /* Large samples (normal approximation): a clear shift, symmetric in
     * its arguments; the same distribution gives a large p. */
    double x[40], y[40], z[40];
    normal_samples(x, 40, 100, 1);
    normal_samples(y, 40, 103, 1);
    normal_samples(z, 40, 100, 1);
    double p = ecbs_mann_whitney_p(x, 40, y, 40);
    CHECK(p < 1e-9);
    CHECK(NEAR(p, ecbs_mann_whitney_p(y, 40, x, 40), 1e-15));
    CHECK(ecbs_mann_whitney_p(x, 40, z, 40) > 0.05);
    /* Ties with separation (normal approximation with tie correction). */
    double ta[] = {1, 1, 2, 2, 2, 3, 3, 3, 3, 3}, tb[] = {7, 7, 8, 8, 8, 9, 9, 9, 9, 9};
    CHECK(ecbs_mann_whitney_p(ta, 10, tb, 10) < 0.001);
}

static void test_bootstrap(void)
{
    double a[] = {2, 2, 2, 2}, b[] = {4, 4, 4, 4}, lo, hi;
    ecbs_bootstrap_median_ratio(a, 4, b, 4, 0.95, 500, 1, &lo, &hi);
    CHECK(lo == 0.5 && hi == 0.5);
    double x[7] = {10, 11, 9, 10.5, 9.5, 10.2, 9.8}, y[7] = {20, 22, 18, 21, 19, 20.4, 19.6};
    ecbs_bootstrap_median_ratio(x, 7, y, 7, 0.95, 2000, 7, &lo, &hi);
    CHECK(lo <= 0.5 && hi >= 0.5); /* y = 2x exactly: the ratio of medians is 0.5 */
    CHECK(lo > 0.4 && hi < 0.6);
    double lo2, hi2;
    ecbs_bootstrap_median_ratio(x, 7, y, 7, 0.95, 2000, 7, &lo2, &hi2);
    CHECK(lo == lo2 && hi == hi2); /* deterministic */
}

static void test_compare(void)
{
    double base[10], slower[10], faster[10], same[10], tiny[10];
    normal_samples(base, 10, 1000, 5);
    normal_samples(slower, 10, 1100, 5); /* +10% */
    normal_samples(faster, 10, 900, 5);  /* -10% */
    normal_samples(same, 10, 1000, 5);
    struct ecbs_change c = ecbs_compare(base, 10, slower, 10, 0.05, 0.02);
    CHECK(c.verdict == ECBS_REGRESSED);
    CHECK(c.p < 0.001);
    CHECK(c.lo <= c.estimate && c.estimate <= c.hi);
    CHECK(c.lo < 0.10 + 0.02 && c.hi > 0.10 - 0.02);
    c = ecbs_compare(base, 10, faster, 10, 0.05, 0.02);
    CHECK(c.verdict == ECBS_IMPROVED);
    CHECK(c.hi < 0 && NEAR(c.estimate, -0.10, 0.02));
    c = ecbs_compare(base, 10, same, 10, 0.05, 0.02);
    CHECK(c.verdict == ECBS_NO_CHANGE);
    CHECK(c.p >= 0.05);
    CHECK(c.lo < 0 && c.hi > 0);
    /* +0.5% with almost no noise: significant, but inside the 2% noise
     * threshold. */
    double quiet[10];
    for (int i = 0; i < 10; i++) quiet[i] = 1000 + 0.01 * i, tiny[i] = 1005 + 0.01 * i;
    c = ecbs_compare(quiet, 10, tiny, 10, 0.05, 0.02);
    CHECK(c.p < 0.05);
    CHECK(c.verdict == ECBS_WITHIN_NOISE);
    CHECK(strcmp(ecbs_verdict_text(ECBS_NO_CHANGE), "No change in performance detected.") == 0);
    CHECK(strcmp(ecbs_verdict_text(ECBS_REGRESSED), "Performance has regressed.") == 0);
}

int main(void)
{
    test_descriptive();
    test_mann_whitney();
    test_bootstrap();
    test_compare();
    return check_summary("test_bench_stats");
}
