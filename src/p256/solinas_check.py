#!/usr/bin/env python3
"""Check the column table of src/p256/solinas.h (FIPS 186-4 D.2.3 fast
reduction mod p256) by random and extreme 512-bit products, and the bounds
its comment states: each column within (-4 2^32, 7 2^32), the carried sum
within (-4 2^256, 5 2^256 + 2^225), the two folds landing in [0, 2^256).
Prints "ok" or fails an assertion. Run: python3 src/p256/solinas_check.py"""
import random

P = 2**256 - 2**224 + 2**192 + 2**96 - 1
M32 = 2**32 - 1
# column j: {word index: coefficient}, as in solinas.h
COLS = [
    {0: 1, 8: 1, 9: 1, 11: -1, 12: -1, 13: -1, 14: -1},
    {1: 1, 9: 1, 10: 1, 12: -1, 13: -1, 14: -1, 15: -1},
    {2: 1, 10: 1, 11: 1, 13: -1, 14: -1, 15: -1},
    {3: 1, 11: 2, 12: 2, 13: 1, 15: -1, 8: -1, 9: -1},
    {4: 1, 12: 2, 13: 2, 14: 1, 9: -1, 10: -1},
    {5: 1, 13: 2, 14: 2, 15: 1, 10: -1, 11: -1},
    {6: 1, 14: 3, 15: 2, 13: 1, 8: -1, 9: -1},
    {7: 1, 15: 3, 8: 1, 10: -1, 11: -1, 12: -1, 13: -1},
]


def carry(cols):
    """The words and the signed top of sum cols[j] 2^(32 j), as the C does
    (arithmetic shifts)."""
    acc, words = 0, []
    for c in cols:
        acc += c
        words.append(acc & M32)
        acc >>= 32
    return words, acc


def fold(words, t):
    s = list(words)
    s[0] += t
    s[3] -= t
    s[6] -= t
    s[7] += t
    return carry(s)


def reduce(c):
    a = [(c >> (32 * i)) & M32 for i in range(16)]
    cols = [sum(k * a[i] for i, k in col.items()) for col in COLS]
    for col in cols:
        assert -4 * 2**32 < col < 7 * 2**32
    w, t = carry(cols)
    assert -4 <= t <= 5
    w, t = fold(w, t)
    assert -1 <= t <= 1
    w, t = fold(w, t)
    assert t == 0
    v = sum(x << (32 * i) for i, x in enumerate(w))
    assert 0 <= v < 2**256 and v % P == c % P
    return v


def main():
    # the extremes of the column sum: every positive word all ones and every
    # negative one zero, and the reverse
    lo = sum(sum(k * M32 for i, k in col.items() if k < 0) << (32 * j) for j, col in enumerate(COLS))
    hi = sum(sum(k * M32 for i, k in col.items() if k > 0) << (32 * j) for j, col in enumerate(COLS))
    assert -4 * 2**256 < lo and hi < 5 * 2**256 + 2**225
    rng = random.Random(256)
    extremes = [0, 1, P - 1, P, 2**256 - 1, (P - 1) ** 2, (2**256 - 1) ** 2, 2**512 - 1, 2**511]
    for j in range(16):  # one word all ones, the others 0 or all ones
        extremes.append(M32 << (32 * j))
        extremes.append((2**512 - 1) ^ (M32 << (32 * j)))
    for c in extremes:
        reduce(c)
    for _ in range(100000):
        reduce(rng.randrange(2**512) if rng.random() < 0.5 else rng.randrange(2**256) * rng.randrange(2**256))
    print("ok")


if __name__ == "__main__":
    main()
