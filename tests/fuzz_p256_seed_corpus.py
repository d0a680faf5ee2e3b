#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz_p256.c: every Wycheproof P1363
case with a 64-byte signature as sig || form || pk || msg, once with the
uncompressed key (form 0x00) and once compressed (form 0x01).

Usage: fuzz_p256_seed_corpus.py VECTOR_LINES_DIR CORPUS_DIR (the
wycheproof_ecdsa_p256.lines that tests/vectors/p256_vectors.py writes into
the build directory)."""
import hashlib, os, sys
vec, corpus = sys.argv[1], sys.argv[2]
P = 2**256 - 2**224 + 2**192 + 2**96 - 1
count = 0
with open(os.path.join(vec, "wycheproof_ecdsa_p256.lines")) as f:
    for line in f:
        if line.startswith("#") or not line.strip():
            continue
        _, _, pk, sig, msg = line.split()
        sig = bytes.fromhex(sig) if sig != "-" else b""
        pk = bytes.fromhex(pk)
        msg = bytes.fromhex(msg) if msg != "-" else b""
        if len(sig) != 64:
            continue
        y = int.from_bytes(pk[33:], "big")
        compressed = bytes([2 | (y & 1)]) + pk[1:33]
        for seed in (sig + b"\x00" + pk + msg, sig + b"\x01" + compressed + msg):
            name = hashlib.sha1(seed).hexdigest()
            with open(os.path.join(corpus, name), "wb") as out:
                out.write(seed)
            count += 1
print("fuzz_p256_seed_corpus.py: %d seeds" % count)
