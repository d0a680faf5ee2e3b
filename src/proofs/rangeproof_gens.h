/* The generators object behind ecx_rangeproof_gens (include/ecx/rangeproof.h),
 * backend-neutral: every point is stored as its affine coordinates (x, y),
 * canonical little-endian field elements, 64 bytes. Any backend loads such a
 * point into its own limbs with two fe_from_bytes and one multiplication (no
 * square root), so one object serves every backend, whichever was active
 * when it was made and whichever is active when it is used: all backends
 * compute the same points (the differential tests check it), and
 * ecx_backend_select may change the backend at any time.
 *
 * Layout of points[]: B, B_blinding, then the G vectors party by party
 * (party j's i-th generator at 2 + j gens_capacity + i), then the H vectors
 * the same way. The affine coordinates of a ristretto255 element depend on
 * the representative chosen; any one is fine for the group law, and outputs
 * are always re-encoded (RFC 9496), so only the class matters. */
#ifndef ECX_PROOFS_RANGEPROOF_GENS_H
#define ECX_PROOFS_RANGEPROOF_GENS_H

#include <stddef.h>
#include <stdint.h>

#include "ecx/rangeproof.h"

struct ecx_rangeproof_gens {
    size_t gens_capacity;  /* bits per party, <= ECXI_RP_MAX_N */
    size_t party_capacity; /* parties, <= ECXI_RP_MAX_M */
    size_t count;          /* 2 + 2 gens_capacity party_capacity */
    uint8_t (*points)[64];
    /* Optional, one backend's: the points in that backend's own forms for
     * the verifier's multiscalar multiplication (rangeproof_cache.h),
     * made by ecx_rangeproof_gens_new's backend and never changed after.
     * cache_owner identifies that backend (NULL: no cache); any other
     * backend ignores it and loads points[]. cache is freed with free(). */
    const void *cache_owner;
    void *cache;
    unsigned cache_columns; /* the cache's fixed-base columns (1: ready forms only) */
};

#define ECXI_RP_GEN_B 0
#define ECXI_RP_GEN_B_BLINDING 1

/* The index of G_vec[j][i] and H_vec[j][i]. */
static inline size_t ecxi_rp_gen_G(const struct ecx_rangeproof_gens *g, size_t j, size_t i)
{
    return 2 + j * g->gens_capacity + i;
}

static inline size_t ecxi_rp_gen_H(const struct ecx_rangeproof_gens *g, size_t j, size_t i)
{
    return 2 + (g->party_capacity + j) * g->gens_capacity + i;
}

/* The uniform bytes behind each generator, as the crate derives them
 * (src/generators.rs): B_blinding from SHA3-512 of B's encoding
 * (RistrettoPoint::hash_from_bytes::<Sha3_512>), party j's G and H from the
 * SHAKE256 streams of "GeneratorsChain" || "G" || LE32(j) and
 * "GeneratorsChain" || "H" || LE32(j), 64 bytes per generator. Writes 64
 * bytes for each of g->count points into uniform[] (B's slot is zeroed: B is
 * the basepoint itself, not mapped). Backend-neutral. */
void ecxi_rp_gens_uniform(const struct ecx_rangeproof_gens *g, uint8_t (*uniform)[64]);

#endif
