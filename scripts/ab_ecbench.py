#!/usr/bin/env python3
"""A/B of two builds' ecbench rows: the builds' ecbench binaries run one
after the other, ROUNDS times, every other round B first, and per row the
median over the rounds of B's median / A's median.

Why: two builds cannot share one ecbench run, and on the shared 2-vCPU
machines the drift of a few minutes moves a row by 10% or more
(docs/performance.md), so one run of each build says little about a
change of a few percent. Alternating short runs puts the drift on both
builds alike; swapping the order every round takes out which-runs-first.
scripts/ab_calls.c does the same call by call for the operations it knows
(single verification, signing, ...); this one covers every ecbench row
(batch verification, the multiscalar multiplications, range proofs).
Every run is of a fresh copy of the binary: where a file's pages lie in
memory can slow its code (docs/performance.md, "Where the code's pages
lie": a byte-identical copy of one ecbench verified 1.55 times faster on
avx2), and with copies such a placement falls on one round, not on every
round of one side.
A developer's tool, not part of the build or the suite:

    scripts/ab_ecbench.py ROUNDS BUILD_A BUILD_B ECBENCH_ARGS...
    scripts/ab_ecbench.py 4 b-nox6 build-rel --backend=avx2,ifma \\
        --benchmark_filter='(avx2|ifma)/(edwards/msm/1024|ed25519/verify_batch/64)$'

BUILD_A and BUILD_B are build directories (their bench/ecbench runs) or
ecbench binaries. ECBENCH_ARGS go to both (default repetitions: 3 of 0.2 s
each, so that a round is short; given ones win). Prints every round's
ratios, then per row: the median ratio, its range, and A's and B's median
times. Ratios below 1: B is faster.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile


def ecbench_binary(build):
    if os.path.isfile(build) and os.access(build, os.X_OK):
        return build
    binary = os.path.join(build, "bench", "ecbench")
    if not os.access(binary, os.X_OK):
        sys.exit(f"ab_ecbench.py: no ecbench in {build} (ninja -C {build} first)")
    return binary


def run(binary, args):
    """One ecbench run of a fresh copy of binary; returns {row: median CPU
    time in ns}."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "ecbench")
        shutil.copy2(binary, copy)
        out = os.path.join(scratch, "out.json")
        command = [copy, "--repetitions=3", "--benchmark_min_time=0.2", *args,
                   f"--benchmark_out={out}", "--benchmark_out_format=json"]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            sys.exit(f"ab_ecbench.py: {binary} failed (status {done.returncode}):\n{done.stderr}")
        with open(out) as f:
            report = json.load(f)
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
    medians = {}
    for row in report["benchmarks"]:
        if row.get("run_type") == "aggregate" and row.get("aggregate_name") == "median":
            medians[row["run_name"]] = row["cpu_time"] * scale[row["time_unit"]]
    if not medians:
        sys.exit(f"ab_ecbench.py: {binary} measured no row (check the filter)")
    return medians


def main():
    if len(sys.argv) < 4 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: ab_ecbench.py ROUNDS BUILD_A BUILD_B ECBENCH_ARGS...")
    rounds = int(sys.argv[1])
    binary_a, binary_b = ecbench_binary(sys.argv[2]), ecbench_binary(sys.argv[3])
    args = sys.argv[4:]
    ratios, times_a, times_b = {}, {}, {}
    for round_number in range(1, rounds + 1):
        b_first = round_number % 2 == 0
        if b_first:
            b, a = run(binary_b, args), run(binary_a, args)
        else:
            a, b = run(binary_a, args), run(binary_b, args)
        for row in sorted(set(a) & set(b)):
            ratios.setdefault(row, []).append(b[row] / a[row])
            times_a.setdefault(row, []).append(a[row])
            times_b.setdefault(row, []).append(b[row])
        line = " ".join(f"{row} {b[row] / a[row]:.3f}" for row in sorted(set(a) & set(b)))
        print(f"round {round_number} ({'B' if b_first else 'A'} first): {line}", flush=True)
    width = max(len(row) for row in ratios)
    print(f"{'row':<{width}}  B / A median (range over {rounds} rounds)  A median ns  B median ns")
    for row in sorted(ratios):
        r = ratios[row]
        print(f"{row:<{width}}  {statistics.median(r):.3f} ({min(r):.3f}-{max(r):.3f})"
              f"  {statistics.median(times_a[row]):.0f}  {statistics.median(times_b[row]):.0f}")


if __name__ == "__main__":
    main()
