/* The edwards25519 group, written once against the field contract
 * (curve25519/field.h) and compiled per backend.
 *
 * The curve is -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19), with
 * d = -121665/121666 (RFC 8032, section 5.1). Point models and formulas are
 * those of Hisil, Wong, Carter and Dawson, "Twisted Edwards curves
 * revisited" (Asiacrypt 2008), with a = -1 — the formulas RFC 8032,
 * section 5.1.4, gives for edwards25519 — named as in ref10:
 *
 *   ge_p3      extended (X:Y:Z:T), x = X/Z, y = Y/Z, x y = T/Z.
 *   ge_p2      projective (X:Y:Z); enough for doubling.
 *   ge_p1p1    completed ((X:Z), (Y:T)): x = X/Z, y = Y/T. What additions
 *              and doublings return; converting to p2 costs 3M, to p3 4M.
 *   ge_cached  (Y+X, Y-X, 2Z, 2dT) of an extended point: the second operand
 *              of ge_add / ge_sub. NOTE: it stores 2Z, not Z as ref10 does,
 *              so an addition needs no carry for its D = 2 Z1 Z2.
 *   ge_precomp (y+x, y-x, 2dxy) of an affine point (Z = 1): the second
 *              operand of ge_madd / ge_msub, used by precomputed tables.
 *
 * Bounds: every field element stored in a ge_p3, ge_p2, ge_cached or
 * ge_precomp is TIGHT. The four coordinates of a ge_p1p1 are LOOSE (sums and
 * differences of TIGHT values): they only ever go into fe_mul, as the field
 * contract allows. Every function here keeps to that: a LOOSE value that
 * feeds an addition or subtraction is carried first.
 *
 * All functions are constant time unless their name ends in _vartime. The
 * formulas are complete (exception-free) for a = -1 and non-square d: they
 * are correct for every pair of curve points, the identity and points of
 * small order included. Outputs may alias inputs unless stated otherwise.
 */
#ifndef ECX_CURVE25519_EDWARDS_H
#define ECX_CURVE25519_EDWARDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/constant_time.h"

/* GE_FLATTEN marks the point formulas: every field operation inside them is
 * inlined, whatever the compiler's unit-growth heuristics decide for the
 * (large) backend translation unit. A point operation is a dozen field
 * operations whose limbs then stay in registers; calling fe_mul out of line
 * from here costs 10-15% of a signature. */
#if defined(__GNUC__) || defined(__clang__)
#define GE_FLATTEN __attribute__((flatten))
#else
#define GE_FLATTEN
#endif


typedef struct {
    fe X, Y, Z, T;
} ge_p3;

typedef struct {
    fe X, Y, Z;
} ge_p2;

typedef struct {
    fe X, Y, Z, T;
} ge_p1p1;

typedef struct {
    fe YplusX, YminusX, Z2, T2d; /* Z2 = 2Z, T2d = 2dT */
} ge_cached;

typedef struct {
    fe yplusx, yminusx, xy2d;
} ge_precomp;

/* Canonical little-endian encodings of the curve constants; generic code
 * turns them into limbs with fe_from_bytes (a few dozen instructions, next
 * to the multiplications that use them). */

/* d = -121665/121666 mod p. */
static const uint8_t ge_d_bytes[32] = {
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
    0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52};
/* 2d mod p. */
static const uint8_t ge_d2_bytes[32] = {
    0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
    0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24};
/* The basepoint B of RFC 8032: y = 4/5, x the non-negative root. */
static const uint8_t ge_base_x_bytes[32] = {
    0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7, 0x2c, 0x69,
    0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0, 0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21};
static const uint8_t ge_base_y_bytes[32] = {
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};
/* l = 2^252 + 27742317777372353535851937790883648493, the prime order of B. */
static const uint8_t ge_order_bytes[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

/* ------------------------------------------------------------------------ */
/* Constants and conversions                                                 */

/* The neutral element (0, 1) in each model. */
static inline void ge_p3_identity(ge_p3 *r)
{
    fe_zero(&r->X);
    fe_one(&r->Y);
    fe_one(&r->Z);
    fe_zero(&r->T);
}

static inline void ge_p2_identity(ge_p2 *r)
{
    fe_zero(&r->X);
    fe_one(&r->Y);
    fe_one(&r->Z);
}

static inline void ge_cached_identity(ge_cached *r)
{
    fe one;
    fe_one(&one);
    fe_one(&r->YplusX);
    fe_one(&r->YminusX);
    fe_add(&r->Z2, &one, &one);
    fe_carry(&r->Z2, &r->Z2);
    fe_zero(&r->T2d);
}

static inline void ge_precomp_identity(ge_precomp *r)
{
    fe_one(&r->yplusx);
    fe_one(&r->yminusx);
    fe_zero(&r->xy2d);
}

/* The basepoint B in extended coordinates (Z = 1). */
static inline void ge_p3_base(ge_p3 *r)
{
    fe_from_bytes(&r->X, ge_base_x_bytes);
    fe_from_bytes(&r->Y, ge_base_y_bytes);
    fe_one(&r->Z);
    fe_mul(&r->T, &r->X, &r->Y);
}

/* Completed -> projective: (XT : YZ : ZT). 3M. */
static inline GE_FLATTEN void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p)
{
    fe_mul(&r->X, &p->X, &p->T);
    fe_mul(&r->Y, &p->Y, &p->Z);
    fe_mul(&r->Z, &p->Z, &p->T);
}

/* Completed -> extended: (XT : YZ : ZT : XY). 4M. */
static inline GE_FLATTEN void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p)
{
    fe_mul(&r->X, &p->X, &p->T);
    fe_mul(&r->Y, &p->Y, &p->Z);
    fe_mul(&r->Z, &p->Z, &p->T);
    fe_mul(&r->T, &p->X, &p->Y);
}

/* Extended -> projective: drops T. */
static inline void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p)
{
    fe_copy(&r->X, &p->X);
    fe_copy(&r->Y, &p->Y);
    fe_copy(&r->Z, &p->Z);
}

/* Extended -> cached (Y+X, Y-X, 2Z, 2dT). 1M. r must not alias p's fields
 * (different types, so it cannot). */
static inline GE_FLATTEN void ge_p3_to_cached(ge_cached *r, const ge_p3 *p)
{
    fe d2;
    fe_from_bytes(&d2, ge_d2_bytes);
    fe_add(&r->YplusX, &p->Y, &p->X);
    fe_carry(&r->YplusX, &r->YplusX);
    fe_sub(&r->YminusX, &p->Y, &p->X);
    fe_carry(&r->YminusX, &r->YminusX);
    fe_add(&r->Z2, &p->Z, &p->Z);
    fe_carry(&r->Z2, &r->Z2);
    fe_mul(&r->T2d, &p->T, &d2);
}

/* Extended -> affine Niels (y+x, y-x, 2dxy), one inversion (safegcd).
 * Constant time. Used to build precomputed tables. */
static inline void ge_p3_to_precomp(ge_precomp *r, const ge_p3 *p)
{
    fe zinv, x, y, d2;
    fe_invert(&zinv, &p->Z);
    fe_mul(&x, &p->X, &zinv);
    fe_mul(&y, &p->Y, &zinv);
    fe_add(&r->yplusx, &y, &x);
    fe_carry(&r->yplusx, &r->yplusx);
    fe_sub(&r->yminusx, &y, &x);
    fe_carry(&r->yminusx, &r->yminusx);
    fe_from_bytes(&d2, ge_d2_bytes);
    fe_mul(&r->xy2d, &x, &y);
    fe_mul(&r->xy2d, &r->xy2d, &d2);
}

/* Affine Niels -> extended (for tests and table checks): x = ((y+x) -
 * (y-x))/2, y = ((y+x) + (y-x))/2, Z = 1. */
static inline void ge_precomp_to_p3(ge_p3 *r, const ge_precomp *p)
{
    fe half, t;
    /* 1/2 mod p = (p + 1)/2, via fe_invert of 2 to stay limb-free. */
    fe_one(&t);
    fe_add(&t, &t, &t);
    fe_carry(&t, &t);
    fe_invert(&half, &t);
    fe_sub(&t, &p->yplusx, &p->yminusx);
    fe_mul(&r->X, &t, &half);
    fe_add(&t, &p->yplusx, &p->yminusx);
    fe_mul(&r->Y, &t, &half);
    fe_one(&r->Z);
    fe_mul(&r->T, &r->X, &r->Y);
}

/* ------------------------------------------------------------------------ */
/* Addition and doubling (HWCD 2008, section 3.1, "add-2008-hwcd-3" with     */
/* k = 2d, its mixed variant "madd-2008-hwcd-3", and "dbl-2008-hwcd")         */

/* r = p + q. 4M (plus 4M to get a p3). With A = (Y1-X1)(Y2-X2),
 * B = (Y1+X1)(Y2+X2), C = 2d T1 T2, D = 2 Z1 Z2: E = B-A, F = D-C, G = D+C,
 * H = B+A, and the completed result ((E:G), (H:F)). */
static inline GE_FLATTEN void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q)
{
    fe ypx, ymx, A, B, C, D;
    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul(&A, &ymx, &q->YminusX);
    fe_mul(&B, &ypx, &q->YplusX);
    fe_mul(&C, &p->T, &q->T2d);
    fe_mul(&D, &p->Z, &q->Z2);
    fe_sub(&r->X, &B, &A);
    fe_add(&r->Y, &B, &A);
    fe_add(&r->Z, &D, &C);
    fe_sub(&r->T, &D, &C);
}

/* r = p - q: ge_add with -q = (Y-X, Y+X, 2Z, -2dT), which swaps the roles
 * of YplusX / YminusX and of F / G. 4M. */
static inline GE_FLATTEN void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q)
{
    fe ypx, ymx, A, B, C, D;
    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul(&A, &ymx, &q->YplusX);
    fe_mul(&B, &ypx, &q->YminusX);
    fe_mul(&C, &p->T, &q->T2d);
    fe_mul(&D, &p->Z, &q->Z2);
    fe_sub(&r->X, &B, &A);
    fe_add(&r->Y, &B, &A);
    fe_sub(&r->Z, &D, &C);
    fe_add(&r->T, &D, &C);
}

/* r = p + q for an affine q (Z2 = 1): D = 2 Z1 is a sum, carried before it
 * meets C. 3M. */
static inline GE_FLATTEN void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q)
{
    fe ypx, ymx, A, B, C, D;
    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul(&A, &ymx, &q->yminusx);
    fe_mul(&B, &ypx, &q->yplusx);
    fe_mul(&C, &p->T, &q->xy2d);
    fe_add(&D, &p->Z, &p->Z);
    fe_carry(&D, &D);
    fe_sub(&r->X, &B, &A);
    fe_add(&r->Y, &B, &A);
    fe_add(&r->Z, &D, &C);
    fe_sub(&r->T, &D, &C);
}

/* r = p - q for an affine q. 3M. */
static inline GE_FLATTEN void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q)
{
    fe ypx, ymx, A, B, C, D;
    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul(&A, &ymx, &q->yplusx);
    fe_mul(&B, &ypx, &q->yminusx);
    fe_mul(&C, &p->T, &q->xy2d);
    fe_add(&D, &p->Z, &p->Z);
    fe_carry(&D, &D);
    fe_sub(&r->X, &B, &A);
    fe_add(&r->Y, &B, &A);
    fe_sub(&r->Z, &D, &C);
    fe_add(&r->T, &D, &C);
}

/* r = 2p. 4S. With A = X^2, B = Y^2, C = 2Z^2, S = (X+Y)^2, HWCD's
 * E = S-A-B, G = B-A, F = G-C, H = -(A+B); we return ((E:G), (-H:-F)) —
 * both y coordinates negated, the same point — so that every coordinate is
 * one subtraction of TIGHT values. Two carries make the inner sums TIGHT. */
static inline GE_FLATTEN void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p)
{
    fe A, B, C, S, t;
    fe_sq(&A, &p->X);
    fe_sq(&B, &p->Y);
    fe_sq2(&C, &p->Z);
    fe_add(&t, &p->X, &p->Y);
    fe_sq(&S, &t);
    fe_add(&r->Y, &A, &B);      /* -H = A + B, LOOSE */
    fe_carry(&t, &r->Y);
    fe_sub(&r->X, &S, &t);      /* E */
    fe_sub(&r->Z, &B, &A);      /* G, LOOSE */
    fe_carry(&t, &r->Z);
    fe_sub(&r->T, &C, &t);      /* -F = C - G */
}

/* r = 2p for an extended p (T unused). 4S. */
static inline GE_FLATTEN void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p)
{
    ge_p2 q;
    ge_p3_to_p2(&q, p);
    ge_p2_dbl(r, &q);
}

/* ------------------------------------------------------------------------ */
/* Convenience compositions                                                  */

/* r = p + q, all extended. 9M (1M for the cached form of q). */
static inline void ge_p3_add_p3(ge_p3 *r, const ge_p3 *p, const ge_p3 *q)
{
    ge_cached c;
    ge_p1p1 t;
    ge_p3_to_cached(&c, q);
    ge_add(&t, p, &c);
    ge_p1p1_to_p3(r, &t);
}

/* r = p - q, all extended. */
static inline void ge_p3_sub_p3(ge_p3 *r, const ge_p3 *p, const ge_p3 *q)
{
    ge_cached c;
    ge_p1p1 t;
    ge_p3_to_cached(&c, q);
    ge_sub(&t, p, &c);
    ge_p1p1_to_p3(r, &t);
}

/* r = 2^n p (n >= 1), through projective doublings (7M per doubling, 8M
 * for the last). n is public. */
static inline void ge_p3_dbln(ge_p3 *r, const ge_p3 *p, unsigned n)
{
    ge_p1p1 t;
    ge_p2 q;
    ge_p3_to_p2(&q, p);
    for (; n > 1; n--) {
        ge_p2_dbl(&t, &q);
        ge_p1p1_to_p2(&q, &t);
    }
    ge_p2_dbl(&t, &q);
    ge_p1p1_to_p3(r, &t);
}

/* r = [8] p: the multiplication by the cofactor. */
static inline void ge_p3_mul_by_cofactor(ge_p3 *r, const ge_p3 *p)
{
    ge_p3_dbln(r, p, 3);
}

/* ------------------------------------------------------------------------ */
/* Negation, selection, equality                                             */

/* r = -p = (-X, Y, Z, -T). */
static inline void ge_p3_neg(ge_p3 *r, const ge_p3 *p)
{
    fe_neg(&r->X, &p->X);
    fe_copy(&r->Y, &p->Y);
    fe_copy(&r->Z, &p->Z);
    fe_neg(&r->T, &p->T);
}

/* r = -p: (Y-X, Y+X, 2Z, -2dT). r may alias p. */
static inline void ge_cached_neg(ge_cached *r, const ge_cached *p)
{
    fe t;
    fe_copy(&t, &p->YplusX);
    fe_copy(&r->YplusX, &p->YminusX);
    fe_copy(&r->YminusX, &t);
    fe_copy(&r->Z2, &p->Z2);
    fe_neg(&r->T2d, &p->T2d);
}

/* r = -p: (y-x, y+x, -2dxy). r may alias p. */
static inline void ge_precomp_neg(ge_precomp *r, const ge_precomp *p)
{
    fe t;
    fe_copy(&t, &p->yplusx);
    fe_copy(&r->yplusx, &p->yminusx);
    fe_copy(&r->yminusx, &t);
    fe_neg(&r->xy2d, &p->xy2d);
}

/* r = flag ? p : r, flag in {0, 1}. Constant time. */
static inline void ge_p3_cmov(ge_p3 *r, const ge_p3 *p, unsigned flag)
{
    fe_cmov(&r->X, &p->X, flag);
    fe_cmov(&r->Y, &p->Y, flag);
    fe_cmov(&r->Z, &p->Z, flag);
    fe_cmov(&r->T, &p->T, flag);
}

static inline void ge_cached_cmov(ge_cached *r, const ge_cached *p, unsigned flag)
{
    fe_cmov(&r->YplusX, &p->YplusX, flag);
    fe_cmov(&r->YminusX, &p->YminusX, flag);
    fe_cmov(&r->Z2, &p->Z2, flag);
    fe_cmov(&r->T2d, &p->T2d, flag);
}

static inline void ge_precomp_cmov(ge_precomp *r, const ge_precomp *p, unsigned flag)
{
    fe_cmov(&r->yplusx, &p->yplusx, flag);
    fe_cmov(&r->yminusx, &p->yminusx, flag);
    fe_cmov(&r->xy2d, &p->xy2d, flag);
}

/* r = flag ? -r : r, flag in {0, 1}. Constant time. */
static inline void ge_cached_cneg(ge_cached *r, unsigned flag)
{
    ge_cached m;
    ge_cached_neg(&m, r);
    ge_cached_cmov(r, &m, flag);
}

static inline void ge_precomp_cneg(ge_precomp *r, unsigned flag)
{
    ge_precomp m;
    ge_precomp_neg(&m, r);
    ge_precomp_cmov(r, &m, flag);
}

/* 1 if p and q are the same point (X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1), else 0.
 * 4M. Constant time. */
static inline unsigned ge_p3_equal(const ge_p3 *p, const ge_p3 *q)
{
    fe a, b, c, e;
    fe_mul(&a, &p->X, &q->Z);
    fe_mul(&b, &q->X, &p->Z);
    fe_mul(&c, &p->Y, &q->Z);
    fe_mul(&e, &q->Y, &p->Z);
    return fe_equal(&a, &b) & fe_equal(&c, &e);
}

/* Same answer; may return early (public points only). */
static inline int ge_p3_equal_vartime(const ge_p3 *p, const ge_p3 *q)
{
    fe a, b;
    fe_mul(&a, &p->X, &q->Z);
    fe_mul(&b, &q->X, &p->Z);
    if (!fe_equal(&a, &b)) return 0;
    fe_mul(&a, &p->Y, &q->Z);
    fe_mul(&b, &q->Y, &p->Z);
    return (int)fe_equal(&a, &b);
}

/* 1 if p is the identity: X = 0 and Y = Z (Y = -Z is the point of order
 * 2). Constant time. */
static inline unsigned ge_p3_is_identity(const ge_p3 *p)
{
    return fe_is_zero(&p->X) & fe_equal(&p->Y, &p->Z);
}

/* 1 if p is in the curve equation: (-X^2 + Y^2) Z^2 = Z^4 + d X^2 Y^2 and
 * X Y = Z T. For tests and for table generation. Constant time. */
static inline unsigned ge_p3_is_on_curve(const ge_p3 *p)
{
    fe x2, y2, z2, z4, lhs, rhs, d, t, u;
    fe_from_bytes(&d, ge_d_bytes);
    fe_sq(&x2, &p->X);
    fe_sq(&y2, &p->Y);
    fe_sq(&z2, &p->Z);
    fe_sq(&z4, &z2);
    fe_sub(&t, &y2, &x2);
    fe_mul(&lhs, &t, &z2);
    fe_mul(&t, &x2, &y2);
    fe_mul(&t, &t, &d);
    fe_add(&rhs, &z4, &t);
    fe_carry(&rhs, &rhs);
    fe_mul(&t, &p->X, &p->Y);
    fe_mul(&u, &p->Z, &p->T);
    return fe_equal(&lhs, &rhs) & fe_equal(&t, &u);
}

/* ------------------------------------------------------------------------ */
/* Subgroup checks                                                           */

/* 1 if [8] p is the identity, i.e. p is one of the eight points of small
 * order (the torsion subgroup E[8]). Constant time. */
static inline unsigned ge_p3_has_small_order(const ge_p3 *p)
{
    ge_p3 q;
    ge_p3_mul_by_cofactor(&q, p);
    return ge_p3_is_identity(&q);
}

/* 1 if [l] p is the identity, i.e. p lies in the prime-order subgroup
 * generated by B (the identity included). Left-to-right double-and-add over
 * the bits of l: 252 doublings and 61 additions, in an order fixed by l, so
 * constant time in p. */
static inline unsigned ge_p3_is_torsion_free(const ge_p3 *p)
{
    ge_cached pc;
    ge_p1p1 t;
    ge_p3 acc;
    ge_p3_to_cached(&pc, p);
    acc = *p; /* bit 252 of l */
    for (int i = 251; i >= 0; i--) {
        ge_p3_dbl(&t, &acc);
        if ((ge_order_bytes[i >> 3] >> (i & 7)) & 1) {
            ge_p1p1_to_p3(&acc, &t);
            ge_add(&t, &acc, &pc);
        }
        ge_p1p1_to_p3(&acc, &t);
    }
    return ge_p3_is_identity(&acc);
}

#endif
