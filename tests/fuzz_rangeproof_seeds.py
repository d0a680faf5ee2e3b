#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz_rangeproof.c: each of the crate's 16
published proofs (tests/vectors/bulletproofs/deserialize_and_verify.txt)
behind its shape byte, and the same with bit 5 (another label) set.

Usage: fuzz_rangeproof_seeds.py VECTOR_FILE CORPUS_DIR"""
import hashlib, os, sys
src, corpus = sys.argv[1], sys.argv[2]
os.makedirs(corpus, exist_ok=True)
N_LOG = {8: 0, 16: 1, 32: 2, 64: 3}
M_LOG = {1: 0, 2: 1, 4: 2, 8: 3}
count = 0
for line in open(src):
    if not line.startswith("proof "):
        continue
    _, n, m, hexproof = line.split()
    n, m = int(n), int(m)
    shape = N_LOG[n] | (M_LOG[m] << 2)
    for flags in (0, 0x20):
        data = bytes([shape | flags]) + bytes.fromhex(hexproof)
        with open(os.path.join(corpus, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
        count += 1
print(f"{count} seeds in {corpus}")
