/* Merlin transcripts (https://merlin.cool), byte-compatible with the Rust
 * crate merlin 2.x / 3.x: Transcript::new, append_message and
 * challenge_bytes over STROBE-128 (proofs/strobe.h).
 *
 * Internal to ecx. The public functions (src/api/transcript.c) and, later,
 * the range proofs work on an ecxi_transcript on the stack: they load it
 * from the caller's ecx_transcript, run the operations, store it back and
 * wipe the copy. The layout inside ecx_transcript is private to
 * transcript.c. */
#ifndef ECX_PROOFS_TRANSCRIPT_H
#define ECX_PROOFS_TRANSCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "ecx/rangeproof.h"
#include "proofs/strobe.h"

/* Merlin encodes message and challenge lengths as 32-bit little-endian
 * integers (and panics on longer ones); callers reject longer lengths. */
#define ECXI_TRANSCRIPT_MAX_LEN UINT32_MAX

typedef struct {
    ecxi_strobe128 strobe;
} ecxi_transcript;

/* Transcript::new(label): STROBE-128 for the protocol "Merlin v1.0", then
 * append_message("dom-sep", label). label_len <= ECXI_TRANSCRIPT_MAX_LEN;
 * label may be NULL when label_len is 0. */
void ecxi_transcript_init(ecxi_transcript *t, const uint8_t *label, size_t label_len);

/* append_message(label, msg): meta-AD(label || LE32(len)), then AD(msg).
 * len <= ECXI_TRANSCRIPT_MAX_LEN; label / msg may be NULL when their length
 * is 0. */
void ecxi_transcript_append(ecxi_transcript *t, const uint8_t *label, size_t label_len, const uint8_t *msg,
                            size_t len);

/* challenge_bytes(label, out): meta-AD(label || LE32(len)), then PRF into
 * out[0 .. len-1]. len <= ECXI_TRANSCRIPT_MAX_LEN; label / out may be NULL
 * when their length is 0. */
void ecxi_transcript_challenge(ecxi_transcript *t, const uint8_t *label, size_t label_len, uint8_t *out,
                               size_t len);

/* Copies the caller's transcript into t. Returns ECX_OK, or ECX_ERR_INVALID
 * (t untouched) when pub does not hold a transcript that
 * ecxi_transcript_store wrote — never initialised, or damaged — so that a
 * garbage position can never index outside the state. */
int ecxi_transcript_load(ecxi_transcript *t, const ecx_transcript *pub);

/* Writes t into the caller's transcript (every word of it). */
void ecxi_transcript_store(ecx_transcript *pub, const ecxi_transcript *t);

/* Zeroes t (a copy of transcript state). */
void ecxi_transcript_wipe(ecxi_transcript *t);

#endif
