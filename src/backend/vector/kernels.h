/* The vector layer's kernels, for a vector backend's translation unit.
 *
 * DESIGN.md: a vector backend reuses its serial partner for everything it
 * does not vectorise and replaces the point kernels of the
 * scalar multiplications. This header brings those kernels, written once
 * on the vector contract (backend/vector/contract.h) for every vector
 * backend. There are two kinds of plug, both switched by
 * ECXI_VECTOR_KERNELS (defined by contract.h, so by every vector
 * backend's field4.h):
 *
 *   kernels                         generic code that calls them
 *   the point kernels (ge_acc_*,    curve25519/scalar_mul_base.h (signing, keys),
 *   ge_point_*, ge_addend_*:        scalar_mul_variable.h, scalar_mul_double.h
 *   curve25519/point_kernels.h),    (verify), msm_straus.h, msm_pippenger.h: each
 *   point_kernels4.h                algorithm written once on the contract
 *   fe_pow_p58_lanes (decode_lanes4.h) curve25519/field_lanes.h
 *   fe_mul_x4 (field_x4.h)          curve25519/field_common.h (f25519 table)
 *
 * Without ECXI_VECTOR_KERNELS, point_kernels.h takes the serial point
 * kernels (curve25519/point_kernels_serial.h) and the two field files
 * their serial routines. A translation unit that includes a field4.h and
 * not this header leaves the kernels undefined: a compile error, never a
 * silent serial fallback.
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
#include "backend/vector/point_kernels4.h"
#include "backend/vector/field_x4.h"
#include "backend/vector/decode_lanes4.h"

#endif
