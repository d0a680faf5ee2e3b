/* The checks of test_ifma_field4.c, in their own translation unit because
 * they are compiled with -mavx512ifma -mavx512vl: the compiler may use
 * AVX-512 anywhere in this file, so nothing here may run before the CPU
 * check in test_ifma_field4.c's main.
 *
 * The oracle is the u64 backend's field (backend/u64/field.h), whose
 * arithmetic the GMP-checked test_f25519_field already trusts: every lane
 * of every 4-way result must equal the u64 result on the same limbs, as
 * canonical bytes, and stay within the documented bounds. */
#include "ifma_field4_checks.h"

#include <string.h>

#include "backend/ifma/field4.h"
#include "backend/u64/field.h"
#include "check.h"

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
    const uint64_t *v[LANES] = {a[0].v, a[1].v, a[2].v, a[3].v};
    fe4_pack(r, v);
}

static void unpack(fe a[LANES], const fe4 *r)
{
    uint64_t *v[LANES] = {a[0].v, a[1].v, a[2].v, a[3].v};
    fe4_unpack(v, r);
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

static void check_products(unsigned long rounds)
{
    for (unsigned long i = 0; i < rounds; i++) {
        fe a[LANES], b[LANES], want[LANES];
        fe4 va, vb, vr;
        for (int e = 0; e < LANES; e++) {
            random_limbs(&a[e]);
            random_limbs(&b[e]);
        }
        pack(&va, a);
        pack(&vb, b);

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
        for (int e = 0; e < LANES; e++) {
            random_limbs(&a[e]);
            random_limbs(&b[e]);
        }
        pack(&va, a);
        pack(&vb, b);

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

int ifma_field4_checks(unsigned long rounds)
{
    check_seed(0x1f3a);
    check_products(rounds);
    check_linear(rounds);
    check_chains(rounds);
    return check_summary("test_ifma_field4");
}
