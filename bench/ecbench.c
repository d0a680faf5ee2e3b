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

#include "ecbench.h"

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
    r->row->run(st, r->backend, r->row->param);
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

/* ---- summary ---- */

/* The result that stands for a row: the median when there were repetitions,
 * else the mean, else the fastest measured run. NULL if the row did not run
 * (filtered out) or failed. */
static const ecxb_result *result_for(const char *name)
{
    const ecxb_result *median = NULL, *mean = NULL, *best = NULL;
    for (size_t i = 0; i < ecxb_result_count(); i++) {
        const ecxb_result *r = ecxb_result_at(i);
        if (strcmp(r->name, name) != 0 || r->error) continue;
        if (strcmp(r->aggregate, "median") == 0)
            median = r;
        else if (strcmp(r->aggregate, "mean") == 0)
            mean = r;
        else if (r->aggregate[0] == '\0' && (!best || r->cpu_ns < best->cpu_ns))
            best = r;
    }
    return median ? median : mean ? mean : best;
}

static const char *format_time(char *buf, size_t len, double ns)
{
    if (ns < 1e4)
        snprintf(buf, len, "%9.1f ns", ns);
    else if (ns < 1e7)
        snprintf(buf, len, "%9.2f us", ns / 1e3);
    else
        snprintf(buf, len, "%9.2f ms", ns / 1e6);
    return buf;
}

/* For a batch row: our time per item against every peer row timing one
 * item (row->per_item_of), e.g. verify_batch/64 / 64 against verify. */
static void print_per_item(FILE *out, size_t width, const struct registered *r, const ecxb_result *ours)
{
    const double per_item = ours->cpu_ns / (double)r->row->param;
    char label[160], t1[32], t2[32];
    snprintf(label, sizeof label, "%s per item", r->name);
    for (size_t j = 0; j < registered_count; j++) {
        const struct registered *p = &registered[j];
        if (p->backend || strcmp(p->row->name, r->row->per_item_of) != 0) continue;
        const ecxb_result *peer = result_for(p->name);
        if (!peer) continue;
        fprintf(out, "%-*s  %12s  %-*s  %12s  %7.3f\n", (int)width, label, format_time(t1, sizeof t1, per_item),
                (int)width, p->name, format_time(t2, sizeof t2, peer->cpu_ns),
                peer->cpu_ns > 0 ? per_item / peer->cpu_ns : 0.0);
    }
}

static void print_summary(FILE *out)
{
    int any = 0;
    for (size_t i = 0; i < registered_count && !any; i++) any = result_for(registered[i].name) != NULL;
    if (!any) return;

    size_t width = 20;
    for (size_t i = 0; i < registered_count; i++) {
        size_t len = strlen(registered[i].name) + (registered[i].row->per_item_of ? strlen(" per item") : 0);
        if (len > width) width = len;
    }

    fprintf(out, "\nSummary: CPU time per call; ratio = ours / peer (below 1: ecx is faster)\n");
    fprintf(out, "%-*s  %12s  %-*s  %12s  %7s\n", (int)width, "row", "time", (int)width, "peer", "time", "ratio");
    for (size_t i = 0; i < registered_count; i++) {
        const struct registered *r = &registered[i];
        if (!r->backend) continue;
        const ecxb_result *ours = result_for(r->name);
        if (!ours) continue;
        char t1[32], t2[32];
        int paired = 0;
        for (size_t j = 0; j < registered_count; j++) {
            const struct registered *p = &registered[j];
            if (p->backend || strcmp(p->row->name, r->row->name) != 0) continue;
            const ecxb_result *peer = result_for(p->name);
            if (!peer) continue;
            fprintf(out, "%-*s  %12s  %-*s  %12s  %7.3f\n", (int)width, r->name,
                    format_time(t1, sizeof t1, ours->cpu_ns), (int)width, p->name,
                    format_time(t2, sizeof t2, peer->cpu_ns), peer->cpu_ns > 0 ? ours->cpu_ns / peer->cpu_ns : 0.0);
            paired = 1;
        }
        if (!paired)
            fprintf(out, "%-*s  %12s  %-*s  %12s  %7s\n", (int)width, r->name, format_time(t1, sizeof t1, ours->cpu_ns),
                    (int)width, "-", "", "");
        if (r->row->per_item_of && r->row->param > 0) print_per_item(out, width, r, ours);
    }
    fflush(out);
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
            "  --help, -h       this text\n"
            "\n"
            "Rows are named BACKEND/AREA/OP[/PARAM] (e.g. u64/f25519/mul,\n"
            "u64/sc25519/batch_invert/64); peers run under their own prefix\n"
            "(libsodium/sc25519/mul). A row times one call of what it names, each\n"
            "iteration using the previous one's output; a row with /N times the whole\n"
            "batch of N and also reports items per second.\n"
            "\n"
            "After the rows comes a summary: each of our rows beside the peer rows with\n"
            "the same AREA/OP[/PARAM], with the ratio ours / peer of CPU time per call\n"
            "(below 1: ecx is faster; the median when --benchmark_repetitions is given).\n"
            "Batch rows (verify_batch/N) also compare their time per item with the\n"
            "peers' single-item row (ed25519/verify).\n"
            "The summary goes to standard output after the table, or to standard error\n"
            "when --benchmark_format=json (or csv) sends the rows to standard output.\n"
            "\n"
            "Environment: ECX_BACKEND=NAME selects the library's backend (auto rows use\n"
            "it); if it names a backend that is unknown or unusable here, ecbench refuses\n"
            "to run (exit status 2). ECX_CPU_DISABLE=avx2,ifma hides CPU features.\n"
            "\n"
            "Google Benchmark flags (all other arguments go to it), among them:\n"
            "  --benchmark_filter=REGEX    run only the rows whose name matches\n"
            "  --benchmark_format=console|json|csv   format of the rows on standard output\n"
            "  --benchmark_out=FILE        also write the rows to FILE\n"
            "  --benchmark_out_format=json|console|csv\n"
            "  --benchmark_min_time=SECS   minimum time per row (a plain number of seconds)\n"
            "  --benchmark_repetitions=N   repeat each row N times and report mean/median/stddev\n"
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

int main(int argc, char **argv)
{
    const char *argv0 = argc > 0 && argv[0] ? argv[0] : "ecbench";
    const char *spec = "auto";

    /* Take our options out of argv; the rest is Google Benchmark's. */
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(argv0);
            return 0;
        } else if (strncmp(a, "--backend=", 10) == 0) {
            spec = a + 10;
        } else if (strcmp(a, "--backend") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ecbench: --backend needs a value (auto, all or a backend name)\n");
                return 2;
            }
            spec = argv[++i];
        } else {
            argv[kept++] = argv[i];
        }
    }
    argc = kept;
    argv[argc] = NULL;

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
    size_t nbackends = resolve_backends(spec, backends);
    if (nbackends == 0) return 2;
    if (register_all(backends, nbackends) != 0) return 2;

    fprintf(stderr, "ecbench: ecx %s, active backend %s, rows for:", ecx_version(), ecx_backend());
    for (size_t i = 0; i < nbackends; i++) fprintf(stderr, " %s", backends[i].name);
    fprintf(stderr, "\n");

    if (ecxb_run(&argc, argv) != 0) return 2;
    print_summary(ecxb_rows_machine_readable() ? stderr : stdout);
    free(registered);
    return 0;
}
