/* The backends the P-256 differential tests run on: every usable backend
 * (ecx_backends, best first) with its P-256 table. Include after check.h,
 * backend/ops_internal.h and dispatch/registry.h. */
#ifndef ECX_TESTS_P256_BACKENDS_H
#define ECX_TESTS_P256_BACKENDS_H

/* A P-256 table's entries a test needs: non-zero when they are all there. */
typedef int p256_table_complete(const struct ecxi_p256_ops *p256);

/* The group operations: what the ECDSA tests need. */
static inline int p256_has_group(const struct ecxi_p256_ops *p256) { return p256->group != NULL; }

/* Fills names[0 .. n-1] and ops[0 .. n-1] with the usable backends and
 * their P-256 tables and returns n (at most max). Checks (one assertion
 * each) that there is at least one and at most max backend, and that each
 * table has what `complete` asks for; a backend that fails is reported and
 * left out. */
static inline size_t p256_test_backends(const char *names[], const struct ecxi_p256_ops *ops[], size_t max,
                                        p256_table_complete *complete)
{
    const char *all[16];
    size_t total = ecx_backends(all, 16), n = 0;
    CHECK(total >= 1 && total <= max && total <= 16);
    if (total > 16) total = 16;
    for (size_t i = 0; i < total && n < max; i++) {
        const struct ecx_backend *b = ecxi_backend_find(all[i]);
        const int ok = b && b->p256 && complete(b->p256);
        CHECK_CTX(ok, all[i]);
        if (!ok) continue;
        names[n] = all[i];
        ops[n++] = b->p256;
    }
    return n;
}

#endif
