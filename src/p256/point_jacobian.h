/* Variable-time P-256 point arithmetic in Jacobian coordinates, for ECDSA
 * verification only (public inputs): (X : Y : Z) stands for (X/Z^2,
 * Y/Z^3), and Z = 0 is the identity. With a = -3 a doubling costs 3M + 5S
 * and a mixed addition 7M + 4S, against 8M + 3S + 2m_b and 11M + 2m_b for
 * the complete projective formulas of p256/point.h, which is what makes the
 * 256 doublings of a double-base multiplication about a third cheaper.
 * These formulas are not complete: the special cases (an identity input,
 * equal or opposite points) are branches, which is why they serve public
 * data only. Formulas from the Explicit-Formulas Database (Bernstein and
 * Lange, hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-3.html):
 * dbl-2001-b (Bernstein), madd-2007-bl and add-2007-bl (Bernstein, Lange).
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

/* r = 2p (dbl-2001-b; the identity doubles to Z = 0, and no point of the
 * prime-order group has Y = 0). */
static void p256_jacobian_double_vartime(p256_jacobian *r, const p256_jacobian *p)
{
    p256_fe delta, gamma, beta, alpha, t, u;
    p256_fe_sq(&delta, &p->z);
    p256_fe_sq(&gamma, &p->y);
    p256_fe_mul(&beta, &p->x, &gamma);
    p256_fe_sub(&t, &p->x, &delta);
    p256_fe_add(&u, &p->x, &delta);
    p256_fe_mul(&alpha, &t, &u);
    p256_fe_add(&t, &alpha, &alpha);
    p256_fe_add(&alpha, &alpha, &t); /* alpha = 3 (X - delta)(X + delta) */
    p256_fe_add(&t, &p->y, &p->z);
    p256_fe_sq(&t, &t);
    p256_fe_sub(&t, &t, &gamma);
    p256_fe_sub(&r->z, &t, &delta); /* Z3 = (Y + Z)^2 - gamma - delta */
    p256_fe_add(&beta, &beta, &beta);
    p256_fe_add(&beta, &beta, &beta); /* 4 beta */
    p256_fe_sq(&t, &alpha);
    p256_fe_add(&u, &beta, &beta);
    p256_fe_sub(&r->x, &t, &u); /* X3 = alpha^2 - 8 beta */
    p256_fe_sub(&t, &beta, &r->x);
    p256_fe_mul(&t, &alpha, &t);
    p256_fe_sq(&gamma, &gamma);
    p256_fe_add(&gamma, &gamma, &gamma);
    p256_fe_add(&gamma, &gamma, &gamma);
    p256_fe_add(&gamma, &gamma, &gamma); /* 8 gamma^2 */
    p256_fe_sub(&r->y, &t, &gamma);      /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/* The tail shared by both additions: with H = U2 - U1 and
 * r = 2 (S2 - S1), X3 = r^2 - J - 2V, Y3 = r (V - X3) - 2 S1 J, where
 * I = (2H)^2, J = H I, V = U1 I. */
static void p256_jacobian_add_tail(p256_jacobian *r, const p256_fe *u1, const p256_fe *s1, const p256_fe *h,
                                   const p256_fe *rr)
{
    p256_fe i, j, v, t;
    p256_fe_add(&i, h, h);
    p256_fe_sq(&i, &i);
    p256_fe_mul(&j, h, &i);
    p256_fe_mul(&v, u1, &i);
    p256_fe_sq(&t, rr);
    p256_fe_sub(&t, &t, &j);
    p256_fe_sub(&t, &t, &v);
    p256_fe_sub(&r->x, &t, &v);
    p256_fe_sub(&t, &v, &r->x);
    p256_fe_mul(&t, rr, &t);
    p256_fe_mul(&j, s1, &j);
    p256_fe_add(&j, &j, &j);
    p256_fe_sub(&r->y, &t, &j);
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

/* r = p + q for an affine q (madd-2007-bl). r may alias p. */
static void p256_jacobian_add_affine_vartime(p256_jacobian *r, const p256_jacobian *p, const p256_affine *q)
{
    p256_fe z1z1, u2, s2, h, rr, t, z3;
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
    p256_fe_add(&rr, &rr, &rr);
    p256_fe_add(&t, &p->z, &h);
    p256_fe_sq(&t, &t);
    p256_fe_sub(&t, &t, &z1z1);
    p256_fe_sq(&z3, &h);
    p256_fe_sub(&z3, &t, &z3); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH = 2 Z1 H */
    const p256_fe x1 = p->x, y1 = p->y;
    p256_jacobian_add_tail(r, &x1, &y1, &h, &rr);
    r->z = z3;
}

/* r = p + q (add-2007-bl). r may alias p or q. */
static void p256_jacobian_add_vartime(p256_jacobian *r, const p256_jacobian *p, const p256_jacobian *q)
{
    p256_fe z1z1, z2z2, u1, u2, s1, s2, h, rr, t, z3;
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
    p256_fe_add(&rr, &rr, &rr);
    p256_fe_add(&t, &p->z, &q->z);
    p256_fe_sq(&t, &t);
    p256_fe_sub(&t, &t, &z1z1);
    p256_fe_sub(&t, &t, &z2z2);
    p256_fe_mul(&z3, &t, &h); /* Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H */
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
