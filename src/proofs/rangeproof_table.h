/* The range-proof operations table of a backend (struct
 * ecxi_rangeproof_ops, src/backend/ops.h): the generators' points, the
 * prover and the (batch) verifier, all written once in src/proofs and
 * compiled here against the backend's field, scalars and group code. */
#ifndef ECX_PROOFS_RANGEPROOF_TABLE_H
#define ECX_PROOFS_RANGEPROOF_TABLE_H

#include "backend/ops.h"
#include "proofs/rangeproof_cache.h"
#include "proofs/rangeproof_points.h"
#include "proofs/rangeproof_prove.h"
#include "proofs/rangeproof_verify.h"

/* Computes g->points (g->count of them) from the uniform bytes of
 * ecxi_rp_gens_uniform, and this backend's cache of them
 * (rangeproof_cache.h). ECX_OK, or ECX_ERR_NOMEM with no cache (the
 * caller frees g). */
static int rp_op_gens_points(struct ecx_rangeproof_gens *g, const uint8_t (*uniform)[64])
{
    rp_gens_points(g, uniform);
    return rp_cache_build(g);
}

static const struct ecxi_rangeproof_ops rangeproof_ops = {
    .gens_points = rp_op_gens_points,
    .prove = rp_op_prove,
    .verify_batch = rp_op_verify_batch,
};

#endif
