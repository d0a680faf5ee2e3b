/* The generators' uniform bytes (rangeproof_gens.h). */
#include "proofs/rangeproof_gens.h"

#include <string.h>

#include "hash/keccak.h"

/* RFC 9496's encoding of the ristretto255 generator. */
static const uint8_t BASEPOINT_ENCODING[32] = {0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9,
                                               0x61, 0xc5, 0x00, 0x51, 0x5f, 0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82,
                                               0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76};

/* The next count 64-byte blocks of the chain for label letter || LE32(party). */
static void chain(uint8_t (*out)[64], size_t count, uint8_t letter, uint32_t party)
{
    static const uint8_t PREFIX[] = "GeneratorsChain";
    uint8_t label[5] = {letter, (uint8_t)party, (uint8_t)(party >> 8), (uint8_t)(party >> 16),
                        (uint8_t)(party >> 24)};
    ecxi_keccak_ctx ctx;
    ecxi_shake256_init(&ctx);
    ecxi_keccak_absorb(&ctx, PREFIX, sizeof PREFIX - 1);
    ecxi_keccak_absorb(&ctx, label, sizeof label);
    for (size_t i = 0; i < count; i++) ecxi_keccak_squeeze(&ctx, out[i], 64);
    ecxi_keccak_wipe(&ctx);
}

void ecxi_rp_gens_uniform(const struct ecx_rangeproof_gens *g, uint8_t (*uniform)[64])
{
    memset(uniform[ECXI_RP_GEN_B], 0, 64);
    ecxi_sha3_512(uniform[ECXI_RP_GEN_B_BLINDING], BASEPOINT_ENCODING, sizeof BASEPOINT_ENCODING);
    if (g->gens_capacity == 0) return;
    for (size_t j = 0; j < g->party_capacity; j++) {
        chain(&uniform[ecxi_rp_gen_G(g, j, 0)], g->gens_capacity, 'G', (uint32_t)j);
        chain(&uniform[ecxi_rp_gen_H(g, j, 0)], g->gens_capacity, 'H', (uint32_t)j);
    }
}
