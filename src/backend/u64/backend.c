/* The u64 backend's translation unit: its arithmetic, then the generic
 * curve25519 and P-256 code compiled against it, then its operations table. */
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
/* Verification decodes A and R with the two square-root chains
 * interleaved (ed25519_impl.h, field_lanes.h): one chain waits on
 * the multiplier's latency, two keep it busier (Intel Xeon model 207:
 * verify 7% faster; Zen 5: no difference). u32 keeps two roots: paired,
 * its ten-limb chains spill (verify 2% slower, same machine). */
#define ECXI_ED25519_PAIRED_DECODE 1
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(u64, 0)
