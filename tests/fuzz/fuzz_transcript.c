/* libFuzzer target: the transcript functions on input the caller controls
 * — labels, messages, challenge lengths, and damaged transcript state.
 *
 * Input: a program of operations, one byte each, then its operands:
 *   0: append    label length (byte % 8) and label bytes, message length
 *                (a byte), the message bytes (from the input, copied);
 *   1: challenge label as above, challenge length (a byte);
 *   2: append with a NULL message and a nonzero length (must be refused);
 *   3: damage    flip one byte of the state (index byte % sizeof state);
 * a label stops at a zero byte (labels are C strings). Every operation runs
 * on the transcript and on a twin that ecx_transcript_init set up the same
 * way, so that until damage both must give the same challenge bytes.
 * Invariants (a violation traps):
 *   - statuses are ECX_OK or ECX_ERR_INVALID; before any damage every
 *     append and challenge is ECX_OK and op 2 is ECX_ERR_INVALID;
 *   - on ECX_ERR_INVALID the transcript and the output are unchanged;
 *   - the twin's challenges equal the transcript's (a copy is a fork). */
#include "ecx/rangeproof.h"
#include "fuzz_common.h"

struct reader {
    const uint8_t *p;
    size_t left;
};

static unsigned next(struct reader *r)
{
    if (!r->left) return 0;
    r->left--;
    return *r->p++;
}

/* Reads a label (at most 7 bytes, up to a zero byte) into label[8]. */
static void read_label(struct reader *r, char label[8])
{
    unsigned n = next(r) % 8, i = 0;
    for (; i < n; i++) {
        unsigned c = next(r);
        if (c == 0) break;
        label[i] = (char)c;
    }
    label[i] = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct reader r = {data, size};
    ecx_transcript t, twin, before;
    int damaged = 0;
    FUZZ_REQUIRE(ecx_transcript_init(&t, "fuzz transcript") == ECX_OK, NULL);
    twin = t;
    while (r.left) {
        const unsigned op = next(&r) % 4;
        char label[8];
        uint8_t out[256], out_twin[256], out_before[256];
        int st;
        before = t;
        switch (op) {
        case 0: {
            read_label(&r, label);
            size_t mlen = next(&r);
            if (mlen > r.left) mlen = r.left;
            uint8_t *msg = fuzz_copy(r.p, mlen, mlen);
            r.p += mlen;
            r.left -= mlen;
            st = ecx_transcript_append(&t, label, msg, mlen);
            if (!damaged) {
                FUZZ_REQUIRE(st == ECX_OK, NULL);
                FUZZ_REQUIRE(ecx_transcript_append(&twin, label, msg, mlen) == ECX_OK, NULL);
            }
            free(msg);
            break;
        }
        case 1: {
            read_label(&r, label);
            const size_t clen = next(&r);
            memset(out, 0xa5, sizeof out);
            memcpy(out_before, out, sizeof out);
            st = ecx_transcript_challenge(&t, label, out, clen);
            if (st != ECX_OK) FUZZ_REQUIRE(memcmp(out, out_before, sizeof out) == 0, NULL);
            if (!damaged) {
                FUZZ_REQUIRE(st == ECX_OK, NULL);
                FUZZ_REQUIRE(ecx_transcript_challenge(&twin, label, out_twin, clen) == ECX_OK, NULL);
                FUZZ_REQUIRE(memcmp(out, out_twin, clen) == 0, NULL);
            }
            break;
        }
        case 2:
            st = ecx_transcript_append(&t, "null", NULL, 1 + next(&r));
            FUZZ_REQUIRE(st == ECX_ERR_INVALID, NULL);
            break;
        default: {
            const size_t at = next(&r) % sizeof t.opaque;
            ((uint8_t *)t.opaque)[at] ^= (uint8_t)(1u << (next(&r) % 8));
            damaged = 1;
            before = t;
            st = ECX_ERR_INVALID;
            break;
        }
        }
        FUZZ_REQUIRE(st == ECX_OK || st == ECX_ERR_INVALID, NULL);
        if (st != ECX_OK) FUZZ_REQUIRE(memcmp(&t, &before, sizeof t) == 0, NULL);
    }
    return 0;
}
