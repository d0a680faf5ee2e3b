#!/usr/bin/env python3
"""Writes the checked-in seed corpora of the per-parser fuzz targets,
tests/fuzz/corpus/NAME/, from the vectors in tests/vectors and the tables
of tests/test_ristretto.c and tests/test_p256_ecdsa.c (each seed a small
file named by its SHA-1). Run from the source root after a vector changes:

    python3 tests/fuzz/make_corpus.py

The fuzz step of scripts/test.sh copies these into a scratch corpus."""
import hashlib, json, os, re, shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")
P = 2**256 - 2**224 + 2**192 + 2**96 - 1
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
L = 2**252 + 27742317777372353535851937790883648493


def path(*p):
    return os.path.join(ROOT, "tests", *p)


def write(name, seeds, limit=None):
    d = os.path.join(OUT, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    uniq = sorted(set(seeds))[:limit]
    for s in uniq:
        with open(os.path.join(d, hashlib.sha1(s).hexdigest()), "wb") as f:
            f.write(s)
    print("%s: %d seeds" % (name, len(uniq)))


def hex_strings(file, start, end):
    """The 64-hex-digit strings between two markers of a C file."""
    text = open(path(file)).read()
    text = text[text.index(start):text.index(end, text.index(start))]
    return [bytes.fromhex(h) for h in re.findall(r'"([0-9a-f]{64})"', text)]


def be(x):
    return x.to_bytes(32, "big")


# Ed25519: R || S || pk of Wycheproof and CCTV, and small-order points.
ed = json.load(open(path("vectors", "wycheproof", "ed25519_test.json")))
seeds = []
for g in ed["testGroups"]:
    pk = bytes.fromhex(g["publicKey"]["pk"])
    for t in g["tests"]:
        sig = bytes.fromhex(t["sig"])
        if len(sig) == 64:
            seeds.append(sig + pk)
for c in json.load(open(path("vectors", "cctv", "ed25519vectors.json"))):
    sig, pk = bytes.fromhex(c["sig"]), bytes.fromhex(c["key"])
    seeds.append(sig + pk)
seeds.append((L).to_bytes(32, "little") * 3)
write("fuzz_ed25519_parse", seeds, 120)

# Ristretto: RFC 9496 A.1 multiples and A.2 rejects, in pairs.
good = hex_strings("test_ristretto.c", "A1_MULTIPLES[16]", "};")
bad = hex_strings("test_ristretto.c", "A2_INVALID[N_INVALID]", "};")
seeds = [good[i] + good[(i * 7 + 3) % 16] for i in range(16)]
seeds += [b + good[i % 16] for i, b in enumerate(bad)] + [good[i % 16] + b for i, b in enumerate(bad)]
write("fuzz_ristretto_decode", seeds)

# P-256 keys: the Wycheproof keys uncompressed, and compressed with the
# uncompressed rest behind; a bad prefix; x = p.
ec = json.load(open(path("vectors", "wycheproof", "ecdsa_secp256r1_sha256_p1363_test.json")))
seeds, sigs = [], []
for g in ec["testGroups"]:
    pk = bytes.fromhex(g["publicKey"]["uncompressed"])
    y = int.from_bytes(pk[33:], "big")
    seeds += [pk, bytes([2 | (y & 1)]) + pk[1:33] + pk[33:], bytes([5]) + pk[1:]]
    for t in g["tests"]:
        sig = bytes.fromhex(t["sig"])
        if len(sig) == 64:
            sigs.append(sig + hashlib.sha256(bytes.fromhex(t["msg"])).digest())
seeds += [b"\x04" + be(P) + be(1), b"\x02" + be(P), b"\x03" + be(P - 1)]
write("fuzz_p256_key", seeds, 80)

# P-256 signatures: the RFC 6979 A.2.5 SHA-256 signatures (valid under the
# target's key), Wycheproof signatures, and r or s = 0, n, n - 1.
text = open(path("test_p256_ecdsa.c")).read()
for msg, r, s in re.findall(r'\{"(sample|test)", "[0-9a-f]{64}",\s*"([0-9a-f]{64})",\s*"([0-9a-f]{64})"\}', text):
    sigs.append(bytes.fromhex(r + s) + hashlib.sha256(msg.encode()).digest())
for r, s in ((0, 1), (1, 0), (N, 1), (1, N), (N - 1, N - 1)):
    sigs.append(be(r) + be(s) + bytes(32))
write("fuzz_p256_sig", sigs, 80)

# Range proofs: the crate's proofs behind their shape byte, and cut short.
NLOG, MLOG = {8: 0, 16: 1, 32: 2, 64: 3}, {1: 0, 2: 1, 4: 2, 8: 3}
seeds = []
for line in open(path("vectors", "bulletproofs", "deserialize_and_verify.txt")):
    if line.startswith("proof "):
        _, n, m, proof = line.split()
        shape = bytes([NLOG[int(n)] | (MLOG[int(m)] << 2)])
        proof = bytes.fromhex(proof)
        seeds += [shape + proof, shape + proof[:-32], bytes([shape[0] | 0x1c]) + proof]
write("fuzz_rangeproof_parse", seeds)

# Transcripts: programs of the target's operations (append, challenge,
# NULL message, damage), as merlin's tests use them.
def label(s):
    return bytes([len(s)]) + s
seeds = [
    b"\x00" + label(b"some") + bytes([15]) + b"some data 1234!" + b"\x01" + label(b"chal") + bytes([32]),
    b"\x00" + label(b"") + b"\x00" + b"\x01" + label(b"c") + bytes([255]),
    b"\x02\x05" + b"\x01" + label(b"x") + bytes([64]),
    b"\x00" + label(b"dom") + bytes([3]) + b"abc" + b"\x03\x10\x03" + b"\x00" + label(b"m") + b"\x01z",
    b"\x03\xd0\x07" + b"\x01" + label(b"c") + bytes([16]),
]
write("fuzz_transcript", seeds)
