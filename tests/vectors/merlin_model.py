#!/usr/bin/env python3
"""An independent model of Merlin transcripts, and the vectors test_transcript reads.

    merlin_model.py OUT

Written from the specifications, not from ecx's C: Keccak-f[1600] from
FIPS 202 (round constants and rho offsets computed by the standard's
algorithms 5 and 2, not tabulated), STROBE v1.0.2's generic operation
("Implementation of operations" in https://strobe.sourceforge.io/specs/:
_duplex with cbefore / cafter, _begin_op, _run_F), and Merlin as merlin.cool
describes it: meta-AD(label || LE32(len)) as ONE operation, then AD(message)
or PRF(len). (ecx's C uses merlin's two-call "more" form instead; they must
agree.)

Before writing anything the model checks itself, and fails the build if any
check fails:
  - its Keccak, as a SHA3-256 / SHAKE128 sponge, against Python's hashlib;
  - its STROBE against published STROBE known answers (rozbb/strobe-rs
    kat/simple_test_vector.json and kat/meta_test_vector.json, from
    mimoo/StrobeGo): the PRF outputs after init, KEY, (meta-)AD;
  - its Merlin against the published transcript vectors (gtank/merlin
    merlin_test.go, TestSimpleTranscript and TestComplexTranscript, which
    reproduce the Rust crate's equivalence_simple / equivalence_complex).

Output: one operation per line, lower-case hex, "-" for an empty string:

    N LABEL                 start a transcript: ecx_transcript_init(LABEL)
    A LABEL MSG             ecx_transcript_append(LABEL, MSG)
    C LABEL LEN OUT         ecx_transcript_challenge(LABEL, LEN bytes) == OUT

Labels never contain a zero byte (the C API takes NUL-terminated strings).
Lines starting with "#" are comments, except the last, "#end N" with N the
number of operation lines: the test requires it, so a truncated file fails.
Everything comes from random.Random(20190101), so the file is the same on
every run and every machine.
"""

import hashlib
import os
import random
import struct
import sys

# --- Keccak-f[1600], FIPS 202 section 3 ------------------------------------


def _rc_bit(t):
    """rc(t) of algorithm 5: an LFSR over GF(2)[x] / (x^8 + x^6 + x^5 + x^4 + 1)."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(1, t % 255 + 1):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


ROUND_CONSTANTS = []
for _ir in range(24):
    _rc = 0
    for _j in range(7):
        _rc |= _rc_bit(_j + 7 * _ir) << ((1 << _j) - 1)
    ROUND_CONSTANTS.append(_rc)

# Algorithm 2: offsets by walking (x, y) -> (y, 2x + 3y) from (1, 0).
RHO = [[0] * 5 for _ in range(5)]
_x, _y = 1, 0
for _t in range(24):
    RHO[_x][_y] = ((_t + 1) * (_t + 2) // 2) % 64
    _x, _y = _y, (2 * _x + 3 * _y) % 5

MASK64 = (1 << 64) - 1


def _rot(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK64 if n else v


def keccak_f1600(state):
    """Keccak-p[1600, 24] on a 200-byte string (bytes i..i+7 = lane i/8, little-endian)."""
    a = [[0] * 5 for _ in range(5)]
    for x in range(5):
        for y in range(5):
            a[x][y] = int.from_bytes(state[8 * (x + 5 * y) : 8 * (x + 5 * y) + 8], "little")
    for ir in range(24):
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ _rot(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]  # theta
        a = [[_rot(a[x][y], RHO[x][y]) for y in range(5)] for x in range(5)]  # rho
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[x][y] = a[(x + 3 * y) % 5][x]  # pi
        a = [[b[x][y] ^ ((~b[(x + 1) % 5][y] & MASK64) & b[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        a[0][0] ^= ROUND_CONSTANTS[ir]  # iota
    out = bytearray(200)
    for x in range(5):
        for y in range(5):
            out[8 * (x + 5 * y) : 8 * (x + 5 * y) + 8] = a[x][y].to_bytes(8, "little")
    return out


def _sponge(msg, rate, suffix, outlen):
    """FIPS 202 sponge with pad10*1 after the suffix bits (as a first padding byte)."""
    padded = bytearray(msg) + bytes([suffix])
    while len(padded) % rate:
        padded.append(0)
    padded[-1] |= 0x80
    st = bytearray(200)
    for off in range(0, len(padded), rate):
        for i in range(rate):
            st[i] ^= padded[off + i]
        st = keccak_f1600(st)
    out = bytearray()
    while True:
        out += st[:rate]
        if len(out) >= outlen:
            return bytes(out[:outlen])
        st = keccak_f1600(st)


def check_keccak():
    rng = random.Random(7)
    for n in (0, 1, 135, 136, 137, 167, 168, 169, 400):
        msg = bytes(rng.getrandbits(8) for _ in range(n))
        if _sponge(msg, 136, 0x06, 32) != hashlib.sha3_256(msg).digest():
            fail("Keccak model disagrees with hashlib SHA3-256 at length %d" % n)
        if _sponge(msg, 168, 0x1F, 300) != hashlib.shake_128(msg).digest(300):
            fail("Keccak model disagrees with hashlib SHAKE128 at length %d" % n)


# --- STROBE v1.0.2, security 128 -------------------------------------------

FLAG_I, FLAG_A, FLAG_C, FLAG_T, FLAG_M, FLAG_K = 1, 2, 4, 8, 16, 32


class Strobe:
    """The spec's Strobe object, operations without the transport (T) flag."""

    def __init__(self, proto, security=128):
        self.R = 200 - security // 4 - 2
        domain = bytes([1, self.R + 2, 1, 0, 1, 12 * 8]) + b"STROBEv1.0.2"
        self.st = keccak_f1600(domain + bytes(200 - len(domain)))
        self.pos = 0
        self.pos_begin = 0
        self.cur_flags = None
        self.operate(FLAG_M | FLAG_A, proto)

    def _run_f(self):
        self.st[self.pos] ^= self.pos_begin
        self.st[self.pos + 1] ^= 0x04
        self.st[self.R + 1] ^= 0x80
        self.st = keccak_f1600(self.st)
        self.pos = 0
        self.pos_begin = 0

    def _duplex(self, data, cbefore=False, cafter=False, force_f=False):
        data = bytearray(data)
        for i in range(len(data)):
            if cbefore:
                data[i] ^= self.st[self.pos]
            self.st[self.pos] ^= data[i]
            if cafter:
                data[i] = self.st[self.pos]
            self.pos += 1
            if self.pos == self.R:
                self._run_f()
        if force_f and self.pos != 0:
            self._run_f()
        return data

    def _begin_op(self, flags):
        assert not flags & FLAG_T
        old_begin = self.pos_begin
        self.pos_begin = self.pos + 1
        self._duplex([old_begin, flags], force_f=bool(flags & (FLAG_C | FLAG_K)))

    def operate(self, flags, data, more=False):
        """data: the input bytes, or for PRF (I and A, no T) the output length."""
        if more:
            assert flags == self.cur_flags
        else:
            self._begin_op(flags)
            self.cur_flags = flags
        if isinstance(data, int):
            data = bytes(data)
        cafter = (flags & (FLAG_C | FLAG_I | FLAG_T)) == (FLAG_C | FLAG_T)
        cbefore = bool(flags & FLAG_C) and not cafter
        out = self._duplex(data, cbefore, cafter)
        return bytes(out) if (flags & (FLAG_I | FLAG_A)) == (FLAG_I | FLAG_A) else None

    def meta_ad(self, data, more=False):
        self.operate(FLAG_M | FLAG_A, data, more)

    def ad(self, data, more=False):
        self.operate(FLAG_A, data, more)

    def key(self, data, more=False):
        self.operate(FLAG_A | FLAG_C, data, more)

    def prf(self, n, more=False):
        return self.operate(FLAG_I | FLAG_A | FLAG_C, n, more)


def check_strobe():
    # kat/simple_test_vector.json: init("custom string"), KEY, AD, PRF(16).
    s = Strobe(b"custom string")
    s.key(bytes.fromhex("303130313031"))
    s.ad(b"hello, how are you good sir?")
    if s.prf(16).hex() != "5ce86d0815c02a27d8bdd923f2cb0bd8":
        fail("STROBE model fails strobe-rs kat/simple_test_vector.json")
    # kat/meta_test_vector.json: the same with a long protocol string and meta-AD.
    s = Strobe(b"custom string number 2, that's a pretty long string")
    s.key(bytes.fromhex("303130313031"))
    s.meta_ad(b"hello, how are you good sir?")
    if s.prf(16).hex() != "87e57623d5c80f6d1083473a288ccdd7":
        fail("STROBE model fails strobe-rs kat/meta_test_vector.json")


# --- Merlin ------------------------------------------------------------------


class Transcript:
    def __init__(self, label):
        self.s = Strobe(b"Merlin v1.0")
        self.append_message(b"dom-sep", label)

    def append_message(self, label, msg):
        self.s.meta_ad(label + struct.pack("<I", len(msg)))
        self.s.ad(msg)

    def challenge_bytes(self, label, n):
        self.s.meta_ad(label + struct.pack("<I", n))
        return self.s.prf(n)


def check_merlin():
    t = Transcript(b"test protocol")
    t.append_message(b"some label", b"some data")
    if t.challenge_bytes(b"challenge", 32).hex() != "d5a21972d0d5fe320c0d263fac7fffb8145aa640af6e9bca177c03c7efcf0615":
        fail("Merlin model fails TestSimpleTranscript")
    t = Transcript(b"test protocol")
    t.append_message(b"step1", b"some data")
    data = bytes([99]) * 1024
    for _ in range(32):
        c = t.challenge_bytes(b"challenge", 32)
        t.append_message(b"bigdata", data)
        t.append_message(b"challengedata", c)
    if c.hex() != "a8c933f54fae76e3f9bea93648c1308e7dfa2152dd51674ff3ca438351cf003c":
        fail("Merlin model fails TestComplexTranscript")


# --- The vectors -------------------------------------------------------------


def fail(msg):
    sys.stderr.write("merlin_model.py: %s\n" % msg)
    sys.exit(1)


def hx(b):
    return b.hex() if b else "-"


class Script:
    """Runs operations on the model and records them as lines."""

    def __init__(self, lines):
        self.lines = lines
        self.t = None

    def new(self, label):
        assert 0 not in label
        self.t = Transcript(label)
        self.lines.append("N %s" % hx(label))

    def append(self, label, msg):
        assert 0 not in label
        self.t.append_message(label, msg)
        self.lines.append("A %s %s" % (hx(label), hx(msg)))

    def challenge(self, label, n):
        assert 0 not in label
        out = self.t.challenge_bytes(label, n)
        self.lines.append("C %s %d %s" % (hx(label), n, hx(out)))
        return out


# Lengths around the rate (166) and its multiples, and a few far away.
BOUNDARY = [0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65] + list(range(160, 171)) + \
    list(range(328, 336)) + [497, 498, 499, 500, 1000]


def generate(lines):
    rng = random.Random(20190101)

    def rbytes(n):
        return bytes(rng.getrandbits(8) for _ in range(n))

    def rlabel(n):
        return bytes(rng.randrange(1, 256) for _ in range(n))

    s = Script(lines)
    lines.append("# the published vectors (also fixed constants in test_transcript.c)")
    s.new(b"test protocol")
    s.append(b"some label", b"some data")
    s.challenge(b"challenge", 32)
    s.new(b"test protocol")
    s.append(b"step1", b"some data")
    for _ in range(32):
        c = s.challenge(b"challenge", 32)
        s.append(b"bigdata", bytes([99]) * 1024)
        s.append(b"challengedata", c)

    lines.append("# message lengths")
    for n in BOUNDARY + [4096, 100000]:
        s.new(b"message lengths")
        s.append(b"msg", rbytes(n))
        s.challenge(b"c", 32)

    lines.append("# challenge lengths, then a challenge after them")
    for n in BOUNDARY + [2048]:
        s.new(b"challenge lengths")
        s.append(b"msg", rbytes(20))
        s.challenge(b"c", n)
        s.challenge(b"after", 32)

    lines.append("# label lengths: init, append, challenge")
    for n in [0, 1, 2, 150, 160, 161, 162, 163, 164, 165, 166, 167, 168, 400, 1000]:
        s.new(rlabel(n))
        s.challenge(b"c", 32)
        s.new(b"label lengths")
        s.append(rlabel(n), rbytes(10))
        s.challenge(rlabel(n), 32)
        s.challenge(b"", 16)

    lines.append("# many appends, challenges interleaved")
    s.new(b"many appends")
    for i in range(400):
        s.append(rlabel(rng.randrange(0, 12)), rbytes(rng.randrange(0, 400)))
        if i % 17 == 16:
            s.challenge(rlabel(rng.randrange(0, 12)), rng.choice([0, 1, 32, 64, 166, 200]))
    s.challenge(b"final", 64)

    lines.append("# random scripts: every operation at many positions of the block")
    for _ in range(300):
        s.new(rlabel(rng.randrange(0, 40)))
        for _ in range(rng.randrange(1, 16)):
            n = rng.choice(BOUNDARY) if rng.random() < 0.3 else rng.randrange(0, 200)
            label = rlabel(rng.randrange(0, 30))
            if rng.random() < 0.6:
                s.append(label, rbytes(n))
            else:
                s.challenge(label, n)
        s.challenge(b"end", 32)


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: merlin_model.py OUT\n")
        sys.exit(2)
    check_keccak()
    check_strobe()
    check_merlin()
    lines = [
        "# Merlin transcripts from tests/vectors/merlin_model.py (Python %s)" % sys.version.split()[0],
        "# N LABEL | A LABEL MSG | C LABEL LEN OUT",
    ]
    generate(lines)
    count = sum(1 for line in lines if not line.startswith("#"))
    lines.append("#end %d" % count)
    # Renamed into place, so an interrupted build leaves no half file behind.
    tmp = sys.argv[1] + ".tmp"
    with open(tmp, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, sys.argv[1])


if __name__ == "__main__":
    main()
