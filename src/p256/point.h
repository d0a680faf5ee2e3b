/* P-256 group arithmetic, y^2 = x^3 - 3x + b over GF(p) (FIPS 186-5,
 * SEC 2), in homogeneous projective coordinates: (X : Y : Z) stands for
 * the affine point (X/Z, Y/Z), and (0 : 1 : 0) is the point at infinity,
 * the identity. Written once over p256/field.h.
 *
 * Addition and doubling are the complete formulas of J. Renes, C. Costello,
 * L. Batina, "Complete addition formulas for prime order elliptic curves",
 * EUROCRYPT 2016 (eprint 2015/1060), for a = -3: Algorithm 4 (addition,
 * 12M + 2m_b), 5 (mixed addition with an affine second point, 11M + 2m_b)
 * and 6 (doubling, 8M + 3S + 2m_b). "Complete" means one sequence of field
 * operations is right for every pair of inputs, the identity, P + P and
 * P + (-P) included (the affine input of the mixed formula is never the
 * identity, which has no affine form). So the group code has no special
 * cases, and the same formulas serve the constant-time and the
 * variable-time multiplications. The step numbers in the comments are the
 * paper's.
 *
 * Every function is constant time (a fixed sequence of field operations)
 * unless its name ends in _vartime. Outputs may alias inputs.
 */
#ifndef ECX_P256_POINT_H
#define ECX_P256_POINT_H

#include <stdint.h>
#include <string.h>

#include "p256/field.h"

/* P256_FORMULA: how the heavy point formulas (the three below and
 * p256/point_jacobian.h's doubling and addition tail) are compiled. A
 * backend that defines P256_FORMULA_FLATTEN has them flattened: every
 * field operation is inlined into the formula, so the limbs stay in
 * registers from one operation to the next instead of being stored for a
 * call. u64 defines it when its products are C (not p256_mulx.h): with gcc
 * 12, ECDSA verification 9% and signing 3% faster on x86-64 (Zen 5), 4.5%
 * fewer instructions per verification on AArch64 (docs/p256.md,
 * "Inlining"). Not defined: by the backends with the assembly product,
 * whose fixed registers, inlined eight times a formula, made verification
 * 10% slower; by u32, where ARMv7 ran 1.3% (verification) and 6.6%
 * (signing) more instructions. clang's code does not change (it inlines
 * these on its own). */
#if defined(P256_FORMULA_FLATTEN) && (defined(__GNUC__) || defined(__clang__))
#define P256_FORMULA __attribute__((flatten)) static
#else
#define P256_FORMULA static
#endif

typedef struct {
    p256_fe x, y, z;
} p256_point;

typedef struct {
    p256_fe x, y;
} p256_affine;

/* r = the identity (0 : 1 : 0). */
static inline void p256_point_identity(p256_point *r)
{
    memset(&r->x, 0, sizeof r->x);
    r->y = p256_fe_one;
    memset(&r->z, 0, sizeof r->z);
}

/* r = (x : y : 1). */
static inline void p256_point_from_affine(p256_point *r, const p256_affine *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = p256_fe_one;
}

/* r = p + q for any p, q (Algorithm 4). */
P256_FORMULA void p256_point_add(p256_point *r, const p256_point *p, const p256_point *q)
{
    p256_fe t0, t1, t2, t3, t4, x3, y3, z3;
    p256_fe_mul(&t0, &p->x, &q->x);  /* 1 */
    p256_fe_mul(&t1, &p->y, &q->y);  /* 2 */
    p256_fe_mul(&t2, &p->z, &q->z);  /* 3 */
    p256_fe_add(&t3, &p->x, &p->y);  /* 4 */
    p256_fe_add(&t4, &q->x, &q->y);  /* 5 */
    p256_fe_mul(&t3, &t3, &t4);      /* 6 */
    p256_fe_add(&t4, &t0, &t1);      /* 7 */
    p256_fe_sub(&t3, &t3, &t4);      /* 8 */
    p256_fe_add(&t4, &p->y, &p->z);  /* 9 */
    p256_fe_add(&x3, &q->y, &q->z);  /* 10 */
    p256_fe_mul(&t4, &t4, &x3);      /* 11 */
    p256_fe_add(&x3, &t1, &t2);      /* 12 */
    p256_fe_sub(&t4, &t4, &x3);      /* 13 */
    p256_fe_add(&x3, &p->x, &p->z);  /* 14 */
    p256_fe_add(&y3, &q->x, &q->z);  /* 15 */
    p256_fe_mul(&x3, &x3, &y3);      /* 16 */
    p256_fe_add(&y3, &t0, &t2);      /* 17 */
    p256_fe_sub(&y3, &x3, &y3);      /* 18 */
    p256_fe_mul(&z3, &p256_fe_b, &t2); /* 19 */
    p256_fe_sub(&x3, &y3, &z3);      /* 20 */
    p256_fe_add(&z3, &x3, &x3);      /* 21 */
    p256_fe_add(&x3, &x3, &z3);      /* 22 */
    p256_fe_sub(&z3, &t1, &x3);      /* 23 */
    p256_fe_add(&x3, &t1, &x3);      /* 24 */
    p256_fe_mul(&y3, &p256_fe_b, &y3); /* 25 */
    p256_fe_add(&t1, &t2, &t2);      /* 26 */
    p256_fe_add(&t2, &t1, &t2);      /* 27 */
    p256_fe_sub(&y3, &y3, &t2);      /* 28 */
    p256_fe_sub(&y3, &y3, &t0);      /* 29 */
    p256_fe_add(&t1, &y3, &y3);      /* 30 */
    p256_fe_add(&y3, &t1, &y3);      /* 31 */
    p256_fe_add(&t1, &t0, &t0);      /* 32 */
    p256_fe_add(&t0, &t1, &t0);      /* 33 */
    p256_fe_sub(&t0, &t0, &t2);      /* 34 */
    p256_fe_mul(&t1, &t4, &y3);      /* 35 */
    p256_fe_mul(&t2, &t0, &y3);      /* 36 */
    p256_fe_mul(&y3, &x3, &z3);      /* 37 */
    p256_fe_add(&y3, &y3, &t2);      /* 38 */
    p256_fe_mul(&x3, &x3, &t3);      /* 39 */
    p256_fe_sub(&x3, &x3, &t1);      /* 40 */
    p256_fe_mul(&z3, &t4, &z3);      /* 41 */
    p256_fe_mul(&t1, &t3, &t0);      /* 42 */
    p256_fe_add(&z3, &z3, &t1);      /* 43 */
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = p + q for any p and an affine q (Algorithm 5: Algorithm 4 with
 * Z2 = 1). */
P256_FORMULA void p256_point_add_affine(p256_point *r, const p256_point *p, const p256_affine *q)
{
    p256_fe t0, t1, t2, t3, t4, x3, y3, z3;
    p256_fe_mul(&t0, &p->x, &q->x);  /* 1 */
    p256_fe_mul(&t1, &p->y, &q->y);  /* 2 */
    p256_fe_add(&t3, &q->x, &q->y);  /* 3 */
    p256_fe_add(&t4, &p->x, &p->y);  /* 4 */
    p256_fe_mul(&t3, &t3, &t4);      /* 5 */
    p256_fe_add(&t4, &t0, &t1);      /* 6 */
    p256_fe_sub(&t3, &t3, &t4);      /* 7 */
    p256_fe_mul(&t4, &q->y, &p->z);  /* 8 */
    p256_fe_add(&t4, &t4, &p->y);    /* 9 */
    p256_fe_mul(&y3, &q->x, &p->z);  /* 10 */
    p256_fe_add(&y3, &y3, &p->x);    /* 11 */
    p256_fe_mul(&z3, &p256_fe_b, &p->z); /* 12 */
    p256_fe_sub(&x3, &y3, &z3);      /* 13 */
    p256_fe_add(&z3, &x3, &x3);      /* 14 */
    p256_fe_add(&x3, &x3, &z3);      /* 15 */
    p256_fe_sub(&z3, &t1, &x3);      /* 16 */
    p256_fe_add(&x3, &t1, &x3);      /* 17 */
    p256_fe_mul(&y3, &p256_fe_b, &y3); /* 18 */
    p256_fe_add(&t1, &p->z, &p->z);  /* 19 */
    p256_fe_add(&t2, &t1, &p->z);    /* 20 */
    p256_fe_sub(&y3, &y3, &t2);      /* 21 */
    p256_fe_sub(&y3, &y3, &t0);      /* 22 */
    p256_fe_add(&t1, &y3, &y3);      /* 23 */
    p256_fe_add(&y3, &t1, &y3);      /* 24 */
    p256_fe_add(&t1, &t0, &t0);      /* 25 */
    p256_fe_add(&t0, &t1, &t0);      /* 26 */
    p256_fe_sub(&t0, &t0, &t2);      /* 27 */
    p256_fe_mul(&t1, &t4, &y3);      /* 28 */
    p256_fe_mul(&t2, &t0, &y3);      /* 29 */
    p256_fe_mul(&y3, &x3, &z3);      /* 30 */
    p256_fe_add(&y3, &y3, &t2);      /* 31 */
    p256_fe_mul(&x3, &x3, &t3);      /* 32 */
    p256_fe_sub(&x3, &x3, &t1);      /* 33 */
    p256_fe_mul(&z3, &t4, &z3);      /* 34 */
    p256_fe_mul(&t1, &t3, &t0);      /* 35 */
    p256_fe_add(&z3, &z3, &t1);      /* 36 */
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = 2p for any p (Algorithm 6). */
P256_FORMULA void p256_point_double(p256_point *r, const p256_point *p)
{
    p256_fe t0, t1, t2, t3, x3, y3, z3;
    p256_fe_sq(&t0, &p->x);          /* 1 */
    p256_fe_sq(&t1, &p->y);          /* 2 */
    p256_fe_sq(&t2, &p->z);          /* 3 */
    p256_fe_mul(&t3, &p->x, &p->y);  /* 4 */
    p256_fe_add(&t3, &t3, &t3);      /* 5 */
    p256_fe_mul(&z3, &p->x, &p->z);  /* 6 */
    p256_fe_add(&z3, &z3, &z3);      /* 7 */
    p256_fe_mul(&y3, &p256_fe_b, &t2); /* 8 */
    p256_fe_sub(&y3, &y3, &z3);      /* 9 */
    p256_fe_add(&x3, &y3, &y3);      /* 10 */
    p256_fe_add(&y3, &x3, &y3);      /* 11 */
    p256_fe_sub(&x3, &t1, &y3);      /* 12 */
    p256_fe_add(&y3, &t1, &y3);      /* 13 */
    p256_fe_mul(&y3, &x3, &y3);      /* 14 */
    p256_fe_mul(&x3, &x3, &t3);      /* 15 */
    p256_fe_add(&t3, &t2, &t2);      /* 16 */
    p256_fe_add(&t2, &t2, &t3);      /* 17 */
    p256_fe_mul(&z3, &p256_fe_b, &z3); /* 18 */
    p256_fe_sub(&z3, &z3, &t2);      /* 19 */
    p256_fe_sub(&z3, &z3, &t0);      /* 20 */
    p256_fe_add(&t3, &z3, &z3);      /* 21 */
    p256_fe_add(&z3, &z3, &t3);      /* 22 */
    p256_fe_add(&t3, &t0, &t0);      /* 23 */
    p256_fe_add(&t0, &t3, &t0);      /* 24 */
    p256_fe_sub(&t0, &t0, &t2);      /* 25 */
    p256_fe_mul(&t0, &t0, &z3);      /* 26 */
    p256_fe_add(&y3, &y3, &t0);      /* 27 */
    p256_fe_mul(&t0, &p->y, &p->z);  /* 28 */
    p256_fe_add(&t0, &t0, &t0);      /* 29 */
    p256_fe_mul(&z3, &t0, &z3);      /* 30 */
    p256_fe_sub(&x3, &x3, &z3);      /* 31 */
    p256_fe_mul(&z3, &t0, &t1);      /* 32 */
    p256_fe_add(&z3, &z3, &z3);      /* 33 */
    p256_fe_add(&z3, &z3, &z3);      /* 34 */
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = -p. */
static inline void p256_point_neg(p256_point *r, const p256_point *p)
{
    r->x = p->x;
    p256_fe_neg(&r->y, &p->y);
    r->z = p->z;
}

/* r = flag ? a : r, flag in {0, 1}. */
static inline void p256_point_cmov(p256_point *r, const p256_point *a, unsigned flag)
{
    p256_fe_cmov(&r->x, &a->x, flag);
    p256_fe_cmov(&r->y, &a->y, flag);
    p256_fe_cmov(&r->z, &a->z, flag);
}

/* 1 if p is the identity (Z = 0: on the curve, only the identity has it). */
static inline unsigned p256_point_is_identity(const p256_point *p)
{
    return p256_fe_is_zero(&p->z);
}

/* r = the affine form of p, with (0, 0) for the identity (1/0 = 0).
 * Constant time (safegcd). */
static void p256_point_to_affine(p256_affine *r, const p256_point *p)
{
    p256_fe zinv;
    p256_fe_invert(&zinv, &p->z);
    p256_fe_mul(&r->x, &p->x, &zinv);
    p256_fe_mul(&r->y, &p->y, &zinv);
}

/* 1 if y^2 = x^3 - 3x + b. */
static unsigned p256_affine_on_curve(const p256_affine *a)
{
    p256_fe lhs, rhs, t;
    p256_fe_sq(&lhs, &a->y);
    p256_fe_sq(&rhs, &a->x);
    p256_fe_mul(&rhs, &rhs, &a->x);
    p256_fe_add(&t, &a->x, &a->x);
    p256_fe_add(&t, &t, &a->x);
    p256_fe_sub(&rhs, &rhs, &t);
    p256_fe_add(&rhs, &rhs, &p256_fe_b);
    return p256_fe_equal(&lhs, &rhs);
}

#endif
