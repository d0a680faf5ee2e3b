/* ecbench: ecx's benchmarks, with libsodium and OpenSSL as peers in the same
 * run, over Google Benchmark (through the C wrapper benchmark_c.h).
 *
 * Options are parsed here (--backend, --help); everything else goes to
 * Google Benchmark. Rows come from the suites listed below (see ecbench.h for
 * how a file declares its rows); after the run, a summary pairs each of our
 * rows with the peer rows of the same AREA/OP and prints the ratio. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "check.h"
#include "ecbench.h"
#include "results.h"
#include "stats.h"

/* Every area's rows: one line per bench_AREA.c file. */
static const struct ecbench_suite *const suites[] = {
    &ecbench_suite_f25519,
    &ecbench_suite_ed25519,
    &ecbench_suite_edwards,
    &ecbench_suite_ristretto255,
    &ecbench_suite_p256,
    &ecbench_suite_rangeproof,
};
#define SUITE_COUNT (sizeof suites / sizeof suites[0])

#define MAX_BACKENDS 16

/* ---- deterministic inputs ---- */

static uint64_t rng_state;

static void rng_reset(void) { rng_state = 0x6563786265e4c4ull; }

void ecbench_random_bytes(uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        /* splitmix64 */
        uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        for (size_t j = 0; j < 8 && i + j < n; j++) out[i + j] = (uint8_t)(z >> (8 * j));
    }
}

/* ---- registered rows ---- */

struct registered {
    const struct ecbench_row *row;
    const struct ecbench_backend *backend; /* NULL for a peer row */
    char name[128];                        /* the full row name */
};

static struct registered *registered;
static size_t registered_count, registered_cap;

/* The Google Benchmark body of every row: the same inputs on every call. */
static void trampoline(ecxb_state *st, void *arg)
{
    const struct registered *r = arg;
    rng_reset();
    r->row->run(st, r->backend, r->row);
}

static int register_row(const struct ecbench_row *row, const struct ecbench_backend *backend)
{
    if (registered_count == registered_cap) {
        /* Rows point into this array: grow it only before registering any. */
        fprintf(stderr, "ecbench: internal error: too many rows\n");
        return -1;
    }
    struct registered *r = &registered[registered_count];
    r->row = row;
    r->backend = backend;
    int len = snprintf(r->name, sizeof r->name, "%s/%s", backend ? backend->name : row->peer, row->name);
    if (len < 0 || (size_t)len >= sizeof r->name) {
        fprintf(stderr, "ecbench: internal error: row name too long: %s\n", row->name);
        return -1;
    }
    ecxb_bench *h = ecxb_register(r->name, trampoline, r);
    if (!h) {
        fprintf(stderr, "ecbench: cannot register %s\n", r->name);
        return -1;
    }
    ecxb_set_unit(h, row->unit);
    registered_count++;
    return 0;
}

/* Per area: our rows for each backend in turn, then the peers. */
static int register_all(const struct ecbench_backend *backends, size_t nbackends)
{
    size_t ours = 0, peers = 0;
    for (size_t s = 0; s < SUITE_COUNT; s++)
        for (size_t i = 0; i < suites[s]->count; i++) {
            if (suites[s]->rows[i].peer)
                peers++;
            else
                ours++;
        }
    registered_cap = ours * nbackends + peers;
    registered = calloc(registered_cap ? registered_cap : 1, sizeof *registered);
    if (!registered) return -1;

    for (size_t s = 0; s < SUITE_COUNT; s++) {
        const struct ecbench_suite *suite = suites[s];
        for (size_t b = 0; b < nbackends; b++)
            for (size_t i = 0; i < suite->count; i++)
                if (!suite->rows[i].peer && register_row(&suite->rows[i], &backends[b]) != 0) return -1;
        for (size_t i = 0; i < suite->count; i++)
            if (suite->rows[i].peer && register_row(&suite->rows[i], NULL) != 0) return -1;
    }
    return 0;
}

/* ---- results ---- */

/* Every registered row's samples: the CPU time per call of each measured
 * repetition. When Google Benchmark reported aggregates only
 * (--benchmark_report_aggregates_only), the median stands in as the one
 * sample. */
static int collect_results(struct ecbench_results *res)
{
    res->count = registered_count;
    res->rows = calloc(registered_count ? registered_count : 1, sizeof *res->rows);
    if (!res->rows) return -1;
    for (size_t i = 0; i < registered_count; i++) {
        const struct registered *r = &registered[i];
        struct ecbench_measured *m = &res->rows[i];
        m->name = r->name;
        m->op = r->row->name;
        m->backend = r->backend ? r->backend->name : NULL;
        m->peer = r->backend ? NULL : r->row->peer;
        m->per_item_of = r->row->per_item_of;
        m->param = r->row->param;
        size_t runs = 0;
        double median = 0;
        int have_median = 0;
        for (size_t k = 0; k < ecxb_result_count(); k++) {
            const ecxb_result *x = ecxb_result_at(k);
            if (strcmp(x->name, r->name) != 0 || x->error) continue;
            if (x->aggregate[0] == '\0')
                runs++;
            else if (strcmp(x->aggregate, "median") == 0)
                median = x->cpu_ns, have_median = 1;
        }
        m->samples = calloc(runs ? runs : 1, sizeof *m->samples);
        if (!m->samples) return -1;
        for (size_t k = 0; k < ecxb_result_count(); k++) {
            const ecxb_result *x = ecxb_result_at(k);
            if (strcmp(x->name, r->name) == 0 && !x->error && x->aggregate[0] == '\0')
                m->samples[m->n++] = x->cpu_ns;
        }
        if (m->n == 0 && have_median) m->samples[m->n++] = median;
        m->median = m->n ? ecbs_median(m->samples, m->n) : 0.0;
    }
    return 0;
}

static void free_results(struct ecbench_results *res)
{
    for (size_t i = 0; i < res->count && res->rows; i++) free(res->rows[i].samples);
    free(res->rows);
}

/* ---- options ---- */

static void usage(const char *argv0)
{
    printf(
            "Usage: %s [--backend=SPEC] [Google Benchmark flags]\n"
            "\n"
            "Benchmarks ecx's arithmetic and protocols on one or more backends, with\n"
            "libsodium and OpenSSL as peers in the same run.\n"
            "\n"
            "  --backend=SPEC   which ecx backends get rows (default: auto)\n"
            "                     auto   the backend the library selected (honours ECX_BACKEND)\n"
            "                     all    every backend usable on this machine, best first\n"
            "                     NAME   u32, u64, avx2, ifma, neon; a comma-separated list\n"
            "                            names several. An unknown or unusable backend is an\n"
            "                            error (exit status 2).\n"
            "  --repetitions=N  repetitions of every row (default 7), run interleaved at\n"
            "                   random (Google Benchmark's --benchmark_repetitions and\n"
            "                   --benchmark_enable_random_interleaving, which also work\n"
            "                   and win when given); 1 measures each row once\n"
            "  --show-repetitions  print every repetition in the console table, not only\n"
            "                   the mean, median, stddev and cv lines\n"
            "  --ops            also print operations per second with JMH's error (the\n"
            "                   half-width of the 99.9%% Student t interval)\n"
            "  --check          before measuring, a differential pass of every operation\n"
            "                   on every selected backend against the others and the\n"
            "                   oracles (libsodium, OpenSSL); a backend that disagrees is\n"
            "                   not benchmarked (exit status 3 if none is left).\n"
            "                   --check-only stops after it.\n"
            "  --save-baseline=NAME  store every row's per-repetition samples as\n"
            "                   DIR/NAME.json\n"
            "  --baseline=NAME  compare with DIR/NAME.json: per row the change of the\n"
            "                   median with its 95%% bootstrap interval, the Mann-Whitney U\n"
            "                   p-value, and improved / regressed / no change (p < 0.05,\n"
            "                   2%% noise threshold), as criterion prints it\n"
            "  --load-baseline=NAME  measure nothing: take every row's samples from\n"
            "                   DIR/NAME.json (with --baseline: compare two saved ones)\n"
            "  --baseline-dir=DIR  where baselines live (default $ECBENCH_BASELINE_DIR,\n"
            "                   else ./ecbench-baselines)\n"
            "  --versus=NAME    the summary also sets each other backend's row beside\n"
            "                   backend NAME's row of the same operation: ratio\n"
            "                   backend / NAME with its interval (e.g. --backend=avx2,u64\n"
            "                   --versus=u64); NAME must be among --backend's\n"
            "  --report=DIR     write DIR/index.html: a self-contained page (inline SVG,\n"
            "                   no script) with per-operation plots, sample distributions\n"
            "                   and the ratio table\n"
            "  --help, -h       this text\n"
            "\n"
            "Rows are named BACKEND/AREA/OP[/PARAM] (e.g. u64/f25519/mul,\n"
            "u64/sc25519/batch_invert/64); peers run under their own prefix\n"
            "(libsodium/sc25519/mul). A row times one call of what it names, each\n"
            "iteration using the previous one's output; a row with /N times the whole\n"
            "batch of N and also reports items per second.\n"
            "\n"
            "After the rows comes a summary: each of our rows beside the peer rows with\n"
            "the same AREA/OP[/PARAM], with the median CPU time per call over the\n"
            "repetitions and the ratio ours / peer of the medians (below 1: ecx is\n"
            "faster), followed by its 95%% bootstrap interval [lo\u2013hi].\n"
            "Batch rows (verify_batch/N) also compare their time per item with the\n"
            "peers' single-item row (ed25519/verify).\n"
            "The summary goes to standard output after the table, or to standard error\n"
            "when --benchmark_format=json (or csv) sends the rows to standard output.\n"
            "docs/ecbench.md describes the statistics and the files.\n"
            "\n"
            "Environment: ECX_BACKEND=NAME selects the library's backend (auto rows use\n"
            "it); if it names a backend that is unknown or unusable here, ecbench refuses\n"
            "to run (exit status 2). ECX_CPU_DISABLE=avx2,ifma hides CPU features\n"
            "(sha: SHA-256 without the x86 SHA extensions).\n"
            "\n"
            "Google Benchmark flags (all other arguments go to it), among them:\n"
            "  --benchmark_filter=REGEX    run only the rows whose name matches\n"
            "  --benchmark_format=console|json|csv   format of the rows on standard output\n"
            "  --benchmark_out=FILE        also write the rows to FILE\n"
            "  --benchmark_out_format=json|console|csv\n"
            "  --benchmark_min_time=SECS   minimum time per row (a plain number of seconds)\n"
            "  --benchmark_repetitions=N   as --repetitions\n"
            "  --benchmark_list_tests      list the row names and exit\n"
            "\n"
            "Examples:\n"
            "  ecbench                        the active backend against the peers\n"
            "  ecbench --backend=all --benchmark_filter=sc25519 --benchmark_min_time=0.05\n"
            "  ecbench --benchmark_format=json > rows.json      (summary on standard error)\n"
            "\n"
            "Google Benchmark's complete flag list:\n",
            argv0);
    fflush(stdout);
    ecxb_print_flags_help();
    printf("\n");
}

/* Fills backends[] from SPEC; returns the count, or 0 after printing why. */
static size_t resolve_backends(const char *spec, struct ecbench_backend *backends)
{
    const char *names[MAX_BACKENDS];
    size_t n = 0;
    const char *usable[MAX_BACKENDS];
    size_t nusable = ecx_backends(usable, MAX_BACKENDS);
    if (nusable > MAX_BACKENDS) nusable = MAX_BACKENDS;

    if (strcmp(spec, "all") == 0) {
        for (size_t i = 0; i < nusable; i++) names[n++] = usable[i];
    } else if (strcmp(spec, "auto") == 0) {
        names[n++] = ecx_backend();
    } else {
        /* A comma-separated list of names. */
        static char copy[256];
        if (strlen(spec) >= sizeof copy || spec[0] == '\0') {
            fprintf(stderr, "ecbench: bad --backend value '%s'\n", spec);
            return 0;
        }
        strcpy(copy, spec);
        for (char *save = NULL, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            if (n == MAX_BACKENDS) break;
            names[n++] = tok;
        }
    }

    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const char *name = names[i];
        int dup = 0;
        for (size_t j = 0; j < count; j++) dup |= strcmp(backends[j].name, name) == 0;
        if (dup) continue;
        const struct ecx_backend *table = ecxi_backend_find(name);
        const ecx_f25519_ops *f = table ? ecx_f25519(name) : NULL;
        if (!table || !f) {
            fprintf(stderr, "ecbench: backend '%s' is unknown or not usable on this machine (usable:", name);
            for (size_t k = 0; k < nusable; k++) fprintf(stderr, " %s", usable[k]);
            fprintf(stderr, ")\n");
            return 0;
        }
        backends[count].name = table->name;
        backends[count].table = table;
        backends[count].f25519 = f;
        count++;
    }
    if (count == 0) fprintf(stderr, "ecbench: no backend selected\n");
    return count;
}

/* ecbench's own options (the rest goes to Google Benchmark). */
struct options {
    const char *spec;          /* --backend */
    long repetitions;          /* --repetitions, 0: not given */
    int show_repetitions, ops, check, check_only;
    const char *save_baseline, *baseline, *baseline_dir, *report, *load_baseline;
    const char *versus; /* --versus */
    int gb_repetitions_given, gb_interleaving_given;
};

#define DEFAULT_REPETITIONS 7

/* "--NAME=VALUE" or "--NAME VALUE": the value, or NULL if `a` is not NAME.
 * Advances *i past a separate value; *missing is set when it is absent. */
static const char *option_value(const char *name, int argc, char **argv, int *i, int *missing)
{
    const char *a = argv[*i];
    size_t len = strlen(name);
    if (strncmp(a, name, len) != 0) return NULL;
    if (a[len] == '=') return a + len + 1;
    if (a[len] != '\0') return NULL;
    if (*i + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*i];
}

/* Takes ecbench's options out of argv. Returns 0, 1 after --help, or 2
 * after printing a usage error. */
static int parse_options(int *argc, char **argv, struct options *o, const char *argv0)
{
    int kept = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *v;
        int missing = 0;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(argv0);
            return 1;
        } else if ((v = option_value("--backend", *argc, argv, &i, &missing)) != NULL) {
            o->spec = v;
        } else if ((v = option_value("--repetitions", *argc, argv, &i, &missing)) != NULL) {
            char *end;
            o->repetitions = strtol(v, &end, 10);
            if (*v == '\0' || *end != '\0' || o->repetitions < 1 || o->repetitions > 1000) {
                fprintf(stderr, "ecbench: --repetitions needs a count from 1 to 1000, not '%s'\n", v);
                return 2;
            }
        } else if ((v = option_value("--save-baseline", *argc, argv, &i, &missing)) != NULL) {
            o->save_baseline = v;
        } else if ((v = option_value("--load-baseline", *argc, argv, &i, &missing)) != NULL) {
            o->load_baseline = v;
        } else if ((v = option_value("--baseline-dir", *argc, argv, &i, &missing)) != NULL) {
            o->baseline_dir = v;
        } else if ((v = option_value("--baseline", *argc, argv, &i, &missing)) != NULL) {
            o->baseline = v;
        } else if ((v = option_value("--report", *argc, argv, &i, &missing)) != NULL) {
            o->report = v;
        } else if ((v = option_value("--versus", *argc, argv, &i, &missing)) != NULL) {
            o->versus = v;
        } else if (missing) {
            fprintf(stderr, "ecbench: %s needs a value (try --help)\n", a);
            return 2;
        } else if (strcmp(a, "--show-repetitions") == 0) {
            o->show_repetitions = 1;
        } else if (strcmp(a, "--ops") == 0) {
            o->ops = 1;
        } else if (strcmp(a, "--check") == 0) {
            o->check = 1;
        } else if (strcmp(a, "--check-only") == 0) {
            o->check = o->check_only = 1;
        } else {
            if (strncmp(a, "--benchmark_repetitions", 23) == 0) o->gb_repetitions_given = 1;
            if (strncmp(a, "--benchmark_enable_random_interleaving", 38) == 0) o->gb_interleaving_given = 1;
            argv[kept++] = argv[i];
        }
    }
    *argc = kept;
    argv[kept] = NULL;
    return 0;
}

/* A name that is safe as a file name: letters, digits, '.', '_', '-'. */
static int valid_baseline_name(const char *name)
{
    if (!name[0] || name[0] == '.') return 0;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.' ||
              *c == '_' || *c == '-'))
            return 0;
    return 1;
}

/* Google Benchmark's argv: ours with the repetition defaults added unless
 * its own flags were given. */
static char **benchmark_argv(int argc, char **argv, const struct options *o, int *out_argc)
{
    static char reps[64];
    char **a = calloc((size_t)argc + 3, sizeof *a);
    if (!a) return NULL;
    int n = 0;
    for (int i = 0; i < argc; i++) a[n++] = argv[i];
    if (!o->gb_repetitions_given) {
        snprintf(reps, sizeof reps, "--benchmark_repetitions=%ld", o->repetitions ? o->repetitions : DEFAULT_REPETITIONS);
        a[n++] = reps;
    }
    if (!o->gb_interleaving_given) a[n++] = (char *)"--benchmark_enable_random_interleaving=true";
    a[n] = NULL;
    *out_argc = n;
    return a;
}

int main(int argc, char **argv)
{
    const char *argv0 = argc > 0 && argv[0] ? argv[0] : "ecbench";
    struct options o = {.spec = "auto"};
    int rc = parse_options(&argc, argv, &o, argv0);
    if (rc == 1) return 0;
    if (rc != 0) return rc;
    if (!o.baseline_dir) o.baseline_dir = getenv("ECBENCH_BASELINE_DIR");
    if (!o.baseline_dir || !o.baseline_dir[0]) o.baseline_dir = "ecbench-baselines";
    const char *names[3] = {o.save_baseline, o.baseline, o.load_baseline};
    for (int k = 0; k < 3; k++)
        if (names[k] && !valid_baseline_name(names[k])) {
            fprintf(stderr, "ecbench: baseline name '%s': use letters, digits, '.', '_' and '-'\n", names[k]);
            return 2;
        }

    int status = ecx_init();
    if (status == ECX_ERR_UNSUPPORTED) {
        const char *env = getenv("ECX_BACKEND");
        fprintf(stderr,
                "ecbench: ECX_BACKEND=%s names a backend that is unknown or not usable on this machine;\n"
                "ecbench: refusing to run (the library fell back to '%s'). Unset it or pick a usable one.\n",
                env ? env : "", ecx_backend());
        return 2;
    }
    if (status != ECX_OK) {
        fprintf(stderr, "ecbench: ecx_init failed: %s\n", ecx_strerror(status));
        return 2;
    }
    if (sodium_init() < 0) {
        fprintf(stderr, "ecbench: sodium_init failed\n");
        return 2;
    }

    struct ecbench_backend backends[MAX_BACKENDS];
    size_t nbackends = resolve_backends(o.spec, backends);
    if (nbackends == 0) return 2;
    if (o.check) {
        int refused = ecbench_check_backends(stderr, backends, &nbackends);
        if (refused < 0) return 2;
        if (nbackends == 0) {
            fprintf(stderr, "ecbench: --check: no backend left to benchmark\n");
            return 3;
        }
        if (o.check_only) return refused ? 3 : 0;
    }
    if (o.versus) {
        size_t k = 0;
        while (k < nbackends && strcmp(backends[k].name, o.versus) != 0) k++;
        if (k == nbackends) {
            fprintf(stderr, "ecbench: --versus=%s: no rows of %s in this run (add it to --backend)\n", o.versus,
                    o.versus);
            return 2;
        }
    }
    if (register_all(backends, nbackends) != 0) return 2;

    fprintf(stderr, "ecbench: ecx %s, active backend %s, rows for:", ecx_version(), ecx_backend());
    for (size_t i = 0; i < nbackends; i++) fprintf(stderr, " %s", backends[i].name);
    fprintf(stderr, "\n");

    int gb_argc;
    char **gb_argv = benchmark_argv(argc, argv, &o, &gb_argc);
    if (!gb_argv) return 2;
    ecxb_show_repetitions(o.show_repetitions);
    /* --load-baseline measures nothing (Google Benchmark's flags are then
     * ignored). */
    if (!o.load_baseline && ecxb_run(&gb_argc, gb_argv) != 0) return 2;
    free(gb_argv);

    struct ecbench_results res;
    if (collect_results(&res) != 0) {
        fprintf(stderr, "ecbench: out of memory\n");
        return 2;
    }
    if (o.load_baseline && ecbench_load_samples(o.baseline_dir, o.load_baseline, &res) != 0) return 2;
    FILE *out = ecxb_rows_machine_readable() ? stderr : stdout;
    ecbench_print_summary(out, &res, o.versus);
    if (o.ops) ecbench_print_ops(out, &res);
    rc = 0;
    if (o.baseline && ecbench_compare_baseline(out, o.baseline_dir, o.baseline, &res) != 0) rc = 2;
    if (o.save_baseline && ecbench_save_baseline(o.baseline_dir, o.save_baseline, &res) != 0) rc = 2;
    if (o.report && ecbench_write_report(o.report, &res, o.versus) != 0) rc = 2;
    free_results(&res);
    free(registered);
    return rc;
}
