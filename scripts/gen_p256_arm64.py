#!/usr/bin/env python3
# Prints the instruction lines of src/backend/u64/p256_arm64.h: the P-256
# Montgomery product (argument "mul") or squaring ("sq") in AArch64
# assembly, rows and reductions unrolled, the accumulator's names rotating
# by one word per round. The header explains the algorithms.
#   python3 scripts/gen_p256_arm64.py mul|sq
import sys

lines = []


def L(s):
    lines.append(s)


def reduction_words(k):
    """x, y, u, v = k << 32, k >> 32 and the two words of k p_3 =
    k - (k << 32) and k - (k >> 32) - borrow (p256.h, p256_field_reduce).
    Leaves the flags changed."""
    L(f"lsl %[x], {k}, #32")
    L(f"lsr %[y], {k}, #32")
    L(f"subs %[u], {k}, %[x]")
    L(f"sbc %[v], {k}, %[y]")


def mul():
    t = [f'%[t{i}]' for i in range(6)]
    a = [f'%[a{i}]' for i in range(4)]
    b = [f'%[b{i}]' for i in range(4)]
    L(f"ldp {a[0]}, {a[1]}, [%[a]]")
    L(f"ldp {a[2]}, {a[3]}, [%[a], #16]")
    L(f"ldp {b[0]}, {b[1]}, [%[b]]")
    L(f"ldp {b[2]}, {b[3]}, [%[b], #16]")
    # row 0: t0..t4 = a_0 b
    L(f"mul {t[0]}, {a[0]}, {b[0]}")
    L(f"umulh {t[1]}, {a[0]}, {b[0]}")
    L(f"mul %[x], {a[0]}, {b[1]}")
    L(f"umulh {t[2]}, {a[0]}, {b[1]}")
    L(f"mul %[y], {a[0]}, {b[2]}")
    L(f"umulh {t[3]}, {a[0]}, {b[2]}")
    L(f"mul %[u], {a[0]}, {b[3]}")
    L(f"umulh {t[4]}, {a[0]}, {b[3]}")
    L(f"adds {t[1]}, {t[1]}, %[x]")
    L(f"adcs {t[2]}, {t[2]}, %[y]")
    L(f"adcs {t[3]}, {t[3]}, %[u]")
    L(f"adc {t[4]}, {t[4]}, xzr")
    top_is_zero = True  # t5 holds nothing yet in round 0
    for i in range(4):
        if i > 0:
            # t0..t5 = t0..t4 + a_i b: low words in one carry chain, high
            # words in a second (t5 is fresh: it takes the carries)
            L(f"mul %[x], {a[i]}, {b[0]}")
            L(f"mul %[y], {a[i]}, {b[1]}")
            L(f"mul %[u], {a[i]}, {b[2]}")
            L(f"mul %[v], {a[i]}, {b[3]}")
            L(f"adds {t[0]}, {t[0]}, %[x]")
            L(f"adcs {t[1]}, {t[1]}, %[y]")
            L(f"adcs {t[2]}, {t[2]}, %[u]")
            L(f"adcs {t[3]}, {t[3]}, %[v]")
            L(f"adc {t[4]}, {t[4]}, xzr")
            L(f"umulh %[x], {a[i]}, {b[0]}")
            L(f"umulh %[y], {a[i]}, {b[1]}")
            L(f"umulh %[u], {a[i]}, {b[2]}")
            L(f"umulh %[v], {a[i]}, {b[3]}")
            L(f"adds {t[1]}, {t[1]}, %[x]")
            L(f"adcs {t[2]}, {t[2]}, %[y]")
            L(f"adcs {t[3]}, {t[3]}, %[u]")
            L(f"adcs {t[4]}, {t[4]}, %[v]")
            L(f"adc {t[5]}, xzr, xzr")
            top_is_zero = False
        # t += k p with k = t0, then drop t0 (it is zero)
        reduction_words(t[0])
        L(f"adds {t[1]}, {t[1]}, %[x]")
        L(f"adcs {t[2]}, {t[2]}, %[y]")
        L(f"adcs {t[3]}, {t[3]}, %[u]")
        L(f"adcs {t[4]}, {t[4]}, %[v]")
        if top_is_zero:
            L(f"adc {t[5]}, xzr, xzr")
        else:
            L(f"adc {t[5]}, {t[5]}, xzr")
        t = t[1:] + t[:1]
    # t0..t3 + t4 2^256 < 2p: subtract p once, keep t when that borrows
    subtract_p_once_and_store(t[:4], t[4], ['%[x]', '%[y]', '%[u]', '%[v]'])


def subtract_p_once_and_store(value, top, scratch):
    """r = value - p if value + top 2^256 >= p, else value: the difference
    into scratch, csel on the final borrow (C clear), then stored."""
    L(f"adds {scratch[0]}, {value[0]}, #1")  # value_0 - (2^64 - 1), C = no borrow
    L(f"sbcs {scratch[1]}, {value[1]}, %[p1]")
    L(f"sbcs {scratch[2]}, {value[2]}, xzr")
    L(f"sbcs {scratch[3]}, {value[3]}, %[p3]")
    L(f"sbcs {top}, {top}, xzr")
    for v, d in zip(value, scratch):
        L(f"csel {v}, {v}, {d}, cc")
    L(f"stp {value[0]}, {value[1]}, [%[r]]")
    L(f"stp {value[2]}, {value[3]}, [%[r], #16]")


def sq():
    c = [f'%[c{i}]' for i in range(8)]
    a = [f'%[a{i}]' for i in range(4)]
    L(f"ldp {a[0]}, {a[1]}, [%[a]]")
    L(f"ldp {a[2]}, {a[3]}, [%[a], #16]")
    # the cross products a_i a_j, i < j, into c1..c6 (below 2^448, so no
    # carry leaves c6)
    L(f"mul {c[1]}, {a[0]}, {a[1]}")
    L(f"umulh {c[2]}, {a[0]}, {a[1]}")
    L(f"mul %[x], {a[0]}, {a[2]}")
    L(f"umulh {c[3]}, {a[0]}, {a[2]}")
    L(f"mul %[y], {a[0]}, {a[3]}")
    L(f"umulh {c[4]}, {a[0]}, {a[3]}")
    L(f"adds {c[2]}, {c[2]}, %[x]")
    L(f"adcs {c[3]}, {c[3]}, %[y]")
    L(f"adc {c[4]}, {c[4]}, xzr")
    L(f"mul %[x], {a[1]}, {a[2]}")
    L(f"mul %[y], {a[1]}, {a[3]}")
    L(f"umulh %[u], {a[1]}, {a[2]}")
    L(f"umulh {c[6]}, {a[1]}, {a[3]}")
    L(f"adds {c[3]}, {c[3]}, %[x]")
    L(f"adcs {c[4]}, {c[4]}, %[y]")
    L(f"adc {c[5]}, xzr, xzr")
    L(f"adds {c[4]}, {c[4]}, %[u]")
    L(f"adcs {c[5]}, {c[5]}, {c[6]}")
    L(f"adc {c[6]}, xzr, xzr")
    L(f"mul %[x], {a[2]}, {a[3]}")
    L(f"umulh %[y], {a[2]}, {a[3]}")
    L(f"adds {c[5]}, {c[5]}, %[x]")
    L(f"adc {c[6]}, {c[6]}, %[y]")
    # doubled into c1..c7
    L(f"adds {c[1]}, {c[1]}, {c[1]}")
    for i in range(2, 7):
        L(f"adcs {c[i]}, {c[i]}, {c[i]}")
    L(f"adc {c[7]}, xzr, xzr")
    # plus the squares a_i^2 at words 2i, 2i + 1
    L(f"mul {c[0]}, {a[0]}, {a[0]}")
    L(f"umulh %[x], {a[0]}, {a[0]}")
    L(f"mul %[y], {a[1]}, {a[1]}")
    L(f"umulh %[u], {a[1]}, {a[1]}")
    L(f"adds {c[1]}, {c[1]}, %[x]")
    L(f"adcs {c[2]}, {c[2]}, %[y]")
    L(f"adcs {c[3]}, {c[3]}, %[u]")
    L(f"mul %[x], {a[2]}, {a[2]}")
    L(f"umulh %[y], {a[2]}, {a[2]}")
    L(f"mul %[u], {a[3]}, {a[3]}")
    L(f"umulh %[v], {a[3]}, {a[3]}")
    L(f"adcs {c[4]}, {c[4]}, %[x]")
    L(f"adcs {c[5]}, {c[5]}, %[y]")
    L(f"adcs {c[6]}, {c[6]}, %[u]")
    L(f"adc {c[7]}, {c[7]}, %[v]")
    # the low half c0..c3 reduced by four rounds w = (w + k p) / 2^64,
    # k = w0: the new top word (k p_3's high word plus the carry) goes
    # into the register of the consumed w0
    w = c[:4]
    for _ in range(4):
        reduction_words(w[0])
        L(f"adds {w[1]}, {w[1]}, %[x]")
        L(f"adcs {w[2]}, {w[2]}, %[y]")
        L(f"adcs {w[3]}, {w[3]}, %[u]")
        L(f"adc {w[0]}, %[v], xzr")
        w = w[1:] + w[:1]
    # the high half added: c4..c7 += w, its carry in a0 (a is read)
    L(f"adds {c[4]}, {c[4]}, {w[0]}")
    L(f"adcs {c[5]}, {c[5]}, {w[1]}")
    L(f"adcs {c[6]}, {c[6]}, {w[2]}")
    L(f"adcs {c[7]}, {c[7]}, {w[3]}")
    L(f"adc {a[0]}, xzr, xzr")
    subtract_p_once_and_store(c[4:], a[0], ['%[x]', '%[y]', '%[u]', '%[v]'])


{'mul': mul, 'sq': sq}[sys.argv[1]]()
for s in lines:
    print('        "' + s + '\\n\\t"')
