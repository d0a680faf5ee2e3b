#!/usr/bin/env python3
"""Turns Wycheproof's ecdsa_secp256r1_sha256_p1363_test.json into the line
format tests/test_p256_ecdsa.c reads (tests/vector_file.h):

    p256_vectors.py ecdsa_secp256r1_sha256_p1363_test.json OUT

One case per line: TCID RESULT PK SIG MSG, byte strings in lower-case hex,
"-" for an empty one; PK is the group's uncompressed key (65 bytes), SIG
the P1363 signature as given (any length: the malformed ones too). The last
line is "#end N". The script checks what it reads (algorithm, curve, hash,
counts, hex) and fails the build on anything unexpected.
"""
import json
import os
import sys


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from json_to_lines import fail, hexfield  # noqa: E402  (the Ed25519 converter's checked hex fields)


def main():
    if len(sys.argv) != 3:
        fail("usage: p256_vectors.py INPUT.json OUT")
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("algorithm") != "ECDSA":
        fail("not an ECDSA file")
    lines = ["# Wycheproof %s (%s): TCID RESULT PK SIG MSG" % (sys.argv[1].split("/")[-1], doc.get("schema"))]
    for group in doc["testGroups"]:
        key = group["publicKey"]
        if key.get("curve") != "secp256r1" or group.get("sha") != "SHA-256":
            fail("unexpected group %r / %r" % (key.get("curve"), group.get("sha")))
        pk = hexfield(key["uncompressed"], 65, "publicKey.uncompressed")
        for t in group["tests"]:
            if t["result"] not in ("valid", "invalid", "acceptable"):
                fail("tcId %s: unexpected result %r" % (t["tcId"], t["result"]))
            lines.append("%d %s %s %s %s" % (int(t["tcId"]), t["result"], pk, hexfield(t["sig"], None, "sig"),
                                             hexfield(t["msg"], None, "msg")))
    if len(lines) - 1 != doc["numberOfTests"]:
        fail("%d tests, numberOfTests says %d" % (len(lines) - 1, doc["numberOfTests"]))
    lines.append("#end %d" % (len(lines) - 1))
    with open(sys.argv[2], "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
