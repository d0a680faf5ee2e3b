#!/usr/bin/env python3
# Prints the instruction lines of src/backend/u64/p256_mulx.h (the P-256
# Montgomery product in MULX / ADCX / ADOX assembly): the four rows and
# reductions unrolled, the accumulator registers rotating by one word per
# round. The header explains the algorithm. Run: python3 scripts/gen_p256_mulx.py
regs = ['%[t0]','%[t1]','%[t2]','%[t3]','%[t4]','%[t5]']
lines = []
def L(s): lines.append(s)
# t0..t5 = 0
for r in regs: L(f"xorl {r.replace('%[','%k[')}, {r.replace('%[','%k[')}")
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
    # reduction: k = t0
    L(f"movq {t[0]}, %%rdx")
    L("mulxq %[p3], %[lo], %[hi]")
    L(f"shlq $32, {t[0]}")
    L("shrq $32, %%rdx")
    L(f"addq {t[0]}, {t[1]}")
    L(f"adcq %%rdx, {t[2]}")
    L(f"adcq %[lo], {t[3]}")
    L(f"adcq %[hi], {t[4]}")
    L(f"adcq $0, {t[5]}")
    # rotate: old t0 becomes the new top word, zeroed
    old = t[0]
    t = t[1:] + [old]
    L(f"xorl {old.replace('%[','%k[')}, {old.replace('%[','%k[')}")
# result (t0..t3) + t4 * 2^256 < 2p: subtract p, keep on borrow
L(f"movq {t[0]}, %[lo]")
L(f"movq {t[1]}, %[hi]")
L(f"movq {t[2]}, %%rdx")
L(f"movq {t[3]}, {t[5]}")
L("subq $-1, %[lo]")
L("sbbq %[p1], %[hi]")
L("sbbq $0, %%rdx")
L(f"sbbq %[p3], {t[5]}")
L(f"sbbq $0, {t[4]}")
L(f"cmovncq %[lo], {t[0]}")
L(f"cmovncq %[hi], {t[1]}")
L(f"cmovncq %%rdx, {t[2]}")
L(f"cmovncq {t[5]}, {t[3]}")
for k in range(4): L(f"movq {t[k]}, {8*k}(%[r])")
for s in lines: print('        "' + s + '\\n\\t"')
