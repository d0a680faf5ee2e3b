/* Bulletproofs range proofs and the Merlin transcripts they run on.
 *
 * For now this header holds the transcript: Merlin (https://merlin.cool),
 * STROBE-128 over Keccak-f[1600], byte-compatible with the Rust crate
 * merlin 2.x / 3.x — the same labels and messages give the same challenge
 * bytes. The Bulletproofs functions (generators, prove, verify, batch
 * verify), wire-compatible with dalek-cryptography/bulletproofs 2.x, will
 * join it.
 *
 * Labels are NUL-terminated strings; their bytes without the NUL are what
 * merlin's byte-string labels are (so a label cannot contain a zero byte).
 * Every function returns ECX_OK or ECX_ERR_INVALID (ecx.h), never aborts,
 * and never reads or writes past the buffers it is given. On
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

#ifdef __cplusplus
}
#endif

#endif
