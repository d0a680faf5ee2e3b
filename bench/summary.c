/* ecbench's text views of a run: the summary of ratios ours / peer (and,
 * with --versus, backend / backend) and the JMH-style throughput table
 * (--ops). See results.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "results.h"
#include "stats.h"

/* The summary's interval: 95%, from this many bootstrap resamples. */
#define RATIO_RESAMPLES 2000
#define RATIO_SEED 0x7261746966ull

/* The rows of AREA/OP `op` that ran and are a peer's or, if `backend` is
 * not NULL, that backend's; one at a time: start with *j = 0; returns
 * NULL when there are no more. */
static const struct ecbench_measured *next_match(const struct ecbench_results *res, const char *op,
                                                 const char *backend, size_t *j)
{
    for (; *j < res->count; (*j)++) {
        const struct ecbench_measured *p = &res->rows[*j];
        if (p->n == 0 || strcmp(p->op, op) != 0) continue;
        if (p->peer || (backend && p->backend && strcmp(p->backend, backend) == 0)) {
            (*j)++;
            return p;
        }
    }
    return NULL;
}

const struct ecbench_measured *ecbench_next_comparison(const struct ecbench_results *res,
                                                       const struct ecbench_measured *ours, const char *versus,
                                                       size_t *j)
{
    const int versus_other = versus && ours->backend && strcmp(ours->backend, versus) != 0;
    return next_match(res, ours->op, versus_other ? versus : NULL, j);
}

const char *ecbench_format_time(char *buf, size_t len, double ns)
{
    if (ns < 1e4)
        snprintf(buf, len, "%9.1f ns", ns);
    else if (ns < 1e7)
        snprintf(buf, len, "%9.2f us", ns / 1e3);
    else
        snprintf(buf, len, "%9.2f ms", ns / 1e6);
    return buf;
}

int ecbench_ratio_interval(const struct ecbench_measured *ours, const struct ecbench_measured *peer, double *lo,
                           double *hi)
{
    if (ours->n < 2 || peer->n < 2) return 0;
    ecbs_bootstrap_median_ratio(ours->samples, ours->n, peer->samples, peer->n, 0.95, RATIO_RESAMPLES, RATIO_SEED, lo,
                                hi);
    return 1;
}

/* One line: LABEL TIME PEER TIME RATIO [LO–HI]. `scale` divides our samples
 * (a batch's per-item time). */
static void print_pair(FILE *out, int width, const char *label, const struct ecbench_measured *ours, double scale,
                       const struct ecbench_measured *peer)
{
    char t1[32], t2[32], interval[48] = "";
    double ratio = ours->median / scale / peer->median, lo, hi;
    if (ecbench_ratio_interval(ours, peer, &lo, &hi))
        snprintf(interval, sizeof interval, "[%.3f\u2013%.3f]", lo / scale, hi / scale);
    fprintf(out, "%-*s  %12s  %-*s  %12s  %7.3f  %s\n", width, label,
            ecbench_format_time(t1, sizeof t1, ours->median / scale), width, peer->name,
            ecbench_format_time(t2, sizeof t2, peer->median), ratio, interval);
}

void ecbench_print_summary(FILE *out, const struct ecbench_results *res, const char *versus)
{
    int width = 20, any = 0;
    size_t reps = 0;
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        int len = (int)(strlen(r->name) + (r->per_item_of ? strlen(" per item") : 0));
        if (len > width) width = len;
        if (r->n > 0) any = 1;
        if (r->n > reps) reps = r->n;
    }
    if (!any) return;

    fprintf(out, "\nSummary: median CPU time per call over %zu repetition%s; ratio = ours / peer (below 1: ecx is "
            "faster)\n", reps, reps == 1 ? "" : "s");
    if (reps >= 2)
        fprintf(out, "[interval]: 95%% bootstrap interval of the ratio of medians, resampling the repetitions\n");
    if (versus)
        fprintf(out, "--versus=%s: each other backend's row also beside %s's row of the same operation "
                "(ratio = backend / %s)\n", versus, versus, versus);
    fprintf(out, "%-*s  %12s  %-*s  %12s  %7s\n", width, "row", "time", width, "peer", "time", "ratio");
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        if (!r->backend || r->n == 0) continue;
        const struct ecbench_measured *p;
        int paired = 0;
        for (size_t j = 0; (p = ecbench_next_comparison(res, r, versus, &j)) != NULL;) {
            print_pair(out, width, r->name, r, 1.0, p);
            paired = 1;
        }
        if (!paired) {
            char t[32];
            fprintf(out, "%-*s  %12s  %-*s\n", width, r->name, ecbench_format_time(t, sizeof t, r->median), width,
                    "-");
        }
        if (r->per_item_of && r->param > 0) {
            char label[160];
            snprintf(label, sizeof label, "%s per item", r->name);
            for (size_t j = 0; (p = next_match(res, r->per_item_of, NULL, &j)) != NULL;)
                print_pair(out, width, label, r, (double)r->param, p);
        }
    }
    fflush(out);
}

void ecbench_print_ops(FILE *out, const struct ecbench_results *res)
{
    int width = 9;
    for (size_t i = 0; i < res->count; i++)
        if (res->rows[i].n > 0 && (int)strlen(res->rows[i].name) > width) width = (int)strlen(res->rows[i].name);

    fprintf(out, "\nThroughput (as JMH prints it): Score = mean operations per second over the repetitions,\n"
                 "Error = half-width of its 99.9%% confidence interval (Student t, n - 1 degrees of freedom)\n");
    fprintf(out, "%-*s   Mode  Cnt  %16s   %14s  Units\n", width, "Benchmark", "Score", "Error");
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        if (r->n == 0) continue;
        double rates[256];
        size_t n = r->n < 256 ? r->n : 256;
        for (size_t k = 0; k < n; k++) rates[k] = r->samples[k] > 0 ? 1e9 / r->samples[k] : 0.0;
        double score = ecbs_mean(rates, n);
        if (n >= 2) {
            double error = ecbs_t_two_sided(0.999, n - 1) * ecbs_stddev(rates, n) / sqrt((double)n);
            fprintf(out, "%-*s  thrpt  %3zu  %16.3f \u00b1 %14.3f  ops/s\n", width, r->name, n, score, error);
        } else {
            fprintf(out, "%-*s  thrpt  %3zu  %16.3f   %14s  ops/s\n", width, r->name, n, score, "");
        }
    }
    fflush(out);
}
