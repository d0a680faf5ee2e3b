/* The avx2 backend's translation unit (built with -mavx2, selected only on
 * CPUs with AVX2): the u64 backend's arithmetic (its serial partner,
 * DESIGN.md), then the generic code and the operations table. */
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
#include "backend/avx2/field4.h"
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(avx2, ECXI_CPU_AVX2)
