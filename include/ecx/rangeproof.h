/* Bulletproofs range proofs and the Merlin transcripts they run on.
 *
 * The transcript: Merlin (https://merlin.cool), STROBE-128 over
 * Keccak-f[1600], byte-compatible with the Rust crate merlin 2.x / 3.x —
 * the same labels and messages give the same challenge bytes.
 *
 * The range proofs: aggregated Bulletproofs (Bunz, Bootle, Boneh, Poelstra,
 * Wuille, Maxwell, IEEE S&P 2018) over ristretto255, wire-compatible with
 * the Rust crate dalek-cryptography/bulletproofs 2.x - 4.x (and its
 * curve25519-dalek 4 port): the same transcript protocol, the same
 * generators (PedersenGens::default(), BulletproofGens::new) and the same
 * proof bytes, so proofs made by either verify in the other. See
 * docs/rangeproof.md.
 *
 * Labels are NUL-terminated strings; their bytes without the NUL are what
 * merlin's byte-string labels are (so a label cannot contain a zero byte).
 * Every function returns ECX_OK or a negative ECX_ERR_* status (ecx.h),
 * never aborts, and never reads or writes past the buffers it is given.
 * The transcript functions return ECX_OK or ECX_ERR_INVALID; on
 * ECX_ERR_INVALID nothing is written and the transcript is unchanged. */
#ifndef ECX_RANGEPROOF_H
#define ECX_RANGEPROOF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A transcript in progress: the STROBE-128 state and its position. Treat as
 * opaque. It may live anywhere (stack, heap, inside another struct) and may
 * be copied by assignment: the copy is an independent transcript with the
 * same history (merlin's Transcript::clone), a way to fork it. It holds a
 * function of everything appended; zero it when that was secret. */
typedef struct {
    uint64_t opaque[28];
} ecx_transcript;

/* Transcript::new(label): starts t afresh (whatever it held) for the
 * application's domain-separation label. ECX_ERR_INVALID if t or label is
 * NULL. */
int ecx_transcript_init(ecx_transcript *t, const char *label);

/* Transcript::append_message(label, msg[0 .. len-1]). msg may be NULL when
 * len is 0. ECX_ERR_INVALID if t or label is NULL, msg is NULL with len > 0,
 * len >= 2^32 (merlin's length prefix is 32 bits), or t was not set up by
 * ecx_transcript_init (a zeroed or damaged ecx_transcript is detected, not
 * used). */
int ecx_transcript_append(ecx_transcript *t, const char *label, const uint8_t *msg, size_t len);

/* Transcript::challenge_bytes(label, out[0 .. len-1]): writes len challenge
 * bytes bound to everything appended so far, and appends the challenge's
 * label and length to the transcript. out may be NULL when len is 0.
 * ECX_ERR_INVALID on the same conditions as ecx_transcript_append (with out
 * for msg). */
int ecx_transcript_challenge(ecx_transcript *t, const char *label, uint8_t *out, size_t len);

/* ------------------------------------------------------------------------
 * Range proofs. A proof shows that each of m committed values lies in
 * [0, 2^n), n in {8, 16, 32, 64}, m a power of two in [1, 64]. The
 * commitments are Pedersen commitments V_j = [v_j]B + [gamma_j]B_blinding
 * (32-byte ristretto255 encodings); blindings are canonical 32-byte
 * little-endian scalars (< l).
 *
 * Each proof runs on the caller's transcript, as in the crate: the prover
 * and the verifier must start from transcripts with the same history
 * (typically ecx_transcript_init with the same application label). On
 * ECX_OK the transcript has absorbed the proof (as the crate's does, so
 * later challenges agree with it); on any error it is unchanged.
 *
 * Errors: ECX_ERR_INVALID for bad arguments (NULL, a bad n or m, too few
 * generators, a short proof buffer, a value >= 2^n, a non-canonical
 * blinding), a malformed proof (wrong length, a non-canonical scalar, a
 * point that does not decode) or a commitment that does not decode;
 * ECX_ERR_VERIFY for a well-formed proof that does not verify (including
 * an identity point where the crate refuses one); ECX_ERR_NOMEM;
 * ECX_ERR_RANDOM if the OS gives no randomness. */

/* Pedersen generators (B, B_blinding) and the Bulletproof generators of
 * gens_capacity bits for party_capacity parties, as the crate derives them.
 * The object holds every point in a backend-neutral form, so it works with
 * every backend, whichever is active when it is used (ecx_backend_select
 * may change it at any time). Read-only once made: one object may serve
 * any number of threads. */
typedef struct ecx_rangeproof_gens ecx_rangeproof_gens;

/* *g = new generators (computed by the active backend; free them with
 * ecx_rangeproof_gens_free). gens_capacity <= 64 and party_capacity <= 64
 * (a proof needs gens_capacity >= n and party_capacity >= m).
 * ECX_ERR_INVALID (g NULL or a capacity too large; *g untouched) or
 * ECX_ERR_NOMEM. Cost, measured with the ifma backend (CPU time; peak
 * memory of the whole process): (64, 8) 8 ms and 3 MB, (64, 16) 41 ms and
 * 10 MB, (64, 32) 81 ms and 18 MB, (64, 64) 160 ms and 33 MB. From
 * (64, 16) on, the object holds a fixed-base table of the generators that
 * makes verification of aggregated proofs faster (docs/rangeproof.md);
 * avx2's copy is larger. */
int ecx_rangeproof_gens_new(ecx_rangeproof_gens **g, size_t gens_capacity, size_t party_capacity);

/* Frees g (NULL is ignored). */
void ecx_rangeproof_gens_free(ecx_rangeproof_gens *g);

/* The proof size for m values of n bits, 32 (9 + 2 log2(n m)) bytes (672
 * for one 64-bit value); 0 if n or m is not allowed. */
size_t ecx_rangeproof_size(size_t n, size_t m);

/* Proves that values[j] < 2^n for j < m with the blindings, writes the
 * proof (ecx_rangeproof_size(n, m) bytes, *proof_len receives the count)
 * into proof[0 .. proof_cap-1] and the commitments into commitments[0 ..
 * m-1]. The prover's blinding scalars come from merlin's transcript RNG
 * (the transcript, rekeyed with the values and blindings, finalized with
 * 32 bytes of OS randomness), so a weak OS RNG alone does not expose the
 * witness. Constant time in the values and blindings. On an error the
 * outputs are zeroed (when they were given). */
int ecx_rangeproof_prove(uint8_t *proof, size_t proof_cap, size_t *proof_len, uint8_t commitments[][32],
                         const ecx_rangeproof_gens *g, ecx_transcript *t, const uint64_t values[],
                         const uint8_t blindings[][32], size_t m, size_t n);

/* ECX_OK if proof[0 .. proof_len-1] proves that the m commitments hold
 * n-bit values. One variable-time multiscalar multiplication (the crate's
 * verification equation, with a random combination scalar from the OS).
 * Variable time: proofs and commitments are public. */
int ecx_rangeproof_verify(const uint8_t *proof, size_t proof_len, const uint8_t commitments[][32], size_t m,
                          size_t n, const ecx_rangeproof_gens *g, ecx_transcript *t);

/* Verifies count proofs of n bits at once: proof i (proof_lens[i] bytes)
 * for the ms[i] commitments commitments[i], on its own transcript ts[i].
 * The equations are combined with random weights into one multiscalar
 * multiplication. ECX_OK iff every proof verifies (count = 0 verifies; the
 * arrays may then be NULL); otherwise the first error met, and no
 * transcript changes. Variable time. */
int ecx_rangeproof_verify_batch(size_t count, const uint8_t *const proofs[], const size_t proof_lens[],
                                const uint8_t (*const commitments[])[32], const size_t ms[], size_t n,
                                const ecx_rangeproof_gens *g, ecx_transcript *const ts[]);

#ifdef __cplusplus
}
#endif

#endif
