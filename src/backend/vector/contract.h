/* The vector contract: four elements of GF(p), p = 2^255 - 19, and four
 * coordinates of an edwards25519 point, processed at once.
 *
 * The 4-way algorithms of src/backend/vector/ (fixed-, variable- and
 * double-base multiplication, Straus, Pippenger, paired square roots,
 * fe_mul_x4) are written once against the names below. A vector backend
 * (ifma, avx2, neon) supplies them:
 *
 *   - its field arithmetic: the type fe4 and the fe4_* functions and FE4_*
 *     macros of part 1, in its own field4.h, which defines fe4, then
 *     includes this header (so the compiler checks the signatures), then
 *     defines the functions. Its serial partner's field.h (the type fe) is
 *     included before it: the conversions take and give the partner's fe;
 *   - its point formulas (part 2): backend/vector/edwards4.h gives them on
 *     the part-1 names for any backend; a backend whose arithmetic needs
 *     other formulas writes its own header with the same names and lanes
 *     and includes that instead;
 *   - nothing else: backend/vector/ge4_convert.h (part 3) moves points
 *     between the generic code's forms and the 4-way ones through
 *     fe4_pack / fe4_unpack, and backend/vector/kernels.h plugs the 4-way
 *     algorithms into the generic code (docs/vector.md).
 *
 * The lane layout inside a vector (one 64-bit lane per element, or two
 * 128-bit halves as NEON will need, limbs of 51 or 25.5 bits) is the
 * backend's: the algorithms only see lanes 0..3 through these names.
 *
 * Bounds. Each backend states its numbers at the top of its field4.h; the
 * contract only names the classes:
 *   REDUCED: what fe4_mul, fe4_sq, fe4_mul_small, fe4_carry, fe4_neg,
 *            fe4_zero and fe4_pack return, and what fe4_mul, fe4_sq and
 *            fe4_mul_small require. A REDUCED value need not be < p; it
 *            is LOOSE too.
 *   LOOSE:   what fe4_add and fe4_sub return from two REDUCED inputs.
 *            A LOOSE value may go to fe4_carry, or be one operand of one
 *            more fe4_add (LOOSE + LOOSE, still accepted by fe4_carry
 *            only). fe4_sub's second operand is always REDUCED; its first
 *            is REDUCED or zero.
 *   WIDE:    what fe4_mul_wide and fe4_sq_wide return: a product whose
 *            limbs are not carried yet (every REDUCED value is WIDE).
 *   WIDE2:   what fe4_add of two WIDE values and fe4_sub_wide (first
 *            operand WIDE or zero, second WIDE) return. A WIDE2 value may
 *            go to fe4_carry, alone or as one operand of one more fe4_add
 *            (WIDE2 + WIDE2, accepted by fe4_carry only), which returns
 *            REDUCED. So a formula may carry a product once, after the
 *            additions that follow it, instead of carrying the product and
 *            then the sums (curve25519-dalek's F51x4Unreduced idea).
 *            A backend whose products cannot stay uncarried (its WIDE
 *            would be REDUCED) defines FE4_WIDE_IS_REDUCED before
 *            including this header: then the three names below are its
 *            fe4_mul, fe4_sq and fe4_sub.
 * Constant time: every function and macro below; no branch and no memory
 * index may depend on a lane's value (or on a flag of fe4_cmov). Outputs
 * may alias inputs.
 */
#ifndef ECX_BACKEND_VECTOR_CONTRACT_H
#define ECX_BACKEND_VECTOR_CONTRACT_H

#include <stdint.h>

/* The switch of backend/vector/kernels.h: the generic code keeps its serial
 * kernels out of a translation unit that has a vector contract. */
#define ECXI_VECTOR_KERNELS 1

/* ---------------------------------------------------------------- part 1
 * Field arithmetic, from the backend's field4.h. */

/* Conversions against the serial partner's limbs: r = (a0, a1, a2, a3) in
 * lanes 0..3 from TIGHT serial elements (REDUCED out), and back: r_k = lane
 * k of a as a TIGHT serial element (the same value mod p), for any a that
 * fe4_pack, fe4_mul, fe4_sq or fe4_neg returned, or fe4_carry returned
 * from an input its backend's field4.h says gives TIGHT limbs (ifma: up to
 * WIDE2, not a WIDE2 + WIDE2 sum). */
static void fe4_pack(fe4 *r, const fe *a0, const fe *a1, const fe *a2, const fe *a3);
static void fe4_unpack(fe *r0, fe *r1, fe *r2, fe *r3, const fe4 *a);

/* r = 0 in every lane. */
static void fe4_zero(fe4 *r);

/* r = a + b, r = a - b lane by lane, without carries: LOOSE out (see the
 * bounds above for what the inputs may be). */
static void fe4_add(fe4 *r, const fe4 *a, const fe4 *b);
static void fe4_sub(fe4 *r, const fe4 *a, const fe4 *b);
/* r = a with its limbs carried: LOOSE (or LOOSE + LOOSE) in, REDUCED out. */
static void fe4_carry(fe4 *r, const fe4 *a);
/* r = -a lane by lane. REDUCED in, REDUCED out. Written once, below, on
 * fe4_zero, fe4_sub and fe4_carry (the backend's multiple of p minus a,
 * carried); a backend does not define it. */
static void fe4_neg(fe4 *r, const fe4 *a);

/* r = a b and r = a^2 lane by lane. REDUCED in, REDUCED out. */
static void fe4_mul(fe4 *r, const fe4 *a, const fe4 *b);
static void fe4_sq(fe4 *r, const fe4 *a);
/* r = (k0 a_0, k1 a_1, k2 a_2, k3 a_3): lane k times the integer k_k, 0 <=
 * k_k < 2^18 (curve constants such as 121666: ge4_cached_from_extended),
 * one product per limb instead of a whole fe4_mul. REDUCED in, REDUCED
 * out. */
static void fe4_mul_small(fe4 *r, const fe4 *a, uint32_t k0, uint32_t k1, uint32_t k2, uint32_t k3);
/* The same products not carried: REDUCED in, WIDE out. */
static void fe4_mul_wide(fe4 *r, const fe4 *a, const fe4 *b);
static void fe4_sq_wide(fe4 *r, const fe4 *a);
/* r = a - b lane by lane, without carries, for WIDE b and a WIDE or zero
 * (the backend adds a multiple of p large enough that no lane goes
 * negative): WIDE2 out. */
static void fe4_sub_wide(fe4 *r, const fe4 *a, const fe4 *b);

/* r = a in every lane if flag is 1, r unchanged if flag is 0 (flag is 0 or
 * 1, possibly secret: no branch on it). */
static void fe4_cmov(fe4 *r, const fe4 *a, unsigned flag);

/* Lane shuffles, macros because their selectors must be compile-time
 * constants (an immediate operand on x86):
 *   FE4_PERMUTE(r, a, FE4_LANES(s0, s1, s2, s3)): lane k of *r is lane s_k
 *       of *a (s_k in 0..3; r may alias a);
 *   FE4_BLEND(r, a, b, m): lane k of *r is lane k of *b where bit k of the
 *       constant 4-bit m is 1, of *a where it is 0 (r may alias a or b).
 * Both move values without changing them, so every bound class is kept. */
#define FE4_LANES(s0, s1, s2, s3) ((s0) | (s1) << 2 | (s2) << 4 | (s3) << 6)
/* #define FE4_PERMUTE(r, a, lanes)  -- from the backend's field4.h */
/* #define FE4_BLEND(r, a, b, mask)  -- from the backend's field4.h */

/* FE4_OPAQUE(v), v an fe4 lvalue: from here on the compiler knows nothing
 * of v's limbs (it emits no instruction). The layer's loops apply it to
 * the values they carry from one pass to the next (decode_lanes4.h), for
 * a backend whose compiler would otherwise derive a bound from the
 * previous pass and then generate worse code for the next one (avx2 under
 * clang: its field4.h says how). A backend that needs it defines it before
 * including this header; by default it does nothing. */
#ifndef FE4_OPAQUE
#define FE4_OPAQUE(v) ((void)0)
#endif

/* fe4_neg for every backend: 0 - a (fe4_sub adds the backend's multiple
 * of p, so no lane goes negative), then one carry. REDUCED in, REDUCED
 * out; constant time. The functions it calls are declared above and
 * defined later in the backend's field4.h. */
static inline void fe4_neg(fe4 *r, const fe4 *a)
{
    fe4 zero;
    fe4_zero(&zero);
    fe4_sub(r, &zero, a);
    fe4_carry(r, r);
}

#ifdef FE4_WIDE_IS_REDUCED
/* WIDE = REDUCED, WIDE2 = LOOSE: the uncarried names are the carried ones. */
static inline void fe4_mul_wide(fe4 *r, const fe4 *a, const fe4 *b)
{
    fe4_mul(r, a, b);
}

static inline void fe4_sq_wide(fe4 *r, const fe4 *a)
{
    fe4_sq(r, a);
}

static inline void fe4_sub_wide(fe4 *r, const fe4 *a, const fe4 *b)
{
    fe4_sub(r, a, b);
}
#endif

/* ---------------------------------------------------------------- part 2
 * Point formulas on four lanes: backend/vector/edwards4.h (generic, on part
 * 1) or the backend's own header with the same names and lanes. Every
 * stored coordinate vector is REDUCED. Constant time. */

/* The extended point (X, Y, Z, T) in lanes 0..3 (x = X/Z, y = Y/Z, xy =
 * T/Z), and a point ready to be added, (Y - X, Y + X, 2d T, 2 Z) times any
 * nonzero factor (the coordinates are projective; ge4_cached_from_extended
 * may scale them to multiply by small constants). */
typedef struct {
    fe4 v;
} ge4_extended;
typedef struct {
    fe4 v;
} ge4_cached;

/* The cached form scaled by 121666, as ge4_cached_from_extended makes it:
 * with d = -121665 / 121666, 121666 (Y - X, Y + X, 2d T, 2 Z) = (121666
 * (Y - X), 121666 (Y + X), -243330 T, 243332 Z), each lane one small
 * constant (fe4_mul_small) instead of a product by 2d; lane 2's product is
 * negated. ge4_add is projective in q, so a scaled q gives the same sum. */
#define GE4_CACHED_SCALE 121666u          /* Y - X, Y + X */
#define GE4_CACHED_SCALE_T (2u * 121665u) /* -T */
#define GE4_CACHED_SCALE_Z (2u * 121666u) /* Z */

/* r = p + q: complete (any two curve points, equal, opposite, the
 * identity or of small order). r may alias p. */
static void ge4_add(ge4_extended *r, const ge4_extended *p, const ge4_cached *q);
/* r0 = p0 + q0 and r1 = p1 + q1: two independent additions issued step by
 * step together, so that they run side by side. Separate pointers, not
 * arrays, so that callers add into points where they are (buckets,
 * accumulators) instead of copying them in and out. r0 may alias p0 and
 * r1 p1; r0 and r1 are distinct, and neither may alias the other
 * addition's inputs. */
static void ge4_add_x2(ge4_extended *r0, const ge4_extended *p0, const ge4_cached *q0, ge4_extended *r1,
                       const ge4_extended *p1, const ge4_cached *q1);
/* r = 2 p. r may alias p. */
static void ge4_double(ge4_extended *r, const ge4_extended *p);
/* r = p ready to be added. */
static void ge4_cached_from_extended(ge4_cached *r, const ge4_extended *p);
/* r = -q. r may alias q. */
static void ge4_cached_neg(ge4_cached *r, const ge4_cached *q);

/* ---------------------------------------------------------------- part 3
 * Conversions with the generic code's point forms (curve25519/edwards.h),
 * backend/vector/ge4_convert.h, written once on fe4_pack / fe4_unpack.
 *
 *   ge4_from_p3, ge4_to_p3            extended <-> ge_p3 (TIGHT coordinates)
 *   ge4_identity, ge4_cached_identity the identity (0, 1, 1, 0), (1, 1, 0, 2)
 *   ge4_cached_from_precomp           an affine Niels (y+x, y-x, 2dxy) as the
 *                                     cached point (y-x, y+x, 2dxy, 2), Z = 1
 *   ge4_cached_cmov                   r = flag ? a : r, constant time
 */

#endif
