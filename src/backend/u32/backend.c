/* The u32 backend's translation unit: its arithmetic, then the generic
 * curve25519 and P-256 code compiled against it, then its operations table. */
#include "backend/u32/field.h"
#include "backend/u32/scalar.h"
#include "backend/u32/p256.h"
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(u32, 0)
