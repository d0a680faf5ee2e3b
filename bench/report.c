/* ecbench --report=DIR: DIR/index.html, one self-contained page (inline
 * CSS and SVG, no script, nothing fetched when it is viewed). Per
 * operation (AREA/OP[/PARAM]): a bar per backend and peer with the median
 * CPU time and an error bar over the repetitions (fastest to slowest), and
 * the distribution of the repetitions' mean times as a strip plot of
 * their deviations from the median; then the ratio table of the summary. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ecx/ecx.h"
#include "results.h"

#define OURS_COLOR "#1f77b4"
#define PEER_COLOR "#ff7f0e"
#define CHART_WIDTH 900
#define LABEL_WIDTH 300
#define BAR_HEIGHT 22

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else
            fputc(*s, f);
    }
}

static double sample_min(const struct ecbench_measured *r)
{
    double m = r->samples[0];
    for (size_t k = 1; k < r->n; k++) m = r->samples[k] < m ? r->samples[k] : m;
    return m;
}

static double sample_max(const struct ecbench_measured *r)
{
    double m = r->samples[0];
    for (size_t k = 1; k < r->n; k++) m = r->samples[k] > m ? r->samples[k] : m;
    return m;
}

/* The rows of operation `op` that ran: indices into res->rows. */
static size_t rows_of(const struct ecbench_results *res, const char *op, size_t *idx, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < res->count && n < cap; i++)
        if (res->rows[i].n > 0 && strcmp(res->rows[i].op, op) == 0) idx[n++] = i;
    return n;
}

/* Bars with error bars, then the strip plot of the samples, on one scale. */
static void plot_operation(FILE *f, const struct ecbench_results *res, const char *op)
{
    size_t idx[64];
    size_t n = rows_of(res, op, idx, 64);
    double top = 0;
    for (size_t i = 0; i < n; i++) {
        double m = sample_max(&res->rows[idx[i]]);
        if (m > top) top = m;
    }
    if (top <= 0) return;
    const double plot_width = CHART_WIDTH - LABEL_WIDTH - 110;
    const double scale = plot_width / (top * 1.05);
    char t[32];

    fprintf(f, "<h2>");
    html_text(f, op);
    fprintf(f, "</h2>\n<p class=\"note\">Median CPU time per call; the error bar spans the fastest to the slowest "
               "repetition.</p>\n");
    int height = (int)(n * (BAR_HEIGHT + 8)) + 30;
    fprintf(f, "<svg class=\"bars\" width=\"%d\" height=\"%d\">\n", CHART_WIDTH,
            height);
    for (size_t i = 0; i < n; i++) {
        const struct ecbench_measured *r = &res->rows[idx[i]];
        double y = 10 + (double)i * (BAR_HEIGHT + 8);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LABEL_WIDTH - 8, y + BAR_HEIGHT * 0.7);
        html_text(f, r->name);
        fprintf(f, "</text>\n<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n", LABEL_WIDTH, y,
                r->median * scale, BAR_HEIGHT, r->backend ? OURS_COLOR : PEER_COLOR);
        double x0 = LABEL_WIDTH + sample_min(r) * scale, x1 = LABEL_WIDTH + sample_max(r) * scale;
        double mid = y + BAR_HEIGHT / 2.0;
        fprintf(f, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" stroke=\"#222\" stroke-width=\"2\"/>\n",
                x0, mid, x1, x0, mid - 6, mid + 6, x1, mid - 6, mid + 6);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x1 + 6, y + BAR_HEIGHT * 0.7,
                ecbench_format_time(t, sizeof t, r->median));
    }
    fprintf(f, "<line x1=\"%d\" y1=\"5\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n</svg>\n", LABEL_WIDTH, LABEL_WIDTH,
            height - 15);

    /* The distribution: each repetition's deviation from its row's median,
     * on a symmetric axis wide enough for the largest one (at least 1%). */
    double span = 0.01;
    for (size_t i = 0; i < n; i++) {
        const struct ecbench_measured *r = &res->rows[idx[i]];
        for (size_t k = 0; k < r->n; k++) {
            double d = r->samples[k] / r->median - 1;
            if (d < 0) d = -d;
            if (d > span) span = d;
        }
    }
    span *= 1.1;
    const double mid_x = LABEL_WIDTH + plot_width / 2, half = plot_width / 2;
    fprintf(f, "<p class=\"note\">Distribution of the repetitions' mean times: one dot per repetition, as its "
               "deviation from the row's median (axis &plusmn;%.1f%%).</p>\n", 100 * span);
    height = (int)(n * 18) + 34;
    fprintf(f, "<svg class=\"distribution\" width=\"%d\" height=\"%d\">\n", CHART_WIDTH, height);
    for (size_t i = 0; i < n; i++) {
        const struct ecbench_measured *r = &res->rows[idx[i]];
        double y = 12 + (double)i * 18;
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"small\">", LABEL_WIDTH - 8, y + 4);
        html_text(f, r->name);
        fprintf(f, "</text>\n<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", LABEL_WIDTH, y,
                LABEL_WIDTH + plot_width, y);
        for (size_t k = 0; k < r->n; k++)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" fill-opacity=\"0.7\"/>\n",
                    mid_x + (r->samples[k] / r->median - 1) / span * half, y, r->backend ? OURS_COLOR : PEER_COLOR);
    }
    double axis_y = 12 + (double)n * 18;
    fprintf(f, "<line x1=\"%.1f\" y1=\"2\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\"/>\n", mid_x, mid_x, axis_y - 6);
    fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"small\">-%.1f%%</text><text x=\"%.1f\" y=\"%.1f\" "
               "class=\"small\" text-anchor=\"middle\">median</text><text x=\"%.1f\" y=\"%.1f\" class=\"small\" "
               "text-anchor=\"end\">+%.1f%%</text>\n", LABEL_WIDTH, axis_y + 8, 100 * span, mid_x, axis_y + 8,
            LABEL_WIDTH + plot_width, axis_y + 8, 100 * span);
    fprintf(f, "</svg>\n");
}

static void ratio_table(FILE *f, const struct ecbench_results *res, const char *versus)
{
    fprintf(f, "<h2>Ratios</h2>\n<p class=\"note\">ours / peer of the median CPU times (below 1: ecx is faster), "
               "with the 95%% bootstrap interval over the repetitions.");
    if (versus) {
        fprintf(f, " Each other backend's row also beside ");
        html_text(f, versus);
        fprintf(f, "'s (--versus).");
    }
    fprintf(f, "</p>\n<table>\n<tr><th>row</th><th>time</th>"
               "<th>peer</th><th>time</th><th>ratio</th><th>interval</th></tr>\n");
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        if (!r->backend || r->n == 0) continue;
        const struct ecbench_measured *p;
        for (size_t j = 0; (p = ecbench_next_comparison(res, r, versus, &j)) != NULL;) {
            char t1[32], t2[32], interval[64] = "";
            double lo, hi;
            if (ecbench_ratio_interval(r, p, &lo, &hi)) snprintf(interval, sizeof interval, "%.3f&ndash;%.3f", lo, hi);
            fprintf(f, "<tr><td>");
            html_text(f, r->name);
            fprintf(f, "</td><td>%s</td><td>", ecbench_format_time(t1, sizeof t1, r->median));
            html_text(f, p->name);
            fprintf(f, "</td><td>%s</td><td class=\"%s\">%.3f</td><td>%s</td></tr>\n",
                    ecbench_format_time(t2, sizeof t2, p->median), r->median < p->median ? "faster" : "slower",
                    r->median / p->median, interval);
        }
    }
    fprintf(f, "</table>\n");
}

int ecbench_write_report(const char *dir, const struct ecbench_results *res, const char *versus)
{
    char path[4096];
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "ecbench: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/index.html", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ecbench: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t reps = 0;
    for (size_t i = 0; i < res->count; i++)
        if (res->rows[i].n > reps) reps = res->rows[i].n;
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>ecbench report</title>\n"
               "<style>body{font-family:sans-serif;margin:24px;color:#222;background:#fff}"
               "svg text{font-size:13px;font-family:monospace} svg text.small{font-size:11px}"
               ".note{color:#555;font-size:13px} table{border-collapse:collapse;font-family:monospace}"
               "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right} td:first-child,td:nth-child(3)"
               "{text-align:left} .faster{color:#080} .slower{color:#a00}"
               ".key span{display:inline-block;width:14px;height:14px;margin:0 4px 0 12px;vertical-align:middle}"
               "</style></head><body>\n<h1>ecbench report</h1>\n");
    fprintf(f, "<p>ecx %s, active backend %s; %zu repetition%s per row, interleaved at random.</p>\n", ecx_version(),
            ecx_backend(), reps, reps == 1 ? "" : "s");
    fprintf(f, "<p class=\"key\"><span style=\"background:%s\"></span>ecx backends<span style=\"background:%s\">"
               "</span>peers (libsodium, OpenSSL)</p>\n", OURS_COLOR, PEER_COLOR);
    /* One section per operation, in row order. */
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        if (r->n == 0) continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++) seen = res->rows[j].n > 0 && strcmp(res->rows[j].op, r->op) == 0;
        if (!seen) plot_operation(f, res, r->op);
    }
    ratio_table(f, res, versus);
    fprintf(f, "</body></html>\n");
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "ecbench: cannot write %s\n", path);
        return -1;
    }
    fprintf(stderr, "ecbench: report written to %s\n", path);
    return 0;
}
