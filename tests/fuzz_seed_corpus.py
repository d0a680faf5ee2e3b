#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz_ed25519.c: the published vectors as
sig || pk || msg (the C2SP CCTV set is all edge cases) and the 14
small-order encodings as R and as pk with S = 0.

Usage: fuzz_seed_corpus.py VECTOR_LINES_DIR CORPUS_DIR (the .lines files
that tests/vectors/json_to_lines.py writes into the build directory)."""
import hashlib, os, sys
vec, corpus = sys.argv[1], sys.argv[2]
def unhex(x):
    return b"" if x == "-" else bytes.fromhex(x)
seeds = []
# Columns of SIG, PK, MSG in the .lines files (tests/vectors/json_to_lines.py).
for kind, cols in (("rfc8032", (4, 2, 3)), ("cctv", (2, 1, 3)), ("wycheproof", (3, 2, 4))):
    with open(os.path.join(vec, kind + "_ed25519.lines")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            sig, pk, msg = (unhex(fields[i]) for i in cols)
            if len(sig) == 64 and len(pk) == 32:
                seeds.append(sig + pk + msg)
small = [
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "0100000000000000000000000000000000000000000000000000000000000080",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
]
for i, r in enumerate(small):
    seeds.append(bytes.fromhex(r) + bytes(32) + bytes.fromhex(small[(5 * i + 3) % 14]) + b"ecx")
for s in seeds:
    with open(os.path.join(corpus, hashlib.sha1(s).hexdigest()), "wb") as f:
        f.write(s)
print("  seed corpus: %d inputs" % len(seeds))
