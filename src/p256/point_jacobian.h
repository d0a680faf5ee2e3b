/* Variable-time P-256 point arithmetic in Jacobian coordinates, for ECDSA
 * verification only (public inputs): (X : Y : Z) stands for (X/Z^2,
 * Y/Z^3), and Z = 0 is the identity. With a = -3 a doubling costs 5M + 3S
 * and a mixed addition 8M + 3S, against 8M + 3S + 2m_b and 11M + 2m_b for
 * the complete projective formulas of p256/point.h, which is what makes the
 * 256 doublings of a double-base multiplication about a third cheaper.
 * These formulas are not complete: the special cases (an identity input,
 * equal or opposite points) are branches, which is why they serve public
 * data only. Formulas from the Explicit-Formulas Database (Bernstein and
 * Lange, hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-3.html):
 * dbl-2001-b (Bernstein) and add-1998-cmo-2 (Cohen, Miyaji, Ono), in the
 * variants that spend a multiplication where the database's spends a
 * squaring and two or more field additions: an addition here costs about
 * a quarter of a multiplication (four-word carry chains and a conditional
 * subtraction), and the doubling's 16 additions were a third of
 * verification's time. Against dbl-2001-b / madd-2007-bl / add-2007-bl
 * (3M + 5S, 7M + 4S, 11M + 5S) verification is 11-15% faster on x86-64
 * (docs/performance.md, "P-256 verification: fewer field additions").
 */
#ifndef ECX_P256_POINT_JACOBIAN_H
#define ECX_P256_POINT_JACOBIAN_H

#include "p256/point.h"

typedef struct {
    p256_fe x, y, z;
} p256_jacobian;

static inline unsigned p256_jacobian_is_identity(const p256_jacobian *p) { return p256_fe_is_zero(&p->z); }

static inline void p256_jacobian_identity(p256_jacobian *r)
{
    r->x = p256_fe_one;
    r->y = p256_fe_one;
    memset(&r->z, 0, sizeof r->z);
}

/* r = 2p (dbl-2001-b, a = -3; the identity doubles to Z = 0, and no point
 * of the prime-order group has Y = 0), with three of its terms formed as
 * products of operands doubled beforehand instead of from squares and
 * sums:
 *     4 beta = X (4 gamma),  8 gamma^2 = (2 gamma)(4 gamma),
 *     Z3 = (2 Y) Z  (for (Y + Z)^2 - gamma - delta),
 * so no addition waits on those products: 5M + 3S + 11 additions instead
 * of 3M + 5S + 16. (4M + 4S + 12, with 8 gamma^2 = 2 (2 gamma)^2 and
 * Z3 = 2 (Y Z), was 4% slower on x86-64.) r may alias p. */
P256_FORMULA void p256_jacobian_double_vartime(p256_jacobian *r, const p256_jacobian *p)
{
    p256_fe delta, gamma2, gamma4, alpha, beta4, y2, t, u;
    p256_fe_sq(&delta, &p->z);
    p256_fe_sq(&gamma2, &p->y);
    p256_fe_add(&y2, &p->y, &p->y);
    p256_fe_add(&gamma2, &gamma2, &gamma2); /* 2 gamma */
    p256_fe_sub(&t, &p->x, &delta);
    p256_fe_add(&u, &p->x, &delta);
    p256_fe_mul(&alpha, &t, &u);
    p256_fe_add(&t, &alpha, &alpha);
    p256_fe_add(&alpha, &alpha, &t); /* alpha = 3 (X - delta)(X + delta) */
    p256_fe_add(&gamma4, &gamma2, &gamma2);
    p256_fe_mul(&beta4, &p->x, &gamma4); /* 4 beta = 4 X gamma */
    p256_fe_mul(&r->z, &y2, &p->z);      /* Z3 = 2 Y Z; p is not read below */
    p256_fe_sq(&t, &alpha);
    p256_fe_add(&u, &beta4, &beta4);
    p256_fe_sub(&r->x, &t, &u); /* X3 = alpha^2 - 8 beta */
    p256_fe_sub(&t, &beta4, &r->x);
    p256_fe_mul(&t, &alpha, &t);
    p256_fe_mul(&gamma2, &gamma2, &gamma4); /* 8 gamma^2 = (2 gamma)(4 gamma) */
    p256_fe_sub(&r->y, &t, &gamma2);        /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/* The tail shared by both additions (add-1998-cmo-2, H. Cohen, A. Miyaji
 * and T. Ono, ASIACRYPT 1998): with H = U2 - U1 and R = S2 - S1,
 * X3 = R^2 - H^3 - 2 V, Y3 = R (V - X3) - S1 H^3, where V = U1 H^2. The
 * Z3 = Z1 Z2 H of the caller completes it. madd-2007-bl and add-2007-bl
 * form Z3 from squares and sums instead and double H and R, which saves a
 * multiplication for five or six more additions: a loss here. */
P256_FORMULA void p256_jacobian_add_tail(p256_jacobian *r, const p256_fe *u1, const p256_fe *s1, const p256_fe *h,
                                         const p256_fe *rr)
{
    p256_fe hh, hhh, v, t;
    p256_fe_sq(&hh, h);
    p256_fe_mul(&hhh, h, &hh);
    p256_fe_mul(&v, u1, &hh);
    p256_fe_sq(&t, rr);
    p256_fe_sub(&t, &t, &hhh);
    p256_fe_sub(&t, &t, &v);
    p256_fe_sub(&r->x, &t, &v);
    p256_fe_sub(&t, &v, &r->x);
    p256_fe_mul(&t, rr, &t);
    p256_fe_mul(&hhh, s1, &hhh);
    p256_fe_sub(&r->y, &t, &hhh);
}

/* The exceptional case of both additions: U1 = U2 (H = 0) means q = +-p,
 * so r = 2p if also S1 = S2 (r = 0), else the identity. Returns 1 if it
 * set r. */
static unsigned p256_jacobian_add_exceptional_vartime(p256_jacobian *r, const p256_jacobian *p, const p256_fe *h,
                                                     const p256_fe *rr)
{
    if (!p256_fe_is_zero(h)) return 0;
    if (p256_fe_is_zero(rr))
        p256_jacobian_double_vartime(r, p);
    else
        p256_jacobian_identity(r);
    return 1;
}

/* r = p + q for an affine q (add-1998-cmo-2 with Z2 = 1). r may alias p. */
static void p256_jacobian_add_affine_vartime(p256_jacobian *r, const p256_jacobian *p, const p256_affine *q)
{
    p256_fe z1z1, u2, s2, h, rr, z3;
    if (p256_jacobian_is_identity(p)) {
        r->x = q->x;
        r->y = q->y;
        r->z = p256_fe_one;
        return;
    }
    p256_fe_sq(&z1z1, &p->z);
    p256_fe_mul(&u2, &q->x, &z1z1);
    p256_fe_mul(&s2, &q->y, &p->z);
    p256_fe_mul(&s2, &s2, &z1z1);
    p256_fe_sub(&h, &u2, &p->x);
    p256_fe_sub(&rr, &s2, &p->y);
    if (p256_jacobian_add_exceptional_vartime(r, p, &h, &rr)) return;
    p256_fe_mul(&z3, &p->z, &h); /* Z3 = Z1 H */
    const p256_fe x1 = p->x, y1 = p->y;
    p256_jacobian_add_tail(r, &x1, &y1, &h, &rr);
    r->z = z3;
}

/* r = p + q (add-1998-cmo-2). r may alias p or q. */
static void p256_jacobian_add_vartime(p256_jacobian *r, const p256_jacobian *p, const p256_jacobian *q)
{
    p256_fe z1z1, z2z2, u1, u2, s1, s2, h, rr, z3;
    if (p256_jacobian_is_identity(p)) {
        *r = *q;
        return;
    }
    if (p256_jacobian_is_identity(q)) {
        *r = *p;
        return;
    }
    p256_fe_sq(&z1z1, &p->z);
    p256_fe_sq(&z2z2, &q->z);
    p256_fe_mul(&u1, &p->x, &z2z2);
    p256_fe_mul(&u2, &q->x, &z1z1);
    p256_fe_mul(&s1, &p->y, &q->z);
    p256_fe_mul(&s1, &s1, &z2z2);
    p256_fe_mul(&s2, &q->y, &p->z);
    p256_fe_mul(&s2, &s2, &z1z1);
    p256_fe_sub(&h, &u2, &u1);
    p256_fe_sub(&rr, &s2, &s1);
    if (p256_jacobian_add_exceptional_vartime(r, p, &h, &rr)) return;
    p256_fe_mul(&z3, &p->z, &q->z);
    p256_fe_mul(&z3, &z3, &h); /* Z3 = Z1 Z2 H */
    p256_jacobian_add_tail(r, &u1, &s1, &h, &rr);
    r->z = z3;
}

/* r = -p. */
static inline void p256_jacobian_neg(p256_jacobian *r, const p256_jacobian *p)
{
    r->x = p->x;
    p256_fe_neg(&r->y, &p->y);
    r->z = p->z;
}

#endif
