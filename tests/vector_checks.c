/* The vector-hazard checks of every vector backend (tests/test_vector.c
 * runs them), written once on the vector contract (src/backend/vector/
 * contract.h) and compiled once per vector backend with that backend's
 * flags: meson passes -DVECTOR_BACKEND_HEADER="vector_backend_NAME.h",
 * which includes the serial partner's field.h and the backend's field4.h
 * and says what the backend's extreme inputs and bounds are. The compiler
 * may use the backend's instructions anywhere in this file, so nothing
 * here may run before the CPU check in test_vector.c's main.
 *
 * The oracle is the serial partner (its field.h and the generic edwards
 * code compiled on it), which the GMP- and libsodium-checked tests already
 * trust:
 *   - field: every lane of every 4-way result (fe4_mul, fe4_sq,
 *     fe4_mul_small, fe4_add, fe4_sub, fe4_neg, fe4_carry, and the
 *     uncarried fe4_mul_wide,
 *     fe4_sq_wide, fe4_sub_wide with the sums the formulas make of them)
 *     equals the serial result on the same limbs, as canonical bytes,
 *     within the backend's bounds, on random and extreme limbs, and on
 *     lazily reduced inputs (outputs of earlier
 *     vector operations, never normalised, in long chains);
 *   - lanes: four different elements through FE4_PERMUTE, FE4_BLEND (all
 *     16 masks), fe4_cmov, fe4_pack / fe4_unpack, so that no lane is
 *     mixed up with another; four different points' coordinates side by
 *     side through a formula, lane k compared with point k;
 * *   - points (edwards4.h or the backend's own formulas): additions (of
 *     equal points, opposite points, the identity, small-order points
 *     too), subtractions, doublings and the cached form give the points
 *     the serial formulas give, as encodings, with every coordinate on
 *     the curve and REDUCED. */
#include "vector_checks.h"

#include <string.h>

#include VECTOR_BACKEND_HEADER /* the field and the point formulas */
#include "backend/vector/ge4_convert.h"
#include "check.h"
#include "curve25519/edwards_encoding.h"

#define LANES 4

static void random_limbs(fe *a)
{
    vector_random_input(a);
}

static void pack(fe4 *r, const fe a[LANES])
{
    fe4_pack(r, &a[0], &a[1], &a[2], &a[3]);
}

static void unpack(fe a[LANES], const fe4 *r)
{
    fe4_unpack(&a[0], &a[1], &a[2], &a[3], r);
}

/* Every lane of got equals want[lane] mod p, got is within the backend's
 * bound `kind`, and its unpacked lanes are serial TIGHT values as they are
 * (fe_to_bytes takes them without a carry). */
static void check_lanes(const fe4 *got, const fe want[LANES], int kind, const char *what)
{
    fe lanes[LANES];
    CHECK_CTX(vector_bounds_ok(got, kind), what);
    CHECK_CTX(vector_bounds_ok(got, VECTOR_REDUCED), what);
    unpack(lanes, got);
    for (int e = 0; e < LANES; e++) {
        uint8_t g[32], w[32];
        fe_to_bytes(g, &lanes[e]);
        fe t = want[e];
        fe_carry(&t, &t); /* the serial oracle's value may be LOOSE */
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
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_mul");

        fe4_mul(&vr, &va, &va);
        for (int e = 0; e < LANES; e++) fe_mul(&want[e], &a[e], &a[e]);
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_mul a a");

        fe4_sq(&vr, &va);
        for (int e = 0; e < LANES; e++) fe_sq(&want[e], &a[e]);
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_sq");

        /* fe4_mul_small: the cached form's constants, then four random
         * ones below 2^18 (the largest now and then). */
        fe4_mul_small(&vr, &va, GE4_CACHED_SCALE, GE4_CACHED_SCALE, GE4_CACHED_SCALE_T, GE4_CACHED_SCALE_Z);
        const uint32_t cached_constants[LANES] = {GE4_CACHED_SCALE, GE4_CACHED_SCALE, GE4_CACHED_SCALE_T,
                                                  GE4_CACHED_SCALE_Z};
        for (int e = 0; e < LANES; e++) fe_mul_small(&want[e], &a[e], cached_constants[e]);
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_mul_small, the cached form's constants");
        uint32_t k[LANES];
        for (int e = 0; e < LANES; e++) k[e] = check_rand64() % 8 == 0 ? (1u << 18) - 1 : (uint32_t)(check_rand64() >> 46);
        fe4_mul_small(&vr, &va, k[0], k[1], k[2], k[3]);
        for (int e = 0; e < LANES; e++) fe_mul_small(&want[e], &a[e], k[e]);
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_mul_small");
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
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_add + fe4_carry");

        fe4_sub(&vr, &va, &vb);
        fe4_carry(&vr, &vr);
        for (int e = 0; e < LANES; e++) {
            fe ta = a[e], tb = b[e];
            fe_carry(&ta, &ta); /* u64 fe_sub wants TIGHT inputs */
            fe_carry(&tb, &tb);
            fe_sub(&want[e], &ta, &tb);
        }
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_sub + fe4_carry");

        fe4_neg(&vr, &va);
        for (int e = 0; e < LANES; e++) {
            fe ta = a[e];
            fe_carry(&ta, &ta);
            fe_neg(&want[e], &ta);
        }
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_neg");
    }
}

/* The uncarried products (WIDE) and what the formulas do with them:
 * sums and fe4_sub_wide differences (WIDE2), two of those added, then one
 * carry, against the serial values. */
static void check_wide(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe a[LANES], b[LANES], want[LANES];
        fe4 va, vb, vx, vy, vd, vs, vn, vz, vr;
        random_operands(a, b, &va, &vb);
        fe4_mul_wide(&vx, &va, &vb);
        fe4_sq_wide(&vy, &va);

        fe4_carry(&vr, &vx);
        for (int e = 0; e < LANES; e++) fe_mul(&want[e], &a[e], &b[e]);
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_mul_wide + fe4_carry");
        fe4_carry(&vr, &vy);
        for (int e = 0; e < LANES; e++) fe_sq(&want[e], &a[e]);
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_sq_wide + fe4_carry");

        fe4_zero(&vz);
        fe4_sub_wide(&vd, &vx, &vy); /* ab - a^2 */
        fe4_add(&vs, &vx, &vy);      /* ab + a^2 */
        fe4_sub_wide(&vn, &vz, &vy); /* -a^2 */
        fe4_carry(&vr, &vd);
        for (int e = 0; e < LANES; e++) {
            fe x, y;
            fe_mul(&x, &a[e], &b[e]);
            fe_sq(&y, &a[e]);
            fe_sub(&want[e], &x, &y);
        }
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_sub_wide + fe4_carry");
        fe4_add(&vr, &vd, &vn); /* WIDE2 + WIDE2: ab - 2 a^2 */
        fe4_carry(&vr, &vr);
        for (int e = 0; e < LANES; e++) {
            fe y, n;
            fe_sq(&y, &a[e]);
            fe_neg(&n, &y);
            fe_carry(&want[e], &want[e]);
            fe_add(&want[e], &want[e], &n);
        }
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_sub_wide + fe4_sub_wide + fe4_carry");
        fe4_add(&vr, &vs, &vs); /* 2 ab + 2 a^2 */
        fe4_carry(&vr, &vr);
        for (int e = 0; e < LANES; e++) {
            fe x, y;
            fe_mul(&x, &a[e], &b[e]);
            fe_sq(&y, &a[e]);
            fe_add(&want[e], &x, &y);
            fe_carry(&want[e], &want[e]);
            fe_add(&want[e], &want[e], &want[e]);
        }
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_add of WIDE2 sums + fe4_carry");
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
    check_lanes(&vx, x, VECTOR_AFTER_CARRY, "chain x = x y + (x - y)^2");
}

/* Lazily reduced inputs: products and carried sums of earlier vector
 * operations (never normalised: limbs above 2^51, values >= p) fed to the
 * next operation, against the serial result on the serial values. */
static void check_lazy(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe a[LANES], b[LANES], x[LANES], y[LANES], want[LANES];
        fe4 va, vb, vx, vy, vr;
        random_operands(a, b, &va, &vb);
        fe4_add(&vx, &va, &vb); /* LOOSE, then carried: limbs above 2^51 */
        fe4_carry(&vx, &vx);
        fe4_sub(&vy, &va, &vb);
        fe4_carry(&vy, &vy);
        for (int e = 0; e < LANES; e++) {
            fe ta = a[e], tb = b[e];
            fe_carry(&ta, &ta);
            fe_carry(&tb, &tb);
            fe_add(&x[e], &ta, &tb);
            fe_carry(&x[e], &x[e]);
            fe_sub(&y[e], &ta, &tb);
            fe_carry(&y[e], &y[e]);
        }
        fe4_mul(&vr, &vx, &vy);
        for (int e = 0; e < LANES; e++) fe_mul(&want[e], &x[e], &y[e]);
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_mul of carried sums");
        fe4_sq(&vr, &vx);
        for (int e = 0; e < LANES; e++) fe_sq(&want[e], &x[e]);
        check_lanes(&vr, want, VECTOR_AFTER_PRODUCT, "fe4_sq of a carried sum");
        fe4_neg(&vr, &vy);
        for (int e = 0; e < LANES; e++) fe_neg(&want[e], &y[e]);
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_neg of a carried difference");
        /* LOOSE + LOOSE, carried (the doubling formula's last sum). */
        fe4 s, d;
        fe4_add(&s, &va, &vb);
        fe4_sub(&d, &va, &vb);
        fe4_add(&vr, &s, &d);
        fe4_carry(&vr, &vr);
        for (int e = 0; e < LANES; e++) {
            fe ta = a[e];
            fe_carry(&ta, &ta);
            fe_add(&want[e], &ta, &ta); /* (a + b) + (a - b) = 2a */
        }
        check_lanes(&vr, want, VECTOR_AFTER_CARRY, "fe4_add of two LOOSE values, carried");
    }
}

/* Lane k of got is want[k], as canonical bytes. */
static void check_moved(const fe4 *got, const fe *const want[LANES], const char *what)
{
    fe lanes[LANES];
    unpack(lanes, got);
    for (int e = 0; e < LANES; e++) {
        uint8_t g[32], w[32];
        fe t = *want[e];
        fe_carry(&t, &t);
        fe_to_bytes(w, &t);
        fe_to_bytes(g, &lanes[e]);
        CHECK_MEM(g, w, 32, what);
    }
}

/* FE4_PERMUTE with the selectors the formulas use (and a rotation), on
 * four different elements. */
#define CHECK_PERMUTE(s0, s1, s2, s3)                                                              \
    do {                                                                                           \
        fe4 r_;                                                                                    \
        FE4_PERMUTE(&r_, &va, FE4_LANES(s0, s1, s2, s3));                                          \
        const fe *w_[LANES] = {&t[s0], &t[s1], &t[s2], &t[s3]};                                    \
        check_moved(&r_, w_, "FE4_PERMUTE(" #s0 ", " #s1 ", " #s2 ", " #s3 ")");                   \
    } while (0)
/* FE4_BLEND with the constant mask m. */
#define CHECK_BLEND(m)                                                                             \
    do {                                                                                           \
        fe4 r_;                                                                                    \
        FE4_BLEND(&r_, &va, &vb, m);                                                               \
        const fe *w_[LANES];                                                                       \
        for (int e_ = 0; e_ < LANES; e_++) w_[e_] = ((m) >> e_ & 1) ? &u[e_] : &t[e_];             \
        check_moved(&r_, w_, "FE4_BLEND(" #m ")");                                                 \
    } while (0)

static void check_lane_moves(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe t[LANES], u[LANES];
        fe4 va, vb, vr;
        for (int e = 0; e < LANES; e++) {
            random_limbs(&t[e]);
            random_limbs(&u[e]);
            fe_carry(&t[e], &t[e]); /* TIGHT: what fe4_pack is given in the layer */
            fe_carry(&u[e], &u[e]);
        }
        pack(&va, t);
        pack(&vb, u);
        const fe *tp[LANES] = {&t[0], &t[1], &t[2], &t[3]}, *up[LANES] = {&u[0], &u[1], &u[2], &u[3]};
        check_moved(&va, tp, "fe4_pack / fe4_unpack");
        CHECK_PERMUTE(0, 1, 2, 3);
        CHECK_PERMUTE(1, 2, 3, 0);
        CHECK_PERMUTE(1, 1, 3, 2);
        CHECK_PERMUTE(0, 0, 0, 0);
        CHECK_PERMUTE(1, 1, 1, 1);
        CHECK_PERMUTE(0, 2, 1, 0);
        CHECK_PERMUTE(1, 3, 2, 3);
        CHECK_PERMUTE(1, 3, 3, 1);
        CHECK_PERMUTE(0, 2, 2, 0);
        CHECK_PERMUTE(3, 2, 3, 3);
        CHECK_PERMUTE(1, 0, 2, 3);
        CHECK_BLEND(0);
        CHECK_BLEND(1);
        CHECK_BLEND(2);
        CHECK_BLEND(3);
        CHECK_BLEND(4);
        CHECK_BLEND(5);
        CHECK_BLEND(6);
        CHECK_BLEND(7);
        CHECK_BLEND(8);
        CHECK_BLEND(9);
        CHECK_BLEND(10);
        CHECK_BLEND(11);
        CHECK_BLEND(12);
        CHECK_BLEND(13);
        CHECK_BLEND(14);
        CHECK_BLEND(15);
        vr = va;
        fe4_cmov(&vr, &vb, 0);
        check_moved(&vr, tp, "fe4_cmov 0");
        fe4_cmov(&vr, &vb, 1);
        check_moved(&vr, up, "fe4_cmov 1");
        fe4_zero(&vr);
        fe zero;
        fe_zero(&zero);
        const fe *zp[LANES] = {&zero, &zero, &zero, &zero};
        check_moved(&vr, zp, "fe4_zero");
    }
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
    CHECK_CTX(vector_bounds_ok(&got->v, VECTOR_REDUCED), what);
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

/* Four different points side by side, lane k holding point k's
 * coordinate: X Y - Z T (0 for every point in extended coordinates) and
 * X^2 Z^2 ... in 4-way form, against the serial computation point by
 * point; a lane mix-up between points shows as a wrong lane. */
static void check_four_points(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        ge_p3 p[LANES];
        for (int e = 0; e < LANES; e++) random_point(&p[e]);
        fe4 x, y, z, t, xy, zt, diff, zz;
        fe4_pack(&x, &p[0].X, &p[1].X, &p[2].X, &p[3].X);
        fe4_pack(&y, &p[0].Y, &p[1].Y, &p[2].Y, &p[3].Y);
        fe4_pack(&z, &p[0].Z, &p[1].Z, &p[2].Z, &p[3].Z);
        fe4_pack(&t, &p[0].T, &p[1].T, &p[2].T, &p[3].T);
        fe4_mul(&xy, &x, &y);
        fe4_mul(&zt, &z, &t);
        fe4_sub(&diff, &xy, &zt);
        fe4_carry(&diff, &diff);
        fe4_sq(&zz, &z);
        fe lanes[LANES], zlanes[LANES];
        unpack(lanes, &diff);
        unpack(zlanes, &zz);
        for (int e = 0; e < LANES; e++) {
            CHECK_CTX(fe_is_zero(&lanes[e]), "X Y = Z T, four points in four lanes");
            fe w;
            fe_sq(&w, &p[e].Z);
            CHECK_CTX(fe_equal(&zlanes[e], &w), "Z^2, four points in four lanes");
        }
        /* The points through the 4-way formulas one after the other, each
         * result compared with its own serial result. */
        ge4_extended v[LANES];
        for (int e = 0; e < LANES; e++) ge4_from_p3(&v[e], &p[e]);
        for (int e = 0; e < LANES; e++) {
            ge4_cached c;
            ge4_cached_from_extended(&c, &v[(e + 1) % LANES]);
            ge4_extended r;
            ge4_add(&r, &v[e], &c);
            ge_cached qc;
            ge_p1p1 s;
            ge_p3 want;
            ge_p3_to_cached(&qc, &p[(e + 1) % LANES]);
            ge_add(&s, &p[e], &qc);
            ge_p1p1_to_p3(&want, &s);
            check_point(&r, &want, "ge4_add of point k and point k + 1");
        }
        /* Two additions interleaved (ge4_add_x2): both in place, then
         * into outputs apart from the inputs (the inputs must stay). */
        ge4_extended pair[2] = {v[0], v[2]}, apart[2];
        ge4_cached qs[2];
        ge4_cached_from_extended(&qs[0], &v[1]);
        ge4_cached_from_extended(&qs[1], &v[3]);
        ge4_add_x2(&apart[0], &v[0], &qs[0], &apart[1], &v[2], &qs[1]);
        ge4_add_x2(&pair[0], &pair[0], &qs[0], &pair[1], &pair[1], &qs[1]);
        for (int k = 0; k < 2; k++) {
            ge_cached qc;
            ge_p1p1 s;
            ge_p3 want;
            ge_p3_to_cached(&qc, &p[2 * k + 1]);
            ge_add(&s, &p[2 * k], &qc);
            ge_p1p1_to_p3(&want, &s);
            check_point(&pair[k], &want, "ge4_add_x2 in place");
            check_point(&apart[k], &want, "ge4_add_x2 apart");
            check_point(&v[2 * k], &p[2 * k], "ge4_add_x2's input after it");
        }
    }
}

int vector_checks(const char *program, unsigned long rounds)
{
    check_seed(0x1f3a);
    check_products(rounds);
    check_wide(rounds);
    check_linear(rounds);
    check_chains(rounds);
    check_lazy(rounds);
    check_lane_moves(rounds / 4);
    check_points(rounds / 4);
    check_four_points(rounds / 4);
#ifdef VECTOR_BACKEND_EXTREMES
    vector_backend_extremes(); /* the backend's own extreme inputs (its vector_backend_*.h) */
#endif
    return check_summary(program);
}
