/* u64 backend, P-256: the Montgomery product and squaring mod p, and the
 * modular addition and subtraction (mod p or n), in AArch64 assembly.
 * backend/u64/p256.h includes it on AArch64 (gcc or clang, optimised
 * builds) and uses it for p256_field_mul, p256_field_sq, p256_mod_add and
 * p256_mod_sub.
 *
 * Why assembly: the C product's carries are 128-bit sums, and gcc 12 turns
 * each carry into adds + cset and adds + cinc instead of one adcs (clang
 * does better); a field multiplication took 275 instructions and a
 * squaring 207 (qemu-count, docs/p256.md), about twice these. The
 * arrangement is the C one of p256.h, which explains it: rows t += a_i b,
 * the low words of a row's four products along one carry chain and the
 * high words along a second, each row followed by one reduction round
 * t = (t + k p) / 2^64 with k = t_0, where k p takes shifts and a borrow
 * and no product (p256_field_reduce); the squaring computes the six cross
 * products once, doubles them and adds the four squares, then reduces its
 * low half by four such rounds and adds the high half (p256_mulx.h, the
 * x86-64 counterpart, has the bounds). 16 mul + 16 umulh per product and
 * 10 + 10 per squaring: the Cortex-A72's single multiply pipe issues a
 * 64-bit mul about every 3 cycles and a umulh every 4 (docs/p256.md,
 * "Solinas or Montgomery on ARM").
 *
 * Same contracts and results as p256_field_mul_montgomery (a < 2^256,
 * b < p) and p256_field_sq_montgomery (a < p): r = a b R^-1 mod p, fully
 * reduced; r may alias a or b (every word is loaded first, stored last).
 * Constant time: straight-line code, no branch and no data-dependent
 * address; the final choice is csel. tests/test_p256_arith.c checks both
 * against the C routines and GMP on random and extreme operands (under
 * qemu-aarch64 in the test command).
 *
 * The product's and the squaring's instruction lines are printed by
 * scripts/gen_p256_arm64.py mul|sq; the addition and the subtraction, a
 * dozen lines each, are written here. */
#ifndef ECX_BACKEND_U64_P256_ARM64_H
#define ECX_BACKEND_U64_P256_ARM64_H

#include <stdint.h>

/* r = a b R^-1 mod p. */
static inline void p256_field_mul_arm64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t0, t1, t2, t3, t4, t5, a0, a1, a2, a3, b0, b1, b2, b3, x, y, u, v;
    __asm__(
        "ldp %[a0], %[a1], [%[a]]\n\t"
        "ldp %[a2], %[a3], [%[a], #16]\n\t"
        "ldp %[b0], %[b1], [%[b]]\n\t"
        "ldp %[b2], %[b3], [%[b], #16]\n\t"
        "mul %[t0], %[a0], %[b0]\n\t"
        "umulh %[t1], %[a0], %[b0]\n\t"
        "mul %[x], %[a0], %[b1]\n\t"
        "umulh %[t2], %[a0], %[b1]\n\t"
        "mul %[y], %[a0], %[b2]\n\t"
        "umulh %[t3], %[a0], %[b2]\n\t"
        "mul %[u], %[a0], %[b3]\n\t"
        "umulh %[t4], %[a0], %[b3]\n\t"
        "adds %[t1], %[t1], %[x]\n\t"
        "adcs %[t2], %[t2], %[y]\n\t"
        "adcs %[t3], %[t3], %[u]\n\t"
        "adc %[t4], %[t4], xzr\n\t"
        "lsl %[x], %[t0], #32\n\t"
        "lsr %[y], %[t0], #32\n\t"
        "subs %[u], %[t0], %[x]\n\t"
        "sbc %[v], %[t0], %[y]\n\t"
        "adds %[t1], %[t1], %[x]\n\t"
        "adcs %[t2], %[t2], %[y]\n\t"
        "adcs %[t3], %[t3], %[u]\n\t"
        "adcs %[t4], %[t4], %[v]\n\t"
        "adc %[t5], xzr, xzr\n\t"
        "mul %[x], %[a1], %[b0]\n\t"
        "mul %[y], %[a1], %[b1]\n\t"
        "mul %[u], %[a1], %[b2]\n\t"
        "mul %[v], %[a1], %[b3]\n\t"
        "adds %[t1], %[t1], %[x]\n\t"
        "adcs %[t2], %[t2], %[y]\n\t"
        "adcs %[t3], %[t3], %[u]\n\t"
        "adcs %[t4], %[t4], %[v]\n\t"
        "adc %[t5], %[t5], xzr\n\t"
        "umulh %[x], %[a1], %[b0]\n\t"
        "umulh %[y], %[a1], %[b1]\n\t"
        "umulh %[u], %[a1], %[b2]\n\t"
        "umulh %[v], %[a1], %[b3]\n\t"
        "adds %[t2], %[t2], %[x]\n\t"
        "adcs %[t3], %[t3], %[y]\n\t"
        "adcs %[t4], %[t4], %[u]\n\t"
        "adcs %[t5], %[t5], %[v]\n\t"
        "adc %[t0], xzr, xzr\n\t"
        "lsl %[x], %[t1], #32\n\t"
        "lsr %[y], %[t1], #32\n\t"
        "subs %[u], %[t1], %[x]\n\t"
        "sbc %[v], %[t1], %[y]\n\t"
        "adds %[t2], %[t2], %[x]\n\t"
        "adcs %[t3], %[t3], %[y]\n\t"
        "adcs %[t4], %[t4], %[u]\n\t"
        "adcs %[t5], %[t5], %[v]\n\t"
        "adc %[t0], %[t0], xzr\n\t"
        "mul %[x], %[a2], %[b0]\n\t"
        "mul %[y], %[a2], %[b1]\n\t"
        "mul %[u], %[a2], %[b2]\n\t"
        "mul %[v], %[a2], %[b3]\n\t"
        "adds %[t2], %[t2], %[x]\n\t"
        "adcs %[t3], %[t3], %[y]\n\t"
        "adcs %[t4], %[t4], %[u]\n\t"
        "adcs %[t5], %[t5], %[v]\n\t"
        "adc %[t0], %[t0], xzr\n\t"
        "umulh %[x], %[a2], %[b0]\n\t"
        "umulh %[y], %[a2], %[b1]\n\t"
        "umulh %[u], %[a2], %[b2]\n\t"
        "umulh %[v], %[a2], %[b3]\n\t"
        "adds %[t3], %[t3], %[x]\n\t"
        "adcs %[t4], %[t4], %[y]\n\t"
        "adcs %[t5], %[t5], %[u]\n\t"
        "adcs %[t0], %[t0], %[v]\n\t"
        "adc %[t1], xzr, xzr\n\t"
        "lsl %[x], %[t2], #32\n\t"
        "lsr %[y], %[t2], #32\n\t"
        "subs %[u], %[t2], %[x]\n\t"
        "sbc %[v], %[t2], %[y]\n\t"
        "adds %[t3], %[t3], %[x]\n\t"
        "adcs %[t4], %[t4], %[y]\n\t"
        "adcs %[t5], %[t5], %[u]\n\t"
        "adcs %[t0], %[t0], %[v]\n\t"
        "adc %[t1], %[t1], xzr\n\t"
        "mul %[x], %[a3], %[b0]\n\t"
        "mul %[y], %[a3], %[b1]\n\t"
        "mul %[u], %[a3], %[b2]\n\t"
        "mul %[v], %[a3], %[b3]\n\t"
        "adds %[t3], %[t3], %[x]\n\t"
        "adcs %[t4], %[t4], %[y]\n\t"
        "adcs %[t5], %[t5], %[u]\n\t"
        "adcs %[t0], %[t0], %[v]\n\t"
        "adc %[t1], %[t1], xzr\n\t"
        "umulh %[x], %[a3], %[b0]\n\t"
        "umulh %[y], %[a3], %[b1]\n\t"
        "umulh %[u], %[a3], %[b2]\n\t"
        "umulh %[v], %[a3], %[b3]\n\t"
        "adds %[t4], %[t4], %[x]\n\t"
        "adcs %[t5], %[t5], %[y]\n\t"
        "adcs %[t0], %[t0], %[u]\n\t"
        "adcs %[t1], %[t1], %[v]\n\t"
        "adc %[t2], xzr, xzr\n\t"
        "lsl %[x], %[t3], #32\n\t"
        "lsr %[y], %[t3], #32\n\t"
        "subs %[u], %[t3], %[x]\n\t"
        "sbc %[v], %[t3], %[y]\n\t"
        "adds %[t4], %[t4], %[x]\n\t"
        "adcs %[t5], %[t5], %[y]\n\t"
        "adcs %[t0], %[t0], %[u]\n\t"
        "adcs %[t1], %[t1], %[v]\n\t"
        "adc %[t2], %[t2], xzr\n\t"
        "adds %[x], %[t4], #1\n\t"
        "sbcs %[y], %[t5], %[p1]\n\t"
        "sbcs %[u], %[t0], xzr\n\t"
        "sbcs %[v], %[t1], %[p3]\n\t"
        "sbcs %[t2], %[t2], xzr\n\t"
        "csel %[t4], %[t4], %[x], cc\n\t"
        "csel %[t5], %[t5], %[y], cc\n\t"
        "csel %[t0], %[t0], %[u], cc\n\t"
        "csel %[t1], %[t1], %[v], cc\n\t"
        "stp %[t4], %[t5], [%[r]]\n\t"
        "stp %[t0], %[t1], [%[r], #16]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [b0] "=&r"(b0), [b1] "=&r"(b1),
          [b2] "=&r"(b2), [b3] "=&r"(b3), [x] "=&r"(x), [y] "=&r"(y), [u] "=&r"(u), [v] "=&r"(v),
          "=m"(*(uint64_t(*)[4])r)
        : [r] "r"(r), [a] "r"(a), [b] "r"(b), [p1] "r"((uint64_t)0x00000000FFFFFFFFu),
          [p3] "r"((uint64_t)0xFFFFFFFF00000001u),
          "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
        : "cc");
}

/* r = a^2 R^-1 mod p. */
static inline void p256_field_sq_arm64(uint64_t r[4], const uint64_t a[4])
{
    uint64_t c0, c1, c2, c3, c4, c5, c6, c7, a0, a1, a2, a3, x, y, u, v;
    __asm__(
        "ldp %[a0], %[a1], [%[a]]\n\t"
        "ldp %[a2], %[a3], [%[a], #16]\n\t"
        "mul %[c1], %[a0], %[a1]\n\t"
        "umulh %[c2], %[a0], %[a1]\n\t"
        "mul %[x], %[a0], %[a2]\n\t"
        "umulh %[c3], %[a0], %[a2]\n\t"
        "mul %[y], %[a0], %[a3]\n\t"
        "umulh %[c4], %[a0], %[a3]\n\t"
        "adds %[c2], %[c2], %[x]\n\t"
        "adcs %[c3], %[c3], %[y]\n\t"
        "adc %[c4], %[c4], xzr\n\t"
        "mul %[x], %[a1], %[a2]\n\t"
        "mul %[y], %[a1], %[a3]\n\t"
        "umulh %[u], %[a1], %[a2]\n\t"
        "umulh %[c6], %[a1], %[a3]\n\t"
        "adds %[c3], %[c3], %[x]\n\t"
        "adcs %[c4], %[c4], %[y]\n\t"
        "adc %[c5], xzr, xzr\n\t"
        "adds %[c4], %[c4], %[u]\n\t"
        "adcs %[c5], %[c5], %[c6]\n\t"
        "adc %[c6], xzr, xzr\n\t"
        "mul %[x], %[a2], %[a3]\n\t"
        "umulh %[y], %[a2], %[a3]\n\t"
        "adds %[c5], %[c5], %[x]\n\t"
        "adc %[c6], %[c6], %[y]\n\t"
        "adds %[c1], %[c1], %[c1]\n\t"
        "adcs %[c2], %[c2], %[c2]\n\t"
        "adcs %[c3], %[c3], %[c3]\n\t"
        "adcs %[c4], %[c4], %[c4]\n\t"
        "adcs %[c5], %[c5], %[c5]\n\t"
        "adcs %[c6], %[c6], %[c6]\n\t"
        "adc %[c7], xzr, xzr\n\t"
        "mul %[c0], %[a0], %[a0]\n\t"
        "umulh %[x], %[a0], %[a0]\n\t"
        "mul %[y], %[a1], %[a1]\n\t"
        "umulh %[u], %[a1], %[a1]\n\t"
        "adds %[c1], %[c1], %[x]\n\t"
        "adcs %[c2], %[c2], %[y]\n\t"
        "adcs %[c3], %[c3], %[u]\n\t"
        "mul %[x], %[a2], %[a2]\n\t"
        "umulh %[y], %[a2], %[a2]\n\t"
        "mul %[u], %[a3], %[a3]\n\t"
        "umulh %[v], %[a3], %[a3]\n\t"
        "adcs %[c4], %[c4], %[x]\n\t"
        "adcs %[c5], %[c5], %[y]\n\t"
        "adcs %[c6], %[c6], %[u]\n\t"
        "adc %[c7], %[c7], %[v]\n\t"
        "lsl %[x], %[c0], #32\n\t"
        "lsr %[y], %[c0], #32\n\t"
        "subs %[u], %[c0], %[x]\n\t"
        "sbc %[v], %[c0], %[y]\n\t"
        "adds %[c1], %[c1], %[x]\n\t"
        "adcs %[c2], %[c2], %[y]\n\t"
        "adcs %[c3], %[c3], %[u]\n\t"
        "adc %[c0], %[v], xzr\n\t"
        "lsl %[x], %[c1], #32\n\t"
        "lsr %[y], %[c1], #32\n\t"
        "subs %[u], %[c1], %[x]\n\t"
        "sbc %[v], %[c1], %[y]\n\t"
        "adds %[c2], %[c2], %[x]\n\t"
        "adcs %[c3], %[c3], %[y]\n\t"
        "adcs %[c0], %[c0], %[u]\n\t"
        "adc %[c1], %[v], xzr\n\t"
        "lsl %[x], %[c2], #32\n\t"
        "lsr %[y], %[c2], #32\n\t"
        "subs %[u], %[c2], %[x]\n\t"
        "sbc %[v], %[c2], %[y]\n\t"
        "adds %[c3], %[c3], %[x]\n\t"
        "adcs %[c0], %[c0], %[y]\n\t"
        "adcs %[c1], %[c1], %[u]\n\t"
        "adc %[c2], %[v], xzr\n\t"
        "lsl %[x], %[c3], #32\n\t"
        "lsr %[y], %[c3], #32\n\t"
        "subs %[u], %[c3], %[x]\n\t"
        "sbc %[v], %[c3], %[y]\n\t"
        "adds %[c0], %[c0], %[x]\n\t"
        "adcs %[c1], %[c1], %[y]\n\t"
        "adcs %[c2], %[c2], %[u]\n\t"
        "adc %[c3], %[v], xzr\n\t"
        "adds %[c4], %[c4], %[c0]\n\t"
        "adcs %[c5], %[c5], %[c1]\n\t"
        "adcs %[c6], %[c6], %[c2]\n\t"
        "adcs %[c7], %[c7], %[c3]\n\t"
        "adc %[a0], xzr, xzr\n\t"
        "adds %[x], %[c4], #1\n\t"
        "sbcs %[y], %[c5], %[p1]\n\t"
        "sbcs %[u], %[c6], xzr\n\t"
        "sbcs %[v], %[c7], %[p3]\n\t"
        "sbcs %[a0], %[a0], xzr\n\t"
        "csel %[c4], %[c4], %[x], cc\n\t"
        "csel %[c5], %[c5], %[y], cc\n\t"
        "csel %[c6], %[c6], %[u], cc\n\t"
        "csel %[c7], %[c7], %[v], cc\n\t"
        "stp %[c4], %[c5], [%[r]]\n\t"
        "stp %[c6], %[c7], [%[r], #16]\n\t"
        : [c0] "=&r"(c0), [c1] "=&r"(c1), [c2] "=&r"(c2), [c3] "=&r"(c3), [c4] "=&r"(c4), [c5] "=&r"(c5),
          [c6] "=&r"(c6), [c7] "=&r"(c7), [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3),
          [x] "=&r"(x), [y] "=&r"(y), [u] "=&r"(u), [v] "=&r"(v), "=m"(*(uint64_t(*)[4])r)
        : [r] "r"(r), [a] "r"(a), [p1] "r"((uint64_t)0x00000000FFFFFFFFu), [p3] "r"((uint64_t)0xFFFFFFFF00000001u),
          "m"(*(const uint64_t(*)[4])a)
        : "cc");
}


/* r = a + b mod M and r = a - b mod M for a, b < M, M the modulus with
 * limbs m[0..3] (p or n): p256.h's p256_mod_add and p256_mod_sub. The
 * words go in and out in registers (the operations are short: through
 * memory, their stores and loads would cost as much as they do). The sum
 * is the 257-bit t = a + b, the trial difference t - M, and csel of t
 * where that borrows; the difference is a - b, and M added back under the
 * mask of its borrow. Hand-written (a dozen lines each); constant time:
 * no branch, no data-dependent address. */
static inline void p256_mod_add_arm64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const uint64_t m[4])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], y0 = b[0], y1 = b[1], y2 = b[2], y3 = b[3], top;
    __asm__("adds %[t0], %[t0], %[y0]\n\t"
            "adcs %[t1], %[t1], %[y1]\n\t"
            "adcs %[t2], %[t2], %[y2]\n\t"
            "adcs %[t3], %[t3], %[y3]\n\t"
            "adc %[top], xzr, xzr\n\t"
            "subs %[y0], %[t0], %[m0]\n\t"
            "sbcs %[y1], %[t1], %[m1]\n\t"
            "sbcs %[y2], %[t2], %[m2]\n\t"
            "sbcs %[y3], %[t3], %[m3]\n\t"
            "sbcs %[top], %[top], xzr\n\t"
            "csel %[t0], %[t0], %[y0], cc\n\t"
            "csel %[t1], %[t1], %[y1], cc\n\t"
            "csel %[t2], %[t2], %[y2], cc\n\t"
            "csel %[t3], %[t3], %[y3], cc\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [y0] "+&r"(y0), [y1] "+&r"(y1),
              [y2] "+&r"(y2), [y3] "+&r"(y3), [top] "=&r"(top)
            : [m0] "r"(m[0]), [m1] "r"(m[1]), [m2] "r"(m[2]), [m3] "r"(m[3])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

static inline void p256_mod_sub_arm64(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const uint64_t m[4])
{
    uint64_t t0 = a[0], t1 = a[1], t2 = a[2], t3 = a[3], mask, y0, y1, y2, y3;
    __asm__("subs %[t0], %[t0], %[b0]\n\t"
            "sbcs %[t1], %[t1], %[b1]\n\t"
            "sbcs %[t2], %[t2], %[b2]\n\t"
            "sbcs %[t3], %[t3], %[b3]\n\t"
            "csetm %[mask], cc\n\t"
            "and %[y0], %[m0], %[mask]\n\t"
            "and %[y1], %[m1], %[mask]\n\t"
            "and %[y2], %[m2], %[mask]\n\t"
            "and %[y3], %[m3], %[mask]\n\t"
            "adds %[t0], %[t0], %[y0]\n\t"
            "adcs %[t1], %[t1], %[y1]\n\t"
            "adcs %[t2], %[t2], %[y2]\n\t"
            "adc %[t3], %[t3], %[y3]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [mask] "=&r"(mask), [y0] "=&r"(y0),
              [y1] "=&r"(y1), [y2] "=&r"(y2), [y3] "=&r"(y3)
            : [b0] "r"(b[0]), [b1] "r"(b[1]), [b2] "r"(b[2]), [b3] "r"(b[3]), [m0] "r"(m[0]), [m1] "r"(m[1]),
              [m2] "r"(m[2]), [m3] "r"(m[3])
            : "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
    r[3] = t3;
}

#endif
