/* The vector point kernels: curve25519/point_kernels.h on the 4-way point
 * formulas of a vector backend (part 2 of backend/vector/contract.h:
 * backend/vector/edwards4.h or the backend's own), written once for every
 * vector backend. The algorithms that call them (curve25519/scalar_mul_*.h,
 * msm_*.h) are the same as for the serial kernels, so every backend adds
 * the same points in the same order and the cross-backend tests cover them.
 *
 * The accumulator, the extended points and the buckets are all
 * ge4_extended (a 4-way addition or doubling returns final coordinates: no
 * lazy form pays here); an addend is ge4_cached (Y - X, Y + X, 2dT, 2Z);
 * an affine entry (y+x, y-x, 2dxy) enters as the addend with Z = 1,
 * (y-x, y+x, 2dxy, 2). An addition costs two 4-way products whatever the
 * form of its second operand, so the Z = 1 hint of ge_acc_add_z1_vartime
 * changes nothing here. Two independent additions issued together
 * (ge4_add_x2, ge_acc_pair) run side by side: GE_KERNEL_PAIRED_ADDS is 1.
 *
 * Constant time: the formulas have no branch and no data-dependent index;
 * ge_addend_select blends whole vectors under masks. Only the _vartime
 * functions branch, on their public neg flags. test_ctime checks the
 * constant-time multiplications on every vector backend (ifma through its
 * stand-in build, docs/vector.md).
 *
 * Part of backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_POINT_KERNELS4_H
#define ECX_BACKEND_VECTOR_POINT_KERNELS4_H

#include <stdint.h>

#include "backend/vector/ge4_convert.h"
#include "common/constant_time.h"
#include "curve25519/point_kernels.h"

#define GE_KERNEL_PAIRED_ADDS 1

struct ge_kernel_acc {
    ge4_extended e;
};
struct ge_kernel_acc_pair {
    ge4_extended e[2];
};
struct ge_kernel_point {
    ge4_extended e;
};
struct ge_kernel_addend {
    ge4_cached c;
};

/* q, or -q into *tmp when neg is 1. VARIABLE TIME in neg. */
static inline const ge4_cached *ge4_cached_signed_vartime(ge4_cached *tmp, const ge4_cached *q, unsigned neg)
{
    if (!neg) return q;
    ge4_cached_neg(tmp, q);
    return tmp;
}

/* ------------------------------------------------------------------------ */
/* The accumulator                                                           */

static inline void ge_acc_identity(ge_acc *r)
{
    ge4_identity(&r->e);
}

static inline void ge_acc_to_p3(ge_p3 *r, const ge_acc *a)
{
    ge4_to_p3(r, &a->e);
}

static inline void ge_acc_dbl(ge_acc *r)
{
    ge4_double(&r->e, &r->e);
}

static inline void ge_acc_add(ge_acc *r, const ge_addend *q)
{
    ge4_add(&r->e, &r->e, &q->c);
}

static inline void ge_acc_madd(ge_acc *r, const ge_precomp *q)
{
    ge4_cached c;
    ge4_cached_from_precomp(&c, q);
    ge4_add(&r->e, &r->e, &c);
}

static inline void ge_acc_pair_identity(ge_acc_pair *p)
{
    ge4_identity(&p->e[0]);
    ge4_identity(&p->e[1]);
}

/* ge4_add_x2 adds to the two chains in place: copying accumulators in and
 * out of an array instead cost 5% of an ifma signature (measured). */
static inline void ge_acc_pair_madd(ge_acc_pair *p, const ge_precomp *q)
{
    ge4_cached c[2];
    ge4_cached_from_precomp(&c[0], &q[0]);
    ge4_cached_from_precomp(&c[1], &q[1]);
    ge4_add_x2(&p->e[0], &p->e[0], &c[0], &p->e[1], &p->e[1], &c[1]);
}

static inline void ge_acc_pair_join(ge_acc *r, const ge_acc_pair *p, unsigned n)
{
    ge4_cached c;
    r->e = p->e[0];
    while (n-- > 0) ge4_double(&r->e, &r->e);
    ge4_cached_from_extended(&c, &p->e[1]);
    ge4_add(&r->e, &r->e, &c);
}

static inline void ge_acc_add_vartime(ge_acc *r, const ge_addend *q, unsigned neg)
{
    ge4_cached tmp;
    ge4_add(&r->e, &r->e, ge4_cached_signed_vartime(&tmp, &q->c, neg));
}

static inline void ge_acc_add_z1_vartime(ge_acc *r, const ge_addend *q, unsigned neg)
{
    ge_acc_add_vartime(r, q, neg);
}

static inline void ge_acc_madd_vartime(ge_acc *r, const ge_precomp *q, unsigned neg)
{
    ge4_cached c;
    ge4_cached_from_precomp(&c, q);
    if (neg) ge4_cached_neg(&c, &c);
    ge4_add(&r->e, &r->e, &c);
}

static inline void ge_addend_from_acc(ge_addend *r, const ge_acc *a)
{
    ge4_cached_from_extended(&r->c, &a->e);
}

/* ------------------------------------------------------------------------ */
/* Extended points                                                           */

static inline void ge_point_from_p3(ge_point *r, const ge_p3 *p)
{
    ge4_from_p3(&r->e, p);
}

static inline void ge_point_to_p3(ge_p3 *r, const ge_point *p)
{
    ge4_to_p3(r, &p->e);
}

/* -(X, Y, Z, T) = (-X, Y, Z, -T): lanes 0 and 3 negated. */
static inline void ge_point_neg(ge_point *r, const ge_point *p)
{
    fe4 negated;
    fe4_neg(&negated, &p->e.v);
    FE4_BLEND(&r->e.v, &p->e.v, &negated, 9);
}

static inline void ge_point_dbl(ge_point *r, const ge_point *p)
{
    ge4_double(&r->e, &p->e);
}

static inline void ge_point_dbln(ge_point *r, unsigned n)
{
    while (n-- > 0) ge4_double(&r->e, &r->e);
}

static inline void ge_point_add_vartime(ge_point *r, const ge_addend *q, unsigned neg)
{
    ge4_cached tmp;
    ge4_add(&r->e, &r->e, ge4_cached_signed_vartime(&tmp, &q->c, neg));
}

/* The two additions side by side (ge4_add_x2), in place: a point is ten
 * vectors (320 bytes on avx2), and copying both points and both addends
 * in and out of arrays took a quarter of avx2's Pippenger bucket time. */
static inline void ge_point_add_x2_vartime(ge_point *r0, const ge_addend *q0, unsigned neg0, ge_point *r1,
                                           const ge_addend *q1, unsigned neg1)
{
    ge4_cached tmp[2];
    ge4_add_x2(&r0->e, &r0->e, ge4_cached_signed_vartime(&tmp[0], &q0->c, neg0), &r1->e, &r1->e,
               ge4_cached_signed_vartime(&tmp[1], &q1->c, neg1));
}

static inline void ge_point_add_point(ge_point *r, const ge_point *q)
{
    ge4_cached c;
    ge4_cached_from_extended(&c, &q->e);
    ge4_add(&r->e, &r->e, &c);
}

/* Both cached forms first (q1 may be r0), then the additions side by side,
 * in place. */
static inline void ge_point_add_point_x2(ge_point *r0, const ge_point *q0, ge_point *r1, const ge_point *q1)
{
    ge4_cached q[2];
    ge4_cached_from_extended(&q[0], &q0->e);
    ge4_cached_from_extended(&q[1], &q1->e);
    ge4_add_x2(&r0->e, &r0->e, &q[0], &r1->e, &r1->e, &q[1]);
}

/* ------------------------------------------------------------------------ */
/* Addends                                                                   */

static inline void ge_addend_from_point(ge_addend *r, const ge_point *p)
{
    ge4_cached_from_extended(&r->c, &p->e);
}

static inline void ge_addend_next(ge_addend *r, ge_point *u, const ge_addend *q)
{
    ge4_add(&u->e, &u->e, &q->c);
    ge4_cached_from_extended(&r->c, &u->e);
}

/* Every entry is blended under a mask (ge4_cached_cmov), the negation is
 * computed and blended too. */
static inline GE4_FLATTEN void ge_addend_select(ge_addend *t, const ge_addend *table, int8_t b)
{
    const unsigned neg = ct_digit_is_negative(b), babs = ct_digit_abs(b);
    ge4_cached_identity(&t->c);
    for (unsigned j = 0; j < 8; j++) ge4_cached_cmov(&t->c, &table[j].c, ct_equal_small(babs, j + 1));
    ge4_cached negated;
    ge4_cached_neg(&negated, &t->c);
    ge4_cached_cmov(&t->c, &negated, neg);
}

#endif
