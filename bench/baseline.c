/* Baselines: every row's per-repetition samples saved as JSON, and a later
 * run compared with them as criterion does (results.h, docs/ecbench.md).
 *
 * The file DIR/NAME.json:
 *   {
 *     "format": "ecbench-baseline-1",
 *     "name": "main", "ecx_version": "0.1.0", "created": "2026-12-01T10:00:00Z",
 *     "unit": "cpu_ns_per_call",
 *     "rows": [ {"name": "u64/ed25519/verify", "samples": [41230.5, 41102.1, ...]}, ... ]
 *   }
 * The reader is a small JSON parser that accepts any valid JSON of that
 * shape (other keys are skipped). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ecx/ecx.h"
#include "results.h"
#include "stats.h"

#define FORMAT_TAG "ecbench-baseline-1"
#define ALPHA 0.05
#define NOISE 0.02

/* ---- writing ---- */

/* mkdir -p for a relative or absolute path. */
static int make_dirs(const char *dir)
{
    char path[4096];
    if (strlen(dir) >= sizeof path) return -1;
    strcpy(path, dir);
    for (char *c = path + 1; *c; c++) {
        if (*c != '/') continue;
        *c = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
        *c = '/';
    }
    return mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static void write_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

int ecbench_save_baseline(const char *dir, const char *name, const struct ecbench_results *res)
{
    char path[4096], tmp[4200];
    if (make_dirs(dir) != 0) {
        fprintf(stderr, "ecbench: cannot create the baseline folder %s: %s\n", dir, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "ecbench: cannot write %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    char when[32] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(f, "{\n  \"format\": \"%s\",\n  \"name\": ", FORMAT_TAG);
    write_json_string(f, name);
    fprintf(f, ",\n  \"ecx_version\": ");
    write_json_string(f, ecx_version());
    fprintf(f, ",\n  \"created\": \"%s\",\n  \"unit\": \"cpu_ns_per_call\",\n  \"rows\": [", when);
    int first = 1;
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        if (r->n == 0) continue;
        fprintf(f, "%s\n    {\"name\": ", first ? "" : ",");
        write_json_string(f, r->name);
        fprintf(f, ", \"samples\": [");
        for (size_t k = 0; k < r->n; k++) fprintf(f, "%s%.17g", k ? ", " : "", r->samples[k]);
        fprintf(f, "]}");
        first = 0;
    }
    fprintf(f, "\n  ]\n}\n");
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        fprintf(stderr, "ecbench: cannot write %s: %s\n", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    fprintf(stderr, "ecbench: baseline '%s' saved in %s\n", name, path);
    return 0;
}

/* ---- reading ---- */

struct baseline_row {
    char name[160];
    double *samples;
    size_t n;
};

struct baseline {
    struct baseline_row *rows;
    size_t count, cap;
};

struct parser {
    const char *p, *end;
    int failed;
};

static void skip_space(struct parser *ps)
{
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\t')) ps->p++;
}

static int expect(struct parser *ps, char c)
{
    skip_space(ps);
    if (ps->p < ps->end && *ps->p == c) {
        ps->p++;
        return 1;
    }
    ps->failed = 1;
    return 0;
}

static int peek(struct parser *ps, char c)
{
    skip_space(ps);
    return ps->p < ps->end && *ps->p == c;
}

/* A string into out (truncated to len - 1; \uXXXX escapes become '?'). */
static int parse_string(struct parser *ps, char *out, size_t len)
{
    size_t n = 0;
    if (!expect(ps, '"')) return 0;
    while (ps->p < ps->end && *ps->p != '"') {
        char c = *ps->p++;
        if (c == '\\') {
            if (ps->p >= ps->end) break;
            c = *ps->p++;
            if (c == 'u') {
                ps->p += ps->end - ps->p >= 4 ? 4 : ps->end - ps->p;
                c = '?';
            } else if (c == 'n') {
                c = '\n';
            } else if (c == 't') {
                c = '\t';
            }
        }
        if (out && n + 1 < len) out[n++] = c;
    }
    if (out && len) out[n] = '\0';
    return expect(ps, '"');
}

static int parse_number(struct parser *ps, double *v)
{
    skip_space(ps);
    char *end;
    errno = 0;
    *v = strtod(ps->p, &end);
    if (end == ps->p || end > ps->end || errno == ERANGE) {
        ps->failed = 1;
        return 0;
    }
    ps->p = end;
    return 1;
}

/* The members of an object (open = '{') or the elements of an array
 * (open = '['): item(ps, key, ctx) parses each value (key is the member's
 * name, truncated to 31 bytes, or NULL in an array). 1 on success. */
typedef int parse_item_fn(struct parser *ps, const char *key, void *ctx);

static int parse_container(struct parser *ps, char open, parse_item_fn *item, void *ctx)
{
    const char close = open == '{' ? '}' : ']';
    if (!expect(ps, open)) return 0;
    if (peek(ps, close)) return ps->p++, 1;
    do {
        char key[32];
        if (open == '{' && (!parse_string(ps, key, sizeof key) || !expect(ps, ':'))) return 0;
        if (!item(ps, open == '{' ? key : NULL, ctx)) return 0;
    } while (peek(ps, ',') && ps->p++);
    return expect(ps, close);
}

static int skip_value(struct parser *ps, int depth);

static int skip_item(struct parser *ps, const char *key, void *ctx)
{
    (void)key;
    return skip_value(ps, *(const int *)ctx + 1);
}

/* Skips any value. */
static int skip_value(struct parser *ps, int depth)
{
    skip_space(ps);
    if (ps->p >= ps->end || depth > 64) return ps->failed = 1, 0;
    char c = *ps->p;
    if (c == '"') return parse_string(ps, NULL, 0);
    if (c == '{' || c == '[') return parse_container(ps, c, skip_item, &depth);
    if (strncmp(ps->p, "true", 4) == 0 || strncmp(ps->p, "null", 4) == 0) return ps->p += 4, 1;
    if (strncmp(ps->p, "false", 5) == 0) return ps->p += 5, 1;
    double v;
    return parse_number(ps, &v);
}

/* Room for one more element (count of `size` bytes are in use) in the block
 * items of capacity *cap, grown by doubling from `first`: the block, moved
 * if it grew, or NULL (ps failed; items stays valid) without memory. */
static void *room_for_one(struct parser *ps, void *items, size_t count, size_t *cap, size_t size, size_t first)
{
    if (count < *cap) return items;
    size_t n = *cap ? 2 * *cap : first;
    void *grown = realloc(items, n * size);
    if (!grown) return ps->failed = 1, NULL;
    *cap = n;
    return grown;
}

struct row_parse {
    struct baseline_row *row;
    size_t cap;
};

static int sample_item(struct parser *ps, const char *key, void *ctx)
{
    struct row_parse *rp = ctx;
    struct baseline_row *row = rp->row;
    double v, *samples;
    (void)key;
    if (!parse_number(ps, &v)) return 0;
    samples = room_for_one(ps, row->samples, row->n, &rp->cap, sizeof *samples, 16);
    if (!samples) return 0;
    row->samples = samples;
    samples[row->n++] = v;
    return 1;
}

static int row_member(struct parser *ps, const char *key, void *ctx)
{
    struct row_parse *rp = ctx;
    if (strcmp(key, "name") == 0) return parse_string(ps, rp->row->name, sizeof rp->row->name);
    if (strcmp(key, "samples") == 0) return parse_container(ps, '[', sample_item, rp);
    return skip_value(ps, 1);
}

/* {"name": "...", "samples": [numbers], ...} */
static int parse_row(struct parser *ps, struct baseline_row *row)
{
    struct row_parse rp = {row, 0};
    memset(row, 0, sizeof *row);
    return parse_container(ps, '{', row_member, &rp);
}

struct baseline_parse {
    struct baseline *b;
    int *format_ok;
};

static int row_item(struct parser *ps, const char *key, void *ctx)
{
    struct baseline *b = ((struct baseline_parse *)ctx)->b;
    struct baseline_row *rows;
    (void)key;
    rows = room_for_one(ps, b->rows, b->count, &b->cap, sizeof *rows, 32);
    if (!rows) return 0;
    b->rows = rows;
    if (!parse_row(ps, &rows[b->count])) {
        free(rows[b->count].samples);
        return 0;
    }
    b->count++;
    return 1;
}

static int baseline_member(struct parser *ps, const char *key, void *ctx)
{
    struct baseline_parse *bp = ctx;
    if (strcmp(key, "format") == 0) {
        char tag[64];
        if (!parse_string(ps, tag, sizeof tag)) return 0;
        *bp->format_ok = strcmp(tag, FORMAT_TAG) == 0;
        return 1;
    }
    if (strcmp(key, "rows") == 0) return parse_container(ps, '[', row_item, bp);
    return skip_value(ps, 1);
}

/* {"format": FORMAT_TAG, "rows": [rows], ...} and nothing after it. */
static int parse_baseline(struct parser *ps, struct baseline *b, int *format_ok)
{
    struct baseline_parse bp = {b, format_ok};
    if (!parse_container(ps, '{', baseline_member, &bp)) return 0;
    skip_space(ps);
    return ps->p == ps->end;
}

static void free_baseline(struct baseline *b)
{
    for (size_t i = 0; i < b->count; i++) free(b->rows[i].samples);
    free(b->rows);
}

static int load_baseline(const char *path, struct baseline *b)
{
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "ecbench: cannot read the baseline %s: %s (save one with --save-baseline)\n", path,
                strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *grown = realloc(text, cap);
            if (!grown) break;
            text = grown;
        }
        size_t got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) break;
    }
    fclose(f);
    if (!text) return -1;
    text[len] = '\0';
    struct parser ps = {text, text + len, 0};
    int format_ok = 0;
    int ok = parse_baseline(&ps, b, &format_ok) && !ps.failed;
    free(text);
    if (!ok || !format_ok) {
        fprintf(stderr, "ecbench: %s is not an ecbench baseline (%s)\n", path,
                ok ? "no \"format\": \"" FORMAT_TAG "\"" : "malformed JSON");
        free_baseline(b);
        return -1;
    }
    for (size_t i = 0; i < b->count; i++)
        for (size_t k = 0; k < b->rows[i].n; k++)
            if (!(b->rows[i].samples[k] > 0) || !isfinite(b->rows[i].samples[k])) {
                fprintf(stderr, "ecbench: %s: row %s has a sample that is not a positive time\n", path,
                        b->rows[i].name);
                free_baseline(b);
                return -1;
            }
    return 0;
}

/* ---- comparing ---- */

/* The median's 95% bootstrap interval (the ratio to a constant 1). */
static void median_interval(const struct ecbench_measured *r, double *lo, double *hi)
{
    static const double one = 1.0;
    if (r->n < 2) {
        *lo = *hi = r->median;
        return;
    }
    ecbs_bootstrap_median_ratio(r->samples, r->n, &one, 1, 0.95, 2000, 0x74696d65ull, lo, hi);
}

int ecbench_compare_baseline(FILE *out, const char *dir, const char *name, const struct ecbench_results *res)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    struct baseline b;
    if (load_baseline(path, &b) != 0) return -1;

    size_t improved = 0, regressed = 0, unchanged = 0, missing = 0;
    fprintf(out, "\nChange against baseline '%s' (%s): median CPU time per call, 95%% bootstrap intervals,\n"
                 "Mann-Whitney U test (p < %.2f significant), noise threshold %.0f%%\n", name, path, ALPHA,
            NOISE * 100);
    for (size_t i = 0; i < res->count; i++) {
        const struct ecbench_measured *r = &res->rows[i];
        if (r->n == 0) continue;
        const struct baseline_row *old = NULL;
        for (size_t k = 0; k < b.count && !old; k++)
            if (strcmp(b.rows[k].name, r->name) == 0 && b.rows[k].n > 0) old = &b.rows[k];
        char t0[32], t1[32], t2[32];
        double lo, hi;
        median_interval(r, &lo, &hi);
        fprintf(out, "%s\n  time:   [%s %s %s]\n", r->name, ecbench_format_time(t0, sizeof t0, lo),
                ecbench_format_time(t1, sizeof t1, r->median), ecbench_format_time(t2, sizeof t2, hi));
        if (!old) {
            fprintf(out, "  (no row of this name in the baseline)\n");
            missing++;
            continue;
        }
        if (old->n < 2 || r->n < 2) {
            fprintf(out, "  change: %+.2f%% (too few repetitions for a test: run with --repetitions >= 2)\n",
                    100 * (r->median / ecbs_median(old->samples, old->n) - 1));
            missing++;
            continue;
        }
        struct ecbs_change c = ecbs_compare(old->samples, old->n, r->samples, r->n, ALPHA, NOISE);
        fprintf(out, "  change: [%+.2f%% %+.2f%% %+.2f%%] (p = %.3g %c %.2f)\n  %s\n", 100 * c.lo, 100 * c.estimate,
                100 * c.hi, c.p, c.p < ALPHA ? '<' : '>', ALPHA, ecbs_verdict_text(c.verdict));
        if (c.verdict == ECBS_IMPROVED)
            improved++;
        else if (c.verdict == ECBS_REGRESSED)
            regressed++;
        else
            unchanged++;
    }
    fprintf(out, "\nAgainst '%s': %zu improved, %zu regressed, %zu unchanged, %zu not compared\n", name, improved,
            regressed, unchanged, missing);
    fflush(out);
    free_baseline(&b);
    return 0;
}

int ecbench_load_samples(const char *dir, const char *name, struct ecbench_results *res)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    struct baseline b;
    if (load_baseline(path, &b) != 0) return -1;
    for (size_t i = 0; i < res->count; i++) {
        struct ecbench_measured *r = &res->rows[i];
        r->n = 0;
        for (size_t k = 0; k < b.count; k++) {
            if (strcmp(b.rows[k].name, r->name) != 0 || b.rows[k].n == 0) continue;
            double *copy = malloc(b.rows[k].n * sizeof *copy);
            if (!copy) break;
            memcpy(copy, b.rows[k].samples, b.rows[k].n * sizeof *copy);
            free(r->samples);
            r->samples = copy;
            r->n = b.rows[k].n;
            break;
        }
        r->median = r->n ? ecbs_median(r->samples, r->n) : 0.0;
    }
    free_baseline(&b);
    fprintf(stderr, "ecbench: samples loaded from %s (nothing measured)\n", path);
    return 0;
}
