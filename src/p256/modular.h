/* The P-256 arithmetic contract: what every backend provides for the two
 * moduli of P-256 (FIPS 186-5 / SEC 2, "secp256r1"),
 *
 *     p = 2^256 - 2^224 + 2^192 + 2^96 - 1   (the field),
 *     n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
 *                                             (the group order).
 *
 * Both moduli are within 2^224 of 2^256, so one set of modular routines
 * serves both: a backend defines
 *   - p256_limb and P256_LIMBS (the limb type and count: 4 x uint64_t,
 *     8 x uint32_t), the element types p256_fe and p256_sc (a struct with a
 *     member `p256_limb v[P256_LIMBS]` each, distinct so that field and
 *     scalar values cannot be mixed up), and the type p256_modulus;
 *   - the two constants p256_field_mod (p) and p256_scalar_mod (n);
 *   - the functions declared below, and then includes this header before
 *     defining them, so the compiler checks every backend against one list.
 * p256/field.h and p256/scalar.h then define the typed p256_fe_* and
 * p256_sc_* operations once, on top of these.
 *
 * Representation: each backend documents its own (u64: Montgomery form for
 * both moduli; u32: plain residues mod p, Montgomery form mod n). Every value crossing this interface is fully reduced
 * (< M), so equal values have equal limbs and zero is all-zero limbs.
 * Byte strings are 32 bytes, big-endian (SEC1). All functions are constant
 * time: no branch and no memory index depends on the values. Outputs may
 * alias inputs.
 */
#ifndef ECX_P256_MODULAR_H
#define ECX_P256_MODULAR_H

#include <stdint.h>

/* r = s mod M for any 256-bit big-endian s (s < 2M for both moduli, so this
 * is at most one subtraction); returns 1 if s < M, 0 otherwise. */
static unsigned p256_mod_from_bytes(p256_limb r[P256_LIMBS], const uint8_t s[32], const p256_modulus *m);
/* r = the value of the four 64-bit words w (least significant first),
 * w < M: how the precomputed tables of canonical words (p256/base_table.h)
 * enter the representation without a byte round trip. */
static void p256_mod_from_words(p256_limb r[P256_LIMBS], const uint64_t w[4], const p256_modulus *m);
/* s = the canonical big-endian encoding (< M) of a. */
static void p256_mod_to_bytes(uint8_t s[32], const p256_limb a[P256_LIMBS], const p256_modulus *m);

/* r = a + b, a - b, -a, a b, a^2 (mod M). */
static void p256_mod_add(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], const p256_limb b[P256_LIMBS],
                         const p256_modulus *m);
static void p256_mod_sub(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], const p256_limb b[P256_LIMBS],
                         const p256_modulus *m);
static void p256_mod_neg(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], const p256_modulus *m);
static void p256_mod_mul(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], const p256_limb b[P256_LIMBS],
                         const p256_modulus *m);
static void p256_mod_sq(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], const p256_modulus *m);

/* r = 1/a mod M, with 1/0 = 0 (safegcd; M is prime). */
static void p256_mod_invert(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], const p256_modulus *m);

/* r = flag ? a : r, flag in {0, 1}. 1 if a = 0; 1 if a = b. These only look
 * at limbs, which is enough because values are fully reduced. */
static void p256_limbs_cmov(p256_limb r[P256_LIMBS], const p256_limb a[P256_LIMBS], unsigned flag);
static unsigned p256_limbs_is_zero(const p256_limb a[P256_LIMBS]);
static unsigned p256_limbs_equal(const p256_limb a[P256_LIMBS], const p256_limb b[P256_LIMBS]);

/* The additions, subtractions and negations are always inlined under gcc:
 * gcc 12 kept u64's as calls (p256_mod_add.constprop, 12% of the avx2
 * backend's verification profile, its operands stored for the call and
 * loaded again); inlined, ECDSA signing is 4-7.5% and verification
 * 1.5-4% faster on the u64, avx2 and ifma backends (Zen 5; docs/p256.md,
 * "Inlining"). clang inlines them on its own (its code is the same either
 * way). */
#if defined(__GNUC__) && !defined(__clang__)
#define P256_LINEAR_INLINE inline __attribute__((always_inline))
#else
#define P256_LINEAR_INLINE inline
#endif

/* The typed operations of p256/field.h and p256/scalar.h, written once for
 * both: P256_TYPED_OPS(fe, &p256_field_mod) defines p256_fe_from_bytes,
 * p256_fe_from_words, p256_fe_to_bytes, p256_fe_add, p256_fe_sub, p256_fe_neg, p256_fe_mul,
 * p256_fe_sq, p256_fe_invert, p256_fe_cmov, p256_fe_is_zero and
 * p256_fe_equal with the contracts of the p256_mod_* / p256_limbs_*
 * functions above. */
#define P256_TYPED_OPS(K, MOD)                                                                     \
    static inline unsigned p256_##K##_from_bytes(p256_##K *r, const uint8_t s[32])                \
    {                                                                                              \
        return p256_mod_from_bytes(r->v, s, (MOD));                                                \
    }                                                                                              \
    static inline void p256_##K##_from_words(p256_##K *r, const uint64_t w[4])                     \
    {                                                                                              \
        p256_mod_from_words(r->v, w, (MOD));                                                       \
    }                                                                                              \
    static inline void p256_##K##_to_bytes(uint8_t s[32], const p256_##K *a)                      \
    {                                                                                              \
        p256_mod_to_bytes(s, a->v, (MOD));                                                         \
    }                                                                                              \
    static P256_LINEAR_INLINE void p256_##K##_add(p256_##K *r, const p256_##K *a, const p256_##K *b) \
    {                                                                                              \
        p256_mod_add(r->v, a->v, b->v, (MOD));                                                     \
    }                                                                                              \
    static P256_LINEAR_INLINE void p256_##K##_sub(p256_##K *r, const p256_##K *a, const p256_##K *b) \
    {                                                                                              \
        p256_mod_sub(r->v, a->v, b->v, (MOD));                                                     \
    }                                                                                              \
    static P256_LINEAR_INLINE void p256_##K##_neg(p256_##K *r, const p256_##K *a)                  \
    {                                                                                              \
        p256_mod_neg(r->v, a->v, (MOD));                                                           \
    }                                                                                              \
    static inline void p256_##K##_mul(p256_##K *r, const p256_##K *a, const p256_##K *b)          \
    {                                                                                              \
        p256_mod_mul(r->v, a->v, b->v, (MOD));                                                     \
    }                                                                                              \
    static inline void p256_##K##_sq(p256_##K *r, const p256_##K *a)                              \
    {                                                                                              \
        p256_mod_sq(r->v, a->v, (MOD));                                                            \
    }                                                                                              \
    static inline void p256_##K##_invert(p256_##K *r, const p256_##K *a)                          \
    {                                                                                              \
        p256_mod_invert(r->v, a->v, (MOD));                                                        \
    }                                                                                              \
    static inline void p256_##K##_cmov(p256_##K *r, const p256_##K *a, unsigned flag)             \
    {                                                                                              \
        p256_limbs_cmov(r->v, a->v, flag);                                                         \
    }                                                                                              \
    static inline unsigned p256_##K##_is_zero(const p256_##K *a)                                  \
    {                                                                                              \
        return p256_limbs_is_zero(a->v);                                                           \
    }                                                                                              \
    static inline unsigned p256_##K##_equal(const p256_##K *a, const p256_##K *b)                 \
    {                                                                                              \
        return p256_limbs_equal(a->v, b->v);                                                       \
    }

#endif
