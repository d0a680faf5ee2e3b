/* The generators' per-backend cache (struct ecx_rangeproof_gens, fields
 * cache_owner and cache), compiled per backend.
 *
 * The verifier's multiscalar multiplication takes every generator as an
 * extended point and, in Pippenger's method, in the point kernel's
 * ready-to-add form (ge_addend of curve25519/point_kernels.h: 4-way
 * cached on the vector backends). Loading a generator from its neutral affine bytes costs two
 * fe_from_bytes and a multiplication, the ready form a conversion more;
 * a 64 x 32 verification did that for 4096 points every time. The backend
 * that makes the generators (ecx_rangeproof_gens_new) stores both forms of
 * all g->count points once, in the order of g->points[]; the verifier of
 * the same backend reads them, any other backend finds another owner and
 * loads points[] as before. The cache is written before the object is
 * handed out and only read after, so threads may share the object.
 *
 * Memory: sizeof(ge_p3) + sizeof(ge_addend) per point: 160 + 160
 * bytes on u64, u32, ifma and neon, 160 + 320 on avx2 (its 4-way cached
 * point has ten 32-byte limb vectors); for (64, 32), 4098 points: 1.3 MB
 * (avx2 2.0 MB), for (64, 64) 2.6 MB (avx2 3.9 MB), beside the 64 bytes
 * per point of points[]. Without the memory, gens_new fails with
 * ECX_ERR_NOMEM.
 *
 * From RP_FIXED_MIN_COUNT points on (generators for 64 x 16 and more),
 * the ready forms are the first column of a fixed-base table
 * (curve25519/msm_pippenger_fixed.h, width GE_PIPPENGER_FIXED_WIDTH = 12,
 * 22 columns: [2^(12 c)] P for every point P), so that the verifier's
 * large multiplications need no doublings and one bucket sum. That costs
 * 21 ready forms more per point: for (64, 32) 13.8 MB more (avx2 27.5 MB),
 * for (64, 64) 27.5 MB (avx2 55 MB), and 12 x 21 = 252 doublings per
 * point at gens_new ((64, 32) takes about 81 ms in all on ifma here). */
#ifndef ECX_PROOFS_RANGEPROOF_CACHE_H
#define ECX_PROOFS_RANGEPROOF_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/align.h"
#include "curve25519/edwards.h"
#include "curve25519/msm_pippenger.h"
#include "curve25519/msm_pippenger_fixed.h"
#include "proofs/rangeproof_gens.h"
#include "proofs/rangeproof_points.h"

/* This backend's identity as a cache owner: the address of a variable of
 * its own translation unit. */
static char rp_cache_tag;

/* Generators objects of at least this many points get the fixed-base
 * columns: (64, 16) and larger. */
#define RP_FIXED_MIN_COUNT (2 + 2 * 64 * 16)

/* The two arrays of a cache block: columns x count ready forms (column c
 * holds [2^(GE_PIPPENGER_FIXED_WIDTH c)] of each point; column 0 the points
 * themselves), then count points. */
struct rp_cache_view {
    const ge_addend *ready;
    const ge_p3 *points;
    unsigned columns;
};

static size_t rp_cache_ready_bytes(size_t count, unsigned columns)
{
    return ecxi_round_up(count * columns * sizeof(ge_addend));
}

/* Makes g's cache for this backend from g->points (computed already).
 * ECX_OK, or ECX_ERR_NOMEM and g without a cache. Not constant time (the
 * generators are public). */
static int rp_cache_build(struct ecx_rangeproof_gens *g)
{
    g->cache_owner = NULL;
    g->cache = NULL;
    const unsigned columns =
        g->count >= RP_FIXED_MIN_COUNT ? ge_pippenger_fixed_columns(GE_PIPPENGER_FIXED_WIDTH) : 1;
    g->cache_columns = columns;
    if (g->count > SIZE_MAX / 2 / (columns * sizeof(ge_addend) + sizeof(ge_p3))) return ECX_ERR_NOMEM;
    const size_t ready_bytes = rp_cache_ready_bytes(g->count, columns);
    uint8_t *block = malloc(ECXI_VECTOR_ALIGN + ready_bytes + g->count * sizeof(ge_p3));
    if (!block) return ECX_ERR_NOMEM;
    uint8_t *aligned = ecxi_align_up(block);
    ge_addend *ready = (ge_addend *)aligned;
    ge_p3 *points = (ge_p3 *)(aligned + ready_bytes);
    for (size_t k = 0; k < g->count; k++) {
        rp_load_p3(&points[k], g->points[k]);
        ge_point u;
        ge_point_from_p3(&u, &points[k]);
        ge_addend_from_point(&ready[k], &u);
    }
    if (columns > 1) ge_pippenger_fixed_build(ready, g->count, points, GE_PIPPENGER_FIXED_WIDTH, 1);
    g->cache = block;
    g->cache_owner = &rp_cache_tag;
    return ECX_OK;
}

/* 1 and *v filled if g carries this backend's cache, else 0. */
static int rp_cache_get(struct rp_cache_view *v, const struct ecx_rangeproof_gens *g)
{
    if (g->cache_owner != &rp_cache_tag || !g->cache) return 0;
    uint8_t *aligned = ecxi_align_up(g->cache);
    v->ready = (const ge_addend *)aligned;
    v->points = (const ge_p3 *)(aligned + rp_cache_ready_bytes(g->count, g->cache_columns));
    v->columns = g->cache_columns;
    return 1;
}

#endif
