/* The u64 backend's translation unit: its arithmetic, then the generic
 * curve25519 and P-256 code compiled against it, then its operations table. */
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(u64, 0)
