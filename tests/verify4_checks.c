/* The cases of tests/test_verify4.c: each calls one 4-way field function of
 * one vector backend (the backend's flags and -DVERIFY4_<BACKEND> from
 * meson) with inputs at the edge of the bound class the function takes
 * (src/backend/vector/verify4.h): every limb of every lane at the class's
 * bound minus 1 (the largest allowed value, so the call must go through:
 * the bounds at the top of the backend's field4.h promise an output in
 * its class), or one limb of one lane at the bound itself (the check at
 * the function's entry must abort). The lane and the limb that go over
 * differ from case to case, so that every lane and both limb parities are
 * seen to be checked. */
#include "verify4_checks.h"

#include <stdint.h>
#include <string.h>

#if defined(VERIFY4_IFMA)
#include "backend/u64/field.h"
#include "backend/ifma/field4.h"
#include "backend/vector/edwards4.h" /* the contract's point formulas */
#define MUL_A FE4V_REDUCED
#define MUL_B FE4V_REDUCED
#define SQ_A FE4V_REDUCED
#elif defined(VERIFY4_AVX2)
#include "backend/u64/field.h"
#include "backend/avx2/field4.h"
#include "backend/avx2/edwards4.h"
#define MUL_A FE4V_SUM /* avx2/field4.h: the left factor may be LOOSE + LOOSE */
#define MUL_B FE4V_LOOSE
#define SQ_A FE4V_LOOSE
#elif defined(VERIFY4_NEON)
#ifdef ECXI_NEON_PARTNER_U32
#include "backend/u32/field.h"
#else
#include "backend/u64/field.h"
#endif
#include "backend/neon/field4.h"
#include "backend/vector/edwards4.h"
#define MUL_A FE4V_LOOSE
#define MUL_B FE4V_LOOSE
#define SQ_A FE4V_LOOSE
#else
#error "define VERIFY4_IFMA, VERIFY4_AVX2 or VERIFY4_NEON"
#endif

#ifndef ECX_VERIFY
#error "tests/verify4_checks.c is for the -Decx_verify=true build"
#endif

/* x: every limb at class cls's bound - 1; if over, limb `limb` of lane
 * `lane` at the bound itself. */
static void edge(fe4 *x, int cls, int over, int lane, int limb)
{
    uint64_t v[FE4V_MAX_LIMBS][4];
    for (int i = 0; i < FE4V_LIMBS; i++)
        for (int k = 0; k < 4; k++) v[i][k] = fe4v_bound(cls, i) - 1;
    if (over) v[limb % FE4V_LIMBS][lane] = fe4v_bound(cls, limb % FE4V_LIMBS);
    fe4v_from_lanes(x, v);
}

/* A serial element with every limb 0 but limb 0, which is the partner's
 * TIGHT bound (over) or that minus 1. */
static void serial(fe *a, int over)
{
    memset(a, 0, sizeof *a);
#ifdef ECX_BACKEND_U32_FIELD_H
    a->v[0] = (1u << 26) + (1u << 20) - (over ? 0 : 1); /* u32 TIGHT: 2^26 + 2^20 */
#else
    a->v[0] = ((uint64_t)1 << 51) + ((uint64_t)1 << 15) - (over ? 0 : 1); /* u64 TIGHT */
#endif
}

/* The input class fe4_unpack checks: avx2 documents limbs < 2^32 (its
 * CARRY bound), wider than the contract's REDUCED; the others REDUCED. */
#ifdef ECX_BACKEND_AVX2_FIELD4_H
#define UNPACK_IN FE4V_CARRY
#else
#define UNPACK_IN FE4V_REDUCED
#endif

enum { MUL, SQ, CARRY, ADD, ADD_REDUCED, SUB, SUB_WIDE, MUL_SMALL, CMOV, PACK, UNPACK, OPS };
static const char *const NAMES[OPS] = {"fe4_mul", "fe4_sq",       "fe4_carry",     "fe4_add",
                                       "fe4_add (REDUCED)", "fe4_sub", "fe4_sub_wide", "fe4_mul_small",
                                       "fe4_cmov", "fe4_pack",     "fe4_unpack"};

int verify4_cases(void)
{
    (void)fe_sqrt_ratio; /* from the point formulas' headers, unused here */
    return 2 * OPS;
}

const char *verify4_case_name(int i, int *fires)
{
    *fires = i & 1 && i / 2 != ADD_REDUCED;
    return NAMES[i / 2];
}

void verify4_run(int i)
{
    const int op = i / 2, over = i & 1, lane = op % 4, limb = op;
    fe4 a, b, r;
    fe s[4];
    switch (op) {
    case MUL: /* the right factor over */
        edge(&a, MUL_A, 0, 0, 0);
        edge(&b, MUL_B, over, lane, limb);
        fe4_mul(&r, &a, &b);
        break;
    case SQ:
        edge(&a, SQ_A, over, lane, limb);
        fe4_sq(&r, &a);
        break;
    case CARRY:
        edge(&a, FE4V_CARRY, over, lane, limb);
        fe4_carry(&r, &a);
        break;
    case ADD: /* LOOSE + LOOSE inside; a WIDE2 + LOOSE over */
        edge(&a, over ? FE4V_WIDE2 : FE4V_LOOSE, over, lane, limb);
        edge(&b, FE4V_LOOSE, 0, 0, 0);
        fe4_add(&r, &a, &b);
        fe4_carry(&r, &r);
        break;
    case ADD_REDUCED: /* the largest REDUCED values: the sum is LOOSE (never fires) */
        edge(&a, FE4V_REDUCED, 0, 0, 0);
        edge(&b, FE4V_REDUCED, 0, 0, 0);
        fe4_add(&r, &a, &b);
        fe4_carry(&r, &r);
        break;
    case SUB: /* the subtrahend over */
        edge(&a, FE4V_REDUCED, 0, 0, 0);
        edge(&b, FE4V_REDUCED, over, lane, limb);
        fe4_sub(&r, &a, &b);
        break;
    case SUB_WIDE:
        edge(&a, FE4V_WIDE, 0, 0, 0);
        edge(&b, FE4V_WIDE, over, lane, limb);
        fe4_sub_wide(&r, &a, &b);
        break;
    case MUL_SMALL: /* the largest REDUCED factor; one constant 2^18 over */
        edge(&a, FE4V_REDUCED, 0, 0, 0);
        fe4_mul_small(&r, &a, (1u << 18) - 1, (1u << 18) - 1, (1u << 18) - 1 + (over ? 1u : 0u), 121666);
        break;
    case CMOV:
        edge(&a, FE4V_REDUCED, 0, 0, 0);
        fe4_zero(&r);
        fe4_cmov(&r, &a, over ? 2u : 1u);
        break;
    case PACK:
        for (int k = 0; k < 4; k++) serial(&s[k], over && k == lane);
        fe4_pack(&r, &s[0], &s[1], &s[2], &s[3]);
        break;
    default: /* UNPACK: a carry of LOOSE + LOOSE (what the contract lets
              * cross; a carry of ifma's largest CARRY input, 2^63 - 1, is
              * REDUCED but not u64 TIGHT, and the exit check says so), or
              * one limb at the bound of UNPACK_IN */
        if (over) {
            edge(&a, UNPACK_IN, 1, lane, limb);
        } else {
            edge(&a, FE4V_LOOSE, 0, 0, 0);
            fe4_add(&a, &a, &a);
            fe4_carry(&a, &a);
        }
        fe4_unpack(&s[0], &s[1], &s[2], &s[3], &a);
        break;
    }
}
