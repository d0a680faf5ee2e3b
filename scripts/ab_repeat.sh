#!/bin/sh
# Repeats scripts/ab_calls.c's A/B series RUNS times, every other run with
# the two libraries' places swapped (B loaded first and called first), and
# prints each run's B / A ratios and the median of the runs' median ratios.
# Why: one series is not enough for a change of a few percent. Two builds
# of identical code have differed by 0.4% in one hour, and a first series
# has read 4-5% that later ones did not (docs/avx2.md, "Two square roots");
# which library is loaded and called first is one of the things that can
# differ. A developer's tool, not part of the build or the suite:
#
#     cc -O2 -Iinclude scripts/ab_calls.c -o /tmp/ab_calls -ldl
#     scripts/ab_repeat.sh RUNS OP BACKEND CALLS LIB_A LIB_B
#
# (AB_CALLS names another ab_calls binary.) OP, BACKEND, CALLS, LIB_A and
# LIB_B as for ab_calls; BACKEND "X,Y" keeps X with LIB_A and Y with LIB_B
# in the swapped runs too (LIB_A and LIB_B may then be one file: each run
# loads its own copies). Ratios below
# 1: B is faster.
#
# Every run loads fresh copies of the two libraries. Where a file's pages
# lie in memory can slow its code: on AMD Zen 5 (2026-12-07) one build's
# avx2 verification ran 1.55 times slower than a byte-identical copy of
# it, until those code pages were given new page-cache pages
# (docs/performance.md, "Where the code's pages lie"). With copies, such a
# placement falls on one run, which the median of the runs' medians
# discounts, instead of on every run of one side.
set -eu
set -f # the ratio lines are split into words below; no globbing

if [ $# -ne 6 ]; then
  echo "usage: ab_repeat.sh RUNS OP BACKEND CALLS LIB_A LIB_B" >&2
  exit 2
fi
runs=$1 op=$2 backend=$3 calls=$4 lib_a=$5 lib_b=$6
ab_calls=${AB_CALLS:-/tmp/ab_calls}
case $runs in '' | *[!0-9]*) echo "ab_repeat.sh: RUNS must be a number" >&2; exit 2 ;; esac
[ -x "$ab_calls" ] || { echo "ab_repeat.sh: no $ab_calls (build it, see above)" >&2; exit 2; }

case $backend in
  *,*) backend_a=${backend%%,*} backend_b=${backend#*,} ;;
  *) backend_a=$backend backend_b=$backend ;;
esac

copies=$(mktemp -d)
trap 'rm -rf "$copies"' EXIT

medians=
run=1
while [ "$run" -le "$runs" ]; do
  cp "$lib_a" "$copies/a$run.so"
  cp "$lib_b" "$copies/b$run.so"
  if [ $((run % 2)) -eq 1 ]; then
    order="A first" invert=0
    line=$("$ab_calls" "$op" "$backend_a,$backend_b" "$calls" "$copies/a$run.so" "$copies/b$run.so" | grep '^B / A:')
  else
    # Swapped: that run's ratios are A's statistic over B's (each of min,
    # p10 and median is one build's own), so inverted they are B / A.
    order="B first" invert=1
    line=$("$ab_calls" "$op" "$backend_b,$backend_a" "$calls" "$copies/b$run.so" "$copies/a$run.so" | grep '^B / A:')
  fi
  rm -f "$copies/a$run.so" "$copies/b$run.so"
  # "B / A: min X p10 Y median Z", split into words
  # shellcheck disable=SC2086
  set -- $line
  ratios=$(awk -v inv="$invert" -v a="$5" -v b="$7" -v c="$9" '
    function r(x) { return inv ? 1 / x : x }
    BEGIN { printf "%.3f %.3f %.3f", r(a), r(b), r(c) }')
  # shellcheck disable=SC2086
  set -- $ratios
  echo "run $run ($order): B / A min $1 p10 $2 median $3"
  medians="$medians $3"
  run=$((run + 1))
done
echo "$medians" | tr ' ' '\n' | grep . | sort -n | awk '
  { v[NR] = $1 }
  END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "median of %d runs\x27 median ratios: %.3f (range %.3f-%.3f)\n", NR, m, v[1], v[NR] }'
