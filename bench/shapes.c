/* The shared row bodies of shapes.h. */
#include <stdio.h>
#include <string.h>

#include "shapes.h"

void ecbench_scalar_from(uint8_t s[32], const uint8_t bytes[32])
{
    memcpy(s, bytes, 32);
    s[31] &= 0x0f;
}

/* The message of a failed call: "WHAT failed" (kept for the row's life). */
static void skip_failed(ecxb_state *st, const char *what)
{
    static char message[128];
    snprintf(message, sizeof message, "%s failed", what);
    ecxb_skip_with_error(st, message);
}

void ecbench_bm_base_mul(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct ecbench_base_mul *op = row->op;
    uint8_t s[32], r[32];
    ecbench_random_bytes(r, 32);
    ecbench_scalar_from(s, r);
    while (ecxb_keep_running(st)) {
        if (op->mul(b, r, s) != 0) {
            skip_failed(st, op->what);
            break;
        }
        ecbench_scalar_from(s, r); /* the next scalar is this point's encoding */
    }
    ecxb_do_not_optimize(r);
}

void ecbench_bm_var_mul(ecxb_state *st, const struct ecbench_backend *b, const struct ecbench_row *row)
{
    const struct ecbench_var_mul *op = row->op;
    uint8_t s[32], p[32], r[32];
    op->first_point(p);
    ecbench_random_bytes(r, 32);
    ecbench_scalar_from(s, r);
    while (ecxb_keep_running(st)) {
        if (op->mul(b, r, s, p) != 0) {
            skip_failed(st, op->what);
            break;
        }
        memcpy(p, r, 32); /* the output is the next input point (never the identity in practice) */
    }
    ecxb_do_not_optimize(p);
}
