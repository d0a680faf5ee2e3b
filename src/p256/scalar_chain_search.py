#!/usr/bin/env python3
"""The addition chain for a^(n-2) mod n (P-256's group order) of
src/p256/scalar_invert_chain.h: how it was found, the generator of its
instruction table, and the check that the committed table computes n - 2
with the stated counts.

Shape of the chain (n - 2 = FFFFFFFF 00000000 FFFFFFFF FFFFFFFF, then the
low 128 bits BCE6FAAD A7179E84 F3B9CAC2 FC63254F):
  1. a small addition chain T from 1 up to 255 (x_8 = a^255 and the odd
     powers that serve as window digits);
  2. x_16 = x_8^(2^8) x_8, x_32 = x_16^(2^16) x_16, then the top 128 bits
     as (x_32^(2^64) x_32)^(2^32) x_32: 120 squarings, 4 multiplications;
  3. the low 128 bits by windows: each some squarings, then one product by
     a digit (an odd element of T, or x_16 = a^65535), 128 squarings.
So the whole chain costs (doublings of T) + 248 squarings and
(additions of T) + 4 + (windows) multiplications.

Why fewer than 255 squarings needs care: each squaring adds exactly one
bit to the exponent, a product at most one, and n - 2 has 256 bits, so
255 steps must raise the bit length; every squaring saved needs a product
that raises it (x^a x^b with a + b one bit longer than a and b) on the
line that leads to the result. The old chain (255S + 35M) built x_8 from
x_4 = a^15 as x_4^(2^4) x_4, four squarings for four bits, so none of its
raising products (a^21 = a^14 a^7, a^39 = a^25 a^14) fed the main line.
Searching T as a whole finds, with the old table, x_8 = (a^27)^(2^3) a^39
(254S + 35M), and with a budget of 5 doublings the committed CHAIN below:
253S + 35M, 288 operations, whose raising products a^21 = a^11 a^10 and
a^85 = a^50 a^35 both lead to x_8 = (a^85)^2 a^85.

The search (`search` below):
  * windows(D): a dynamic program over the 128 low bits, exact: the fewest
    windows whose values lie in D (zeros between windows cost squarings
    only), with the steps of one optimum;
  * min_chain(D, doublings): an exact depth-first search for the ascending
    addition chain from 1 that contains D and 255 with the fewest
    additions and at most the given doublings (any addition chain can be
    sorted ascending, so the next element is at most the smallest target
    not yet reached: that bounds the branching; the bound is additions +
    targets left, and the bit-length argument above);
  * a seeded local search over digit sets D (odd, < 128) minimising
    additions(T) + windows(odd(T) + {65535}) for a doubling budget.

Run:
  python3 src/p256/scalar_chain_search.py search SECONDS SEED DOUBLINGS
  python3 src/p256/scalar_chain_search.py emit      # the C table of CHAIN
  python3 src/p256/scalar_chain_search.py check     # replay the committed headers
Results (2026-12-01, the runs are listed in docs/p256.md): 6 doublings
(254S): additions + windows = 31 at best (35M); 5 doublings (253S): 31
(35M, the committed chain; two seeds); 4 doublings (252S): 33 (37M).
Nothing below 288 operations was found.
"""
import os
import random
import re
import sys
import time

N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P = 2**256 - 2**224 + 2**192 + 2**96 - 1
E = N - 2
LOW = E & (2**128 - 1)
BITS = [(LOW >> i) & 1 for i in range(127, -1, -1)]  # top first
X16 = 2**16 - 1
TOP_S, TOP_M = 8 + 16 + 96, 4   # x_16, x_32, the top 96 bits after x_32
HERE = os.path.dirname(os.path.abspath(__file__))

# The committed chain T of scalar_invert_chain.h, as steps (c, x, y):
# a^c = a^x a^y, a squaring when x = y.
CHAIN = [(2, 1, 1), (4, 2, 2), (5, 4, 1), (10, 5, 5), (11, 10, 1), (21, 11, 10), (25, 21, 4),
         (29, 25, 4), (35, 25, 10), (39, 35, 4), (50, 25, 25), (79, 50, 29), (85, 50, 35),
         (95, 85, 10), (170, 85, 85), (255, 170, 85)]


def windows(digits, maxw=17):
    """(count, steps): the fewest windows over LOW with values in digits,
    as (squarings before the product, digit) pairs, top first."""
    size = len(BITS)
    best = [10**9] * (size + 1)
    pick = [None] * (size + 1)
    best[size] = 0
    for i in range(size - 1, -1, -1):
        if BITS[i] == 0:
            best[i] = best[i + 1]
            continue
        v = 0
        for j in range(i, min(size, i + maxw)):
            v = 2 * v + BITS[j]
            if BITS[j] and v in digits and best[j + 1] + 1 < best[i]:
                best[i], pick[i] = best[j + 1] + 1, (j, v)
    steps, i, pending = [], 0, 0
    while i < size:
        if BITS[i] == 0:
            pending += 1
            i += 1
            continue
        if pick[i] is None:
            return 10**9, None  # a 1 bit no digit covers
        j, v = pick[i]
        steps.append((pending + (j - i + 1), v))
        pending, i = 0, j + 1
    assert pending == 0  # LOW is odd
    return best[0], steps


def min_chain(targets, doublings, cap=16):
    """(additions, steps): an ascending addition chain from 1 containing the
    odd targets, with at most `doublings` doublings and the fewest
    additions, as steps (c, x, y) (None if none within cap additions)."""
    targets = sorted(set(targets) - {1})
    best = [cap + 1, None]
    top_bits = targets[-1].bit_length()

    def dfs(chain, have, adds, dbls, idx):
        if idx == len(targets):
            best[0], best[1] = adds, list(steps)
            return
        left_dbl = doublings - dbls
        # every target is odd (an addition); the bits still to gain need
        # raising steps, at most left_dbl of them doublings
        bound = max(len(targets) - idx, top_bits - chain[-1].bit_length() - left_dbl)
        if adds + bound >= best[0]:
            return
        t = targets[idx]
        xs = [x for x in chain if 2 * x < t and t - x in have]
        if xs:
            chain.append(t)
            have.add(t)
            steps.append((t, t - xs[0], xs[0]))
            dfs(chain, have, adds + 1, dbls, idx + 1)
            steps.pop()
            chain.pop()
            have.discard(t)
        cands = {x + y for i, x in enumerate(chain) for y in chain[i:] if chain[-1] < x + y < t}
        for c in sorted(cands, reverse=True):
            as_dbl = c % 2 == 0 and c // 2 in have and left_dbl > 0
            xs = [x for x in chain if 2 * x < c and c - x in have]
            for is_dbl in (True, False):
                if (as_dbl if is_dbl else xs and adds + bound + 1 < best[0]):
                    chain.append(c)
                    have.add(c)
                    steps.append((c, c // 2, c // 2) if is_dbl else (c, c - xs[0], xs[0]))
                    dfs(chain, have, adds + (not is_dbl), dbls + is_dbl, idx)
                    steps.pop()
                    chain.pop()
                    have.discard(c)

    steps = []
    dfs([1], {1}, 0, 0, 0)
    return best[0], best[1]


def chain_cost(steps):
    """(doublings, additions) of a chain given as steps (c, x, y)."""
    dbl = sum(1 for c, x, y in steps if x == y)
    return dbl, len(steps) - dbl


def search(seconds, seed, doublings):
    rng = random.Random(seed)
    cache = {}

    def cost(digits, worst):
        """additions + windows of the best chain for digits, when below
        worst: the chain search stops at worst - windows(digits) + 1
        additions (odd intermediates of T can save a window or so)."""
        key = frozenset(digits) | {255}
        cap = min(16, worst - windows(set(key) | {1, X16})[0] + 1)
        if key not in cache or (cache[key][1] is None and cache[key][2] < cap):
            adds, chain = min_chain(key, doublings, cap)
            if chain is None:
                cache[key] = (10**9, None, cap)  # none within cap additions
            else:
                cache[key] = (adds + windows(digit_set(chain))[0], chain, cap)
        return cache[key][:2]

    odd = list(range(3, 128, 2))
    best = (10**9, None)
    deadline = time.time() + seconds
    first = True
    while time.time() < deadline:
        digits = digit_set(CHAIN) - {1, 255, X16} if first else \
            set(rng.sample(odd[:30], rng.randrange(5, 12)))
        first = False
        c, chain = cost(digits, 40)
        for _ in range(300):
            if time.time() > deadline:
                break
            trial, movable = set(digits), sorted(digits)
            r = rng.random()
            if r < 0.3 and movable:
                trial.discard(rng.choice(movable))
            elif r < 0.6:
                trial.add(rng.choice(odd))
            elif movable:
                trial.discard(rng.choice(movable))
                trial.add(rng.choice(odd))
            t, tchain = cost(trial, c)
            if t <= c:
                digits, c, chain = trial, t, tchain
        if c < best[0]:
            best = (c, chain)
            dbl, adds = chain_cost(chain)
            print("better: additions + windows = %d: %dS + %dM, T = %s" %
                  (c, dbl + TOP_S + 128, c + TOP_M, chain), flush=True)
    print("searched %d digit sets in %.0f s" % (len(cache), seconds))
    return best


def digit_set(steps):
    """The window digits a chain offers: its odd elements and x_16."""
    return {1, X16} | {c for c, x, y in steps if c % 2}


def chain_ops(steps):
    """The instruction table of the whole chain: (dst, src, squarings, mul)
    meaning v[dst] = v[src]^(2^squarings) v[mul] (mul = None: no product);
    v[0] = a, registers in order of first write, the last one the
    accumulator. A squaring whose value has one use, as the squared
    operand of the next step, folds into that step (a^2 into
    a^4 = a^(2^2))."""
    parts = {c: (x, y) for c, x, y in steps}
    uses = {}
    for c, x, y in steps:
        for z in ((x,) if x == y else (x, y)):
            uses[z] = uses.get(z, 0) + 1
    folded = {c for c, x, y in steps if x == y and uses.get(c, 0) == 1 and
              any(p[0] == c for p in parts.values())}

    def source(x):
        """(base, k): x = base 2^k along folded squarings."""
        k = 0
        while x in folded:
            x, k = parts[x][0], k + 1
        return x, k

    reg, ops = {1: 0}, []
    for c, x, y in steps:
        if c in folded:
            continue
        base, k = source(x)
        reg[c] = len(reg)
        ops.append((reg[c], reg[base], k + 1, None) if x == y else (reg[c], reg[base], k, reg[y]))
    x8, x16 = reg[255], len(reg)
    x32, acc = x16 + 1, x16 + 2
    ops += [(x16, x8, 8, x8), (x32, x16, 16, x16), (acc, x32, 64, x32), (acc, acc, 32, x32)]
    reg[X16] = x16
    count, wsteps = windows(digit_set(steps))
    ops += [(acc, acc, k, reg[d]) for k, d in wsteps]
    return ops, acc + 1


def replay(ops, nregs):
    """Run the instruction table on exponents: (exponent of the last
    destination, squarings, multiplications)."""
    v = [None] * nregs
    v[0] = 1
    s = m = 0
    for dst, src, k, mul in ops:
        e = v[src] << k
        s += k
        if mul is not None:
            e += v[mul]
            m += 1
        v[dst] = e
    return v[ops[-1][0]], s, m


NONE = 0xFF  # the C table's "no product"


def emit(chain):
    ops, nregs = chain_ops(chain)
    e, s, m = replay(ops, nregs)
    assert e == E
    exps = [None] * nregs
    v = [None] * nregs
    v[0] = 1
    for dst, src, k, mul in ops:
        v[dst] = (v[src] << k) + (v[mul] if mul is not None else 0)
        if exps[dst] is None:
            exps[dst] = v[dst]
    lines = ["/* BEGIN generated by src/p256/scalar_chain_search.py emit: %dS + %dM */" % (s, m),
             "#define P256_SCALAR_CHAIN_REGISTERS %d" % nregs,
             "static const uint8_t p256_scalar_chain_ops[%d][4] = {" % len(ops)]
    for dst, src, k, mul in ops:
        note = "v%d = v%d^(2^%d)" % (dst, src, k) if k else "v%d = v%d" % (dst, src)
        if mul is not None:
            note += " v%d" % mul
        if dst != nregs - 1:
            note += ": a^%s" % (exps[dst] if exps[dst] < 2**16 else "(2^%d - 1)" % exps[dst].bit_length())
        lines.append("    {%d, %d, %d, %s}, /* %s */" % (dst, src, k, NONE if mul is None else mul, note))
    lines.append("};")
    lines.append("/* END generated */")
    return "\n".join(lines)


def check():
    """Parse the committed headers and replay them on integers."""
    text = open(os.path.join(HERE, "scalar_invert_chain.h")).read()
    block = re.search(r"p256_scalar_chain_ops\[(\d+)\]\[4\] = \{(.*?)\};", text, re.S)
    nregs = int(re.search(r"#define P256_SCALAR_CHAIN_REGISTERS (\d+)", text).group(1))
    rows = re.findall(r"\{(\d+), (\d+), (\d+), (\d+)\}", re.sub(r"/\*.*?\*/", "", block.group(2)))
    ops = [(int(d), int(s), int(k), None if int(m) == NONE else int(m)) for d, s, k, m in rows]
    assert len(ops) == int(block.group(1))
    assert all(max(d, s, m or 0) < nregs for d, s, k, m in ops)
    e, s, m = replay(ops, nregs)
    assert e == E, "scalar chain: exponent differs from n - 2"
    stated = re.search(r"Total (\d+) squarings and (\d+) multiplications", text)
    assert stated and (int(stated.group(1)), int(stated.group(2))) == (s, m), "stated counts differ"
    rng = random.Random(7)
    for _ in range(20):
        a = rng.randrange(1, N)
        assert pow(a, e, N) * a % N == 1
    print("scalar_invert_chain.h: exponent n - 2, %d squarings + %d multiplications (%d)" % (s, m, s + m))
    # p - 2: replay the p256_fe_sqn_mul(dst, src, k, mul) calls of the field chain
    text = open(os.path.join(HERE, "field_invert_fermat.h")).read()
    body = text[text.index("p256_fe_invert_fermat(p256_fe *r"):]
    v, s, m = {"x1": 1}, 0, 0
    for dst, src, k, mul in re.findall(r"p256_fe_sqn_mul\(&?(\w+), &(\w+), ([0-9 +]+), &(\w+)\)", body):
        k = eval(k)  # "96 + 32"
        v[dst] = (v[src] << k) + v[mul]
        s, m = s + k, m + 1
    assert v["r"] == P - 2, "field chain: exponent differs from p - 2"
    assert re.search(r"Cost: %d squarings and %d multiplications" % (s, m), text), "stated counts differ"
    print("field_invert_fermat.h: exponent p - 2, %d squarings + %d multiplications (%d)" % (s, m, s + m))


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    if what == "search":
        seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
        seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
        doublings = int(sys.argv[4]) if len(sys.argv) > 4 else 6
        c, chain = search(seconds, seed, doublings)
        print("best: additions + windows = %s, T = %s" % (c, chain))
    elif what == "emit":
        print(emit(CHAIN))
    else:
        check()


if __name__ == "__main__":
    main()
