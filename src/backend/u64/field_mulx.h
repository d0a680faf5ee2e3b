/* u64 backend, GF(p), p = 2^255 - 19: the product and the squaring on four
 * 64-bit words in x86-64 assembly with MULX (BMI2) and ADCX / ADOX (ADX),
 * for the square-root chains of a backend that runs only on CPUs with both
 * (avx2: the CPU probe requires them, src/dispatch/cpu.c). backend/u64/
 * field.h includes it when the translation unit defines
 * ECXI_FE25519_MULX_ADX; curve25519/field_lanes.h then runs its two
 * interleaved exponentiations (fe_pow_p58_x2) on these words (FE_CHAIN_TYPE,
 * at the end). The rest of
 * the field stays radix 2^51.
 *
 * Why: a radix-2^51 squaring is 15 64 x 64-bit products summed in 128-bit
 * columns (add / adc pairs) and five carries; here it is 10 products on
 * two flag chains (ADCX carries through CF, ADOX through OF, MULX touches
 * neither), then 4 more for the fold. Two squaring chains side by side, as
 * a paired root runs them: 26.8 TSC ticks a step against 35.9 for the C
 * (AMD Zen 5, gcc 12 -O2, 1000 steps, best of 50); one chain alone 21.9
 * against 23.0 (latency-bound either way).
 *
 * Representation: fe64 is four words w_0..w_3, value w = sum w_i 2^(64 i),
 * any w < 2^256 congruent to the element mod p (not reduced: 2^256 = 38
 * mod p is folded back, never subtracted). Products are schoolbook, the
 * high four words of the 512-bit result folded as t_lo + 38 t_hi, the
 * carry out of that (below 2^6) folded again times 38, and a last carry
 * (only when the second fold wraps, and then the low word is below 2^11)
 * added as 38 without a branch (SBB mask). Same arrangement of the two
 * chains as backend/u64/p256_mulx.h.
 *
 * Every function is constant time: no branch, no data-dependent address.
 * tests/test_field_mulx.c checks them against GMP (random and extreme
 * words, values in [p, 2^256)) and the exponentiation against u64's C.
 */
#ifndef ECX_BACKEND_U64_FIELD_MULX_H
#define ECX_BACKEND_U64_FIELD_MULX_H

#include <stdint.h>

typedef struct {
    uint64_t w[4];
} fe64;

/* r = a as four words. a TIGHT (value < 2^255 + 2^220 < 2^256). */
static inline void fe64_from_fe(fe64 *r, const fe *a)
{
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(a));
    fe_u128 x = (fe_u128)a->v[0] + ((fe_u128)a->v[1] << 51);
    r->w[0] = (uint64_t)x;
    x = (x >> 64) + ((fe_u128)a->v[2] << 38);
    r->w[1] = (uint64_t)x;
    x = (x >> 64) + ((fe_u128)a->v[3] << 25);
    r->w[2] = (uint64_t)x;
    x = (x >> 64) + ((fe_u128)a->v[4] << 12);
    r->w[3] = (uint64_t)x;
}

/* r = a in radix 2^51, TIGHT (limb 0 < 2^51 + 19, the others < 2^51): the
 * top bit of a (weight 2^255) goes to limb 0 as 19. Any a < 2^256. */
static inline void fe64_to_fe(fe *r, const fe64 *a)
{
    const uint64_t top = a->w[3] >> 63;
    r->v[0] = (a->w[0] & FE_M51) + 19 * top;
    r->v[1] = ((a->w[0] >> 51) | (a->w[1] << 13)) & FE_M51;
    r->v[2] = ((a->w[1] >> 38) | (a->w[2] << 26)) & FE_M51;
    r->v[3] = ((a->w[2] >> 25) | (a->w[3] << 39)) & FE_M51;
    r->v[4] = (a->w[3] >> 12) & FE_M51;
    ECX_VERIFY_CHECK(FE_VERIFY_TIGHT(r));
}

/* The fold shared by the product and the squaring: t0..t7 (the 512-bit
 * result) to t0..t3 < 2^256 with t0..t3 + 38 t4..t7 (two flag chains),
 * the top word (< 2^6) times 38 once more, and the carry out of that as
 * 38 through a SBB mask. t5 serves as a zero once it is read. */
#define FE64_FOLD_ASM                                                                              \
    "movl $38, %%edx\n\t"                                                                          \
    "xorl %k[lo], %k[lo]\n\t"                                                                      \
    "mulxq %[t4], %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[t0]\n\t"                                                                       \
    "adoxq %[hi], %[t1]\n\t"                                                                       \
    "mulxq %[t5], %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[t1]\n\t"                                                                       \
    "adoxq %[hi], %[t2]\n\t"                                                                       \
    "mulxq %[t6], %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[t2]\n\t"                                                                       \
    "adoxq %[hi], %[t3]\n\t"                                                                       \
    "mulxq %[t7], %[lo], %[t4]\n\t"                                                                \
    "movl $0, %k[t5]\n\t"                                                                          \
    "adcxq %[lo], %[t3]\n\t"                                                                       \
    "adoxq %[t5], %[t4]\n\t"                                                                       \
    "adcxq %[t5], %[t4]\n\t"                                                                       \
    "imulq $38, %[t4], %[t4]\n\t"                                                                  \
    "addq %[t4], %[t0]\n\t"                                                                        \
    "adcq $0, %[t1]\n\t"                                                                           \
    "adcq $0, %[t2]\n\t"                                                                           \
    "adcq $0, %[t3]\n\t"                                                                           \
    "sbbq %[lo], %[lo]\n\t"                                                                        \
    "andl $38, %k[lo]\n\t"                                                                         \
    "addq %[lo], %[t0]\n\t"

#define FE64_ASM_OUTPUTS                                                                           \
    [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), \
        [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)

/* One row of the product, i >= 1: t_i .. t_(i+4) += a_i b, on CF (low
 * words) and OF (high words); t_(i+4) starts at zero, which also clears
 * both flags. ROW(i, t_i, .., t_(i+4)) as assembler text. */
#define FE64_ROW_ASM(i, c0, c1, c2, c3, c4)                                                        \
    "movq " #i "*8(%[a]), %%rdx\n\t"                                                               \
    "xorl %k[" #c4 "], %k[" #c4 "]\n\t"                                                            \
    "mulxq 0(%[b]), %[lo], %[hi]\n\t"                                                              \
    "adcxq %[lo], %[" #c0 "]\n\t"                                                                  \
    "adoxq %[hi], %[" #c1 "]\n\t"                                                                  \
    "mulxq 8(%[b]), %[lo], %[hi]\n\t"                                                              \
    "adcxq %[lo], %[" #c1 "]\n\t"                                                                  \
    "adoxq %[hi], %[" #c2 "]\n\t"                                                                  \
    "mulxq 16(%[b]), %[lo], %[hi]\n\t"                                                             \
    "adcxq %[lo], %[" #c2 "]\n\t"                                                                  \
    "adoxq %[hi], %[" #c3 "]\n\t"                                                                  \
    "mulxq 24(%[b]), %[lo], %[hi]\n\t"                                                             \
    "adcxq %[lo], %[" #c3 "]\n\t"                                                                  \
    "adoxq %[" #c4 "], %[hi]\n\t"                                                                  \
    "adcxq %[hi], %[" #c4 "]\n\t"

/* r = a b mod p, as fe64: a, b < 2^256, r < 2^256. r may alias a or b
 * (stored after the last read). Constant time. */
static inline void fe64_mul(fe64 *r, const fe64 *a, const fe64 *b)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__("movq 0(%[a]), %%rdx\n\t"
            "mulxq 0(%[b]), %[t0], %[t1]\n\t"
            "mulxq 8(%[b]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulxq 16(%[b]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulxq 24(%[b]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            FE64_ROW_ASM(1, t1, t2, t3, t4, t5)
            FE64_ROW_ASM(2, t2, t3, t4, t5, t6)
            FE64_ROW_ASM(3, t3, t4, t5, t6, t7)
            FE64_FOLD_ASM
            : FE64_ASM_OUTPUTS
            : [a] "r"(a->w), [b] "r"(b->w)
            : "rdx", "cc", "memory");
    r->w[0] = t0;
    r->w[1] = t1;
    r->w[2] = t2;
    r->w[3] = t3;
}

/* r = a^2 mod p, as fe64: a < 2^256, r < 2^256, r may alias a. The six
 * cross products a_i a_j (i < j) once, doubled on CF while the squares
 * a_i^2 go in on OF. Constant time. */
static inline void fe64_sq(fe64 *r, const fe64 *a)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__("movq 0(%[a]), %%rdx\n\t"
            "mulxq 8(%[a]), %[t1], %[t2]\n\t"
            "mulxq 16(%[a]), %[lo], %[t3]\n\t"
            "addq %[lo], %[t2]\n\t"
            "mulxq 24(%[a]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            "mulxq 16(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 24(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[t5], %[hi]\n\t"
            "adcxq %[hi], %[t5]\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq 24(%[a]), %[lo], %[t6]\n\t"
            "addq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            /* t1..t6 = the cross products; now t = 2 t + the squares. */
            "xorl %k[t7], %k[t7]\n\t"
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[t0], %[hi]\n\t"
            "adcxq %[t1], %[t1]\n\t"
            "adoxq %[hi], %[t1]\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[t2], %[t2]\n\t"
            "adoxq %[lo], %[t2]\n\t"
            "adcxq %[t3], %[t3]\n\t"
            "adoxq %[hi], %[t3]\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[t4], %[t4]\n\t"
            "adoxq %[lo], %[t4]\n\t"
            "adcxq %[t5], %[t5]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[t6], %[t6]\n\t"
            "adoxq %[lo], %[t6]\n\t"
            "adcxq %[t7], %[t7]\n\t"
            "adoxq %[hi], %[t7]\n\t"
            FE64_FOLD_ASM
            : FE64_ASM_OUTPUTS
            : [a] "r"(a->w)
            : "rdx", "cc", "memory");
    r->w[0] = t0;
    r->w[1] = t1;
    r->w[2] = t2;
    r->w[3] = t3;
}

/* The form curve25519/field_lanes.h runs its two square-root chains on. */
#define FE_CHAIN_TYPE fe64
#define fe_chain_sq fe64_sq
#define fe_chain_mul fe64_mul
#define fe_chain_from_fe fe64_from_fe
#define fe_chain_to_fe fe64_to_fe

#endif
