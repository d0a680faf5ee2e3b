/* u64 backend: constant-time modular inversion by Bernstein-Yang safegcd.
 *
 * Algorithm: D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd
 * computation and modular inversion", TCHES 2019 (version 2019-04-13), in the
 * "half-delta" form and the signed-62-bit-limb representation described in
 * libsecp256k1's doc/safegcd_implementation.md (P. Wuille, P. Dettman). The
 * code below is written for ecx from that write-up; section numbers in the
 * comments refer to it.
 *
 * One implementation serves every odd modulus 0 < M < 2^256: curve25519's
 * p = 2^255 - 19 and group order l, and P-256's p and n. A modulus is
 * described by a modinv64_modinfo (its signed-62 limbs, M^-1 mod 2^62 and
 * the number of divsteps it needs), kept by the callers as static const
 * data.
 *
 * Representation: x = v[0] + v[1] 2^62 + v[2] 2^124 + v[3] 2^186 + v[4] 2^248
 * with int64_t limbs; v[0..3] are normally in [0, 2^62) and v[4] carries the
 * sign. Right shifts of negative int64_t / __int128 values are assumed to be
 * arithmetic (true for gcc and clang on every target ecx supports).
 *
 * Constant time: the number of divsteps is a constant of the modulus, every
 * conditional is a mask, and the only branches are loop counts.
 *
 * Iteration count. Half-delta divsteps starting from f = M, 0 <= g < M reach
 * g = 0 within B(M) steps, where B is given by the convex-hull bound of
 * P. Wuille's "Bounds on divsteps iterations in safegcd"
 * (github.com/sipa/safegcd-bounds; 590 for M < 2^256 is also proven in Coq
 * there and is what libsecp256k1 uses). We recomputed the hull thresholds
 * for up to 600 steps with exact integer arithmetic (a single-threaded
 * transcription of its hull_bound.cpp, -DHALFDELTA) and checked the moduli:
 *   M = 2^255 - 19:          588 steps (threshold 2^255.141 at 588)
 *   M = l (2^252 + ...):     581 steps (threshold 2^252.096 at 581)
 *   any M < 2^256 (P-256):   590 steps (threshold 2^256.010 at 590)
 * These agree with that document's formula floor((3787 log2(M) + 2166) /
 * 1644) for the first two. Doing more steps than needed is harmless (f and
 * g no longer change once g = 0).
 */
#ifndef ECX_BACKEND_U64_MODINV_H
#define ECX_BACKEND_U64_MODINV_H

#include <stdint.h>
#include "common/constant_time.h"

typedef struct {
    int64_t v[5];
} modinv64_signed62;

typedef struct {
    /* The modulus M (odd, 0 < M < 2^256) in signed-62 form. Limbs may be
     * negative (p = 2^255 - 19 is {-19, 0, 0, 0, 128}); every limb must lie
     * in (-2^62, 2^62). */
    modinv64_signed62 modulus;
    /* M^-1 mod 2^62. */
    uint64_t modulus_inv62;
    /* Number of divsteps that provably bring g to 0 for every 0 <= g < M
     * (see "Iteration count" above): 588 for 2^255 - 19, 581 for the
     * ed25519 group order, 590 for any M < 2^256. */
    unsigned divsteps;
} modinv64_modinfo;

/* A 2x2 transition matrix [u v; q r], scaled so that applying it and then
 * dividing by 2^62 performs the recorded divsteps. */
typedef struct {
    int64_t u, v, q, r;
} modinv64_trans;

#define MODINV64_M62 ((uint64_t)0x3FFFFFFFFFFFFFFF)


__extension__ typedef __int128 modinv64_i128;

/* One out-of-line copy of the inversion serves every modulus of a
 * translation unit (fe_invert, sc_invert, later P-256): the code is shared
 * and so is its timing, which is the same for every modulus (all five
 * modulus limbs are always multiplied; no branch looks at them). The
 * helpers are forced inline into that one copy, where the batch size 59 is
 * a constant. */
#if defined(__GNUC__)
#define MODINV64_INLINE static inline __attribute__((always_inline))
#define MODINV64_NOINLINE static __attribute__((noinline, unused))
#else
#define MODINV64_INLINE static inline
#define MODINV64_NOINLINE static
#endif

/* n <= 30 constant-time half-delta divsteps on the low bits of f, g (f odd;
 * only bits 0 .. n-1 matter). Returns the new zeta = -(delta + 1/2) and the
 * transition matrix t = [u v; q r] with t * [f; g] = 2^n [f'; g'] (section
 * 3: divsteps_n_matrix).
 *
 * Each step, with masks instead of branches:
 *   if zeta < 0 and g odd:  (f, g) = (g, (g - f) / 2), zeta = -zeta - 2
 *   elif g odd:             g = (g + f) / 2,           zeta = zeta - 1
 *   else:                   g = g / 2,                 zeta = zeta - 1
 * The row (f, u, v) is doubled instead of halving (g, q, r) so that all
 * entries stay integers.
 *
 * Packing: the pairs (u, v) and (q, r) always receive the same operations
 * (conditional negation, addition, doubling), all linear, so each pair is
 * kept as one 64-bit word u + v 2^32 (mod 2^64). After n <= 30 steps
 * |u| + |v| <= 2^n and |q| + |r| <= 2^n (section 5), so every entry lies in
 * (-2^31, 2^31) and unpacks exactly: the low half, sign-extended, is u, and
 * (word - u) / 2^32 is v. This takes 20 instead of 27 operations per step
 * (the divsteps are about three quarters of the inversion's time). */
MODINV64_INLINE int64_t modinv64_divsteps_packed(int64_t zeta, uint64_t f, uint64_t g, int n, modinv64_trans *t)
{
    uint64_t uv = 1, qr = (uint64_t)1 << 32; /* u = 1, v = 0; q = 0, r = 1 */
    int i;

    for (i = 0; i < n; i++) {
        /* neg: all ones when zeta < 0 (delta > 0); odd: all ones when g is odd. */
        uint64_t neg = (uint64_t)(zeta >> 63);
        uint64_t odd = (uint64_t)0 - (g & 1);
        uint64_t swap = neg & odd;
        /* The row added to (g, q, r): (f, u, v), negated when swapping. */
        uint64_t xf = (f ^ neg) - neg;
        uint64_t xuv = (uv ^ neg) - neg;
        g += xf & odd;
        qr += xuv & odd;
        /* zeta -> -zeta - 2 when swapping, zeta - 1 otherwise. */
        zeta = (zeta ^ (int64_t)swap) - 1;
        /* Swapping: (f, u, v) += (g - f, q - u, r - v) = the old (g, q, r). */
        f += g & swap;
        uv += qr & swap;
        g >>= 1;
        uv <<= 1;
    }
    /* Unpack (right shifts of negative values are arithmetic, see top). */
    t->u = (int64_t)(uv << 32) >> 32;
    t->v = (int64_t)(uv - (uint64_t)t->u) >> 32;
    t->q = (int64_t)(qr << 32) >> 32;
    t->r = (int64_t)(qr - (uint64_t)t->q) >> 32;
    return zeta;
}

/* n <= 59 divsteps on the low 64 bits f0, g0 of f, g: returns the new zeta
 * and the transition matrix t with t * [f; g] = 2^62 [f'; g'].
 *
 * Done as (up to) 30 + 29 packed steps. The second half needs the low bits
 * of the f, g reached after the first: (u1 f0 + v1 g0) mod 2^64 is exact mod
 * 2^64 and divisible by 2^n1, so its top 64 - n1 bits are f' mod 2^(64-n1),
 * more than the n - n1 <= 29 bits needed. The two matrices multiply to the
 * n-step matrix (scaled by 2^n) and the factor 2^(62 - n) makes the scale
 * 2^62, the limb size that update_de and update_fg divide by; |u| + |v| <=
 * 2^62 still holds, as they need. n is public (a constant of the modulus). */
MODINV64_INLINE int64_t modinv64_divsteps(int64_t zeta, uint64_t f0, uint64_t g0, int n, modinv64_trans *t)
{
    modinv64_trans a, b;
    int n1 = n > 30 ? 30 : n;
    int scale = 62 - n;

    zeta = modinv64_divsteps_packed(zeta, f0, g0, n1, &a);
    if (n > n1) {
        uint64_t f1 = ((uint64_t)a.u * f0 + (uint64_t)a.v * g0) >> n1;
        uint64_t g1 = ((uint64_t)a.q * f0 + (uint64_t)a.r * g0) >> n1;
        zeta = modinv64_divsteps_packed(zeta, f1, g1, n - n1, &b);
        /* t = b * a; |entries| < 2^29 * 2^30, no overflow. */
        t->u = b.u * a.u + b.v * a.q;
        t->v = b.u * a.v + b.v * a.r;
        t->q = b.q * a.u + b.r * a.q;
        t->r = b.q * a.v + b.r * a.r;
    } else {
        *t = a;
    }
    /* Scale to 2^62 (multiplication, not a shift: entries may be negative). */
    t->u *= (int64_t)1 << scale;
    t->v *= (int64_t)1 << scale;
    t->q *= (int64_t)1 << scale;
    t->r *= (int64_t)1 << scale;
    return zeta;
}

/* [d; e] = t * [d; e] / 2^62 mod M (section 5: update_de).
 *
 * Input and output d, e lie in (-2M, M) with limbs 0..3 in [0, 2^62) (the
 * output's) or (-2^62, 2^62) (the input's). Adding md * M (me * M) makes the
 * low 62 bits of the numerator zero so the division is exact; md starts as
 * u (resp. the other terms) when d (e) is negative, which is what keeps the
 * output inside (-2M, M) (section 5, "avoiding negative numbers" bounds). */
MODINV64_INLINE void modinv64_update_de(modinv64_signed62 *d, modinv64_signed62 *e, const modinv64_trans *t,
                                      const modinv64_modinfo *mi)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int64_t *m = mi->modulus.v;
    int64_t dk, ek, md, me, sd, se;
    modinv64_i128 cd, ce;
    int k;

    sd = d->v[4] >> 63;
    se = e->v[4] >> 63;
    md = (u & sd) + (v & se);
    me = (q & sd) + (r & se);

    dk = d->v[0];
    ek = e->v[0];
    cd = (modinv64_i128)u * dk + (modinv64_i128)v * ek;
    ce = (modinv64_i128)q * dk + (modinv64_i128)r * ek;
    /* Choose md, me = the wanted value mod 2^62, within 2^62 below the start. */
    md -= (int64_t)((mi->modulus_inv62 * (uint64_t)cd + (uint64_t)md) & MODINV64_M62);
    me -= (int64_t)((mi->modulus_inv62 * (uint64_t)ce + (uint64_t)me) & MODINV64_M62);
    cd += (modinv64_i128)m[0] * md;
    ce += (modinv64_i128)m[0] * me;
    cd >>= 62; /* the low 62 bits are now zero */
    ce >>= 62;

    for (k = 1; k < 5; k++) {
        dk = d->v[k];
        ek = e->v[k];
        cd += (modinv64_i128)u * dk + (modinv64_i128)v * ek + (modinv64_i128)m[k] * md;
        ce += (modinv64_i128)q * dk + (modinv64_i128)r * ek + (modinv64_i128)m[k] * me;
        d->v[k - 1] = (int64_t)((uint64_t)cd & MODINV64_M62);
        e->v[k - 1] = (int64_t)((uint64_t)ce & MODINV64_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d->v[4] = (int64_t)cd;
    e->v[4] = (int64_t)ce;
}

/* [f; g] = t * [f; g] / 2^62 (section 5: update_fg); the division is exact
 * by construction of t. f and g stay within (-M, M]. */
MODINV64_INLINE void modinv64_update_fg(modinv64_signed62 *f, modinv64_signed62 *g, const modinv64_trans *t)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    int64_t fk, gk;
    modinv64_i128 cf, cg;
    int k;

    fk = f->v[0];
    gk = g->v[0];
    cf = (modinv64_i128)u * fk + (modinv64_i128)v * gk;
    cg = (modinv64_i128)q * fk + (modinv64_i128)r * gk;
    cf >>= 62;
    cg >>= 62;
    for (k = 1; k < 5; k++) {
        fk = f->v[k];
        gk = g->v[k];
        cf += (modinv64_i128)u * fk + (modinv64_i128)v * gk;
        cg += (modinv64_i128)q * fk + (modinv64_i128)r * gk;
        f->v[k - 1] = (int64_t)((uint64_t)cf & MODINV64_M62);
        g->v[k - 1] = (int64_t)((uint64_t)cg & MODINV64_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[4] = (int64_t)cf;
    g->v[4] = (int64_t)cg;
}

/* Carries limbs 0..3 into [0, 2^62), pushing the excess upwards. */
static inline void modinv64_propagate(int64_t x[5])
{
    int k;
    for (k = 0; k < 4; k++) {
        x[k + 1] += x[k] >> 62;
        x[k] &= (int64_t)MODINV64_M62;
    }
}

/* Maps d in (-2M, M) (limbs in (-2^62, 2^62)) to (sign < 0 ? -d : d) mod M in
 * [0, M), limbs in [0, 2^62) (section 6). Constant time: the sign tests are
 * masks. */
MODINV64_INLINE void modinv64_normalize(modinv64_signed62 *d, int64_t sign, const modinv64_modinfo *mi)
{
    int64_t x[5];
    int64_t add, neg;
    int k;

    for (k = 0; k < 5; k++) {
        x[k] = d->v[k];
    }
    /* (-2M, M) -> (-M, M): add M when negative; then negate on request. */
    add = (int64_t)ct_barrier_u64((uint64_t)(x[4] >> 63));
    neg = (int64_t)ct_barrier_u64((uint64_t)(sign >> 63));
    for (k = 0; k < 5; k++) {
        x[k] += mi->modulus.v[k] & add;
        x[k] = (x[k] ^ neg) - neg;
    }
    modinv64_propagate(x);
    /* (-M, M) -> [0, M). */
    add = (int64_t)ct_barrier_u64((uint64_t)(x[4] >> 63));
    for (k = 0; k < 5; k++) {
        x[k] += mi->modulus.v[k] & add;
    }
    modinv64_propagate(x);
    for (k = 0; k < 5; k++) {
        d->v[k] = x[k];
    }
}

/* x = c / x mod M (c * x^-1), for 0 <= x < M and 0 <= c < M, all limbs in
 * [0, 2^62); the result is in [0, M), limbs in [0, 2^62). x = 0 gives 0, the
 * 1/0 = 0 of ecx's contract (d stays 0). M must be prime (or x coprime to
 * M). Constant time in x and c: the same instructions run for every input.
 *
 * The scale c is free: d and e are updated by maps that are linear mod M,
 * so starting from e = c instead of 1 multiplies the final d by c. scalar.h
 * uses it to leave Montgomery form inside the inversion. */
MODINV64_NOINLINE void modinv64_scaled(modinv64_signed62 *x, const modinv64_signed62 *c, const modinv64_modinfo *mi)
{
    /* Invariants (section 4): d * x = f * c and e * x = g * c (mod M), up to
     * the power of two that update_de divides out. */
    modinv64_signed62 d = {{0, 0, 0, 0, 0}};
    modinv64_signed62 e = *c;
    modinv64_signed62 f = mi->modulus;
    modinv64_signed62 g = *x;
    modinv64_trans t;
    int64_t zeta = -1; /* delta = 1/2 */
    int i;

    /* Batches of 59 divsteps, then one shorter batch if need be (the counts
     * are constants of the modulus, so each batch size is a constant). */
    for (i = 0; i < (int)(mi->divsteps / 59); i++) {
        zeta = modinv64_divsteps(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], 59, &t);
        modinv64_update_de(&d, &e, &t, mi);
        modinv64_update_fg(&f, &g, &t);
    }
    if (mi->divsteps % 59 != 0) {
        zeta = modinv64_divsteps(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], (int)(mi->divsteps % 59), &t);
        modinv64_update_de(&d, &e, &t, mi);
        modinv64_update_fg(&f, &g, &t);
    }
    /* Now g = 0 and f = +-gcd(M, x) = +-1 (or +-M and d = 0 when x = 0), so d
     * holds +-c/x; the sign of f says which. */
    modinv64_normalize(&d, f.v[4], mi);
    *x = d;
}

/* x = the 256-bit value w[0] + w[1] 2^64 + w[2] 2^128 + w[3] 2^192 in
 * signed-62 form (limbs 0..3 in [0, 2^62), limb 4 < 2^8). */
static inline void modinv64_from_u64x4(modinv64_signed62 *x, const uint64_t w[4])
{
    x->v[0] = (int64_t)(w[0] & MODINV64_M62);
    x->v[1] = (int64_t)((w[0] >> 62 | w[1] << 2) & MODINV64_M62);
    x->v[2] = (int64_t)((w[1] >> 60 | w[2] << 4) & MODINV64_M62);
    x->v[3] = (int64_t)((w[2] >> 58 | w[3] << 6) & MODINV64_M62);
    x->v[4] = (int64_t)(w[3] >> 56);
}

/* w = x as four 64-bit words; x normalised (limbs 0..3 in [0, 2^62)) and in
 * [0, 2^256), as modinv64_scaled returns it. */
static inline void modinv64_to_u64x4(uint64_t w[4], const modinv64_signed62 *x)
{
    w[0] = (uint64_t)x->v[0] | (uint64_t)x->v[1] << 62;
    w[1] = (uint64_t)x->v[1] >> 2 | (uint64_t)x->v[2] << 60;
    w[2] = (uint64_t)x->v[2] >> 4 | (uint64_t)x->v[3] << 58;
    w[3] = (uint64_t)x->v[3] >> 6 | (uint64_t)x->v[4] << 56;
}

/* x = x^-1 mod M; as modinv64_scaled with c = 1. */
static inline void modinv64(modinv64_signed62 *x, const modinv64_modinfo *mi)
{
    static const modinv64_signed62 one = {{1, 0, 0, 0, 0}};
    modinv64_scaled(x, &one, mi);
}

#endif
