/* The point-kernel contract: the edwards25519 point operations the
 * scalar multiplications call (fixed base, variable base, double base,
 * Straus, Pippenger: curve25519/scalar_mul_*.h, msm_*.h), each algorithm
 * written once on these names.
 *
 * Two implementations meet it, each defining the three structures and then
 * the functions (this header declares them all `static`, so the compiler
 * checks both against one list of signatures):
 *   - serial, curve25519/point_kernels_serial.h, on ref10's point models
 *     of edwards.h (costs in M = field multiplications, S = squarings);
 *   - vector, backend/vector/point_kernels4.h, on the 4-way formulas of a
 *     vector backend (backend/vector/contract.h: one point in the four
 *     lanes, an addition two 4-way products, a doubling one 4-way square
 *     and one product).
 * The serial one is included at the end of this header unless the
 * translation unit has a vector contract (ECXI_VECTOR_KERNELS, defined by
 * a vector backend's field4.h): then backend/vector/kernels.h has brought
 * the vector one first. A vector unit that forgets kernels.h leaves the
 * functions below undefined: a compile error, never a silent fallback.
 *
 * The types:
 *   ge_acc     an accumulator: the running sum of a multiplication, kept in
 *              whatever form makes the next doubling or addition cheapest
 *              (serial: completed ge_p1p1, so that a doubling goes through
 *              ge_p2 (3M) and an addition through ge_p3 (4M), as ref10).
 *   ge_acc_pair two accumulators whose additions may run side by side.
 *   ge_point   an extended point (X : Y : Z : T) with every coordinate
 *              final, for tables being built and for Pippenger's buckets
 *              (serial: ge_p3).
 *   ge_addend  a point ready to be added (serial: ge_cached, (Y+X, Y-X,
 *              2Z, 2dT); vector: ge4_cached, (Y-X, Y+X, 2dT, 2Z)).
 *   ge_precomp the affine form (y+x, y-x, 2dxy) of edwards.h, the same type
 *              for both: precomputed tables (the basepoint's comb and odd
 *              multiples) hold it.
 *
 * Every function gives exact group results for every pair of curve points
 * (the formulas are complete: equal points, opposite points, the identity,
 * points of small order); outputs are valid inputs to every other function.
 * Outputs may alias inputs unless stated otherwise. Constant time (no branch
 * and no memory index depends on a coordinate or on a flag) unless the name
 * ends in _vartime, where only the flag `neg` may steer a branch.
 */
#ifndef ECX_CURVE25519_POINT_KERNELS_H
#define ECX_CURVE25519_POINT_KERNELS_H

#include <stdint.h>

#include "curve25519/edwards.h"

typedef struct ge_kernel_acc ge_acc;
typedef struct ge_kernel_acc_pair ge_acc_pair;
typedef struct ge_kernel_point ge_point;
typedef struct ge_kernel_addend ge_addend;

/* ------------------------------------------------------------------------ */
/* The accumulator                                                           */

/* r = the identity. */
static void ge_acc_identity(ge_acc *r);
/* r = the point a holds, TIGHT coordinates. Serial 4M. */
static void ge_acc_to_p3(ge_p3 *r, const ge_acc *a);
/* r = 2 r. Serial 4S + 3M (p1p1 -> p2, then a doubling). */
static void ge_acc_dbl(ge_acc *r);
/* r = r + q. Serial 8M (p1p1 -> p3, then an addition). */
static void ge_acc_add(ge_acc *r, const ge_addend *q);
/* r = r + q for an affine q. Serial 7M (p1p1 -> p3, a mixed addition). */
static void ge_acc_madd(ge_acc *r, const ge_precomp *q);
/* Two accumulators side by side (ge_acc_pair): two independent chains
 * whose additions the vector kernel issues step by step together (one
 * 4-way addition alone waits on its products' latency); the serial one
 * adds them one after the other. p = (identity, identity); p[k] = p[k] +
 * q[k] for k = 0, 1 (q[0..1]); r = 2^n p[0] + p[1] (n public). */
static void ge_acc_pair_identity(ge_acc_pair *p);
static void ge_acc_pair_madd(ge_acc_pair *p, const ge_precomp *q);
static void ge_acc_pair_join(ge_acc *r, const ge_acc_pair *p, unsigned n);
/* r = r - q if neg is 1, r + q if 0. VARIABLE TIME in neg (public digit
 * signs: the serial kernel selects operands rather than branching; the
 * vector one negates q under a branch). Serial 8M. */
static void ge_acc_add_vartime(ge_acc *r, const ge_addend *q, unsigned neg);
/* The same for a q made (ge_addend_from_point or ge_addend_next) from a
 * point with Z = 1, such as a freshly decoded point: the serial kernel then
 * takes the mixed addition (7M); the vector one adds as for any q. */
static void ge_acc_add_z1_vartime(ge_acc *r, const ge_addend *q, unsigned neg);
/* r = r -+ q for an affine q (neg as above). Serial 7M. */
static void ge_acc_madd_vartime(ge_acc *r, const ge_precomp *q, unsigned neg);
/* r = the addend of a's point. Serial 5M (p1p1 -> p3 -> cached). */
static void ge_addend_from_acc(ge_addend *r, const ge_acc *a);

/* ------------------------------------------------------------------------ */
/* Extended points                                                           */

/* r = p (TIGHT coordinates in). And back: r = p, TIGHT out. */
static void ge_point_from_p3(ge_point *r, const ge_p3 *p);
static void ge_point_to_p3(ge_p3 *r, const ge_point *p);
/* r = -p. */
static void ge_point_neg(ge_point *r, const ge_point *p);
/* r = 2 p. Serial 4S + 4M. */
static void ge_point_dbl(ge_point *r, const ge_point *p);
/* r = 2^n r, n >= 1 (public). Serial 7M per doubling, 8M for the last. */
static void ge_point_dbln(ge_point *r, unsigned n);
/* r = r - q if neg is 1, r + q if 0. VARIABLE TIME in neg. Serial 8M. */
static void ge_point_add_vartime(ge_point *r, const ge_addend *q, unsigned neg);
/* r0 = r0 -+ q0 and r1 = r1 -+ q1: two independent additions (r0 != r1),
 * issued side by side by the vector kernel. VARIABLE TIME in neg0, neg1. */
static void ge_point_add_x2_vartime(ge_point *r0, const ge_addend *q0, unsigned neg0, ge_point *r1,
                                    const ge_addend *q1, unsigned neg1);

/* r = r + q for two extended points. Serial 9M. */
static void ge_point_add_point(ge_point *r, const ge_point *q);
/* r0 = r0 + q0 and r1 = r1 + q1, side by side (r0 != r1); q1 may be r0
 * (its value before this call is added), q0 may not be r1. */
static void ge_point_add_point_x2(ge_point *r0, const ge_point *q0, ge_point *r1, const ge_point *q1);

/* ------------------------------------------------------------------------ */
/* Addends                                                                   */

/* r = p ready to be added. Serial 1M. */
static void ge_addend_from_point(ge_addend *r, const ge_point *p);
/* u = u + q, then r = u ready to be added: one step of a table of
 * multiples. Serial 9M (kept out of line: measured faster inside the
 * Straus loops). r must not alias q. */
static void ge_addend_next(ge_addend *r, ge_point *u, const ge_addend *q);
/* t = [b] P from table[j] = [j + 1] P, b in [-8, 8] (the identity for
 * b = 0). Constant time in b and in the table: every entry is read and
 * taken under a mask, the negation is computed and taken under a mask. */
static void ge_addend_select(ge_addend *t, const ge_addend *table, int8_t b); /* table[0..7] */

/* The kernel's one tuning fact the algorithms may use: 1 if two
 * independent additions issued together (ge_acc_pair_madd) cost less than
 * two issued one after the other, so that splitting one chain into two is
 * worth the extra addition that joins them; 0 for the serial kernel. */
/* #define GE_KERNEL_PAIRED_ADDS 0 or 1  -- from the implementation */

#ifndef ECXI_VECTOR_KERNELS
#include "curve25519/point_kernels_serial.h"
#endif

#endif
