#!/usr/bin/env bash
# On a machine not measured before (an x86-64 with AVX2, ideally also AVX-512
# IFMA), the measurements that decide the vector backends' build-time choices
# and issue 8's goals, in one go: the build variants, the call-by-call A/Bs,
# the two-build ecbench A/Bs, the Straus / Pippenger crossings and the goal
# command twice. Everything goes to OUT/report.txt (default
# /tmp/avx2-machine-check), each step with the command that produced it.
# A developer's tool, not part of the build or the suite; it needs what
# scripts/setup.sh installs (meson, gcc, clang, cpu_features). Run it with the
# machine otherwise idle: about 30 minutes on 2 vCPUs, most of it building.
#
#     scripts/avx2_machine_check.sh [OUT]
#
# The builds (all --buildtype=release, from this checkout):
#   rel     gcc, the defaults
#   4way    gcc, -DECXI_SQRT_PAIR_SERIAL=0: avx2's two roots (A and R of a
#           single verification) in the 4-way chain instead of the MULX pair
#   nox6    gcc, -DECXI_SQRT_X6=0: four roots per exponentiation instead of six
#   clang   clang: its schedule of avx2's point formulas (docs/avx2.md,
#           "Compilers": on the Xeon model 167 clang's doubling took 126 TSC
#           cycles against gcc's 148; on AMD Zen 5 131 against 125 TSC ticks
#           since the carries in rounds)
#   chain   gcc, -DFE4_REDUCE_BY_ROUNDS=0: avx2's products carried in one
#           chain instead of three rounds (docs/avx2.md, "The carries in
#           rounds"); the library only
#   halves  clang, -DFE4_MUL_BY_HALVES=1: avx2's products in two halves of
#           columns, clang's default until the rounds; the library only
# What each comparison decides is written beside it in the report; the
# choices and earlier figures are in docs/avx2.md and docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
out=${1:-/tmp/avx2-machine-check}
mkdir -p "$out"
report=$out/report.txt
: >"$report"

say() { printf '%s\n' "$*" | tee -a "$report"; }
# step TITLE COMMAND...: runs COMMAND, its output into the report.
step() {
  local title=$1
  shift
  say ""
  say "## $title"
  say "\$ $*"
  "$@" 2>&1 | tee -a "$report"
}

for tool in meson ninja gcc clang python3; do
  command -v "$tool" >/dev/null || { echo "avx2_machine_check.sh: no $tool (scripts/setup.sh installs it)" >&2; exit 2; }
done
grep -qw avx2 /proc/cpuinfo || { echo "avx2_machine_check.sh: this CPU has no AVX2" >&2; exit 2; }
has_ifma=0
grep -qw avx512ifma /proc/cpuinfo && has_ifma=1

say "# avx2_machine_check.sh at $(git rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC')"
say "$(grep -m1 'model name' /proc/cpuinfo)"
say "$(grep -m1 'cpu family' /proc/cpuinfo), $(grep -m1 '^model[[:space:]]' /proc/cpuinfo)"
say "flags: $(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -xE 'avx2|avx512ifma|avx512vl|bmi2|adx|sha_ni' | tr '\n' ' ')"
say "vCPUs: $(nproc); gcc $(gcc -dumpfullversion), $(clang --version | head -1)"

# build NAME [meson setup options...] (CC / CXX from the environment)
build() {
  local name=$1
  shift
  if [ ! -f "$out/$name/build.ninja" ]; then
    meson setup "$out/$name" "$src" --buildtype=release "$@" >"$out/$name.setup.log" 2>&1 ||
      { tail -20 "$out/$name.setup.log"; exit 1; }
  fi
  ninja -C "$out/$name" $targets >"$out/$name.build.log" 2>&1 || { tail -20 "$out/$name.build.log"; exit 1; }
}
targets=
build rel
build 4way -Dc_args=-DECXI_SQRT_PAIR_SERIAL=0
build nox6 -Dc_args=-DECXI_SQRT_X6=0
CC=clang CXX=clang++ build clang
targets=libecx.so.0.1.0 # the call-by-call A/Bs need only the library
build chain -Dc_args=-DFE4_REDUCE_BY_ROUNDS=0
CC=clang CXX=clang++ build halves -Dc_args=-DFE4_MUL_BY_HALVES=1
say "builds: $out/{rel,4way,nox6,clang,chain,halves}"

cc -O2 -Iinclude scripts/ab_calls.c -o "$out/ab_calls" -ldl
export AB_CALLS=$out/ab_calls

say ""
say "# Call by call (scripts/ab_repeat.sh: B / A, TSC ticks; below 1: B is faster)"
step "avx2 / u64 verification, gcc (issue 8's goal: <= 0.85)" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct u64,avx2 4000 "$out/rel/libecx.so.0" "$out/rel/libecx.so.0"
step "avx2 / u64 verification, clang" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct u64,avx2 4000 "$out/clang/libecx.so.0" "$out/clang/libecx.so.0"
step "avx2 verification: 4-way chain for A and R (A) against the MULX pair (B, the default); above 1: ECXI_SQRT_PAIR_SERIAL loses here" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct avx2 3000 "$out/4way/libecx.so.0" "$out/rel/libecx.so.0"
step "avx2 verification: gcc (A) against clang (B); below 1: clang's schedule of the formulas wins here" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct avx2 3000 "$out/rel/libecx.so.0" "$out/clang/libecx.so.0"
step "u64 verification: gcc (A) against clang (B), to read the line above against" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct u64 3000 "$out/rel/libecx.so.0" "$out/clang/libecx.so.0"
step "avx2 verification, gcc: the products' carries in a chain (A) against three rounds (B, the default); above 1: FE4_REDUCE_BY_ROUNDS loses here" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct avx2 3000 "$out/chain/libecx.so.0" "$out/rel/libecx.so.0"
step "avx2 verification, clang: products in halves (A) against the ten columns and the rounds (B, the default); above 1: FE4_MUL_BY_HALVES=1 wins here" \
  scripts/ab_repeat.sh 6 ed25519_verify_distinct avx2 3000 "$out/halves/libecx.so.0" "$out/clang/libecx.so.0"

vector_backends=avx2
[ "$has_ifma" = 1 ] && vector_backends=ifma,avx2
say ""
say "# Two builds in ecbench (scripts/ab_ecbench.py: B / A of the medians, rounds alternating)"
step "four roots per exponentiation (A) against six (B, the default); above 1: ECXI_SQRT_X6 loses here" \
  scripts/ab_ecbench.py 4 "$out/nox6" "$out/rel" --backend=$vector_backends \
  --benchmark_filter='(avx2|ifma)/(edwards/msm/(64|1024)|ed25519/verify_batch/64)$'

cc -O2 -std=c11 -Isrc -Iinclude -I"$out/rel" scripts/msm_switch.c "$out/rel/libecx.a" \
  -o "$out/msm_switch" -lcpu_features -lm -lpthread
say ""
say "# Straus / Pippenger crossings (scripts/msm_switch.c: Pippenger / Straus per size; the switch is where it passes 1)"
say "# set now: ifma 44 points / 77 in a batch, avx2 132 / 224, u64 176 / 256 (GE_MSM_STRAUS_MAX_N, ED25519_BATCH_STRAUS_MAX_N)"
[ "$has_ifma" = 1 ] && step "ifma" "$out/msm_switch" msm ifma full 15 32 40 48 56 64 96
step "avx2" "$out/msm_switch" msm avx2 full 15 96 112 128 144 160
step "u64" "$out/msm_switch" msm u64 full 15 128 160 176 192 224

say ""
say "# Issue 8's goal command, twice (the goals: docs/performance.md, the section of the last goal run)"
# Each run on a fresh copy of ecbench (docs/performance.md, "Where the code's
# pages lie": one copy of a binary can run avx2's code 1.55 times slower).
for run in 1 2; do
  cp "$out/rel/bench/ecbench" "$out/ecbench-goal-$run"
  step "goal run $run" "$out/ecbench-goal-$run" --backend=$vector_backends,u64 --versus=u64 \
    --benchmark_filter='ed25519/(sign|verify|verify_batch/64)$|f25519/mul_x4$|edwards/msm/1024$' \
    --benchmark_repetitions=7 --benchmark_enable_random_interleaving=true
done
say ""
say "report: $report"
