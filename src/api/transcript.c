/* The public Merlin transcript functions (include/ecx/rangeproof.h):
 * argument checks, then the operation on a stack copy of the transcript
 * (src/proofs/transcript.h), stored back and wiped. No backend is involved
 * (STROBE-128 is byte-oriented Keccak, the same code on every CPU), so
 * these call src/proofs directly instead of going through dispatch. */
#include "ecx/rangeproof.h"

#include <stdint.h>
#include <string.h>

#include "api/export.h"
#include "ecx/ecx.h"
#include "proofs/transcript.h"

/* Merlin's 32-bit length prefix: a longer message or challenge has no
 * encoding (the crate panics). Where size_t has 32 bits every length fits
 * (and the comparison would draw -Wtype-limits). */
static int fits_u32(size_t len)
{
#if SIZE_MAX > UINT32_MAX
    return len <= ECXI_TRANSCRIPT_MAX_LEN;
#else
    (void)len;
    return 1;
#endif
}

ECX_EXPORT int ecx_transcript_init(ecx_transcript *t, const char *label)
{
    if (!t || !label) return ECX_ERR_INVALID;
    /* The label is appended as a message, so its length is prefixed too. */
    const size_t label_len = strlen(label);
    if (!fits_u32(label_len)) return ECX_ERR_INVALID;

    ecxi_transcript st;
    ecxi_transcript_init(&st, (const uint8_t *)label, label_len);
    ecxi_transcript_store(t, &st);
    ecxi_transcript_wipe(&st);
    return ECX_OK;
}

ECX_EXPORT int ecx_transcript_append(ecx_transcript *t, const char *label, const uint8_t *msg, size_t len)
{
    if (!t || !label || (!msg && len != 0) || !fits_u32(len)) return ECX_ERR_INVALID;

    ecxi_transcript st;
    if (ecxi_transcript_load(&st, t) != ECX_OK) return ECX_ERR_INVALID;
    ecxi_transcript_append(&st, (const uint8_t *)label, strlen(label), msg, len);
    ecxi_transcript_store(t, &st);
    ecxi_transcript_wipe(&st);
    return ECX_OK;
}

ECX_EXPORT int ecx_transcript_challenge(ecx_transcript *t, const char *label, uint8_t *out, size_t len)
{
    if (!t || !label || (!out && len != 0) || !fits_u32(len)) return ECX_ERR_INVALID;

    ecxi_transcript st;
    if (ecxi_transcript_load(&st, t) != ECX_OK) return ECX_ERR_INVALID;
    ecxi_transcript_challenge(&st, (const uint8_t *)label, strlen(label), out, len);
    ecxi_transcript_store(t, &st);
    ecxi_transcript_wipe(&st);
    return ECX_OK;
}
