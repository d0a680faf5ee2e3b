/* The checks of test_ifma.c, in their own translation unit because they
 * are compiled with -mavx512ifma -mavx512vl: the compiler may use AVX-512
 * anywhere in this file, so nothing here may run before the CPU check in
 * test_ifma.c's main.
 *
 * The oracle is the u64 backend (backend/u64/field.h and the generic
 * edwards code compiled on it), which the GMP- and libsodium-checked tests
 * already trust:
 *   - field4.h: every lane of every 4-way result equals the u64 result on
 *     the same limbs, as canonical bytes, within the documented bounds;
 *   - edwards4.h: additions (of equal points, opposite points, the
 *     identity, small-order points too), subtractions, doublings and the
 *     cached form give the points the u64 formulas give, as encodings. */
#include "ifma_checks.h"

#include <string.h>

#include "backend/u64/field.h"
#include "backend/ifma/field4.h"
#include "backend/vector/edwards4.h"
#include "backend/vector/ge4_convert.h"
#include "check.h"
#include "curve25519/edwards_encoding.h"

#define LANES 4

/* A REDUCED limb set: random below 2^52, or an extreme (2^52 - 1, 0, 2^51,
 * 2^51 - 1) now and then. */
static void random_limbs(fe *a)
{
    for (int k = 0; k < 5; k++) {
        uint64_t r = check_rand64();
        switch (r % 8) {
        case 0: a->v[k] = ((uint64_t)1 << 52) - 1; break;
        case 1: a->v[k] = 0; break;
        case 2: a->v[k] = (uint64_t)1 << 51; break;
        case 3: a->v[k] = ((uint64_t)1 << 51) - 1; break;
        default: a->v[k] = (r >> 3) & (((uint64_t)1 << 52) - 1); break;
        }
    }
}

static void pack(fe4 *r, const fe a[LANES])
{
    fe4_pack(r, &a[0], &a[1], &a[2], &a[3]);
}

static void unpack(fe a[LANES], const fe4 *r)
{
    fe4_unpack(&a[0], &a[1], &a[2], &a[3], r);
}

/* Every lane of got equals want[lane] mod p, and got's limbs are below the
 * bounds (limb 0 < 2^51 + 2^limb0_bits, the others < 2^51 + 2^other_bits). */
static void check_lanes(const fe4 *got, const fe want[LANES], int limb0_bits, int other_bits, const char *what)
{
    fe lanes[LANES];
    unpack(lanes, got);
    for (int e = 0; e < LANES; e++) {
        uint8_t g[32], w[32];
        int in_bounds = 1;
        for (int k = 0; k < 5; k++)
            in_bounds &= lanes[e].v[k] < ((uint64_t)1 << 51) + ((uint64_t)1 << (k == 0 ? limb0_bits : other_bits));
        CHECK_CTX(in_bounds, what);
        /* fe_to_bytes needs TIGHT limbs: carry the u64 copy first. */
        fe t = lanes[e];
        fe_carry(&t, &t);
        fe_to_bytes(g, &t);
        t = want[e];
        fe_carry(&t, &t);
        fe_to_bytes(w, &t);
        CHECK_MEM(g, w, 32, what);
    }
}

/* Four random REDUCED pairs (a[e], b[e]), also packed into va, vb. */
static void random_operands(fe a[LANES], fe b[LANES], fe4 *va, fe4 *vb)
{
    for (int e = 0; e < LANES; e++) {
        random_limbs(&a[e]);
        random_limbs(&b[e]);
    }
    pack(va, a);
    pack(vb, b);
}

static void check_products(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe a[LANES], b[LANES], want[LANES];
        fe4 va, vb, vr;
        random_operands(a, b, &va, &vb);

        fe4_mul(&vr, &va, &vb);
        for (int e = 0; e < LANES; e++) fe_mul(&want[e], &a[e], &b[e]);
        check_lanes(&vr, want, 14, 10, "fe4_mul");

        fe4_mul(&vr, &va, &va);
        for (int e = 0; e < LANES; e++) fe_mul(&want[e], &a[e], &a[e]);
        check_lanes(&vr, want, 14, 10, "fe4_mul a a");

        fe4_sq(&vr, &va);
        for (int e = 0; e < LANES; e++) fe_sq(&want[e], &a[e]);
        check_lanes(&vr, want, 14, 10, "fe4_sq");
    }
}

/* Additions and subtractions of REDUCED values, carried, and negation. */
static void check_linear(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe a[LANES], b[LANES], want[LANES];
        fe4 va, vb, vr;
        random_operands(a, b, &va, &vb);

        fe4_add(&vr, &va, &vb);
        fe4_carry(&vr, &vr);
        for (int e = 0; e < LANES; e++) fe_add(&want[e], &a[e], &b[e]);
        check_lanes(&vr, want, 17, 12, "fe4_add + fe4_carry");

        fe4_sub(&vr, &va, &vb);
        fe4_carry(&vr, &vr);
        for (int e = 0; e < LANES; e++) {
            fe ta = a[e], tb = b[e];
            fe_carry(&ta, &ta); /* u64 fe_sub wants TIGHT inputs */
            fe_carry(&tb, &tb);
            fe_sub(&want[e], &ta, &tb);
        }
        check_lanes(&vr, want, 17, 12, "fe4_sub + fe4_carry");

        fe4_neg(&vr, &va);
        for (int e = 0; e < LANES; e++) {
            fe ta = a[e];
            fe_carry(&ta, &ta);
            fe_neg(&want[e], &ta);
        }
        check_lanes(&vr, want, 17, 12, "fe4_neg");
    }
}

/* Long chains, each step fed by the last: x = x y + (x - y)^2 in both
 * representations, so any bound that creeps up shows. */
static void check_chains(unsigned long steps)
{
    fe x[LANES], y[LANES];
    fe4 vx, vy, vt, vu;
    for (int e = 0; e < LANES; e++) {
        random_limbs(&x[e]);
        random_limbs(&y[e]);
        fe_carry(&x[e], &x[e]);
        fe_carry(&y[e], &y[e]);
    }
    pack(&vx, x);
    pack(&vy, y);
    for (unsigned long s = 0; s < steps; s++) {
        fe4_mul(&vt, &vx, &vy);
        fe4_sub(&vu, &vx, &vy);
        fe4_carry(&vu, &vu);
        fe4_sq(&vu, &vu);
        fe4_add(&vx, &vt, &vu);
        fe4_carry(&vx, &vx);
        for (int e = 0; e < LANES; e++) {
            fe t, u;
            fe_mul(&t, &x[e], &y[e]);
            fe_sub(&u, &x[e], &y[e]);
            fe_sq(&u, &u);
            fe_add(&x[e], &t, &u);
            fe_carry(&x[e], &x[e]);
        }
    }
    check_lanes(&vx, x, 17, 12, "chain x = x y + (x - y)^2");
}

/* ------------------------------------------------------------ points */

/* A curve point: mostly [random]B-like points from decoding random
 * encodings (ZIP-215 rules: small-order components included), sometimes the
 * identity or a point of order 2. */
static void random_point(ge_p3 *p)
{
    uint64_t r = check_rand64() % 16;
    if (r == 0) {
        ge_p3_identity(p);
        return;
    }
    if (r == 1) {
        static const uint8_t order2[32] = {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                           0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                           0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
        CHECK(ge_p3_from_bytes(p, order2, GE_DECODE_ZIP215) == ECX_OK);
        return;
    }
    for (;;) {
        uint8_t s[32];
        check_random_bytes(s, 32);
        if (ge_p3_from_bytes(p, s, GE_DECODE_ZIP215) == ECX_OK) break;
    }
    /* A non-trivial Z: double once. */
    ge_p1p1 t;
    ge_p3_dbl(&t, p);
    ge_p1p1_to_p3(p, &t);
}

static void check_point(const ge4_extended *got, const ge_p3 *want, const char *what)
{
    ge_p3 g;
    uint8_t eg[32], ew[32];
    ge4_to_p3(&g, got);
    int in_bounds = 1;
    const fe *coords[4] = {&g.X, &g.Y, &g.Z, &g.T};
    for (int c = 0; c < 4; c++)
        for (int k = 0; k < 5; k++) in_bounds &= coords[c]->v[k] < ((uint64_t)1 << 52);
    CHECK_CTX(in_bounds, what);
    CHECK_CTX(ge_p3_is_on_curve(&g), what);
    ge_p3_to_bytes(eg, &g);
    ge_p3_to_bytes(ew, want);
    CHECK_MEM(eg, ew, 32, what);
}

static void check_points(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        ge_p3 p, q, want;
        ge_p1p1 t;
        ge_cached qc;
        ge4_extended vp, vq, vr;
        ge4_cached vqc, vqn;
        random_point(&p);
        switch (check_rand64() % 4) {
        case 0: q = p; break;                 /* doubling through the addition */
        case 1: ge_p3_neg(&q, &p); break;     /* a sum of zero */
        default: random_point(&q); break;
        }
        ge4_from_p3(&vp, &p);
        ge4_from_p3(&vq, &q);

        /* The cached form, against u64's (whose field order differs:
         * (Y+X, Y-X, 2Z, 2dT)) by adding both to the same point. */
        ge4_cached_from_extended(&vqc, &vq);
        ge_p3_to_cached(&qc, &q);
        ge_add(&t, &p, &qc);
        ge_p1p1_to_p3(&want, &t);
        ge4_add(&vr, &vp, &vqc);
        check_point(&vr, &want, "ge4_add");

        ge4_cached_neg(&vqn, &vqc);
        ge_sub(&t, &p, &qc);
        ge_p1p1_to_p3(&want, &t);
        ge4_add(&vr, &vp, &vqn);
        check_point(&vr, &want, "ge4_add of ge4_cached_neg");

        ge_p3_dbl(&t, &p);
        ge_p1p1_to_p3(&want, &t);
        ge4_double(&vr, &vp);
        check_point(&vr, &want, "ge4_double");
    }

    /* A chain: r = 2 r + q, 200 steps, in both. */
    ge_p3 r, q;
    ge_cached qc;
    ge_p1p1 t;
    ge4_extended vr;
    ge4_cached vqc;
    random_point(&r);
    random_point(&q);
    ge_p3_to_cached(&qc, &q);
    ge4_from_p3(&vr, &r);
    ge4_extended vq;
    ge4_from_p3(&vq, &q);
    ge4_cached_from_extended(&vqc, &vq);
    for (int s = 0; s < 200; s++) {
        ge_p3_dbl(&t, &r);
        ge_p1p1_to_p3(&r, &t);
        ge_add(&t, &r, &qc);
        ge_p1p1_to_p3(&r, &t);
        ge4_double(&vr, &vr);
        ge4_add(&vr, &vr, &vqc);
    }
    check_point(&vr, &r, "chain r = 2 r + q");
}

int ifma_checks(unsigned long rounds)
{
    check_seed(0x1f3a);
    check_products(rounds);
    check_linear(rounds);
    check_chains(rounds);
    check_points(rounds / 4);
    return check_summary("test_ifma");
}
