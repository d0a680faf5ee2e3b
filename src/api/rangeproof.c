/* The public range-proof functions (include/ecx/rangeproof.h): argument
 * checks, OS randomness, then one call through the active backend's table
 * (src/proofs/rangeproof_table.h). The generators object is
 * backend-neutral (src/proofs/rangeproof_gens.h), made here with the
 * active backend's map. */
#include "ecx/rangeproof.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api/export.h"
#include "api/os_random.h"
#include "backend/ops.h"
#include "common/constant_time.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "proofs/rangeproof_gens.h"
#include "proofs/rangeproof_protocol.h"

ECX_EXPORT int ecx_rangeproof_gens_new(ecx_rangeproof_gens **out, size_t gens_capacity, size_t party_capacity)
{
    if (!out || gens_capacity > ECXI_RP_MAX_N || party_capacity > ECXI_RP_MAX_M) return ECX_ERR_INVALID;
    const struct ecx_backend *b = ecxi_backend_active();
    struct ecx_rangeproof_gens *g = malloc(sizeof *g);
    if (!g) return ECX_ERR_NOMEM;
    g->gens_capacity = gens_capacity;
    g->party_capacity = party_capacity;
    g->count = 2 + 2 * gens_capacity * party_capacity;
    g->cache_owner = NULL; /* gens_points may add the backend's cache */
    g->cache = NULL;
    g->points = malloc(g->count * sizeof *g->points);
    uint8_t(*uniform)[64] = malloc(g->count * sizeof *uniform);
    if (!g->points || !uniform) {
        free(g->points);
        free(g);
        free(uniform);
        return ECX_ERR_NOMEM;
    }
    ecxi_rp_gens_uniform(g, uniform);
    int status = b->rangeproof->gens_points(g, (const uint8_t(*)[64])uniform);
    free(uniform);
    if (status != ECX_OK) {
        ecx_rangeproof_gens_free(g);
        return status;
    }
    *out = g;
    return ECX_OK;
}

ECX_EXPORT void ecx_rangeproof_gens_free(ecx_rangeproof_gens *g)
{
    if (!g) return;
    free(g->cache);
    free(g->points);
    free(g);
}

ECX_EXPORT size_t ecx_rangeproof_size(size_t n, size_t m)
{
    return ecxi_rp_proof_size(n, m);
}

/* The checks prove and verify share: a valid shape and enough generators. */
static int shape_and_gens_ok(size_t n, size_t m, const ecx_rangeproof_gens *g)
{
    return g && ecxi_rp_shape_ok(n, m) && g->gens_capacity >= n && g->party_capacity >= m;
}

ECX_EXPORT int ecx_rangeproof_prove(uint8_t *proof, size_t proof_cap, size_t *proof_len,
                                    uint8_t commitments[][32], const ecx_rangeproof_gens *g, ecx_transcript *t,
                                    const uint64_t values[], const uint8_t blindings[][32], size_t m, size_t n)
{
    const size_t size = ecxi_rp_proof_size(n, m);
    if (proof_len) *proof_len = 0;
    if (!proof || !proof_len || !commitments || !t || !values || !blindings || !shape_and_gens_ok(n, m, g) ||
        proof_cap < size) {
        if (proof) memset(proof, 0, size != 0 && proof_cap >= size ? size : proof_cap);
        if (commitments && size != 0) memset(commitments, 0, m * 32); /* m is valid when size is not 0 */
        return ECX_ERR_INVALID;
    }
    uint8_t random[32];
    int status = ecxi_os_random(random, sizeof random);
    if (status == ECX_OK)
        status = ecxi_backend_active()->rangeproof->prove(proof, commitments, g, t, values, blindings, m, n, random);
    ct_wipe(random, sizeof random);
    ct_wipe_stack();
    if (status == ECX_OK) {
        *proof_len = size;
    } else {
        memset(proof, 0, size);
        memset(commitments, 0, m * 32);
    }
    return status;
}

ECX_EXPORT int ecx_rangeproof_verify(const uint8_t *proof, size_t proof_len, const uint8_t commitments[][32],
                                     size_t m, size_t n, const ecx_rangeproof_gens *g, ecx_transcript *t)
{
    if (!proof || !commitments || !t || !shape_and_gens_ok(n, m, g)) return ECX_ERR_INVALID;
    const uint8_t *const proofs[1] = {proof};
    const size_t lens[1] = {proof_len}, ms[1] = {m};
    const uint8_t(*const coms[1])[32] = {commitments};
    ecx_transcript *const ts[1] = {t};
    uint8_t seed[32];
    if (ecxi_os_random(seed, sizeof seed) != ECX_OK) return ECX_ERR_RANDOM;
    return ecxi_backend_active()->rangeproof->verify_batch(1, proofs, lens, coms, ms, n, g, ts, seed);
}

ECX_EXPORT int ecx_rangeproof_verify_batch(size_t count, const uint8_t *const proofs[], const size_t proof_lens[],
                                           const uint8_t (*const commitments[])[32], const size_t ms[], size_t n,
                                           const ecx_rangeproof_gens *g, ecx_transcript *const ts[])
{
    if (count == 0) return ECX_OK;
    if (!proofs || !proof_lens || !commitments || !ms || !ts || !g) return ECX_ERR_INVALID;
    for (size_t i = 0; i < count; i++) {
        if (!proofs[i] || !commitments[i] || !ts[i] || !shape_and_gens_ok(n, ms[i], g)) return ECX_ERR_INVALID;
    }
    uint8_t seed[32];
    if (ecxi_os_random(seed, sizeof seed) != ECX_OK) return ECX_ERR_RANDOM;
    return ecxi_backend_active()->rangeproof->verify_batch(count, proofs, proof_lens, commitments, ms, n, g, ts,
                                                           seed);
}
