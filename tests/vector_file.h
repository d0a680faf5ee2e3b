/* Line-oriented vector files for the test programs: the published vectors
 * converted by tests/vectors/json_to_lines.py, and the oracle files that
 * the Python scripts in tests/vectors generate at build time.
 *
 * A file is lines of space-separated fields; empty lines and lines starting
 * with '#' are comments, except "#end N", which a generated file puts last
 * with its count of data lines, so a truncated file can be told from a whole
 * one (vec_file.ended, vec_file.end_count).
 *
 * Each test program includes this header once (its functions are static). */
#ifndef ECX_TESTS_VECTOR_FILE_H
#define ECX_TESTS_VECTOR_FILE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "check.h"

/* The published vectors' directory; meson passes the source tree's. */
#ifndef ECX_TEST_VECTOR_DIR
#define ECX_TEST_VECTOR_DIR "tests/vectors"
#endif

#define VEC_MAX_FIELDS 8

struct vec_file {
    FILE *f;
    char *line;
    size_t cap;
    size_t length;               /* of the current line, without its newline */
    char *field[VEC_MAX_FIELDS]; /* the current line's fields (up to 8; more are not split off) */
    int nfields;
    unsigned long lineno;
    int ended;                /* "#end N" seen */
    unsigned long end_count;  /* its N */
};

/* Opens path; on failure counts a failed check, prints why with the hint
 * (how to pass the file) and returns 0. */
static inline int vec_open_path(struct vec_file *v, const char *path, const char *hint)
{
    memset(v, 0, sizeof *v);
    v->f = fopen(path, "r");
    if (!v->f) {
        fprintf(stderr, "cannot open %s (%s)\n", path, hint);
        check_failed++;
        return 0;
    }
    return 1;
}

/* Opens DIR/NAME, DIR from argv[1] or the build directory meson compiled in
 * (ECX_TEST_VECTOR_DIR). */
static inline int vec_open(struct vec_file *v, int argc, char **argv, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argc > 1 ? argv[1] : ECX_TEST_VECTOR_DIR, name);
    return vec_open_path(v, path, "pass the vector directory as the first argument");
}

/* Reads the next data line and splits it at spaces; returns the number of
 * fields, 0 at the end of the file. */
static inline int vec_next(struct vec_file *v)
{
    ssize_t len;
    while ((len = getline(&v->line, &v->cap, v->f)) >= 0) {
        v->lineno++;
        while (len > 0 && (v->line[len - 1] == '\n' || v->line[len - 1] == '\r')) v->line[--len] = 0;
        if (strncmp(v->line, "#end ", 5) == 0) {
            v->ended = 1;
            v->end_count = strtoul(v->line + 5, NULL, 10);
            continue;
        }
        if (len == 0 || v->line[0] == '#') continue;
        v->length = (size_t)len;
        v->nfields = 0;
        for (char *save = NULL, *tok = strtok_r(v->line, " ", &save); tok && v->nfields < VEC_MAX_FIELDS;
             tok = strtok_r(NULL, " ", &save))
            v->field[v->nfields++] = tok;
        return v->nfields;
    }
    return 0;
}

static inline void vec_close(struct vec_file *v)
{
    if (v->f) fclose(v->f);
    free(v->line);
    memset(v, 0, sizeof *v);
}

#endif
