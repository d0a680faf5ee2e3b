/* STROBE-128: the subset of the STROBE v1.0.2 protocol framework
 * (https://strobe.sourceforge.io/specs/) that Merlin transcripts are built
 * on — the operations AD, meta-AD, PRF and KEY at security level 128 over
 * Keccak-f[1600] — byte-compatible with the Strobe128 of the Rust crate
 * merlin (src/strobe.rs) and with full STROBE implementations on these
 * operations.
 *
 * Internal to ecx (hidden visibility). Transcripts absorb secrets in the
 * range proofs (the prover's rekeyed RNG), so nothing here branches on or
 * indexes by the bytes processed: only lengths and positions decide what
 * runs, and they are public. */
#ifndef ECX_PROOFS_STROBE_H
#define ECX_PROOFS_STROBE_H

#include <stddef.h>
#include <stdint.h>

/* The rate in bytes: the spec's R = N/8 - lambda/4 - 2 with N = 1600 and
 * lambda = 128, that is 200 - 32 - 2. The two bytes between R and the
 * capacity receive pos_begin and the padding when F runs. */
#define ECXI_STROBE128_R 166

/* A STROBE-128 object ("State of a Strobe object" in the spec, minus the
 * role fields I0/I1, which only the T flag uses). Treat as opaque; the
 * fields are public only so it can live on the stack and so the tests can
 * compare the state with published vectors.
 *   state      the Keccak state as 25 lanes; byte i of the spec's st is byte
 *              i % 8 of lane i / 8 (little-endian, as src/hash/keccak.h)
 *   pos        next byte of the rate to use, 0 .. R - 1 between calls
 *   pos_begin  1 + where the current operation began in this block, or 0 if
 *              it began in an earlier block
 *   cur_flags  flags of the current operation, for "more" */
typedef struct {
    uint64_t state[25];
    uint8_t pos;
    uint8_t pos_begin;
    uint8_t cur_flags;
} ecxi_strobe128;

/* Starts a STROBE-128 object for the protocol `label` (label_len bytes; may
 * be NULL when label_len is 0): the spec's initial state (cSHAKE's prefix
 * for the string "STROBEv1.0.2", permuted) followed by meta-AD(label). */
void ecxi_strobe128_init(ecxi_strobe128 *s, const uint8_t *label, size_t label_len);

/* The four operations. data / out may be NULL when len is 0.
 *
 * more = 0 begins a new operation; more = 1 continues the previous one,
 * which must be the same operation (meta-AD(a, 0) then meta-AD(b, 1) is
 * meta-AD(a || b)). Continuing a different operation is a caller bug: merlin
 * panics there; here, so that nothing aborts, the call begins a new
 * operation as if more were 0. */

/* meta-AD (flags M | A): absorbs framing data. */
void ecxi_strobe128_meta_ad(ecxi_strobe128 *s, const uint8_t *data, size_t len, int more);

/* AD (flag A): absorbs associated data. */
void ecxi_strobe128_ad(ecxi_strobe128 *s, const uint8_t *data, size_t len, int more);

/* PRF (flags I | A | C): writes len pseudorandom bytes, each a byte of the
 * state, which is then zeroed (the spec's "cbefore" duplex of zeros). */
void ecxi_strobe128_prf(ecxi_strobe128 *s, uint8_t *out, size_t len, int more);

/* KEY (flags A | C): overwrites the state with key bytes (the spec's
 * "cbefore" duplex: state ^ (data ^ state) = data). */
void ecxi_strobe128_key(ecxi_strobe128 *s, const uint8_t *data, size_t len, int more);

/* Zeroes the object (its state is a function of everything absorbed). */
void ecxi_strobe128_wipe(ecxi_strobe128 *s);

#endif
