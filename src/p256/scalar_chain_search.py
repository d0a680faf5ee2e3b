#!/usr/bin/env python3
"""A search for a shorter addition chain for a^(n-2) mod n (P-256's group
order), the chain of src/p256/scalar_invert_chain.h.

The chain's shape is fixed (see that header): a table of odd powers a^d,
d in D, built from a, a^2, a^4 by one multiplication per entry; x_8, x_16,
x_32 (a^(2^k - 1)) from x_4 = a^15, which must be in D; the top 128 bits
FFFFFFFF 00000000 FFFFFFFF FFFFFFFF from x_32 in 2M; the low 128 bits by
windows, each some squarings and one multiplication by a table entry (or
by x_8 = a^255 or x_16, which are free). Squarings are 254 whatever D is;
the multiplications are 5 + (table products) + (windows).

For a digit set D the minimal number of windows is a dynamic program over
the 128 bits (any window whose value is in D, zeros between windows cost
only squarings); the table products are the fewest additions that build D
from {1, 2, 4} (an exact search over small sums). A seeded local search
over D (odd digits < 128) minimises table + windows. The script then builds
the chain of the best D as (squarings, digit) steps, checks its exponent
equals n - 2 and that a^e a = 1 mod n for random a, and prints its cost.
It also checks the committed chain the same way.

Run: python3 src/p256/scalar_chain_search.py [seconds] [seed] [doublings]
Result on 2026-12-01 (120 s, seed 1, and the 30 minutes of wider runs
recorded in docs/p256.md): table + windows = 32 at best, i.e. the
committed 254S + 37M; 35M was not reached.
"""
import functools
import random
import sys
import time

N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
E = N - 2
LOW = E & (2**128 - 1)
BITS = [(LOW >> i) & 1 for i in range(127, -1, -1)]  # top first
FREE = {255, 65535}  # x_8, x_16: built for the top part anyway
TOP_M = 5            # x_8, x_16, x_32 and the two products of the top 96 bits
TOP_S = 2 + 28 + 96  # a^2, a^4; x_8..x_32; the top 96 bits
DOUBLINGS = False    # the third argument "doublings" allows x + x in the table

# The committed chain (scalar_invert_chain.h): odd powers and the steps.
COMMITTED_ODD = [1, 3, 7, 15, 21, 25, 27, 39, 43, 47]
COMMITTED_STEPS = [(6, 9), (5, 2), (7, 6), (3, 2), (6, 4), (6, 6), (7, 7),
                   (9, 9), (6, 3), (2, 0), (10, 7), (6, 7), (3, 1), (6, 7),
                   (8, 8), (10, 9), (2, 1), (5, 1), (8, 5), (7, 4), (6, 3)]
COMMITTED_DOUBLINGS = 1  # a^14 = (a^7)^2


def windows(digits, maxw=17):
    """(count, steps): the fewest windows over LOW with values in digits,
    as (squarings before the multiplication, digit) pairs, top first."""
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
        if BITS[i] == 0 or pick[i] is None:
            pending += 1
            i += 1
            continue
        j, v = pick[i]
        steps.append((pending + (j - i + 1), v))
        pending, i = 0, j + 1
    if pending:
        steps.append((pending, None))  # trailing squarings (LOW is odd: never)
    return best[0], steps


@functools.lru_cache(maxsize=None)
def build_cost_cached(digits):
    return build_cost(digits)


def build_cost(digits, cap=14):
    """Fewest additions building every d in digits from {1, 2, 4}. A
    doubling x + x is a squaring, so it is allowed only with DOUBLINGS set
    (it then counts here as one operation, and one more S in the total)."""
    target = sorted(set(digits) - {1})
    top = max(target, default=1)
    best = [cap]
    build_cost.sequence = None

    def dfs(have, cost, seq=()):
        need = [d for d in target if d not in have]
        if not need:
            if cost < best[0]:
                best[0] = cost
                build_cost.sequence = seq
            return
        if cost + len(need) >= best[0]:
            return
        for d in need:  # a needed digit one addition away: take it
            xs = [x for x in sorted(have) if d - x in have and (DOUBLINGS or 2 * x != d)]
            if xs:
                dfs(have | {d}, cost + 1, seq + ((d, xs[0], d - xs[0]),))
                return
        for c in sorted({x + y for x in have for y in have if x + y <= top and (DOUBLINGS or x != y)} - have,
                        reverse=True)[:3]:
            x = min(x for x in have if c - x in have)
            dfs(have | {c}, cost + 1, seq + ((c, x, c - x),))

    dfs(frozenset({1, 2, 4}), 0)
    return best[0] if build_cost.sequence is not None else 10**6  # none within cap


def cost(digits):
    digits = frozenset(digits) | {1, 15}
    return build_cost_cached(digits) + windows(digits | FREE)[0]


def check_chain(steps, label):
    """Rebuild the exponent from the top part and the steps; check it is
    n - 2 and that it inverts; return (S, M) of the low part."""
    x32 = 2**32 - 1
    e = x32 * 2**64 + x32
    e = e * 2**32 + x32
    s = m = 0
    for k, d in steps:
        e = e * 2**k + (d or 0)
        s += k
        m += d is not None
    assert e == E, label + ": exponent differs from n - 2"
    rng = random.Random(7)
    for _ in range(20):
        a = rng.randrange(1, N)
        assert pow(a, e, N) * a % N == 1, label + ": not an inverse"
    return s, m


def main():
    global DOUBLINGS
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    s, m = check_chain([(k, COMMITTED_ODD[i]) for k, i in COMMITTED_STEPS], "committed")
    DOUBLINGS = True
    table = build_cost(COMMITTED_ODD) - COMMITTED_DOUBLINGS
    print("committed: table %dM + %dS, %d windows: %dS + %dM" %
          (table, COMMITTED_DOUBLINGS, m, TOP_S + COMMITTED_DOUBLINGS + s, TOP_M + table + m))
    build_cost_cached.cache_clear()
    DOUBLINGS = len(sys.argv) > 3 and sys.argv[3] == "doublings"
    odd = list(range(1, 128, 2))
    best_cost, best_digits = 10**9, sorted(COMMITTED_ODD)
    deadline = time.time() + seconds
    while time.time() < deadline:
        digits = set(rng.sample(odd[:16], rng.randrange(4, 12))) | {1, 15}
        c = cost(digits)
        for _ in range(400):
            if time.time() > deadline:
                break
            trial = set(digits)
            movable = sorted(trial - {1, 15})
            r = rng.random()
            if r < 0.35 and movable:
                trial.discard(rng.choice(movable))
            elif r < 0.7:
                trial.add(rng.choice(odd))
            elif movable:
                trial.discard(rng.choice(movable))
                trial.add(rng.choice(odd))
            t = cost(trial)
            if t <= c:
                digits, c = trial, t
        if c < best_cost:
            best_cost, best_digits = c, sorted(digits)
            print("better: table + windows = %d with D = %s" % (c, best_digits), flush=True)
    digits = frozenset(best_digits) | {1, 15}
    count, steps = windows(digits | FREE)
    s, m = check_chain(steps, "best")
    table = build_cost(digits)
    doubled = sum(1 for _, x, y in build_cost.sequence if x == y)
    print("table: " + ", ".join("a^%d = a^%d a^%d" % t for t in build_cost.sequence))
    print("steps (squarings, digit): %s" % steps)
    total_s, total_m = TOP_S + s + doubled, TOP_M + table - doubled + m
    print("best found: D = %s, table %dM + %dS, %d windows: %dS + %dM (target 254S + 35M %s)" %
          (sorted(digits), table - doubled, doubled, count, total_s, total_m,
           "reached" if total_s <= 254 and total_m <= 35 else "not reached"))


if __name__ == "__main__":
    main()
