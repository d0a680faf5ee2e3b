/* The backends a differential test of internal tables runs on: every
 * usable backend (ecx_backends, best first) with its whole operations table
 * (ecxi_backend_find). Include after check.h, backend/ops_internal.h and
 * dispatch/registry.h. */
#ifndef ECX_TESTS_BACKEND_TABLES_H
#define ECX_TESTS_BACKEND_TABLES_H

/* The entries a test needs: non-zero when the table has them all. */
typedef int backend_table_complete(const struct ecx_backend *table);

/* Fills names[0 .. n-1] and tables[0 .. n-1] (at most max) and returns n,
 * or 0 when a table lacks what `complete` asks for (each table is one
 * assertion, so a failing one is reported with its name) or no backend is
 * usable (an assertion too). */
static inline size_t test_backend_tables(const char *names[], const struct ecx_backend *tables[], size_t max,
                                         backend_table_complete *complete)
{
    size_t n = ecx_backends(names, max);
    if (n > max) n = max;
    CHECK_CTX(n > 0, "no usable backend");
    int all = n > 0;
    for (size_t b = 0; b < n; b++) {
        tables[b] = ecxi_backend_find(names[b]);
        const int ok = tables[b] && complete(tables[b]);
        CHECK_CTX(ok, names[b]);
        all &= ok;
    }
    return all ? n : 0;
}

#endif
