/* Merlin transcripts over STROBE-128, and their place in ecx_transcript.
 *
 * Merlin's operations ("Transcript protocols" on merlin.cool, and
 * src/transcript.rs of the crate) frame every message and challenge with
 * its label and its length: meta-AD(label || LE32(len)), then AD(message) or
 * PRF(len). The crate writes the meta-AD as two calls, the second one
 * continuing the first ("more"); in STROBE that is one operation over the
 * concatenation, so the label is never copied into a buffer here either. */
#include "proofs/transcript.h"

#include "ecx/ecx.h"

/* Transcript::new's protocol label (merlin's MERLIN_PROTOCOL_LABEL) and the
 * label under which it appends the application's label. */
static const uint8_t MERLIN_PROTOCOL[] = {'M', 'e', 'r', 'l', 'i', 'n', ' ', 'v', '1', '.', '0'};
static const uint8_t DOM_SEP[] = {'d', 'o', 'm', '-', 's', 'e', 'p'};

/* Where the fields live in ecx_transcript's 28 words: the 25 lanes, then
 * one word with pos, pos_begin and cur_flags in its low three bytes, then a
 * marker written only by ecxi_transcript_store, then a word kept zero. */
#define WORD_POS 25
#define WORD_MARK 26
#define WORD_ZERO 27
#define MARK 0x314e4c524d584345ull /* "ECXMRLN1" read little-endian */

_Static_assert(sizeof(((ecx_transcript *)0)->opaque) / sizeof(uint64_t) == 28, "ecx_transcript has 28 words");
_Static_assert(sizeof(ecxi_transcript) <= sizeof(ecx_transcript),
               "the STROBE-128 state (200 bytes + 3 position bytes) fits the public container");

/* LE32(len) of merlin's encode_usize_as_u32. */
static void le32(uint8_t out[4], size_t len)
{
    const uint32_t x = (uint32_t)len;
    out[0] = (uint8_t)x;
    out[1] = (uint8_t)(x >> 8);
    out[2] = (uint8_t)(x >> 16);
    out[3] = (uint8_t)(x >> 24);
}

/* meta-AD(label || LE32(len)), the framing both operations share. */
static void frame(ecxi_transcript *t, const uint8_t *label, size_t label_len, size_t len)
{
    uint8_t n[4];
    le32(n, len);
    ecxi_strobe128_meta_ad(&t->strobe, label, label_len, 0);
    ecxi_strobe128_meta_ad(&t->strobe, n, sizeof n, 1);
}

void ecxi_transcript_init(ecxi_transcript *t, const uint8_t *label, size_t label_len)
{
    ecxi_strobe128_init(&t->strobe, MERLIN_PROTOCOL, sizeof MERLIN_PROTOCOL);
    ecxi_transcript_append(t, DOM_SEP, sizeof DOM_SEP, label, label_len);
}

void ecxi_transcript_append(ecxi_transcript *t, const uint8_t *label, size_t label_len, const uint8_t *msg,
                            size_t len)
{
    frame(t, label, label_len, len);
    ecxi_strobe128_ad(&t->strobe, msg, len, 0);
}

void ecxi_transcript_challenge(ecxi_transcript *t, const uint8_t *label, size_t label_len, uint8_t *out,
                               size_t len)
{
    frame(t, label, label_len, len);
    ecxi_strobe128_prf(&t->strobe, out, len, 0);
}

/* Only the position word and the marker are examined, never the lanes:
 * which branch runs depends on public bookkeeping, not on what the
 * transcript absorbed. Between operations pos < R, and pos_begin is 0 or
 * below pos (an operation's two framing bytes follow its begin mark). */
int ecxi_transcript_load(ecxi_transcript *t, const ecx_transcript *pub)
{
    const uint64_t w = pub->opaque[WORD_POS];
    const unsigned pos = (unsigned)(w & 0xff), pos_begin = (unsigned)((w >> 8) & 0xff);
    if (pub->opaque[WORD_MARK] != MARK || pub->opaque[WORD_ZERO] != 0 || (w >> 24) != 0) return ECX_ERR_INVALID;
    if (pos >= ECXI_STROBE128_R || (pos_begin != 0 && pos_begin >= pos)) return ECX_ERR_INVALID;

    for (int i = 0; i < 25; i++) t->strobe.state[i] = pub->opaque[i];
    t->strobe.pos = (uint8_t)pos;
    t->strobe.pos_begin = (uint8_t)pos_begin;
    t->strobe.cur_flags = (uint8_t)(w >> 16);
    return ECX_OK;
}

void ecxi_transcript_store(ecx_transcript *pub, const ecxi_transcript *t)
{
    for (int i = 0; i < 25; i++) pub->opaque[i] = t->strobe.state[i];
    pub->opaque[WORD_POS] = (uint64_t)t->strobe.pos | (uint64_t)t->strobe.pos_begin << 8 |
                            (uint64_t)t->strobe.cur_flags << 16;
    pub->opaque[WORD_MARK] = MARK;
    pub->opaque[WORD_ZERO] = 0;
}

void ecxi_transcript_wipe(ecxi_transcript *t)
{
    ecxi_strobe128_wipe(&t->strobe);
}
