/* Constant-time modular inversion for odd moduli below 2^256, with 32-bit
 * arithmetic only (int32_t limbs, int64_t products): the Bernstein-Yang
 * "safegcd" algorithm (D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd
 * computation and modular inversion", TCHES 2019), in the "half-delta"
 * variant and the batched form described by libsecp256k1's
 * doc/safegcd_implementation.md and P. Wuille's safegcd-bounds analysis.
 *
 * One implementation serves every modulus of the u32 backend (2^255 - 19,
 * the curve25519 group order l, and P-256's p and n): a modulus is a
 * s30_modulus value, i.e. the modulus in signed 30-bit limbs plus its
 * inverse mod 2^30.
 *
 * Representation (s30_int): value = sum v[i] * 2^(30 i), i = 0..8, signed
 * int32_t limbs. "Normalised" means v[0..7] in [0, 2^30) and the sign of the
 * value carried by v[8]. 9 limbs x 30 bits = 270 bits leave room for the
 * intermediate ranges below (|d|, |e| < 2M < 2^257).
 *
 * Outline, for inputs f = M (odd), g = x in [0, M):
 *   - divsteps are applied to (zeta, f, g) 30 at a time: the 30 steps depend
 *     only on the low 30 bits of f and g, so they are computed on one word
 *     each and recorded as a 2x2 matrix t (scaled by 2^30, entries with
 *     |u| + |v| <= 2^30 and |q| + |r| <= 2^30);
 *   - t / 2^30 is then applied to the full f, g (exact) and to d, e
 *     (mod M), where d = f / x and e = g / x (mod M) are kept throughout;
 *   - after enough divsteps g = 0, f = +-gcd(M, x) = +-1, and d * f = 1/x.
 *
 * Divstep count. The half-delta divstep (delta starts at 1/2 instead of 1;
 * stored as zeta = -(delta + 1/2), so zeta starts at -1) reaches g = 0 within
 * 590 steps for all inputs below 2^256 (safegcd-bounds, convex hull
 * analysis); we always run 20 batches of 30 = 600. After g = 0 further
 * divsteps leave f, d unchanged, so the extra steps are harmless. Inverting
 * 0 leaves d = 0: 1/0 = 0 without a special case.
 *
 * Constant time: fixed iteration counts, no branch and no memory index
 * depends on the values; conditions become all-zero / all-one masks.
 *
 * Right shifts of negative signed integers are arithmetic on every compiler
 * this project supports (gcc, clang); the static assertion below guards it.
 */
#ifndef ECX_BACKEND_U32_MODINV_H
#define ECX_BACKEND_U32_MODINV_H

#include <stdint.h>
#include "common/constant_time.h"

_Static_assert((-1 >> 1) == -1 && ((int64_t)-1 >> 1) == -1,
               "safegcd needs arithmetic right shifts of negative integers");


#define S30_MASK ((uint32_t)0x3fffffff)
/* 32x32 -> 64-bit signed product (one smull on ARMv7). */
#define S30_MUL(a, b) ((int64_t)(int32_t)(a) * (int32_t)(b))

typedef struct {
    int32_t v[9];
} s30_int;

/* m: the odd modulus, normalised, 0 < m < 2^256.
 * m_inv30: m^-1 mod 2^30 (exists as m is odd). */
typedef struct {
    s30_int m;
    uint32_t m_inv30;
} s30_modulus;

/* Transition matrix of 30 divsteps, scaled by 2^30:
 *   [f', g'] = [u v; q r] [f, g] / 2^30. */
typedef struct {
    int32_t u, v, q, r;
} s30_matrix;

/* r = the 256-bit little-endian word string w[0..7] (w[0] least
 * significant), normalised. */
static inline void s30_from_u32x8(s30_int *r, const uint32_t w[8])
{
    /* Limb i takes bits [30 i, 30 i + 30): from word 30i/32, shifted by
     * 30i mod 32, completed from the next word when it straddles two. */
    for (int i = 0; i < 9; i++) {
        int bit = 30 * i, word = bit >> 5, shift = bit & 31;
        uint32_t limb = w[word] >> shift;
        if (shift > 2 && word + 1 < 8) limb |= w[word + 1] << (32 - shift);
        r->v[i] = (int32_t)(limb & S30_MASK);
    }
}

/* w = a as eight 32-bit words, little-endian word order. a must be
 * normalised and in [0, 2^256). */
static inline void s30_to_u32x8(uint32_t w[8], const s30_int *a)
{
    for (int j = 0; j < 8; j++) {
        int bit = 32 * j, limb = bit / 30, shift = bit % 30;
        uint32_t word = (uint32_t)a->v[limb] >> shift;
        word |= (uint32_t)a->v[limb + 1] << (30 - shift);
        if (shift > 28 && limb + 2 < 9) word |= (uint32_t)a->v[limb + 2] << (60 - shift);
        w[j] = word;
    }
}

/* 30 half-delta divsteps on the low 30 bits f0, g0 of f and g (f0 odd).
 * Returns the new zeta and sets t to the product of the 30 step matrices,
 * scaled by 2^30. One divstep, with delta = -(zeta + 1/2):
 *   if delta > 0 and g odd: (delta, f, g) <- (1 - delta, g, (g - f) / 2)
 *   elif g odd:             (delta, f, g) <- (1 + delta, f, (g + f) / 2)
 *   else:                   (delta, f, g) <- (1 + delta, f, g / 2)
 * written branch-free: with s = (delta > 0) and n = (g odd) as masks,
 * g += (s ? -f : f) & n; if s & n then f += g (which now equals the old g)
 * and delta flips. The matrix rows (u, v) and (q, r) follow f and g; instead
 * of halving q, r, the f row is doubled, which scales t by 2^30.
 * Matrix entries stay within [-2^30, 2^30]; they are handled as uint32_t so
 * that the shifts and wrap-arounds are well defined. Constant time. */
static inline int32_t s30_divsteps30(int32_t zeta, uint32_t f0, uint32_t g0, s30_matrix *t)
{
    uint32_t u = 1, v = 0, q = 0, r = 1, f = f0, g = g0;
    for (int i = 0; i < 30; i++) {
        uint32_t pos = (uint32_t)(zeta >> 31);  /* all ones iff delta > 0 */
        uint32_t odd = 0u - (g & 1u);           /* all ones iff g is odd */
        /* g row += (pos ? -1 : 1) * f row, if g is odd */
        g += ((f ^ pos) - pos) & odd;
        q += ((u ^ pos) - pos) & odd;
        r += ((v ^ pos) - pos) & odd;
        uint32_t swap = pos & odd;
        /* delta -> 1 - delta if swapping, else 1 + delta; in zeta terms
         * zeta -> -zeta - 2 = ~zeta - 1, or zeta - 1. */
        zeta = (int32_t)(((uint32_t)zeta ^ swap) - 1u);
        /* f row += new g row = old g row, if swapping */
        f += g & swap;
        u += q & swap;
        v += r & swap;
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t->u = (int32_t)u;
    t->v = (int32_t)v;
    t->q = (int32_t)q;
    t->r = (int32_t)r;
    return zeta;
}

/* [f, g] <- t [f, g] / 2^30, exactly (the low 30 bits of t [f, g] are zero
 * by construction of t). Inputs and outputs in (-M, M], normalised.
 * Accumulators: |u f_i + v g_i| <= 2^30 * 2^30 = 2^60, plus a carry, fits
 * int64_t. Constant time. */
static inline void s30_update_fg(s30_int *f, s30_int *g, const s30_matrix *t)
{
    const int32_t u = t->u, v = t->v, q = t->q, r = t->r;
    int64_t cf = S30_MUL(u, f->v[0]) + S30_MUL(v, g->v[0]);
    int64_t cg = S30_MUL(q, f->v[0]) + S30_MUL(r, g->v[0]);
    cf >>= 30;
    cg >>= 30;
    for (int i = 1; i < 9; i++) {
        cf += S30_MUL(u, f->v[i]) + S30_MUL(v, g->v[i]);
        cg += S30_MUL(q, f->v[i]) + S30_MUL(r, g->v[i]);
        f->v[i - 1] = (int32_t)((uint32_t)cf & S30_MASK);
        g->v[i - 1] = (int32_t)((uint32_t)cg & S30_MASK);
        cf >>= 30;
        cg >>= 30;
    }
    f->v[8] = (int32_t)cf;
    g->v[8] = (int32_t)cg;
}

/* [d, e] <- t [d, e] / 2^30 mod M. Inputs and outputs in (-2M, M),
 * normalised. Two multiples of M are folded into one product:
 *   - a negative d (e) is first moved up by M, which adds u M, q M
 *     (v M, r M) to the two results, so t [d, e] starts in (-2^30 M, 2^30 M);
 *   - then md, me (in (-2^31, 2^30]) are adjusted so that the low 30 bits of
 *     t [d, e] + M [md, me] vanish: md -= (m_inv30 * cd + md) mod 2^30.
 * The shifted result lies in (-2M, M) again. Accumulators stay below
 * 2^60 + 2^61 + carry < 2^63. Constant time. */
static inline void s30_update_de(s30_int *d, s30_int *e, const s30_matrix *t, const s30_modulus *mod)
{
    const int32_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int32_t d_neg = d->v[8] >> 31, e_neg = e->v[8] >> 31;
    int32_t md = (u & d_neg) + (v & e_neg);
    int32_t me = (q & d_neg) + (r & e_neg);
    int64_t cd = S30_MUL(u, d->v[0]) + S30_MUL(v, e->v[0]);
    int64_t ce = S30_MUL(q, d->v[0]) + S30_MUL(r, e->v[0]);
    md -= (int32_t)((mod->m_inv30 * (uint32_t)cd + (uint32_t)md) & S30_MASK);
    me -= (int32_t)((mod->m_inv30 * (uint32_t)ce + (uint32_t)me) & S30_MASK);
    cd += S30_MUL(mod->m.v[0], md);
    ce += S30_MUL(mod->m.v[0], me);
    cd >>= 30;
    ce >>= 30;
    for (int i = 1; i < 9; i++) {
        const int32_t mi = mod->m.v[i];
        cd += S30_MUL(u, d->v[i]) + S30_MUL(v, e->v[i]) + S30_MUL(mi, md);
        ce += S30_MUL(q, d->v[i]) + S30_MUL(r, e->v[i]) + S30_MUL(mi, me);
        d->v[i - 1] = (int32_t)((uint32_t)cd & S30_MASK);
        e->v[i - 1] = (int32_t)((uint32_t)ce & S30_MASK);
        cd >>= 30;
        ce >>= 30;
    }
    d->v[8] = (int32_t)cd;
    e->v[8] = (int32_t)ce;
}

/* Propagate carries so v[0..7] land in [0, 2^30); limbs in (-2^31, 2^31). */
static inline void s30_carry(s30_int *a)
{
    for (int i = 0; i < 8; i++) {
        a->v[i + 1] += a->v[i] >> 30;
        a->v[i] = (int32_t)((uint32_t)a->v[i] & S30_MASK);
    }
}

/* a <- a + M if a < 0. a normalised; |limbs of the sum| < 2^31. */
static inline void s30_add_if_negative(s30_int *a, const s30_modulus *mod)
{
    const int32_t neg = (int32_t)ct_barrier_u32((uint32_t)(a->v[8] >> 31));
    for (int i = 0; i < 9; i++) a->v[i] += mod->m.v[i] & neg;
    s30_carry(a);
}

/* a <- (sign < 0 ? -a : a) mod M, in [0, M). a in (-2M, M), normalised.
 * Constant time. */
static inline void s30_normalize(s30_int *a, int32_t sign, const s30_modulus *mod)
{
    s30_add_if_negative(a, mod);               /* (-M, M) */
    const int32_t flip = (int32_t)ct_barrier_u32((uint32_t)(sign >> 31));
    for (int i = 0; i < 9; i++) a->v[i] = (a->v[i] ^ flip) - flip;
    s30_carry(a);                              /* (-M, M) */
    s30_add_if_negative(a, mod);               /* [0, M) */
}

/* x <- x^-1 mod M, with 0^-1 = 0. x normalised and in [0, M); M odd,
 * M < 2^256. The output is normalised and in [0, M). Constant time. */
static inline void s30_modinv(s30_int *x, const s30_modulus *mod)
{
    s30_int d = {{0}}, e = {{1}}, f = mod->m, g = *x;
    int32_t zeta = -1;
    for (int batch = 0; batch < 20; batch++) {
        s30_matrix t;
        zeta = s30_divsteps30(zeta, (uint32_t)f.v[0], (uint32_t)g.v[0], &t);
        s30_update_de(&d, &e, &t, mod);
        s30_update_fg(&f, &g, &t);
    }
    /* g = 0 and f = +-1 (or f = +-M when x = 0, where d = 0): 1/x = d f. */
    s30_normalize(&d, f.v[8], mod);
    *x = d;
}

#endif
