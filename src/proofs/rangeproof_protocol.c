/* The backend-neutral half of the range proofs (rangeproof_protocol.h). */
#include "proofs/rangeproof_protocol.h"

#include <string.h>

#include "ecx/ecx.h"

int ecxi_rp_shape_ok(size_t n, size_t m)
{
    const int n_ok = n == 8 || n == 16 || n == 32 || n == 64;
    const int m_ok = m >= 1 && m <= ECXI_RP_MAX_M && (m & (m - 1)) == 0;
    return n_ok && m_ok;
}

unsigned ecxi_rp_log2(size_t x)
{
    unsigned lg = 0;
    while (x > 1) {
        x >>= 1;
        lg++;
    }
    return lg;
}

size_t ecxi_rp_proof_size(size_t n, size_t m)
{
    if (!ecxi_rp_shape_ok(n, m)) return 0;
    return 32 * (9 + 2 * (size_t)ecxi_rp_log2(n * m));
}

/* l, little-endian. */
static const uint8_t ORDER[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

int ecxi_rp_scalar_is_canonical(const uint8_t s[32])
{
    for (int i = 31; i >= 0; i--) {
        if (s[i] < ORDER[i]) return 1;
        if (s[i] > ORDER[i]) return 0;
    }
    return 0; /* s = l */
}

int ecxi_rp_parse(ecxi_rp_view *v, const uint8_t *proof, size_t len, size_t n, size_t m)
{
    const size_t want = ecxi_rp_proof_size(n, m);
    if (want == 0 || len != want || !proof) return ECX_ERR_INVALID;
    v->lg = ecxi_rp_log2(n * m);
    v->A = proof;
    v->S = proof + 32;
    v->T1 = proof + 64;
    v->T2 = proof + 96;
    v->t_x = proof + 128;
    v->t_x_blinding = proof + 160;
    v->e_blinding = proof + 192;
    const uint8_t *ipp = proof + 224;
    for (unsigned k = 0; k < v->lg; k++) {
        v->L[k] = ipp + 64 * k;
        v->R[k] = ipp + 64 * k + 32;
    }
    v->a = ipp + 64 * v->lg;
    v->b = v->a + 32;
    if (!ecxi_rp_scalar_is_canonical(v->t_x) || !ecxi_rp_scalar_is_canonical(v->t_x_blinding) ||
        !ecxi_rp_scalar_is_canonical(v->e_blinding) || !ecxi_rp_scalar_is_canonical(v->a) ||
        !ecxi_rp_scalar_is_canonical(v->b))
        return ECX_ERR_INVALID;
    return ECX_OK;
}

/* A NUL-terminated label as merlin's byte-string label. */
static void append_le64(ecxi_transcript *t, const char *label, uint64_t x)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(x >> (8 * i));
    ecxi_transcript_append(t, (const uint8_t *)label, strlen(label), b, sizeof b);
}

static void append_str(ecxi_transcript *t, const char *label, const char *msg)
{
    ecxi_transcript_append(t, (const uint8_t *)label, strlen(label), (const uint8_t *)msg, strlen(msg));
}

void ecxi_rp_domain_sep(ecxi_transcript *t, uint64_t n, uint64_t m)
{
    append_str(t, "dom-sep", "rangeproof v1");
    append_le64(t, "n", n);
    append_le64(t, "m", m);
}

void ecxi_rp_ipp_domain_sep(ecxi_transcript *t, uint64_t n)
{
    append_str(t, "dom-sep", "ipp v1");
    append_le64(t, "n", n);
}

void ecxi_rp_append32(ecxi_transcript *t, const char *label, const uint8_t bytes[32])
{
    ecxi_transcript_append(t, (const uint8_t *)label, strlen(label), bytes, 32);
}

void ecxi_rp_challenge64(ecxi_transcript *t, const char *label, uint8_t out[64])
{
    ecxi_transcript_challenge(t, (const uint8_t *)label, strlen(label), out, 64);
}

/* LE32(len), merlin's encode_usize_as_u32 (lengths here are small). */
static void le32(uint8_t out[4], size_t len)
{
    for (int i = 0; i < 4; i++) out[i] = (uint8_t)((uint32_t)len >> (8 * i));
}

void ecxi_rp_rng_init(ecxi_rp_rng *r, const ecxi_transcript *t)
{
    r->strobe = t->strobe;
}

void ecxi_rp_rng_rekey(ecxi_rp_rng *r, const char *label, const uint8_t *witness, size_t len)
{
    uint8_t n[4];
    le32(n, len);
    ecxi_strobe128_meta_ad(&r->strobe, (const uint8_t *)label, strlen(label), 0);
    ecxi_strobe128_meta_ad(&r->strobe, n, sizeof n, 1);
    ecxi_strobe128_key(&r->strobe, witness, len, 0);
}

void ecxi_rp_rng_finalize(ecxi_rp_rng *r, const uint8_t random[32])
{
    static const uint8_t RNG[] = {'r', 'n', 'g'};
    ecxi_strobe128_meta_ad(&r->strobe, RNG, sizeof RNG, 0);
    ecxi_strobe128_key(&r->strobe, random, 32, 0);
}

void ecxi_rp_rng_fill(ecxi_rp_rng *r, uint8_t *out, size_t len)
{
    uint8_t n[4];
    le32(n, len);
    ecxi_strobe128_meta_ad(&r->strobe, n, sizeof n, 0);
    ecxi_strobe128_prf(&r->strobe, out, len, 0);
}

void ecxi_rp_rng_wipe(ecxi_rp_rng *r)
{
    ecxi_strobe128_wipe(&r->strobe);
}
