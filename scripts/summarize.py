#!/usr/bin/env python3
"""Adds up the test results of several meson build directories and logs.

Each test program prints "NAME: N passed, N failed" as its last line
(tests/check.h). A test that meson reports as failed but whose own counts show
no failure (a crash, a timeout, a missing summary line) counts as one more
failure, so nothing is lost. Extra log files (e.g. the valgrind run) are
scanned for the same lines. Prints one line per source, then the total as the
last line: "N passed, N failed".
"""
import json
import re
import sys

LINE = re.compile(r"^(\S+): (\d+) passed, (\d+) failed", re.M)


def counts(text):
    passed = failed = 0
    for m in LINE.finditer(text or ""):
        passed += int(m.group(2))
        failed += int(m.group(3))
    return passed, failed


def from_build(build_dir):
    passed = failed = 0
    try:
        with open(f"{build_dir}/meson-logs/testlog.json") as f:
            records = [json.loads(line) for line in f if line.strip()]
    except OSError as e:
        print(f"{build_dir}: no test log ({e.strerror})")
        return 0, 1
    for r in records:
        p, fl = counts(r.get("stdout", ""))
        if r.get("result") not in ("OK", "EXPECTEDFAIL", "SKIP") and fl == 0:
            print(f"{build_dir}: {r.get('name')} ended {r.get('result')} without reporting a failed check")
            fl = 1
        passed += p
        failed += fl
    return passed, failed


def main(argv):
    total_passed = total_failed = 0
    for arg in argv[1:]:
        if arg.startswith("log:"):
            path = arg[4:]
            try:
                with open(path) as f:
                    p, fl = counts(f.read())
            except OSError:
                p, fl = 0, 1
            if p + fl == 0:
                fl = 1  # a step that reported nothing failed
        else:
            path = arg
            p, fl = from_build(arg)
        print(f"  {path}: {p} passed, {fl} failed")
        total_passed += p
        total_failed += fl
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
