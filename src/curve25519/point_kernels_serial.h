/* The serial point kernels: curve25519/point_kernels.h on ref10's point
 * models (edwards.h, HWCD 2008 formulas with a = -1), for every serial
 * backend and for everything a vector backend does not vectorise... except
 * the kernels themselves, which a vector backend brings
 * (backend/vector/point_kernels4.h).
 *
 * The accumulator stays completed (ge_p1p1): a doubling converts it to
 * projective (3M) and an addition to extended (4M), as ref10's
 * double_scalarmult does, so no conversion is made that the next
 * operation does not need. Tables and buckets are ge_p3, addends ge_cached
 * (edwards.h's variant with 2Z, so an addition needs no carry).
 *
 * Included by point_kernels.h (after the prototypes), never directly.
 */
#ifndef ECX_CURVE25519_POINT_KERNELS_SERIAL_H
#define ECX_CURVE25519_POINT_KERNELS_SERIAL_H

#ifndef ECX_CURVE25519_POINT_KERNELS_H
#error "include curve25519/point_kernels.h"
#endif
#ifdef ECXI_VECTOR_KERNELS
#error "a vector translation unit takes backend/vector/point_kernels4.h"
#endif

#include <stdint.h>

#include "common/constant_time.h"
#include "curve25519/edwards.h"

#define GE_KERNEL_PAIRED_ADDS 0

struct ge_kernel_acc {
    ge_p1p1 t;
};
struct ge_kernel_acc_pair {
    ge_acc a[2];
};
struct ge_kernel_point {
    ge_p3 p;
};
struct ge_kernel_addend {
    ge_cached c;
};

/* The variable-time steps of the multiscalar loops (and of verification)
 * are kept out of line and flattened: inlined into the Straus loops, gcc 12
 * spills them (about 7% slower for a batch of 64 signatures, measured); out
 * of line, the p3 intermediate of each step stays local to one function. */
#if defined(__GNUC__) || defined(__clang__)
#define GE_KERNEL_STEP __attribute__((noinline, flatten))
#else
#define GE_KERNEL_STEP
#endif

/* ------------------------------------------------------------------------ */
/* The accumulator                                                           */

/* The identity as a completed point ((0 : 1), (1 : 1)). */
static inline void ge_acc_identity(ge_acc *r)
{
    fe_zero(&r->t.X);
    fe_one(&r->t.Y);
    fe_one(&r->t.Z);
    fe_one(&r->t.T);
}

static inline void ge_acc_to_p3(ge_p3 *r, const ge_acc *a)
{
    ge_p1p1_to_p3(r, &a->t);
}

static inline void ge_acc_dbl(ge_acc *r)
{
    ge_p2 q;
    ge_p1p1_to_p2(&q, &r->t);
    ge_p2_dbl(&r->t, &q);
}

static inline void ge_acc_add(ge_acc *r, const ge_addend *q)
{
    ge_p3 u;
    ge_p1p1_to_p3(&u, &r->t);
    ge_add(&r->t, &u, &q->c);
}

static inline void ge_acc_madd(ge_acc *r, const ge_precomp *q)
{
    ge_p3 u;
    ge_p1p1_to_p3(&u, &r->t);
    ge_madd(&r->t, &u, q);
}

static inline void ge_acc_pair_identity(ge_acc_pair *p)
{
    ge_acc_identity(&p->a[0]);
    ge_acc_identity(&p->a[1]);
}

static inline void ge_acc_pair_madd(ge_acc_pair *p, const ge_precomp *q)
{
    ge_acc_madd(&p->a[0], &q[0]);
    ge_acc_madd(&p->a[1], &q[1]);
}

static inline void ge_acc_pair_join(ge_acc *r, const ge_acc_pair *p, unsigned n)
{
    ge_addend c;
    *r = p->a[0];
    while (n-- > 0) ge_acc_dbl(r);
    ge_addend_from_acc(&c, &p->a[1]);
    ge_acc_add(r, &c);
}

/* r = r -+ Q for Q = (qp, qm, C factor) with the sign taken by selecting
 * operands (which of Y+X, Y-X multiplies which, and which of D + C, D - C
 * goes to Z) rather than by a branch, which the random signs of the digits
 * would mispredict half the time. z2 is Q's 2Z, or NULL for Z = 1 (the
 * mixed addition: D = 2 Z1 is a sum, carried). 8M, or 7M for Z = 1. */
static inline void ge_acc_add_signed(ge_acc *r, const fe *yplusx, const fe *yminusx, const fe *t2d, const fe *z2,
                                     unsigned neg)
{
    ge_p1p1 *t = &r->t;
    ge_p3 u;
    fe ypx, ymx, A, B, C, D;
    ge_p1p1_to_p3(&u, t);
    const fe *qp = neg ? yminusx : yplusx, *qm = neg ? yplusx : yminusx;
    fe *rz = neg ? &t->T : &t->Z, *rt = neg ? &t->Z : &t->T;
    fe_add(&ypx, &u.Y, &u.X);
    fe_sub(&ymx, &u.Y, &u.X);
    fe_mul(&A, &ymx, qm);
    fe_mul(&B, &ypx, qp);
    fe_mul(&C, &u.T, t2d);
    if (z2) {
        fe_mul(&D, &u.Z, z2);
    } else {
        fe_add(&D, &u.Z, &u.Z);
        fe_carry(&D, &D);
    }
    fe_sub(&t->X, &B, &A);
    fe_add(&t->Y, &B, &A);
    fe_add(rz, &D, &C);
    fe_sub(rt, &D, &C);
}

static GE_KERNEL_STEP void ge_acc_add_vartime(ge_acc *r, const ge_addend *q, unsigned neg)
{
    ge_acc_add_signed(r, &q->c.YplusX, &q->c.YminusX, &q->c.T2d, &q->c.Z2, neg);
}

/* q's (Y+X, Y-X, 2dT) with Z = 1 is its affine form. */
static GE_KERNEL_STEP void ge_acc_add_z1_vartime(ge_acc *r, const ge_addend *q, unsigned neg)
{
    ge_acc_add_signed(r, &q->c.YplusX, &q->c.YminusX, &q->c.T2d, NULL, neg);
}

static GE_KERNEL_STEP void ge_acc_madd_vartime(ge_acc *r, const ge_precomp *q, unsigned neg)
{
    ge_acc_add_signed(r, &q->yplusx, &q->yminusx, &q->xy2d, NULL, neg);
}

static inline void ge_addend_from_acc(ge_addend *r, const ge_acc *a)
{
    ge_p3 u;
    ge_p1p1_to_p3(&u, &a->t);
    ge_p3_to_cached(&r->c, &u);
}

/* ------------------------------------------------------------------------ */
/* Extended points                                                           */

static inline void ge_point_from_p3(ge_point *r, const ge_p3 *p)
{
    r->p = *p;
}

static inline void ge_point_to_p3(ge_p3 *r, const ge_point *p)
{
    *r = p->p;
}

static inline void ge_point_neg(ge_point *r, const ge_point *p)
{
    ge_p3_neg(&r->p, &p->p);
}

static inline void ge_point_dbl(ge_point *r, const ge_point *p)
{
    ge_p1p1 t;
    ge_p3_dbl(&t, &p->p);
    ge_p1p1_to_p3(&r->p, &t);
}

static inline void ge_point_dbln(ge_point *r, unsigned n)
{
    ge_p3_dbln(&r->p, &r->p, n);
}

static inline void ge_point_add_vartime(ge_point *r, const ge_addend *q, unsigned neg)
{
    ge_p1p1 t;
    if (neg)
        ge_sub(&t, &r->p, &q->c);
    else
        ge_add(&t, &r->p, &q->c);
    ge_p1p1_to_p3(&r->p, &t);
}

static inline void ge_point_add_x2_vartime(ge_point *r0, const ge_addend *q0, unsigned neg0, ge_point *r1,
                                           const ge_addend *q1, unsigned neg1)
{
    ge_point_add_vartime(r0, q0, neg0);
    ge_point_add_vartime(r1, q1, neg1);
}

static inline void ge_point_add_point(ge_point *r, const ge_point *q)
{
    ge_p3_add_p3(&r->p, &r->p, &q->p);
}

/* r1 first: q1 may be r0. */
static inline void ge_point_add_point_x2(ge_point *r0, const ge_point *q0, ge_point *r1, const ge_point *q1)
{
    ge_p3_add_p3(&r1->p, &r1->p, &q1->p);
    ge_p3_add_p3(&r0->p, &r0->p, &q0->p);
}

/* ------------------------------------------------------------------------ */
/* Addends                                                                   */

static inline void ge_addend_from_point(ge_addend *r, const ge_point *p)
{
    ge_p3_to_cached(&r->c, &p->p);
}

static GE_KERNEL_STEP void ge_addend_next(ge_addend *r, ge_point *u, const ge_addend *q)
{
    ge_p1p1 t;
    ge_add(&t, &u->p, &q->c);
    ge_p1p1_to_p3(&u->p, &t);
    ge_p3_to_cached(&r->c, &u->p);
}

static inline void ge_addend_select(ge_addend *t, const ge_addend *table, int8_t b)
{
    const unsigned neg = ct_digit_is_negative(b), babs = ct_digit_abs(b);
    ge_cached_identity(&t->c);
    for (unsigned j = 0; j < 8; j++) ge_cached_cmov(&t->c, &table[j].c, ct_equal_small(babs, j + 1));
    ge_cached_cneg(&t->c, neg);
}

#endif
