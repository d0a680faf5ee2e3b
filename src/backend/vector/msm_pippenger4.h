/* Vector layer: the point kernel of Pippenger's multiscalar multiplication
 * (curve25519/msm_pippenger.h) on the 4-way point formulas
 * (backend/vector/contract.h). The
 * digits, the buckets' bookkeeping and the order of the additions are the
 * generic code's; only the eight point operations below are vector code.
 * Buckets, running sums and the accumulator are 4-way extended points; the
 * input points are kept ready to add (4-way cached). msm_pippenger.h
 * aligns its arrays to 32 bytes for them.
 *
 * Part of backend/vector/kernels.h.
 *
 * VARIABLE TIME, like the serial kernel: public data only.
 */
#ifndef ECX_BACKEND_VECTOR_MSM_PIPPENGER4_H
#define ECX_BACKEND_VECTOR_MSM_PIPPENGER4_H

#include "backend/vector/ge4_convert.h"

typedef ge4_cached ge_pippenger_point;
typedef ge4_extended ge_pippenger_sum;

static inline void ge_pippenger_point_from_p3(ge_pippenger_point *r, const ge_p3 *p)
{
    ge4_extended u;
    ge4_from_p3(&u, p);
    ge4_cached_from_extended(r, &u);
}

/* r = p or -p = (-X, Y, Z, -T). */
static inline void ge_pippenger_sum_from_p3(ge_pippenger_sum *r, const ge_p3 *p, unsigned neg)
{
    ge4_from_p3(r, p);
    if (neg) {
        fe4 negated;
        fe4_neg(&negated, &r->v);
        FE4_BLEND(&r->v, &r->v, &negated, 9);
    }
}

static inline void ge_pippenger_add_point(ge_pippenger_sum *r, const ge_pippenger_point *q, unsigned neg)
{
    if (neg) {
        ge4_cached minus;
        ge4_cached_neg(&minus, q);
        ge4_add(r, r, &minus);
    } else {
        ge4_add(r, r, q);
    }
}

/* Two additions to different buckets, issued side by side (ge4_add_x2):
 * one 4-way addition alone waits on its multiplications' latency. */
static inline void ge_pippenger_add_point_x2(ge_pippenger_sum *r0, const ge_pippenger_point *q0, unsigned neg0,
                                             ge_pippenger_sum *r1, const ge_pippenger_point *q1, unsigned neg1)
{
    ge4_extended p[2] = {*r0, *r1};
    ge4_cached q[2] = {*q0, *q1};
    if (neg0) ge4_cached_neg(&q[0], &q[0]);
    if (neg1) ge4_cached_neg(&q[1], &q[1]);
    ge4_add_x2(p, p, q);
    *r0 = p[0];
    *r1 = p[1];
}

static inline void ge_pippenger_add_sum(ge_pippenger_sum *r, const ge_pippenger_sum *q)
{
    ge4_cached c;
    ge4_cached_from_extended(&c, q);
    ge4_add(r, r, &c);
}

/* r0 += q0 and r1 += q1 side by side; q1 may be r0 (read before any write). */
static inline void ge_pippenger_add_sum_x2(ge_pippenger_sum *r0, const ge_pippenger_sum *q0, ge_pippenger_sum *r1,
                                           const ge_pippenger_sum *q1)
{
    ge4_extended p[2];
    ge4_cached q[2];
    ge4_cached_from_extended(&q[0], q0);
    ge4_cached_from_extended(&q[1], q1);
    p[0] = *r0;
    p[1] = *r1;
    ge4_add_x2(p, p, q);
    *r0 = p[0];
    *r1 = p[1];
}

static inline void ge_pippenger_double_n(ge_pippenger_sum *r, unsigned w)
{
    while (w-- > 0) ge4_double(r, r);
}

static inline void ge_pippenger_sum_to_p3(ge_p3 *r, const ge_pippenger_sum *p)
{
    ge4_to_p3(r, p);
}

#endif
