#!/usr/bin/env python3
# Prints the instruction lines of src/backend/u64/p256_mulx.h: the P-256
# Montgomery product (argument "mul") or squaring ("sq") in MULX / ADCX /
# ADOX assembly, rows and reductions unrolled, the registers rotating by
# one word per round. The header explains the algorithms.
#   python3 scripts/gen_p256_mulx.py mul|sq
import sys

lines = []


def L(s):
    lines.append(s)


def k(r):
    return r.replace('%[', '%k[')


def reduction_round(t):
    """t += k p with k = t_0 (p's shape: t_0 is cleared, k 2^32 lands at
    words 1-2 and k p_3 at words 3-4); the caller adds the carry and the
    high word of k p_3 into its top word."""
    L(f"movq {t[0]}, %%rdx")
    L("mulxq %[p3], %[lo], %[hi]")
    L(f"shlq $32, {t[0]}")
    L("shrq $32, %%rdx")
    L(f"addq {t[0]}, {t[1]}")
    L(f"adcq %%rdx, {t[2]}")
    L(f"adcq %[lo], {t[3]}")


def subtract_p_once_and_store(value, scratch, top):
    """r = value - p if value + top 2^256 >= p, else value (constant time:
    the difference in scratch, a borrow-driven CMOV back), then stored."""
    for v, d in zip(value, scratch): L(f"movq {v}, {d}")
    L(f"subq $-1, {scratch[0]}")
    L(f"sbbq %[p1], {scratch[1]}")
    L(f"sbbq $0, {scratch[2]}")
    L(f"sbbq %[p3], {scratch[3]}")
    L(f"sbbq $0, {top}")
    for v, d in zip(value, scratch): L(f"cmovncq {d}, {v}")
    for w in range(4): L(f"movq {value[w]}, {8*w}(%[r])")


def mul():
    regs = ['%[t0]','%[t1]','%[t2]','%[t3]','%[t4]','%[t5]']
    # t0..t5 = 0
    for r in regs: L(f"xorl {k(r)}, {k(r)}")
    t = regs[:]  # t[0..5] rotate
    for i in range(4):
        L(f"movq {8*i}(%[a]), %%rdx")
        L("xorl %k[lo], %k[lo]")  # CF = OF = 0
        for j in range(4):
            L(f"mulxq {8*j}(%[b]), %[lo], %[hi]")
            L(f"adcxq %[lo], {t[j]}")
            L(f"adoxq %[hi], {t[j+1]}")
        L("movl $0, %k[lo]")
        L(f"adcxq %[lo], {t[4]}")
        L(f"adoxq %[lo], {t[5]}")
        L(f"adcxq %[lo], {t[5]}")
        reduction_round(t)
        L(f"adcq %[hi], {t[4]}")
        L(f"adcq $0, {t[5]}")
        # rotate: old t0 becomes the new top word, zeroed
        old = t[0]
        t = t[1:] + [old]
        L(f"xorl {k(old)}, {k(old)}")
    # result (t0..t3) + t4 * 2^256 < 2p
    subtract_p_once_and_store(t[:4], ['%[lo]', '%[hi]', '%%rdx', t[5]], t[4])


def sq():
    c = [f'%[c{i}]' for i in range(8)]
    # cross products a_i a_j, i < j, into c1..c6
    L("movq 0(%[a]), %%rdx")
    L(f"mulxq 8(%[a]), {c[1]}, {c[2]}")
    L(f"mulxq 16(%[a]), %[lo], {c[3]}")
    L(f"addq %[lo], {c[2]}")
    L(f"mulxq 24(%[a]), %[lo], {c[4]}")
    L(f"adcq %[lo], {c[3]}")
    L(f"adcq $0, {c[4]}")
    L("movq 8(%[a]), %%rdx")
    L(f"xorl {k(c[5])}, {k(c[5])}")
    L("mulxq 16(%[a]), %[lo], %[hi]")
    L(f"adcxq %[lo], {c[3]}")
    L(f"adoxq %[hi], {c[4]}")
    L(f"mulxq 24(%[a]), %[lo], %[hi]")
    L(f"adcxq %[lo], {c[4]}")
    L(f"adoxq %[hi], {c[5]}")
    L("movl $0, %k[lo]")
    L(f"adcxq %[lo], {c[5]}")
    L("movq 16(%[a]), %%rdx")
    L(f"mulxq 24(%[a]), %[lo], {c[6]}")
    L(f"addq %[lo], {c[5]}")
    L(f"adcq $0, {c[6]}")
    # double into c1..c7
    L(f"xorl {k(c[7])}, {k(c[7])}")
    L(f"addq {c[1]}, {c[1]}")
    for i in range(2, 8): L(f"adcq {c[i]}, {c[i]}")
    # add the squares a_i^2 at 2i
    L("movq 0(%[a]), %%rdx")
    L(f"mulxq %%rdx, {c[0]}, %[hi]")
    L(f"addq %[hi], {c[1]}")
    for i in range(1, 4):
        L(f"movq {8*i}(%[a]), %%rdx")
        L("mulxq %%rdx, %[lo], %[hi]")
        L(f"adcq %[lo], {c[2*i]}")
        L(f"adcq %[hi], {c[2*i+1]}")
    # reduce the low half c0..c3: four rounds t = (t + k p) / 2^64, k = t_0
    t = c[:4]
    for i in range(4):
        reduction_round(t)
        L("adcq $0, %[hi]")
        L(f"movq %[hi], {t[0]}")
        t = t[1:] + t[:1]
    # add the high half: c4..c7 += c0..c3, carry word in lo
    L("xorl %k[lo], %k[lo]")
    L(f"addq {c[0]}, {c[4]}")
    L(f"adcq {c[1]}, {c[5]}")
    L(f"adcq {c[2]}, {c[6]}")
    L(f"adcq {c[3]}, {c[7]}")
    L("adcq $0, %[lo]")
    subtract_p_once_and_store(c[4:], c[:4], '%[lo]')


{'mul': mul, 'sq': sq}[sys.argv[1]]()
for s in lines:
    print('        "' + s + '\\n\\t"')
