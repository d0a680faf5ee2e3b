/* The backend-neutral half of the Bulletproofs range proofs: the transcript
 * protocol of dalek-cryptography/bulletproofs (its src/transcript.rs), the
 * transcript RNG of merlin (TranscriptRngBuilder), the proof's byte format
 * (RangeProof::to_bytes / from_bytes) and the shape rules (n, m).
 *
 * Internal to ecx, compiled once (src/proofs/meson.build). The group work is
 * per backend (rangeproof_prove.h, rangeproof_verify.h); what is here only
 * moves bytes through STROBE-128 and checks lengths.
 *
 * Constant time: the transcript and RNG functions absorb secrets (the
 * witness) and never branch on the bytes processed (proofs/strobe.h). The
 * format functions handle public proofs and are variable time. */
#ifndef ECX_PROOFS_RANGEPROOF_PROTOCOL_H
#define ECX_PROOFS_RANGEPROOF_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "proofs/strobe.h"
#include "proofs/transcript.h"

/* Largest aggregation (parties) and bit size, and so at most 2^12 bits and
 * 12 inner-product rounds in one proof. */
#define ECXI_RP_MAX_M 64
#define ECXI_RP_MAX_N 64
#define ECXI_RP_MAX_LG 12

/* 1 if n is 8, 16, 32 or 64 and m is a power of two in [1, 64], else 0. */
int ecxi_rp_shape_ok(size_t n, size_t m);

/* log2(x) for a power of two x (0 for x = 0). */
unsigned ecxi_rp_log2(size_t x);

/* The proof size for a valid shape: 32 (9 + 2 log2(n m)) bytes — A, S, T_1,
 * T_2, t_x, t_x_blinding, e_blinding, then L_k, R_k for each inner-product
 * round and a, b. 0 for an invalid shape. */
size_t ecxi_rp_proof_size(size_t n, size_t m);

/* A parsed proof: pointers into the caller's bytes. */
typedef struct {
    const uint8_t *A, *S, *T1, *T2;              /* compressed points */
    const uint8_t *t_x, *t_x_blinding, *e_blinding; /* canonical scalars */
    const uint8_t *L[ECXI_RP_MAX_LG], *R[ECXI_RP_MAX_LG];
    const uint8_t *a, *b;
    unsigned lg; /* rounds: log2(n m) */
} ecxi_rp_view;

/* Splits proof[0 .. len-1] for the shape (n, m) (which must be valid):
 * ECX_OK, or ECX_ERR_INVALID if len is not ecxi_rp_proof_size(n, m) or a
 * scalar is not canonical (>= l), as the crate's from_bytes and its
 * from_canonical_bytes. Points are not decoded here. Variable time. */
int ecxi_rp_parse(ecxi_rp_view *v, const uint8_t *proof, size_t len, size_t n, size_t m);

/* 1 if the 32 little-endian bytes are below l, else 0. Variable time. */
int ecxi_rp_scalar_is_canonical(const uint8_t s[32]);

/* The crate's TranscriptProtocol (src/transcript.rs):
 *   rangeproof_domain_sep(n, m): "dom-sep" <- "rangeproof v1", "n" <- LE64(n), "m" <- LE64(m)
 *   innerproduct_domain_sep(n):  "dom-sep" <- "ipp v1", "n" <- LE64(n)
 *   append_point / append_scalar: label <- the 32 bytes
 *   challenge_scalar: 64 challenge bytes, which the caller reduces mod l. */
void ecxi_rp_domain_sep(ecxi_transcript *t, uint64_t n, uint64_t m);
void ecxi_rp_ipp_domain_sep(ecxi_transcript *t, uint64_t n);
void ecxi_rp_append32(ecxi_transcript *t, const char *label, const uint8_t bytes[32]);
void ecxi_rp_challenge64(ecxi_transcript *t, const char *label, uint8_t out[64]);

/* merlin's transcript RNG (TranscriptRngBuilder / TranscriptRng):
 *   init:     a clone of the transcript's STROBE state (the transcript itself
 *             is not changed);
 *   rekey:    rekey_with_witness_bytes(label, witness): meta-AD(label),
 *             meta-AD(LE32(len)) continued, KEY(witness);
 *   finalize: meta-AD("rng"), KEY(32 random bytes) — OS randomness in the
 *             library, fixed bytes in tests that reproduce a proof;
 *   fill:     fill_bytes(out): meta-AD(LE32(len)), PRF(out).
 * A scalar is 64 bytes of fill reduced mod l (Scalar::random). Constant
 * time. Wipe the RNG when done. */
typedef struct {
    ecxi_strobe128 strobe;
} ecxi_rp_rng;

void ecxi_rp_rng_init(ecxi_rp_rng *r, const ecxi_transcript *t);
void ecxi_rp_rng_rekey(ecxi_rp_rng *r, const char *label, const uint8_t *witness, size_t len);
void ecxi_rp_rng_finalize(ecxi_rp_rng *r, const uint8_t random[32]);
void ecxi_rp_rng_fill(ecxi_rp_rng *r, uint8_t *out, size_t len);
void ecxi_rp_rng_wipe(ecxi_rp_rng *r);

#endif
