/* The checks of test_avx2.c, in their own translation unit because they
 * are compiled with -mavx2: the compiler may use AVX2 anywhere in this
 * file, so nothing here may run before the CPU check in test_avx2.c's main.
 *
 * The oracle is the u64 backend (backend/u64/field.h), which the GMP-checked
 * tests already trust. Every 4-way input is built limb by limb (not only
 * from valid u64 values), so the limbs can sit anywhere inside a bound, its
 * edge included; the value of a lane is then converted exactly (128-bit
 * carries) to u64 limbs. For each operation: every lane of the result
 * equals the u64 result on that lane's inputs, as canonical bytes, and the
 * result's limbs are inside the bound the operation promises. The point
 * formulas (backend/avx2/edwards4.h) then run in a walk checked step by
 * step against u64's formulas. */
#include "avx2_checks.h"

#include <string.h>

#include "backend/u64/field.h"
#include "backend/avx2/field4.h"
#include "backend/avx2/edwards4.h"
#include "backend/vector/ge4_convert.h"
#include "check.h"
#include "curve25519/edwards_encoding.h"

#define LANES 4

/* The bounds of field4.h, limb i < bound(i). */
typedef uint64_t (*limb_bound)(int i);
static uint64_t limb_weight(int i) { return (uint64_t)1 << (26 - (i & 1)); }
static uint64_t bound_reduced(int i) { return limb_weight(i) + ((uint64_t)1 << 18); }
static uint64_t bound_loose(int i) { return 3 * limb_weight(i) + ((uint64_t)1 << 19); }
static uint64_t bound_wide(int i) { return 6 * limb_weight(i) + ((uint64_t)1 << 20); }
static uint64_t bound_32(int i) { (void)i; return (uint64_t)1 << 32; }

/* Ten limbs below bound: random, or now and then an extreme (the largest
 * allowed, 0, 2^w_i, 2^w_i - 1). extremes_only picks only extremes. */
static void random_raw(uint64_t limb[FE4_LIMBS], limb_bound bound, int extremes_only)
{
    for (int i = 0; i < FE4_LIMBS; i++) {
        uint64_t r = check_rand64();
        uint64_t b = bound(i);
        switch (extremes_only ? r % 4 : r % 10) {
        case 0: limb[i] = b - 1; break;
        case 1: limb[i] = 0; break;
        case 2: limb[i] = limb_weight(i) < b ? limb_weight(i) : b - 1; break;
        case 3: limb[i] = limb_weight(i) - 1; break;
        case 4: limb[i] = b - 1 - ((r >> 8) & 0xff); break;
        default: limb[i] = (r >> 4) % b; break;
        }
    }
}

static void to_vec(fe4 *r, uint64_t raw[LANES][FE4_LIMBS])
{
    for (int i = 0; i < FE4_LIMBS; i++)
        r->l[i] = _mm256_set_epi64x((long long)raw[3][i], (long long)raw[2][i], (long long)raw[1][i], (long long)raw[0][i]);
}

static void from_vec(uint64_t raw[LANES][FE4_LIMBS], const fe4 *a)
{
    for (int i = 0; i < FE4_LIMBS; i++) {
        uint64_t lane[LANES];
        _mm256_storeu_si256((__m256i *)lane, a->l[i]);
        for (int e = 0; e < LANES; e++) raw[e][i] = lane[e];
    }
}

/* The value of ten limbs (each < 2^63) as u64 TIGHT limbs, exactly. */
static void raw_to_fe(fe *r, const uint64_t limb[FE4_LIMBS])
{
    fe_u128 v[5];
    for (int k = 0; k < 5; k++) v[k] = (fe_u128)limb[2 * k] + ((fe_u128)limb[2 * k + 1] << 26);
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < 4; k++) {
            v[k + 1] += v[k] >> 51;
            v[k] &= FE_M51;
        }
        v[0] += 19 * (v[4] >> 51);
        v[4] &= FE_M51;
    }
    for (int k = 0; k < 5; k++) r->v[k] = (uint64_t)v[k];
}

/* Four random lane values below bound, as raw limbs, as u64 elements and
 * packed. */
static void random_operand(uint64_t raw[LANES][FE4_LIMBS], fe value[LANES], fe4 *v, limb_bound bound)
{
    int extremes_only = (check_rand64() % 8) == 0;
    for (int e = 0; e < LANES; e++) {
        random_raw(raw[e], bound, extremes_only);
        raw_to_fe(&value[e], raw[e]);
    }
    to_vec(v, raw);
}

/* Every lane of got equals want[lane] mod p and got's limbs are below
 * bound. */
static void check_lanes(const fe4 *got, const fe want[LANES], limb_bound bound, const char *what)
{
    uint64_t raw[LANES][FE4_LIMBS];
    from_vec(raw, got);
    for (int e = 0; e < LANES; e++) {
        int in_bounds = 1;
        for (int i = 0; i < FE4_LIMBS; i++) in_bounds &= raw[e][i] < bound(i);
        CHECK_CTX(in_bounds, what);
        fe g;
        uint8_t gb[32], wb[32];
        raw_to_fe(&g, raw[e]);
        fe_to_bytes(gb, &g);
        fe_to_bytes(wb, &want[e]);
        CHECK_MEM(gb, wb, 32, what);
    }
}

static void check_products(unsigned long rounds)
{
    static const struct {
        limb_bound left, right;
        const char *name;
    } cases[] = {
        {bound_reduced, bound_reduced, "fe4_mul REDUCED x REDUCED"},
        {bound_loose, bound_loose, "fe4_mul LOOSE x LOOSE"},
        {bound_wide, bound_loose, "fe4_mul WIDE x LOOSE"},
    };
    for (unsigned long n = 0; n < rounds; n++) {
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            uint64_t ra[LANES][FE4_LIMBS], rb[LANES][FE4_LIMBS];
            fe a[LANES], b[LANES], want[LANES];
            fe4 va, vb, vr;
            random_operand(ra, a, &va, cases[c].left);
            random_operand(rb, b, &vb, cases[c].right);
            fe4_mul(&vr, &va, &vb);
            for (int e = 0; e < LANES; e++) fe_mul(&want[e], &a[e], &b[e]);
            check_lanes(&vr, want, bound_reduced, cases[c].name);
        }
        static const limb_bound sq_bounds[] = {bound_reduced, bound_loose};
        for (size_t c = 0; c < 2; c++) {
            uint64_t ra[LANES][FE4_LIMBS];
            fe a[LANES], want[LANES];
            fe4 va, vr;
            random_operand(ra, a, &va, sq_bounds[c]);
            fe4_sq(&vr, &va);
            for (int e = 0; e < LANES; e++) fe_sq(&want[e], &a[e]);
            check_lanes(&vr, want, bound_reduced, c ? "fe4_sq LOOSE" : "fe4_sq REDUCED");
            fe4_mul(&vr, &va, &va); /* a product with both factors the same */
            check_lanes(&vr, want, bound_reduced, "fe4_mul a a");
        }
    }
    /* Every limb at its largest allowed value, in every lane. */
    uint64_t wide[LANES][FE4_LIMBS], loose[LANES][FE4_LIMBS];
    fe a[LANES], b[LANES], want[LANES];
    fe4 va, vb, vr;
    for (int e = 0; e < LANES; e++) {
        for (int i = 0; i < FE4_LIMBS; i++) {
            wide[e][i] = bound_wide(i) - 1;
            loose[e][i] = bound_loose(i) - 1;
        }
        raw_to_fe(&a[e], wide[e]);
        raw_to_fe(&b[e], loose[e]);
        fe_mul(&want[e], &a[e], &b[e]);
    }
    to_vec(&va, wide);
    to_vec(&vb, loose);
    fe4_mul(&vr, &va, &vb);
    check_lanes(&vr, want, bound_reduced, "fe4_mul at the bounds");
    for (int e = 0; e < LANES; e++) fe_sq(&want[e], &b[e]);
    fe4_sq(&vr, &vb);
    check_lanes(&vr, want, bound_reduced, "fe4_sq at the bound");
}

/* Additions, subtractions, negations and carries. */
static void check_linear(unsigned long rounds)
{
    for (unsigned long n = 0; n < rounds; n++) {
        uint64_t ra[LANES][FE4_LIMBS], rb[LANES][FE4_LIMBS];
        fe a[LANES], b[LANES], want[LANES];
        fe4 va, vb, vr;
        random_operand(ra, a, &va, bound_reduced);
        random_operand(rb, b, &vb, bound_reduced);

        fe4_add(&vr, &va, &vb);
        for (int e = 0; e < LANES; e++) {
            fe_add(&want[e], &a[e], &b[e]);
            fe_carry(&want[e], &want[e]);
        }
        check_lanes(&vr, want, bound_loose, "fe4_add REDUCED");

        fe4_sub(&vr, &va, &vb);
        for (int e = 0; e < LANES; e++) {
            fe_sub(&want[e], &a[e], &b[e]);
            fe_carry(&want[e], &want[e]);
        }
        check_lanes(&vr, want, bound_loose, "fe4_sub");

        fe4_neg(&vr, &va);
        for (int e = 0; e < LANES; e++) fe_neg(&want[e], &a[e]);
        check_lanes(&vr, want, bound_reduced, "fe4_neg");

        /* LOOSE + LOOSE is WIDE. */
        random_operand(ra, a, &va, bound_loose);
        random_operand(rb, b, &vb, bound_loose);
        fe4_add(&vr, &va, &vb);
        for (int e = 0; e < LANES; e++) {
            fe_add(&want[e], &a[e], &b[e]);
            fe_carry(&want[e], &want[e]);
        }
        check_lanes(&vr, want, bound_wide, "fe4_add LOOSE");

        /* fe4_carry takes any limbs below 2^32. */
        random_operand(ra, a, &va, bound_32);
        fe4_carry(&vr, &va);
        check_lanes(&vr, a, bound_reduced, "fe4_carry");
    }
}

/* fe4_pack of TIGHT u64 limbs (the edge 2^51 + 2^15 - 1 included) and
 * fe4_unpack of limbs below 2^32: values kept, bounds met. */
static void check_conversions(unsigned long rounds)
{
    const uint64_t tight = ((uint64_t)1 << 51) + ((uint64_t)1 << 15);
    for (unsigned long n = 0; n < rounds; n++) {
        fe a[LANES];
        fe4 va;
        for (int e = 0; e < LANES; e++)
            for (int k = 0; k < 5; k++) {
                uint64_t r = check_rand64();
                a[e].v[k] = (r % 4 == 0) ? tight - 1 - (r >> 60) : (r % 4 == 1) ? (r >> 62) : (r >> 8) % tight;
            }
        fe4_pack(&va, &a[0], &a[1], &a[2], &a[3]);
        check_lanes(&va, a, bound_reduced, "fe4_pack");

        uint64_t raw[LANES][FE4_LIMBS];
        fe want[LANES], got[LANES];
        random_operand(raw, want, &va, bound_32);
        fe4_unpack(&got[0], &got[1], &got[2], &got[3], &va);
        for (int e = 0; e < LANES; e++) {
            int in_bounds = 1;
            for (int k = 0; k < 5; k++) in_bounds &= got[e].v[k] < tight;
            CHECK_CTX(in_bounds, "fe4_unpack TIGHT");
            uint8_t gb[32], wb[32];
            fe_to_bytes(gb, &got[e]);
            fe_to_bytes(wb, &want[e]);
            CHECK_MEM(gb, wb, 32, "fe4_unpack");
        }
    }
}

/* Long chains, each step fed by the last and nothing carried that the
 * bounds do not ask for: x = (x + y) y' + (x - y)^2 with y' = x - y, in
 * both representations, so any bound that creeps up shows. */
static void check_chains(unsigned long steps)
{
    fe x[LANES], y[LANES];
    fe4 vx, vy;
    uint64_t raw[LANES][FE4_LIMBS];
    random_operand(raw, x, &vx, bound_reduced);
    random_operand(raw, y, &vy, bound_reduced);
    for (unsigned long s = 0; s < steps; s++) {
        fe4 sum, diff, t, u;
        fe4_add(&sum, &vx, &vy);  /* LOOSE */
        fe4_sub(&diff, &vx, &vy); /* LOOSE */
        fe4_add(&t, &sum, &diff); /* WIDE: 2x */
        fe4_mul(&t, &t, &diff);   /* WIDE x LOOSE */
        fe4_sq(&u, &diff);
        fe4_sub(&vx, &t, &u);
        fe4_carry(&vx, &vx);
        fe4_mul(&vy, &vy, &sum);
        for (int e = 0; e < LANES; e++) {
            fe fs, fd, ft, fu;
            fe_add(&fs, &x[e], &y[e]);
            fe_sub(&fd, &x[e], &y[e]);
            fe_add(&ft, &x[e], &x[e]);
            fe_mul(&ft, &ft, &fd);
            fe_sq(&fu, &fd);
            fe_sub(&x[e], &ft, &fu);
            fe_carry(&x[e], &x[e]);
            fe_mul(&y[e], &y[e], &fs);
        }
    }
    check_lanes(&vx, x, bound_reduced, "chain x");
    check_lanes(&vy, y, bound_reduced, "chain y");
}

/* A walk r = 2 (r +- q) over decoded random points q (ZIP-215: any
 * small-order component included), the identity, r itself and -r now and
 * then: each step's 4-way result, unpacked, encodes as u64's. */
static void check_point_walk(unsigned long steps)
{
    ge_p3 r, q, want;
    ge_p1p1 t;
    ge_cached qc;
    ge4_extended vr, vq;
    ge4_cached vqc;
    ge_p3_identity(&r);
    ge4_from_p3(&vr, &r);
    for (unsigned long s = 0; s < steps; s++) {
        uint8_t enc[32], eg[32], ew[32];
        do {
            check_random_bytes(enc, 32);
        } while (ge_p3_from_bytes(&q, enc, GE_DECODE_ZIP215) != ECX_OK);
        if (s % 16 == 0) ge_p3_identity(&q);
        if (s % 5 == 4) q = r;              /* p + p */
        if (s % 7 == 6) ge_p3_neg(&q, &r);  /* p + (-p) */
        ge4_from_p3(&vq, &q);
        ge4_cached_from_extended(&vqc, &vq);
        ge_p3_to_cached(&qc, &q);
        if (s % 3 == 2) {
            ge4_cached_neg(&vqc, &vqc);
            ge_sub(&t, &r, &qc);
        } else {
            ge_add(&t, &r, &qc);
        }
        ge_p1p1_to_p3(&r, &t);
        ge4_add(&vr, &vr, &vqc);
        ge_p3_dbl(&t, &r);
        ge_p1p1_to_p3(&r, &t);
        ge4_double(&vr, &vr);
        ge4_to_p3(&want, &vr);
        CHECK(ge_p3_is_on_curve(&want));
        ge_p3_to_bytes(eg, &want);
        ge_p3_to_bytes(ew, &r);
        CHECK_MEM(eg, ew, 32, "point walk");
    }
}

/* a / az = b / bz as field values (cross products compared). */
static int projectively_equal(const fe *a, const fe *az, const fe *b, const fe *bz)
{
    fe l, r;
    fe_mul(&l, a, bz);
    fe_mul(&r, b, az);
    return (int)fe_equal(&l, &r);
}

/* The formulas on coordinates at the edges of REDUCED (not curve points:
 * the algebra is the same for any field values), so that every bound the
 * formulas rely on (LOOSE sums into fe4_mul, the squares' columns summed
 * before their reduction) is met at its worst: ge4_double, ge4_add,
 * ge4_cached_from_extended and ge4_cached_neg against u64's ge_p3_dbl,
 * ge_add and ge_p3_to_cached on the same values, each coordinate compared
 * projectively, the outputs REDUCED. */
static void check_formula_edges(unsigned long rounds)
{
    for (unsigned long n = 0; n < rounds; n++) {
        uint64_t rp[LANES][FE4_LIMBS], rq[LANES][FE4_LIMBS];
        fe pv[LANES], qv[LANES];
        ge4_extended vp, vr;
        ge4_cached vq;
        random_operand(rp, pv, &vp.v, bound_reduced);
        random_operand(rq, qv, &vq.v, bound_reduced);
        const ge_p3 p = {pv[0], pv[1], pv[2], pv[3]};
        /* u64's cached order is (Y + X, Y - X, 2Z, 2dT); ours (Y - X, Y + X, 2dT, 2Z). */
        const ge_cached q = {qv[1], qv[0], qv[3], qv[2]};
        ge_p1p1 t;
        ge_p3 want, got;
        uint64_t raw[LANES][FE4_LIMBS];

        for (int op = 0; op < 3; op++) {
            if (op == 0) {
                ge4_double(&vr, &vp);
                ge_p3_dbl(&t, &p);
            } else if (op == 1) {
                ge4_add(&vr, &vp, &vq);
                ge_add(&t, &p, &q);
            } else {
                /* q negated: its 2dT lane at the top of LOOSE. */
                ge4_cached vqn;
                ge4_cached_neg(&vqn, &vq);
                ge4_add(&vr, &vp, &vqn);
                ge_sub(&t, &p, &q);
            }
            ge_p1p1_to_p3(&want, &t);
            from_vec(raw, &vr.v);
            int in_bounds = 1;
            for (int e = 0; e < LANES; e++)
                for (int i = 0; i < FE4_LIMBS; i++) in_bounds &= raw[e][i] < bound_reduced(i);
            CHECK_CTX(in_bounds, op ? "ge4_add at the edges: REDUCED" : "ge4_double at the edges: REDUCED");
            raw_to_fe(&got.X, raw[0]);
            raw_to_fe(&got.Y, raw[1]);
            raw_to_fe(&got.Z, raw[2]);
            raw_to_fe(&got.T, raw[3]);
            const char *what = op == 2 ? "ge4_add of ge4_cached_neg at the edges"
                               : op ? "ge4_add at the edges" : "ge4_double at the edges";
            CHECK_CTX(projectively_equal(&got.X, &got.Z, &want.X, &want.Z), what);
            CHECK_CTX(projectively_equal(&got.Y, &got.Z, &want.Y, &want.Z), what);
            CHECK_CTX(projectively_equal(&got.T, &got.Z, &want.T, &want.Z), what);
        }

        /* The cached form (scaled by a constant, ge4_cached_from_extended)
         * and its negation: each lane against 2 Z's, projectively, against
         * u64's ge_p3_to_cached; REDUCED out. */
        ge_cached want_cached;
        ge_p3_to_cached(&want_cached, &p);
        for (int op = 0; op < 2; op++) {
            ge4_cached vc;
            ge4_cached_from_extended(&vc, &vp);
            ge_cached want_op = want_cached;
            if (op == 1) {
                ge4_cached_neg(&vc, &vc);
                /* -(x, y) = (-x, y): Y + X and Y - X swap, 2dT negated. */
                want_op.YplusX = want_cached.YminusX;
                want_op.YminusX = want_cached.YplusX;
                fe_neg(&want_op.T2d, &want_cached.T2d);
            }
            const char *what = op ? "ge4_cached_neg at the edges" : "ge4_cached_from_extended at the edges";
            /* The negation's 2dT lane is 2p - x: up to 2p's limbs, LOOSE
             * (ge4_cached_neg), which ge4_add's product takes. */
            from_vec(raw, &vc.v);
            int in_bounds = 1;
            for (int e = 0; e < LANES; e++)
                for (int i = 0; i < FE4_LIMBS; i++)
                    in_bounds &= raw[e][i] < (op == 1 && e == 2 ? (uint64_t)fe4_2p_limb(i) + 1 : bound_reduced(i));
            CHECK_CTX(in_bounds, what);
            fe lane[LANES];
            for (int e = 0; e < LANES; e++) raw_to_fe(&lane[e], raw[e]);
            CHECK_CTX(projectively_equal(&lane[0], &lane[3], &want_op.YminusX, &want_op.Z2), what);
            CHECK_CTX(projectively_equal(&lane[1], &lane[3], &want_op.YplusX, &want_op.Z2), what);
            CHECK_CTX(projectively_equal(&lane[2], &lane[3], &want_op.T2d, &want_op.Z2), what);
        }
    }
}

int avx2_checks(unsigned long rounds)
{
    check_seed(0xa7c2);
    check_products(rounds);
    check_linear(rounds);
    check_conversions(rounds);
    check_chains(rounds);
    check_point_walk(rounds / 4);
    check_formula_edges(rounds);
    return check_summary("test_avx2");
}
