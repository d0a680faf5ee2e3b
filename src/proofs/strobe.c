/* STROBE-128 (STROBE v1.0.2, security level 128), the operations Merlin
 * needs: AD, meta-AD, PRF and KEY. Section names below are those of the
 * spec, https://strobe.sourceforge.io/specs/.
 *
 * The state stays in Keccak lanes (src/hash/keccak.h) and bytes are moved in
 * and out at their positions, so no 200-byte copy is made around each
 * permutation. The position decides which bytes are touched; the data never
 * does. */
#include "proofs/strobe.h"

#include <string.h>

#include "common/bytes.h"
#include "common/constant_time.h"
#include "hash/keccak.h"

#define R ECXI_STROBE128_R

/* "Operations and flags": the bits of an operation's flag byte. T (the
 * transport direction) is never set here: none of Merlin's operations sends
 * or receives, so the role bookkeeping it needs is left out. */
#define FLAG_I 0x01u /* inbound: data flows out of the state (PRF) */
#define FLAG_A 0x02u /* the application sees the data */
#define FLAG_C 0x04u /* cipher: the data is combined with the state's key stream */
#define FLAG_M 0x10u /* meta: framing rather than content */
#define FLAG_K 0x20u /* keytree (unused; forces F like C) */

/* "Flags for the defined operations". */
#define OP_AD FLAG_A
#define OP_META_AD (FLAG_M | FLAG_A)
#define OP_PRF (FLAG_I | FLAG_A | FLAG_C)
#define OP_KEY (FLAG_A | FLAG_C)

/* The spec's byte view of the state: byte i is byte i % 8 of lane i / 8. */
static inline void xor_byte(uint64_t st[25], size_t i, uint8_t b)
{
    st[i >> 3] ^= (uint64_t)b << (8 * (i & 7));
}

static inline uint8_t get_byte(const uint64_t st[25], size_t i)
{
    return (uint8_t)(st[i >> 3] >> (8 * (i & 7)));
}

static inline void set_byte(uint64_t st[25], size_t i, uint8_t b)
{
    const unsigned shift = 8 * (unsigned)(i & 7);
    st[i >> 3] = (st[i >> 3] & ~((uint64_t)0xff << shift)) | (uint64_t)b << shift;
}

/* "Duplexing and running F": the block ends at pos; pos_begin records where
 * the last operation began in it (so operation boundaries are part of what
 * is hashed), and 0x04 at pos + 1 with 0x80 at R + 1 is cSHAKE's padding
 * (suffix 00, then pad10*1) over the 168-byte rate of Keccak[256] — STROBE's
 * R is that rate less the two bytes these marks need. Then F, and the next
 * block starts with no operation begun in it. */
static void run_f(ecxi_strobe128 *s)
{
    xor_byte(s->state, s->pos, s->pos_begin);
    xor_byte(s->state, (size_t)s->pos + 1, 0x04);
    xor_byte(s->state, R + 1, 0x80);
    ecxi_keccak_f1600(s->state);
    s->pos = 0;
    s->pos_begin = 0;
}

/* XORs n bytes into the state from byte pos on (pos + n <= R): whole lanes
 * when pos is lane-aligned, the ragged ends byte by byte. */
static void xor_in(uint64_t st[25], size_t pos, const uint8_t *in, size_t n)
{
    for (; n > 0 && (pos & 7) != 0; pos++, in++, n--) xor_byte(st, pos, *in);
    for (; n >= 8; pos += 8, in += 8, n -= 8) st[pos >> 3] ^= load64_le(in);
    for (; n > 0; pos++, in++, n--) xor_byte(st, pos, *in);
}

/* The duplex of the three data flows the four operations use. F runs as
 * soon as a block fills, so pos < R holds between calls (the spec's
 * "if pos == R: run_F()" after each byte). */
enum flow {
    FLOW_ABSORB,    /* st ^= data: AD, meta-AD */
    FLOW_OVERWRITE, /* st = data: KEY (cbefore, data ^ st ^ st) */
    FLOW_SQUEEZE,   /* out = st, st = 0: PRF (cbefore on zeros) */
};

static void duplex(ecxi_strobe128 *s, enum flow flow, const uint8_t *in, uint8_t *out, size_t len)
{
    while (len > 0) {
        size_t pos = s->pos, take = R - pos;
        if (take > len) take = len;
        switch (flow) {
        case FLOW_ABSORB:
            xor_in(s->state, pos, in, take);
            in += take;
            break;
        case FLOW_OVERWRITE:
            for (size_t i = 0; i < take; i++) set_byte(s->state, pos + i, in[i]);
            in += take;
            break;
        case FLOW_SQUEEZE:
            for (size_t i = 0; i < take; i++) {
                out[i] = get_byte(s->state, pos + i);
                set_byte(s->state, pos + i, 0);
            }
            out += take;
            break;
        }
        s->pos = (uint8_t)(pos + take);
        len -= take;
        if (s->pos == R) run_f(s);
    }
}

/* "Beginning an operation": absorb the previous operation's begin marker
 * and the new flags (so every operation is framed), remember where this one
 * began, and, for operations that use the state as a key stream (C, or K),
 * run F first unless the block is fresh, so their output depends on
 * everything absorbed before. pos_begin is set before the absorb: if those
 * two bytes fill the block, F resets it to 0 (the operation then began in
 * an earlier block), exactly as the spec's _begin_op and merlin do. */
static void begin_op(ecxi_strobe128 *s, uint8_t flags, int more)
{
    if (more && s->cur_flags == flags) return;
    const uint8_t frame[2] = {s->pos_begin, flags};
    s->pos_begin = (uint8_t)(s->pos + 1);
    s->cur_flags = flags;
    duplex(s, FLOW_ABSORB, frame, NULL, sizeof frame);
    if ((flags & (FLAG_C | FLAG_K)) != 0 && s->pos != 0) run_f(s);
}

/* "Initial state": F applied to cSHAKE's prefix bytepad(encode_string(N) ||
 * encode_string(S), R + 2) with N empty and S = "STROBEv1.0.2" — that is
 * left_encode(R + 2) = [1, 168], left_encode(0) = [1, 0] for N, and
 * left_encode(96) = [1, 96] for S's 12 bytes in bits, then S, zero-padded.
 * The protocol label follows as meta-AD ("Initialization"). */
void ecxi_strobe128_init(ecxi_strobe128 *s, const uint8_t *label, size_t label_len)
{
    static const uint8_t prefix[18] = {1, R + 2, 1, 0, 1, 96, 'S', 'T', 'R', 'O', 'B', 'E', 'v', '1', '.', '0', '.', '2'};
    memset(s->state, 0, sizeof s->state);
    xor_in(s->state, 0, prefix, sizeof prefix);
    ecxi_keccak_f1600(s->state);
    s->pos = 0;
    s->pos_begin = 0;
    s->cur_flags = 0;
    ecxi_strobe128_meta_ad(s, label, label_len, 0);
}

void ecxi_strobe128_meta_ad(ecxi_strobe128 *s, const uint8_t *data, size_t len, int more)
{
    begin_op(s, OP_META_AD, more);
    duplex(s, FLOW_ABSORB, data, NULL, len);
}

void ecxi_strobe128_ad(ecxi_strobe128 *s, const uint8_t *data, size_t len, int more)
{
    begin_op(s, OP_AD, more);
    duplex(s, FLOW_ABSORB, data, NULL, len);
}

void ecxi_strobe128_prf(ecxi_strobe128 *s, uint8_t *out, size_t len, int more)
{
    begin_op(s, OP_PRF, more);
    duplex(s, FLOW_SQUEEZE, NULL, out, len);
}

void ecxi_strobe128_key(ecxi_strobe128 *s, const uint8_t *data, size_t len, int more)
{
    begin_op(s, OP_KEY, more);
    duplex(s, FLOW_OVERWRITE, data, NULL, len);
}

void ecxi_strobe128_wipe(ecxi_strobe128 *s)
{
    ct_wipe(s, sizeof *s);
}
