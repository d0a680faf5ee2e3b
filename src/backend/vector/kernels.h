/* The vector layer's kernels, for a vector backend's translation unit.
 *
 * DESIGN.md: a vector backend reuses its serial partner for everything it
 * does not vectorise and replaces the point kernels of the
 * scalar multiplications. This header holds those kernels once, written
 * on the vector contract (backend/vector/contract.h), for every vector
 * backend:
 *
 *   kernel                          generic code that calls it
 *   ge_scalarmult_base              curve25519/scalar_mul_base.h (signing, keys)
 *   ge_scalarmult                   curve25519/scalar_mul_variable.h
 *   ge_double_scalarmult_vartime    curve25519/scalar_mul_double.h (verify)
 *   ge_straus_entry, ge_straus_odd_multiples, ge_straus_accumulate
 *                                   curve25519/msm_straus.h
 *   ge_pippenger_* (2 types, 8 operations)
 *                                   curve25519/msm_pippenger.h
 *   fe_pow_p58_x2                   curve25519/edwards_decode_x2.h
 *   fe_mul_x4                       curve25519/field_common.h (f25519 table)
 *
 * One switch selects them: ECXI_VECTOR_KERNELS, defined by contract.h and
 * so by every vector backend's field4.h; each generic file above defines
 * its serial kernel only without it. A translation unit that includes a
 * field4.h and not this header does not link its generic code (the
 * kernels are missing: a compile error, never a silent serial fallback).
 *
 * Usage, in src/backend/NAME/backend.c (docs/vector.md):
 *     #include "backend/PARTNER/field.h"    the serial partner
 *     #include "backend/PARTNER/scalar.h"
 *     #include "backend/PARTNER/p256.h"
 *     #include "backend/NAME/field4.h"      the 4-way field (contract part 1)
 *     #include "backend/vector/edwards4.h"  or the backend's own formulas
 *     #include "backend/vector/kernels.h"
 *     #include "curve25519/backend_impl.h"
 *     ECXI_DEFINE_BACKEND(NAME, ECXI_CPU_...)
 */
#ifndef ECX_BACKEND_VECTOR_KERNELS_H
#define ECX_BACKEND_VECTOR_KERNELS_H

#ifndef ECXI_VECTOR_KERNELS
#error "include the backend's field4.h (backend/vector/contract.h) first"
#endif
#ifdef ECX_CURVE25519_BACKEND_IMPL_H
#error "backend/vector/kernels.h goes before curve25519/backend_impl.h"
#endif

#include "backend/vector/ge4_convert.h"
#include "backend/vector/field_x4.h"
#include "backend/vector/scalar_mul_base4.h"
#include "backend/vector/scalar_mul_variable4.h"
#include "backend/vector/scalar_mul_double4.h"
#include "backend/vector/msm_straus4.h"
#include "backend/vector/msm_pippenger4.h"
#include "backend/vector/decode_x2_4.h"

#endif
