/* Row bodies that several areas share: one body per operation shape, and
 * the adapter types that let ours and the peers' operations fit it
 * (ecbench.h, "rows are data").
 *
 * An adapter's function returns 0 on success (ECX_OK or libsodium's 0) and
 * anything else on failure; the body then ends the row with
 * ecxb_skip_with_error("WHAT failed"). Adapters are called once per
 * iteration, so these shapes are for operations of microseconds, where one
 * indirect call is lost in the noise; nanosecond rows keep the callee in
 * the loop (bench_f25519.c picks it from the table instead). */
#ifndef ECX_BENCH_SHAPES_H
#define ECX_BENCH_SHAPES_H

#include "ecbench.h"

/* A canonical scalar from 32 random or output bytes: below 2^252 < l (every
 * curve25519 consumer accepts it). */
void ecbench_scalar_from(uint8_t s[32], const uint8_t bytes[32]);

/* r = [s]B for a fixed base B. The first s is random; each next s is the
 * last output as a scalar (ecbench_scalar_from). */
struct ecbench_base_mul {
    const char *what; /* the callee, for the error message */
    int (*mul)(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32]);
};
void ecbench_bm_base_mul(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row);

/* r = [s]P. P starts at first_point's point and is then the last output; s
 * is one random scalar (drawn after the first point). */
struct ecbench_var_mul {
    const char *what;
    void (*first_point)(uint8_t p[32]); /* from ecbench_random_bytes */
    int (*mul)(const struct ecbench_backend *b, uint8_t r[32], const uint8_t s[32], const uint8_t p[32]);
};
void ecbench_bm_var_mul(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row);

#endif
