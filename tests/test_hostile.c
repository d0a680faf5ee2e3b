/* The hostile-input table of docs/api.md ("Hostile input") checked row by
 * row, so that the table cannot drift from the library: the test reads the
 * table from the file given as its argument, runs each row's case
 * (tests/hostile_cases*.h) on every usable backend, and fails if the
 * status (or, for functions without one, the result) differs from the
 * table's status column, if the outputs are not as the last column says,
 * or if a row has no case or a case no row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hostile_cases.h"

static const struct {
    const char *id;
    const char *(*run)(void);
} cases[] = {
    {"E1", E1},
    {"E2", E2},
    {"E3", E3},
    {"E4", E4},
    {"E5", E5},
    {"E6", E6},
    {"E7", E7},
    {"E8", E8},
    {"E9", E9},
    {"E10", E10},
    {"E11", E11},
    {"E12", E12},
    {"E13", E13},
    {"E14", E14},
    {"E15", E15},
    {"E16", E16},
    {"E17", E17},
    {"E18", E18},
    {"E19", E19},
    {"E20", E20},
    {"E21", E21},
    {"E22", E22},
    {"E23", E23},
    {"R1", R1},
    {"R2", R2},
    {"R3", R3},
    {"R4", R4},
    {"R5", R5},
    {"R6", R6},
    {"R7", R7},
    {"R8", R8},
    {"R9", R9},
    {"R10", R10},
    {"R11", R11},
    {"R12", R12},
    {"R13", R13},
    {"R14", R14},
    {"R15", R15},
    {"R16", R16},
    {"S1", S1},
    {"S2", S2},
    {"S3", S3},
    {"S4", S4},
    {"S5", S5},
    {"P1", P1},
    {"P2", P2},
    {"P3", P3},
    {"P4", P4},
    {"P5", P5},
    {"P6", P6},
    {"P7", P7},
    {"P8", P8},
    {"P9", P9},
    {"P10", P10},
    {"P11", P11},
    {"P12", P12},
    {"P13", P13},
    {"P14", P14},
    {"P15", P15},
    {"P16", P16},
    {"P17", P17},
    {"P18", P18},
    {"P19", P19},
    {"P20", P20},
    {"P21", P21},
    {"P22", P22},
    {"P23", P23},
    {"T1", T1},
    {"T2", T2},
    {"T3", T3},
    {"T4", T4},
    {"T5", T5},
    {"T6", T6},
    {"T7", T7},
    {"B1", B1},
    {"B2", B2},
    {"B3", B3},
    {"B4", B4},
    {"B5", B5},
    {"B6", B6},
    {"B7", B7},
    {"B8", B8},
    {"B9", B9},
    {"B10", B10},
    {"B11", B11},
    {"B12", B12},
    {"B13", B13},
    {"B14", B14},
    {"B15", B15},
    {"B16", B16},
    {"B17", B17},
    {"B18", B18},
    {"B19", B19},
    {"B20", B20},
};
#define N_CASES (sizeof cases / sizeof cases[0])

/* The table's rows: id and the first word of the status column. */
#define MAX_ROWS 256
static char row_id[MAX_ROWS][8], row_status[MAX_ROWS][32];
static int row_used[MAX_ROWS];
static size_t n_rows;

/* Reads the rows "| ID | function | input | status ... | outputs |" of the
 * section "## Hostile input" of api.md; returns 0 if there is none. */
static int read_table(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    int in_section = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "## ", 3) == 0) in_section = strncmp(line, "## Hostile input", 16) == 0;
        if (!in_section || line[0] != '|') continue;
        char *cols[6] = {0};
        int nc = 0;
        for (char *p = line; *p && nc < 6; p++)
            if (*p == '|') cols[nc++] = p + 1;
        if (nc < 5) continue;
        char id[8], status[32];
        /* the status: the first word in backquotes or plain */
        if (sscanf(cols[0], " %7[A-Z0-9] |", id) != 1 || id[0] < 'A' || id[1] < '0' || id[1] > '9') continue;
        if (sscanf(cols[3], " `%31[A-Za-z0-9_-]", status) != 1 && sscanf(cols[3], " %31[A-Za-z0-9_-]", status) != 1)
            continue;
        if (n_rows >= MAX_ROWS) break;
        strcpy(row_id[n_rows], id);
        strcpy(row_status[n_rows], status);
        n_rows++;
    }
    fclose(f);
    return n_rows > 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_hostile docs/api.md\n");
        return 1;
    }
    if (sodium_init() < 0) return 1;
    CHECK_CTX(read_table(argv[1]), "docs/api.md has the hostile-input table");
    CHECK_CTX(hostile_inputs_make(), "inputs");
    const char *names[16];
    size_t nb = ecx_backends(names, 16);
    for (size_t c = 0; c < N_CASES; c++) {
        size_t r = 0;
        while (r < n_rows && strcmp(row_id[r], cases[c].id) != 0) r++;
        CHECK_CTX(r < n_rows, cases[c].id); /* a case without a row */
        if (r == n_rows) {
            fprintf(stderr, "  case %s has no row in the table\n", cases[c].id);
            continue;
        }
        row_used[r] = 1;
        for (size_t b = 0; b < nb && b < 16; b++) {
            char ctx[96];
            snprintf(ctx, sizeof ctx, "row %s, backend %s", cases[c].id, names[b]);
            CHECK_CTX(ecx_backend_select(names[b]) == ECX_OK, ctx);
            poison_outputs();
            outputs_ok = 1;
            const char *got = cases[c].run();
            if (got == NULL) got = "(no status)"; /* a case bug, reported as a mismatch */
            if (strcmp(got, row_status[r]) != 0)
                fprintf(stderr, "  %s: the table says %s, the library returns %s\n", ctx, row_status[r], got);
            CHECK_CTX(strcmp(got, row_status[r]) == 0, ctx);
            if (!outputs_ok) fprintf(stderr, "  %s: outputs not as the table says\n", ctx);
            CHECK_CTX(outputs_ok, ctx);
        }
    }
    for (size_t r = 0; r < n_rows; r++) {
        if (!row_used[r]) fprintf(stderr, "  row %s has no case\n", row_id[r]);
        CHECK_CTX(row_used[r], row_id[r]);
    }
    hostile_inputs_free();
    printf("hostile-input table: %zu rows, %zu backends\n", n_rows, nb);
    return check_summary("test_hostile");
}
