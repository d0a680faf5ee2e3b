/* u64 backend, P-256: the Montgomery product mod p in x86-64 assembly with
 * MULX (BMI2) and ADCX / ADOX (ADX), for a backend that runs only on CPUs
 * with both (ifma: every AVX-512 IFMA CPU has them, and the CPU probe
 * requires them, src/dispatch/cpu.c). backend/u64/p256.h includes it when
 * the translation unit defines ECXI_P256_MULX_ADX and uses it for
 * p256_field_mul and p256_field_sq. The assembler needs no -m flags for these instructions,
 * so the rest of the unit's C is compiled as before.
 *
 * Why assembly: each row a_i b adds four 128-bit products into the
 * accumulator, the low words along one carry chain and the high words
 * along a second. ADCX uses only the carry flag and ADOX only the
 * overflow flag, so the two chains run interleaved, and MULX leaves the
 * flags alone. C cannot ask for two flag chains: gcc 12 serialises the
 * intrinsics into one chain with flag saves between rows. Measured in a
 * chain of dependent products (TSC cycles, Intel Xeon model 207): C 51
 * with gcc 12 -O3, 130 with -O2, 44.5 with clang 14 -O2; this 44. The arrangement is that of S. Gueron and
 * V. Krasnov, "Fast prime field elliptic-curve cryptography with 256-bit
 * primes" (J. Cryptogr. Eng. 2015), written here from the reduction
 * described in p256.h (p256_field_reduce), interleaved with the rows:
 *
 *   for i = 0..3:   t += a_i b                         (rows: t is 6 words)
 *                   k = t_0; t = (t + k p) / 2^64, where with p's shape
 *                   (t + k p) / 2^64 = t / 2^64 + k 2^32 + k p_3 2^128
 *                   (t_0 - k = 0 exactly; p_3 = 2^64 - 2^32 + 1)
 *   r = t - p if t >= p, else t                       (t < 2p: one step)
 *
 * Same contract and same results as p256_field_mul_montgomery: r = a b
 * R^-1 mod p, fully reduced, for a < 2^256 and b < p; r may alias a or b
 * (the result is stored after the last read). The bound is the CIOS one of
 * p256_mod_mul: t < b + p < 2p after every round, so t fits five words
 * between rounds and six during one. Constant time: no branch, no
 * data-dependent address; the final choice is CMOV.
 *
 * tests/test_p256_arith.c checks it against the C product and against GMP
 * on random and extreme operands, on this backend through the table. */
#ifndef ECX_BACKEND_U64_P256_MULX_H
#define ECX_BACKEND_U64_P256_MULX_H

#include <stdint.h>

static const uint64_t p256_mulx_p1 = 0x00000000FFFFFFFFu; /* p's limbs 1 and 3 (limb 0 is */
static const uint64_t p256_mulx_p3 = 0xFFFFFFFF00000001u; /* -1, an immediate; limb 2 is 0) */

/* The text below is unrolled from one loop (rows i = 0..3) by
 * scripts/gen_p256_mulx.py mul; the names t0..t5 rotate by one word per
 * round, so round i's t_j is register t[(i + j) mod 6]. */
static inline void p256_field_mul_mulx(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t0, t1, t2, t3, t4, t5, lo, hi;
    __asm__(
        "xorl %k[t0], %k[t0]\n\t"
        "xorl %k[t1], %k[t1]\n\t"
        "xorl %k[t2], %k[t2]\n\t"
        "xorl %k[t3], %k[t3]\n\t"
        "xorl %k[t4], %k[t4]\n\t"
        "xorl %k[t5], %k[t5]\n\t"
        "movq 0(%[a]), %%rdx\n\t"
        "xorl %k[lo], %k[lo]\n\t"
        "mulxq 0(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t0]\n\t"
        "adoxq %[hi], %[t1]\n\t"
        "mulxq 8(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "adoxq %[hi], %[t2]\n\t"
        "mulxq 16(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq 24(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[lo], %[t5]\n\t"
        "adcxq %[lo], %[t5]\n\t"
        "movq %[t0], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[t0]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[t0], %[t1]\n\t"
        "adcq %%rdx, %[t2]\n\t"
        "adcq %[lo], %[t3]\n\t"
        "adcq %[hi], %[t4]\n\t"
        "adcq $0, %[t5]\n\t"
        "xorl %k[t0], %k[t0]\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "xorl %k[lo], %k[lo]\n\t"
        "mulxq 0(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "adoxq %[hi], %[t2]\n\t"
        "mulxq 8(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq 16(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "mulxq 24(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[hi], %[t5]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t5]\n\t"
        "adoxq %[lo], %[t0]\n\t"
        "adcxq %[lo], %[t0]\n\t"
        "movq %[t1], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[t1]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[t1], %[t2]\n\t"
        "adcq %%rdx, %[t3]\n\t"
        "adcq %[lo], %[t4]\n\t"
        "adcq %[hi], %[t5]\n\t"
        "adcq $0, %[t0]\n\t"
        "xorl %k[t1], %k[t1]\n\t"
        "movq 16(%[a]), %%rdx\n\t"
        "xorl %k[lo], %k[lo]\n\t"
        "mulxq 0(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "adoxq %[hi], %[t3]\n\t"
        "mulxq 8(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "mulxq 16(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[hi], %[t5]\n\t"
        "mulxq 24(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t5]\n\t"
        "adoxq %[hi], %[t0]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t0]\n\t"
        "adoxq %[lo], %[t1]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "movq %[t2], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[t2]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[t2], %[t3]\n\t"
        "adcq %%rdx, %[t4]\n\t"
        "adcq %[lo], %[t5]\n\t"
        "adcq %[hi], %[t0]\n\t"
        "adcq $0, %[t1]\n\t"
        "xorl %k[t2], %k[t2]\n\t"
        "movq 24(%[a]), %%rdx\n\t"
        "xorl %k[lo], %k[lo]\n\t"
        "mulxq 0(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t3]\n\t"
        "adoxq %[hi], %[t4]\n\t"
        "mulxq 8(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t4]\n\t"
        "adoxq %[hi], %[t5]\n\t"
        "mulxq 16(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t5]\n\t"
        "adoxq %[hi], %[t0]\n\t"
        "mulxq 24(%[b]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[t0]\n\t"
        "adoxq %[hi], %[t1]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[t1]\n\t"
        "adoxq %[lo], %[t2]\n\t"
        "adcxq %[lo], %[t2]\n\t"
        "movq %[t3], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[t3]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[t3], %[t4]\n\t"
        "adcq %%rdx, %[t5]\n\t"
        "adcq %[lo], %[t0]\n\t"
        "adcq %[hi], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "xorl %k[t3], %k[t3]\n\t"
        "movq %[t4], %[lo]\n\t"
        "movq %[t5], %[hi]\n\t"
        "movq %[t0], %%rdx\n\t"
        "movq %[t1], %[t3]\n\t"
        "subq $-1, %[lo]\n\t"
        "sbbq %[p1], %[hi]\n\t"
        "sbbq $0, %%rdx\n\t"
        "sbbq %[p3], %[t3]\n\t"
        "sbbq $0, %[t2]\n\t"
        "cmovncq %[lo], %[t4]\n\t"
        "cmovncq %[hi], %[t5]\n\t"
        "cmovncq %%rdx, %[t0]\n\t"
        "cmovncq %[t3], %[t1]\n\t"
        "movq %[t4], 0(%[r])\n\t"
        "movq %[t5], 8(%[r])\n\t"
        "movq %[t0], 16(%[r])\n\t"
        "movq %[t1], 24(%[r])\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [lo] "=&r"(lo), [hi] "=&r"(hi), "=m"(*(uint64_t(*)[4])r)
        : [r] "r"(r), [a] "r"(a), [b] "r"(b), [p1] "m"(p256_mulx_p1), [p3] "m"(p256_mulx_p3),
          "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
        : "rdx", "cc");
}

/* r = a^2 R^-1 mod p, fully reduced, for a < p; r may alias a. The same
 * contract and results as p256_field_sq_montgomery, constant time.
 *
 *   c = a^2: the six cross products a_i a_j (i < j), doubled by an
 *            addition chain, plus the four squares a_i^2 at word 2i
 *   L = c_0..c_3 reduced by four rounds t = (t + k p) / 2^64, k = t_0
 *            (as in the product; t < 2^256 after each round, since
 *            (2^256 + 2^64 p) / 2^64 = 2^192 + p < 2^256), so L ends as
 *            (L + K p) / 2^256 <= p for the 256-bit K of the rounds
 *   r = L + c_4..c_7, minus p if that is >= p: a < p gives
 *            c_4..c_7 <= (p - 1)^2 / 2^256 < p - 1, so the sum is < 2p.
 *
 * Measured in a chain of dependent squarings (TSC cycles, Intel Xeon
 * model 207, gcc 12 -O3): 42 against 53 for the C squaring and 54 for
 * the product above. Lines from scripts/gen_p256_mulx.py sq. */
static inline void p256_field_sq_mulx(uint64_t r[4], const uint64_t a[4])
{
    uint64_t c0, c1, c2, c3, c4, c5, c6, c7, lo, hi;
    __asm__(
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %[c1], %[c2]\n\t"
        "mulxq 16(%[a]), %[lo], %[c3]\n\t"
        "addq %[lo], %[c2]\n\t"
        "mulxq 24(%[a]), %[lo], %[c4]\n\t"
        "adcq %[lo], %[c3]\n\t"
        "adcq $0, %[c4]\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "xorl %k[c5], %k[c5]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[c3]\n\t"
        "adoxq %[hi], %[c4]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[c4]\n\t"
        "adoxq %[hi], %[c5]\n\t"
        "movl $0, %k[lo]\n\t"
        "adcxq %[lo], %[c5]\n\t"
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq 24(%[a]), %[lo], %[c6]\n\t"
        "addq %[lo], %[c5]\n\t"
        "adcq $0, %[c6]\n\t"
        "xorl %k[c7], %k[c7]\n\t"
        "addq %[c1], %[c1]\n\t"
        "adcq %[c2], %[c2]\n\t"
        "adcq %[c3], %[c3]\n\t"
        "adcq %[c4], %[c4]\n\t"
        "adcq %[c5], %[c5]\n\t"
        "adcq %[c6], %[c6]\n\t"
        "adcq %[c7], %[c7]\n\t"
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[c0], %[hi]\n\t"
        "addq %[hi], %[c1]\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[c2]\n\t"
        "adcq %[hi], %[c3]\n\t"
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[c4]\n\t"
        "adcq %[hi], %[c5]\n\t"
        "movq 24(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %[lo], %[hi]\n\t"
        "adcq %[lo], %[c6]\n\t"
        "adcq %[hi], %[c7]\n\t"
        "movq %[c0], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[c0]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[c0], %[c1]\n\t"
        "adcq %%rdx, %[c2]\n\t"
        "adcq %[lo], %[c3]\n\t"
        "adcq $0, %[hi]\n\t"
        "movq %[hi], %[c0]\n\t"
        "movq %[c1], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[c1]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[c1], %[c2]\n\t"
        "adcq %%rdx, %[c3]\n\t"
        "adcq %[lo], %[c0]\n\t"
        "adcq $0, %[hi]\n\t"
        "movq %[hi], %[c1]\n\t"
        "movq %[c2], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[c2]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[c2], %[c3]\n\t"
        "adcq %%rdx, %[c0]\n\t"
        "adcq %[lo], %[c1]\n\t"
        "adcq $0, %[hi]\n\t"
        "movq %[hi], %[c2]\n\t"
        "movq %[c3], %%rdx\n\t"
        "mulxq %[p3], %[lo], %[hi]\n\t"
        "shlq $32, %[c3]\n\t"
        "shrq $32, %%rdx\n\t"
        "addq %[c3], %[c0]\n\t"
        "adcq %%rdx, %[c1]\n\t"
        "adcq %[lo], %[c2]\n\t"
        "adcq $0, %[hi]\n\t"
        "movq %[hi], %[c3]\n\t"
        "xorl %k[lo], %k[lo]\n\t"
        "addq %[c0], %[c4]\n\t"
        "adcq %[c1], %[c5]\n\t"
        "adcq %[c2], %[c6]\n\t"
        "adcq %[c3], %[c7]\n\t"
        "adcq $0, %[lo]\n\t"
        "movq %[c4], %[c0]\n\t"
        "movq %[c5], %[c1]\n\t"
        "movq %[c6], %[c2]\n\t"
        "movq %[c7], %[c3]\n\t"
        "subq $-1, %[c0]\n\t"
        "sbbq %[p1], %[c1]\n\t"
        "sbbq $0, %[c2]\n\t"
        "sbbq %[p3], %[c3]\n\t"
        "sbbq $0, %[lo]\n\t"
        "cmovncq %[c0], %[c4]\n\t"
        "cmovncq %[c1], %[c5]\n\t"
        "cmovncq %[c2], %[c6]\n\t"
        "cmovncq %[c3], %[c7]\n\t"
        "movq %[c4], 0(%[r])\n\t"
        "movq %[c5], 8(%[r])\n\t"
        "movq %[c6], 16(%[r])\n\t"
        "movq %[c7], 24(%[r])\n\t"
        : [c0] "=&r"(c0), [c1] "=&r"(c1), [c2] "=&r"(c2), [c3] "=&r"(c3), [c4] "=&r"(c4), [c5] "=&r"(c5),
          [c6] "=&r"(c6), [c7] "=&r"(c7), [lo] "=&r"(lo), [hi] "=&r"(hi), "=m"(*(uint64_t(*)[4])r)
        : [r] "r"(r), [a] "r"(a), [p1] "m"(p256_mulx_p1), [p3] "m"(p256_mulx_p3),
          "m"(*(const uint64_t(*)[4])a)
        : "rdx", "cc");
}

#endif
