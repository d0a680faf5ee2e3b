/* u64 backend: scalars mod l = 2^252 + 27742317777372353535851937790883648493
 * in Montgomery form.
 *
 * A scalar x is stored as x R mod l with R = 2^256, in four 64-bit limbs,
 * always fully reduced (< l), so equal scalars have equal limbs. Products use
 * Montgomery multiplication (P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44, 1985): sc_mul(aR, bR) = abR with
 * one reduction and no conversions; conversion happens only at the edges
 * (from/to bytes, inversion).
 *
 * The shape of l helps the reduction: its 64-bit limbs are
 * {L0, L1, 0, 2^60}, so each Montgomery round multiplies by two limbs and
 * shifts for the third. l < 2^253 leaves headroom: every intermediate of
 * the reductions below stays < 2l, so one conditional subtraction always
 * suffices.
 *
 * On x86-64 with gcc or clang the Montgomery multiplication is inline
 * assembly (baseline instructions only); elsewhere, or with ECX_U64_NO_ASM
 * defined, the portable C below runs. Both give identical results.
 *
 * All functions are constant time: no branch and no memory index depends on
 * scalar values. The conversions (from and to bytes) wipe their copies of the
 * value before returning: a scalar may be a secret key or a nonce
 * (tests/test_residue.c scans the stack for what is left).
 *
 * Constants were derived with python3 (l as above, R = 2**256):
 *   SC_L    = l                          (limbs of l)
 *   SC_N0   = (-pow(l, -1, 2**64)) % 2**64
 *   SC_ONE  = R % l                       (1 in Montgomery form)
 *   SC_R2   = R**2 % l                    (converts x -> xR)
 *   SC_R3   = R**3 % l                    (sc_from_wide's high half)
 *   sc_modinfo: l in signed-62 limbs and pow(l, -1, 2**62).
 *   sc_inv_scale: R**2 % l in signed-62 limbs (sc_invert).
 */
#ifndef ECX_BACKEND_U64_SCALAR_H
#define ECX_BACKEND_U64_SCALAR_H

#include <stdint.h>
#include <string.h>

typedef struct {
    uint64_t v[4];
} sc;

#include "curve25519/scalar.h"
#include "backend/u64/modinv.h"
#include "common/bytes.h"
#include "common/constant_time.h"
#include "common/public_words.h"
#include "common/verify.h"

__extension__ typedef unsigned __int128 sc_u128;

static const uint64_t SC_L[4] = {0x5812631A5CF5D3EDu, 0x14DEF9DEA2F79CD6u, 0, 0x1000000000000000u};
static const uint64_t SC_N0 = 0xD2B51DA312547E1Bu;
static const uint64_t SC_ONE[4] = {0xD6EC31748D98951Du, 0xC6EF5BF4737DCF70u, 0xFFFFFFFFFFFFFFFEu,
                                   0x0FFFFFFFFFFFFFFFu};
static const uint64_t SC_R2[4] = {0xA40611E3449C0F01u, 0xD00E1BA768859347u, 0xCEEC73D217F5BE65u,
                                  0x0399411B7C309A3Du};
static const uint64_t SC_R3[4] = {0x2A9E49687B83A2DBu, 0x278324E6AEF7F3ECu, 0x8065DC6C04EC5B65u,
                                  0x0E530B773599CEC7u};

/* The checked build's bound (common/verify.h): every scalar is stored fully
 * reduced, limbs < l. */
static inline int sc_verify_reduced(const uint64_t v[4])
{
    for (int i = 3; i >= 0; i--)
        if (v[i] != SC_L[i]) return v[i] < SC_L[i];
    return 0;
}
#define SC_VERIFY_REDUCED(a) sc_verify_reduced((a)->v)

static const modinv64_modinfo sc_modinfo = {
    {{0x1812631A5CF5D3ED, 0x137BE77A8BDE7359, 1, 0, 16}},
    0x2D4AE25CEDAB81E5u,
    581, /* divsteps, see modinv.h */
};

static const modinv64_signed62 sc_inv_scale = {
    {0x240611E3449C0F01, 0x00386E9DA2164D1E, 0x2EC73D217F5BE65D, 0x265046DF0C268F73, 3}};

/* r = x - l if x >= l, else x; x < 2l. Constant time: the borrow of x - l
 * becomes a mask. The select is written out, not as a loop, which gcc
 * vectorises into a stalled load (common/public_words.h). */
static inline void sc_cond_sub_l(uint64_t r[4], const uint64_t x[4])
{
    uint64_t y[4], mask;
    sc_u128 d;
    int i;

    d = (sc_u128)x[0] - SC_L[0];
    y[0] = (uint64_t)d;
    for (i = 1; i < 4; i++) {
        d = (sc_u128)x[i] - SC_L[i] - (uint64_t)(d >> 127);
        y[i] = (uint64_t)d;
    }
    mask = ct_barrier_u64((uint64_t)0 - (uint64_t)(d >> 127)); /* all ones when x < l */
    r[0] = y[0] ^ ((y[0] ^ x[0]) & mask);
    r[1] = y[1] ^ ((y[1] ^ x[1]) & mask);
    r[2] = y[2] ^ ((y[2] ^ x[2]) & mask);
    r[3] = y[3] ^ ((y[3] ^ x[3]) & mask);
}

/* hi:lo = a b + t + c; (2^64-1)^2 + 2 (2^64-1) < 2^128, so no overflow. */
#define SC_MAC(hi, lo, a, b, t, c)                                                                  \
    do {                                                                                            \
        sc_u128 sc_mac_x_ = (sc_u128)(a) * (b) + (t) + (c);                                         \
        (lo) = (uint64_t)sc_mac_x_;                                                                 \
        (hi) = (uint64_t)(sc_mac_x_ >> 64);                                                         \
    } while (0)

/* One round of Montgomery reduction (word by word, REDC): adds m l 2^(64i)
 * with m = -t[i] / l mod 2^64 chosen to clear t[i]. L2 = 0 and L3 = 2^60 turn
 * two of the four limb products into nothing and a shift. *cc carries the
 * overflow of t[i+4] into the next round's t[i+5]. */
static inline void sc_redc_round(uint64_t t[8], int i, uint64_t *cc)
{
    uint64_t m = t[i] * SC_N0;
    uint64_t c, dummy;
    sc_u128 x;

    SC_MAC(c, dummy, m, SC_L[0], t[i], 0); /* low word is 0 by choice of m */
    (void)dummy;
    SC_MAC(c, t[i + 1], m, SC_L[1], t[i + 1], c);
    x = (sc_u128)t[i + 2] + c;
    t[i + 2] = (uint64_t)x;
    x = (x >> 64) + t[i + 3] + (m << 60);
    t[i + 3] = (uint64_t)x;
    x = (x >> 64) + t[i + 4] + (m >> 4) + *cc;
    t[i + 4] = (uint64_t)x;
    *cc = (uint64_t)(x >> 64);
}

/* r = T R^-1 mod l, fully reduced, for T = t[0..7] < l 2^256. Then
 * (T + M l) / R < 2l (M < R), so one conditional subtraction is enough, and
 * T + M l < 2^510 means no carry leaves t[7]. */
static inline void sc_redc(uint64_t r[4], uint64_t t[8])
{
    uint64_t cc = 0;
    sc_redc_round(t, 0, &cc);
    sc_redc_round(t, 1, &cc);
    sc_redc_round(t, 2, &cc);
    sc_redc_round(t, 3, &cc);
    sc_cond_sub_l(r, t + 4);
}

/* t = a b, 512-bit, schoolbook by rows, written out so that every limb
 * lives in a register. */
static inline void sc_mul_wide(uint64_t t[8], const uint64_t a[4], const uint64_t b[4])
{
    const uint64_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, c;

    SC_MAC(c, t0, a[0], b0, 0, 0);
    SC_MAC(c, t1, a[0], b1, 0, c);
    SC_MAC(c, t2, a[0], b2, 0, c);
    SC_MAC(t4, t3, a[0], b3, 0, c);

    SC_MAC(c, t1, a[1], b0, t1, 0);
    SC_MAC(c, t2, a[1], b1, t2, c);
    SC_MAC(c, t3, a[1], b2, t3, c);
    SC_MAC(t5, t4, a[1], b3, t4, c);

    SC_MAC(c, t2, a[2], b0, t2, 0);
    SC_MAC(c, t3, a[2], b1, t3, c);
    SC_MAC(c, t4, a[2], b2, t4, c);
    SC_MAC(t6, t5, a[2], b3, t5, c);

    SC_MAC(c, t3, a[3], b0, t3, 0);
    SC_MAC(c, t4, a[3], b1, t4, c);
    SC_MAC(c, t5, a[3], b2, t5, c);
    SC_MAC(t7, t6, a[3], b3, t6, c);

    t[0] = t0; t[1] = t1; t[2] = t2; t[3] = t3;
    t[4] = t4; t[5] = t5; t[6] = t6; t[7] = t7;
}

/* AddressSanitizer reserves registers the assembly needs (clang fails to
 * compile it under -fsanitize=address), so sanitizer builds use the C path. */
#if defined(__SANITIZE_ADDRESS__) && !defined(ECX_U64_NO_ASM)
#define ECX_U64_NO_ASM 1
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(ECX_U64_NO_ASM)
#define ECX_U64_NO_ASM 1
#endif
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(ECX_U64_NO_ASM)
#define SC_MONTMUL_ASM 1

/* x86-64 Montgomery multiplication in product-scanning (FIPS) order: for
 * column k, add every a_i b_j and m_i l_j with i + j = k into a three-word
 * accumulator; for k < 4 choose m_k = acc0 * N0 mod 2^64 so that acc0 becomes
 * 0; for k >= 4 the low word is result word k - 4 (C. K. Koc, T. Acar,
 * B. S. Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", IEEE Micro 1996). l_2 = 0 is skipped and l_3 = 2^60 is added
 * as a shifted two-word value. Then one conditional subtraction of l with
 * cmov.
 *
 * Why assembly: this is the same algorithm as the C version below, but gcc
 * turns the 128-bit carry chains of that C code into about 420 instructions
 * (clang 290); this is about 180, which is what keeps sc_mul near fe_mul
 * (DESIGN goal: sc_mul <= 2 fe_mul). Baseline x86-64 only (mul, imul,
 * add/adc, sub/sbb, cmov: no BMI2/ADX), constant time (no branches, no
 * secret-dependent addresses; cmov is a data move).
 *
 * Registers: rax, rdx for mulq; the accumulator rotates through r8, r9, r10;
 * m0..m3 in r11..r14; result words 0, 1 in rcx, rbx; the result leaves in
 * rcx, rbx, rax, rdx. */
#define SC_ASM_MAC(x, y, c0, c1, c2)                                                                \
    "movq " x ", %%rax\n\t"                                                                         \
    "mulq " y "\n\t"                                                                                \
    "addq %%rax, " c0 "\n\t"                                                                        \
    "adcq %%rdx, " c1 "\n\t"                                                                        \
    "adcq $0, " c2 "\n\t"
/* acc += m 2^60, a two-word value (m << 60, m >> 4). */
#define SC_ASM_ADD60(m, c0, c1, c2)                                                                 \
    "movq " m ", %%rax\n\t"                                                                         \
    "shlq $60, %%rax\n\t"                                                                           \
    "movq " m ", %%rdx\n\t"                                                                         \
    "shrq $4, %%rdx\n\t"                                                                            \
    "addq %%rax, " c0 "\n\t"                                                                        \
    "adcq %%rdx, " c1 "\n\t"                                                                        \
    "adcq $0, " c2 "\n\t"
/* m = acc0 * N0 mod 2^64; adding m l0 then clears acc0. */
#define SC_ASM_M(m, c0)                                                                             \
    "movq " c0 ", " m "\n\t"                                                                        \
    "imulq %[n0], " m "\n\t"

/* How the routine reaches a and b: through two pointer registers. The
 * asm clobbers eleven registers, so giving each limb its own memory operand
 * can leave the compiler without registers for their addresses (clang
 * fails so when sc_mul is inlined into loops over arrays). When optimising,
 * whole-array "m" operands tell the compiler exactly which memory is read,
 * so no "memory" clobber is needed; without optimisation (-O0, where the
 * frame pointer takes one more register) a "memory" clobber does that job.
 * always_inline lets the result registers flow straight to their consumer
 * (gcc would otherwise keep this large asm out of line and copy the result
 * through memory). */
#define SC_ASM_A0 "0(%[a])"
#define SC_ASM_A1 "8(%[a])"
#define SC_ASM_A2 "16(%[a])"
#define SC_ASM_A3 "24(%[a])"
#define SC_ASM_B0 "0(%[b])"
#define SC_ASM_B1 "8(%[b])"
#define SC_ASM_B2 "16(%[b])"
#define SC_ASM_B3 "24(%[b])"
#if defined(__OPTIMIZE__)
#define SC_ASM_AB_OPERANDS                                                                          \
    [a] "r"(a), [b] "r"(b), "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
#define SC_ASM_AB_CLOBBER
#define SC_ASM_INLINE static inline __attribute__((always_inline))
#else
#define SC_ASM_AB_OPERANDS [a] "r"(a), [b] "r"(b)
#define SC_ASM_AB_CLOBBER , "memory"
#define SC_ASM_INLINE static inline
#endif

/* r = a b R^-1 mod l, fully reduced, for a < 2^256 and b < l (so that
 * a b < l 2^256 and the Montgomery sum stays below 2l). r may alias a or b. */
SC_ASM_INLINE void sc_montmul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t o0, o1, o2, o3;

    __asm__(
        /* column 0: acc = (r8, r9, r10) */
        "movq " SC_ASM_A0 ", %%rax\n\t"
        "mulq " SC_ASM_B0 "\n\t"
        "movq %%rax, %%r8\n\t"
        "movq %%rdx, %%r9\n\t"
        "xorl %%r10d, %%r10d\n\t"
        SC_ASM_M("%%r11", "%%r8")
        SC_ASM_MAC("%%r11", "%[l0]", "%%r8", "%%r9", "%%r10")
        /* column 1: acc = (r9, r10, r8 = 0) */
        SC_ASM_MAC(SC_ASM_A0, SC_ASM_B1, "%%r9", "%%r10", "%%r8")
        SC_ASM_MAC(SC_ASM_A1, SC_ASM_B0, "%%r9", "%%r10", "%%r8")
        SC_ASM_MAC("%%r11", "%[l1]", "%%r9", "%%r10", "%%r8")
        SC_ASM_M("%%r12", "%%r9")
        SC_ASM_MAC("%%r12", "%[l0]", "%%r9", "%%r10", "%%r8")
        /* column 2: acc = (r10, r8, r9 = 0) */
        SC_ASM_MAC(SC_ASM_A0, SC_ASM_B2, "%%r10", "%%r8", "%%r9")
        SC_ASM_MAC(SC_ASM_A1, SC_ASM_B1, "%%r10", "%%r8", "%%r9")
        SC_ASM_MAC(SC_ASM_A2, SC_ASM_B0, "%%r10", "%%r8", "%%r9")
        SC_ASM_MAC("%%r12", "%[l1]", "%%r10", "%%r8", "%%r9")
        SC_ASM_M("%%r13", "%%r10")
        SC_ASM_MAC("%%r13", "%[l0]", "%%r10", "%%r8", "%%r9")
        /* column 3: acc = (r8, r9, r10 = 0) */
        SC_ASM_MAC(SC_ASM_A0, SC_ASM_B3, "%%r8", "%%r9", "%%r10")
        SC_ASM_MAC(SC_ASM_A1, SC_ASM_B2, "%%r8", "%%r9", "%%r10")
        SC_ASM_MAC(SC_ASM_A2, SC_ASM_B1, "%%r8", "%%r9", "%%r10")
        SC_ASM_MAC(SC_ASM_A3, SC_ASM_B0, "%%r8", "%%r9", "%%r10")
        SC_ASM_MAC("%%r13", "%[l1]", "%%r8", "%%r9", "%%r10")
        SC_ASM_ADD60("%%r11", "%%r8", "%%r9", "%%r10")
        SC_ASM_M("%%r14", "%%r8")
        SC_ASM_MAC("%%r14", "%[l0]", "%%r8", "%%r9", "%%r10")
        /* column 4: acc = (r9, r10, r8 = 0); result word 0 -> rcx */
        SC_ASM_MAC(SC_ASM_A1, SC_ASM_B3, "%%r9", "%%r10", "%%r8")
        SC_ASM_MAC(SC_ASM_A2, SC_ASM_B2, "%%r9", "%%r10", "%%r8")
        SC_ASM_MAC(SC_ASM_A3, SC_ASM_B1, "%%r9", "%%r10", "%%r8")
        SC_ASM_MAC("%%r14", "%[l1]", "%%r9", "%%r10", "%%r8")
        SC_ASM_ADD60("%%r12", "%%r9", "%%r10", "%%r8")
        "movq %%r9, %%rcx\n\t"
        "xorl %%r9d, %%r9d\n\t"
        /* column 5: acc = (r10, r8, r9 = 0); result word 1 -> rbx */
        SC_ASM_MAC(SC_ASM_A2, SC_ASM_B3, "%%r10", "%%r8", "%%r9")
        SC_ASM_MAC(SC_ASM_A3, SC_ASM_B2, "%%r10", "%%r8", "%%r9")
        SC_ASM_ADD60("%%r13", "%%r10", "%%r8", "%%r9")
        "movq %%r10, %%rbx\n\t"
        "xorl %%r10d, %%r10d\n\t"
        /* column 6: acc = (r8, r9, r10 = 0); result words 2, 3 = r8, r9 */
        SC_ASM_MAC(SC_ASM_A3, SC_ASM_B3, "%%r8", "%%r9", "%%r10")
        SC_ASM_ADD60("%%r14", "%%r8", "%%r9", "%%r10")
        /* (rcx, rbx, r8, r9) < 2l: y = x - l; take y unless that borrowed. */
        "movq %%rcx, %%rax\n\t"
        "subq %[l0], %%rax\n\t"
        "movq %%rbx, %%rdx\n\t"
        "sbbq %[l1], %%rdx\n\t"
        "movq %%r8, %%r13\n\t"
        "sbbq $0, %%r13\n\t"
        "movq %%r9, %%r14\n\t"
        "sbbq %[l3], %%r14\n\t"
        "cmovncq %%rax, %%rcx\n\t"
        "cmovncq %%rdx, %%rbx\n\t"
        "cmovncq %%r13, %%r8\n\t"
        "cmovncq %%r14, %%r9\n\t"
        "movq %%r8, %%rax\n\t"
        "movq %%r9, %%rdx\n\t"
        : [o0] "=&c"(o0), [o1] "=&b"(o1), [o2] "=&a"(o2), [o3] "=&d"(o3)
        : SC_ASM_AB_OPERANDS, [n0] "m"(SC_N0), [l0] "m"(SC_L[0]), [l1] "m"(SC_L[1]), [l3] "m"(SC_L[3])
        : "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc" SC_ASM_AB_CLOBBER);
    r[0] = o0;
    r[1] = o1;
    r[2] = o2;
    r[3] = o3;
}

#define SC_MUL_INLINE SC_ASM_INLINE

#else
#define SC_MONTMUL_ASM 0
#define SC_MUL_INLINE static inline

/* Portable version: product, then REDC. r = a b R^-1 mod l, fully reduced,
 * for a < 2^256 and b < l (so the product is < l 2^256, as sc_redc needs). */
static inline void sc_montmul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t[8];
    sc_mul_wide(t, a, b);
    sc_redc(r, t);
}
#endif

/* Copies the four limbs (Montgomery form, < l), one word access each
 * (common/public_words.h); limbs[4] = 0. */
static inline void sc_to_public(ecx_sc25519 *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    for (int i = 0; i < 4; i++) public_word_store(&r->limbs[i], a->v[i]);
    public_word_store(&r->limbs[4], 0);
}

/* The caller promises a value made by this backend (< l, Montgomery form). */
static inline void sc_from_public(sc *r, const ecx_sc25519 *a)
{
    for (int i = 0; i < 4; i++) r->v[i] = public_word_load(&a->limbs[i]);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

static inline void sc_zero(sc *r)
{
    r->v[0] = r->v[1] = r->v[2] = r->v[3] = 0;
}

/* 1 in Montgomery form is R mod l. */
static inline void sc_one(sc *r)
{
    memcpy(r->v, SC_ONE, sizeof r->v);
}

/* Accepts s < l (returns 1, r = s) and rejects the rest (returns 0, r = 0).
 * Constant time in s: the comparison is the borrow of s - l, and the value
 * is converted (montmul by R^2) either way. */
static inline unsigned sc_from_bytes(sc *r, const uint8_t s[32])
{
    uint64_t x[4], mask;
    sc_u128 d = 0;
    int i;

    for (i = 0; i < 4; i++) {
        x[i] = load64_le(s + 8 * i);
        d = (sc_u128)x[i] - SC_L[i] - (uint64_t)(d >> 127);
    }
    mask = ct_barrier_u64((uint64_t)0 - (uint64_t)(d >> 127)); /* all ones when s < l */
    for (i = 0; i < 4; i++) {
        x[i] &= mask;
    }
    sc_montmul(r->v, x, SC_R2);
    ct_wipe(x, sizeof x);
    return (unsigned)(mask & 1);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = s mod l for any 256-bit s: montmul(s, R^2) = s R mod l; s R^2 < l 2^256
 * holds for every s < 2^256. Constant time. */
static inline void sc_from_bytes_reduce(sc *r, const uint8_t s[32])
{
    uint64_t x[4];
    int i;
    for (i = 0; i < 4; i++) {
        x[i] = load64_le(s + 8 * i);
    }
    sc_montmul(r->v, x, SC_R2);
    ct_wipe(x, sizeof x);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = s mod l for a 512-bit little-endian s = lo + hi 2^256:
 * s R = montmul(lo, R^2) + montmul(hi, R^3) (mod l), each term already < l.
 * Constant time. */
static inline void sc_from_wide(sc *r, const uint8_t s[64])
{
    uint64_t lo[4], hi[4];
    sc a, b;
    int i;
    for (i = 0; i < 4; i++) {
        lo[i] = load64_le(s + 8 * i);
        hi[i] = load64_le(s + 32 + 8 * i);
    }
    sc_montmul(a.v, lo, SC_R2);
    sc_montmul(b.v, hi, SC_R3);
    sc_add(r, &a, &b);
    ct_wipe(lo, sizeof lo);
    ct_wipe(hi, sizeof hi);
    ct_wipe(&a, sizeof a);
    ct_wipe(&b, sizeof b);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* Canonical encoding (< l): leaves Montgomery form by REDC of (aR, 0). */
static inline void sc_to_bytes(uint8_t s[32], const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    uint64_t t[8] = {a->v[0], a->v[1], a->v[2], a->v[3], 0, 0, 0, 0};
    uint64_t x[4];
    int i;
    sc_redc(x, t);
    for (i = 0; i < 4; i++) {
        store64_le(s + 8 * i, x[i]);
    }
    ct_wipe(t, sizeof t);
    ct_wipe(x, sizeof x);
}

/* r = a + b mod l; a + b < 2l < 2^254 never carries out of 256 bits. */
static inline void sc_add(sc *r, const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    uint64_t x[4];
    sc_u128 c = 0;
    int i;
    for (i = 0; i < 4; i++) {
        c = (c >> 64) + a->v[i] + b->v[i];
        x[i] = (uint64_t)c;
    }
    sc_cond_sub_l(r->v, x);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = a - b mod l: subtract, then add l back under the borrow mask. */
static inline void sc_sub(sc *r, const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    uint64_t x[4], mask;
    sc_u128 d = 0;
    int i;
    for (i = 0; i < 4; i++) {
        d = (sc_u128)a->v[i] - b->v[i] - (uint64_t)(d >> 127);
        x[i] = (uint64_t)d;
    }
    mask = ct_barrier_u64((uint64_t)0 - (uint64_t)(d >> 127));
    d = 0;
    for (i = 0; i < 4; i++) {
        d = (d >> 64) + x[i] + (SC_L[i] & mask);
        r->v[i] = (uint64_t)d;
    }
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = -a mod l (0 stays 0). */
static inline void sc_neg(sc *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    sc z;
    sc_zero(&z);
    sc_sub(r, &z, a);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* Montgomery product: (aR)(bR)R^-1 = abR. Forced inline with the assembly
 * (SC_MUL_INLINE) so that operands and result need not pass through memory. */
SC_MUL_INLINE void sc_mul(sc *r, const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    sc_montmul(r->v, a->v, b->v);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

#if SC_MONTMUL_ASM
/* Montgomery square through the assembly multiplication (a dedicated
 * squaring would save six of its 24 products, not worth a second routine). */
SC_MUL_INLINE void sc_sq(sc *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    sc_montmul(r->v, a->v, a->v);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}
#else
/* Montgomery square: the six cross products are computed once and doubled
 * (10 multiplications instead of 16), then one REDC. */
static inline void sc_sq(sc *r, const sc *a)
{
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3];
    uint64_t t[8];
    sc_u128 x;
    uint64_t c;

    /* Cross products a_i a_j (i < j) into t[1..6]. */
    x = (sc_u128)a0 * a1;
    t[1] = (uint64_t)x;
    x = (x >> 64) + (sc_u128)a0 * a2;
    t[2] = (uint64_t)x;
    x = (x >> 64) + (sc_u128)a0 * a3;
    t[3] = (uint64_t)x;
    t[4] = (uint64_t)(x >> 64);
    x = (sc_u128)a1 * a2 + t[3];
    t[3] = (uint64_t)x;
    x = (x >> 64) + (sc_u128)a1 * a3 + t[4];
    t[4] = (uint64_t)x;
    t[5] = (uint64_t)(x >> 64);
    x = (sc_u128)a2 * a3 + t[5];
    t[5] = (uint64_t)x;
    t[6] = (uint64_t)(x >> 64);
    /* Double them. */
    t[7] = t[6] >> 63;
    t[6] = t[6] << 1 | t[5] >> 63;
    t[5] = t[5] << 1 | t[4] >> 63;
    t[4] = t[4] << 1 | t[3] >> 63;
    t[3] = t[3] << 1 | t[2] >> 63;
    t[2] = t[2] << 1 | t[1] >> 63;
    t[1] = t[1] << 1;
    /* Add the squares a_i^2 at 2^(128 i). */
    x = (sc_u128)a0 * a0;
    t[0] = (uint64_t)x;
    x = (x >> 64) + t[1];
    t[1] = (uint64_t)x;
    c = (uint64_t)(x >> 64);
    x = (sc_u128)a1 * a1 + t[2] + c;
    t[2] = (uint64_t)x;
    x = (x >> 64) + t[3];
    t[3] = (uint64_t)x;
    c = (uint64_t)(x >> 64);
    x = (sc_u128)a2 * a2 + t[4] + c;
    t[4] = (uint64_t)x;
    x = (x >> 64) + t[5];
    t[5] = (uint64_t)x;
    c = (uint64_t)(x >> 64);
    x = (sc_u128)a3 * a3 + t[6] + c;
    t[6] = (uint64_t)x;
    t[7] += (uint64_t)(x >> 64);
    sc_redc(r->v, t);
}
#endif

/* r = 1/a mod l, 1/0 = 0. Constant time: safegcd (modinv.h) on the stored
 * aR, scaled by R^2: R^2 / (aR) = a^-1 R, which is already the Montgomery
 * form of the inverse, so no conversion multiplication is needed. */
static inline void sc_invert(sc *r, const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    modinv64_signed62 x;
    modinv64_from_u64x4(&x, a->v);
    modinv64_scaled(&x, &sc_inv_scale, &sc_modinfo);
    modinv64_to_u64x4(r->v, &x);
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* r = flag ? a : r, flag in {0, 1}; constant time (mask select). */
static inline void sc_cmov(sc *r, const sc *a, unsigned flag)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(flag <= 1);
    uint64_t mask = ct_barrier_u64((uint64_t)0 - (uint64_t)flag);
    int i;
    for (i = 0; i < 4; i++) {
        r->v[i] ^= (r->v[i] ^ a->v[i]) & mask;
    }
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(r));
}

/* Values are fully reduced, so zero and equality are limb tests; constant
 * time (OR of words, then a branch-free word-is-zero). */
static inline unsigned sc_is_zero(const sc *a)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    uint64_t x = a->v[0] | a->v[1] | a->v[2] | a->v[3];
    return (unsigned)(1 ^ ((x | (0 - x)) >> 63));
}

static inline unsigned sc_equal(const sc *a, const sc *b)
{
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(a));
    ECX_VERIFY_CHECK(SC_VERIFY_REDUCED(b));
    uint64_t x = (a->v[0] ^ b->v[0]) | (a->v[1] ^ b->v[1]) | (a->v[2] ^ b->v[2]) | (a->v[3] ^ b->v[3]);
    return (unsigned)(1 ^ ((x | (0 - x)) >> 63));
}

#endif
