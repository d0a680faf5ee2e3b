#!/usr/bin/env python3
"""Turns the published Ed25519 vectors into the line format the C tests read.

    json_to_lines.py wycheproof ed25519_test.json      OUT
    json_to_lines.py cctv       ed25519vectors.json    OUT
    json_to_lines.py rfc8032    rfc8032/ed25519.txt    OUT

Meson runs it at build time (tests/vectors/meson.build); the outputs live in
the build directory only. One case per line, fields separated by one space,
byte strings in lower-case hex, "-" for an empty byte string or an empty flag
list, flags joined by ",". Lines starting with "#" are comments.

    wycheproof:  TCID RESULT PK SIG MSG FLAGS   (RESULT: valid|invalid|acceptable;
                                                 SIG may have any length)
    cctv:        NUMBER PK SIG MSG FLAGS        (MSG: the ASCII message, hex-encoded)
    rfc8032:     NAME SEED PK MSG SIG           (NAME: spaces replaced by "_")

The script checks what it reads (counts, hex, lengths) and fails the build on
anything unexpected, so a damaged vector file cannot turn into a silent pass.
"""

import json
import re
import sys


def fail(msg):
    sys.stderr.write("json_to_lines.py: %s\n" % msg)
    sys.exit(1)


def hexfield(value, nbytes=None, what="value"):
    if not isinstance(value, str) or not re.fullmatch(r"(?:[0-9a-fA-F]{2})*", value):
        fail("%s is not a hex string: %r" % (what, value))
    if nbytes is not None and len(value) != 2 * nbytes:
        fail("%s has %d bytes, want %d" % (what, len(value) // 2, nbytes))
    return value.lower() if value else "-"


def flagfield(flags):
    flags = flags or []
    for f in flags:
        if not re.fullmatch(r"[A-Za-z0-9_]+", f):
            fail("unexpected flag %r" % f)
    return ",".join(flags) if flags else "-"


def wycheproof(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("algorithm") != "EDDSA":
        fail("%s: not an EdDSA file" % path)
    lines = ["# Wycheproof %s (%s): TCID RESULT PK SIG MSG FLAGS" % (path.split("/")[-1], doc.get("schema"))]
    for group in doc["testGroups"]:
        key = group["publicKey"]
        if key.get("curve") != "edwards25519":
            fail("unexpected curve %r" % key.get("curve"))
        pk = hexfield(key["pk"], 32, "publicKey.pk")
        for t in group["tests"]:
            if t["result"] not in ("valid", "invalid", "acceptable"):
                fail("tcId %s: unexpected result %r" % (t["tcId"], t["result"]))
            lines.append("%d %s %s %s %s %s" % (
                int(t["tcId"]), t["result"], pk, hexfield(t["sig"], None, "sig"),
                hexfield(t["msg"], None, "msg"), flagfield(t.get("flags"))))
    if len(lines) - 1 != doc["numberOfTests"]:
        fail("%s: %d tests, numberOfTests says %d" % (path, len(lines) - 1, doc["numberOfTests"]))
    return lines


def cctv(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    lines = ["# C2SP CCTV ed25519vectors.json: NUMBER PK SIG MSG FLAGS"]
    for t in doc:
        msg = t["msg"].encode("utf-8").hex()
        lines.append("%d %s %s %s %s" % (
            int(t["number"]), hexfield(t["key"], 32, "key"), hexfield(t["sig"], 64, "sig"),
            msg if msg else "-", flagfield(t.get("flags"))))
    if len(lines) - 1 != 914:
        fail("%s: %d vectors, expected 914" % (path, len(lines) - 1))
    return lines


def rfc8032(path):
    """Reads section 7.1 as laid out in the RFC: "-----TEST name" headers, then
    labelled blocks of hex (SECRET KEY, PUBLIC KEY, MESSAGE (length N bytes),
    SIGNATURE)."""
    tests, cur, field = [], None, None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("#"):
                continue
            if line.startswith("-----"):
                cur = {"name": line[5:].strip(), "hex": {}}
                tests.append(cur)
                field = None
                continue
            m = re.fullmatch(r"(ALGORITHM|SECRET KEY|PUBLIC KEY|MESSAGE|SIGNATURE)(?: \(length (\d+) bytes?\))?:", line)
            if m:
                if cur is None:
                    fail("%s: field outside a test" % path)
                field = m.group(1)
                cur["hex"][field] = ""
                if m.group(2) is not None:
                    cur["mlen"] = int(m.group(2))
                continue
            if not line or field is None:
                continue
            if field == "ALGORITHM":
                if line != "Ed25519":
                    fail("%s: %s: algorithm %r" % (path, cur["name"], line))
                continue
            cur["hex"][field] += line
    lines = ["# RFC 8032 section 7.1: NAME SEED PK MSG SIG"]
    for t in tests:
        h = t["hex"]
        for k in ("SECRET KEY", "PUBLIC KEY", "MESSAGE", "SIGNATURE"):
            if k not in h:
                fail("%s: %s has no %s" % (path, t["name"], k))
        msg = hexfield(h["MESSAGE"], t.get("mlen"), t["name"] + " message")
        lines.append("%s %s %s %s %s" % (
            t["name"].replace(" ", "_"), hexfield(h["SECRET KEY"], 32, t["name"] + " secret key"),
            hexfield(h["PUBLIC KEY"], 32, t["name"] + " public key"), msg,
            hexfield(h["SIGNATURE"], 64, t["name"] + " signature")))
    if len(tests) != 5:
        fail("%s: %d tests, expected the 5 of section 7.1" % (path, len(tests)))
    return lines


def main(argv):
    if len(argv) != 4 or argv[1] not in ("wycheproof", "cctv", "rfc8032"):
        fail("usage: json_to_lines.py wycheproof|cctv|rfc8032 INPUT OUTPUT")
    lines = {"wycheproof": wycheproof, "cctv": cctv, "rfc8032": rfc8032}[argv[1]](argv[2])
    with open(argv[3], "w", encoding="ascii", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv)
