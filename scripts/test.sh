#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this):
#   1. setup (missing Debian packages, then a check that each toolchain works),
#   2. gcc and clang builds with -Werror, every test program on both,
#   3. an ASan + UBSan build running the suite,
#   4. the valgrind constant-time check on every backend (gcc and clang builds),
#   5. AArch64, ARMv7 and ARMv6 (Raspberry Pi OS 32-bit's default) cross
#      builds running the suite under qemu-user,
#   6. a clang ASan + UBSan build running the suite, then the libFuzzer
#      targets tests/fuzz_ed25519.c and tests/fuzz_p256.c for
#      ECX_FUZZ_SECONDS (default 90) seconds each, tests/fuzz_rangeproof.c
#      for ECX_FUZZ_RANGEPROOF_RUNS (2000) executions and the per-parser
#      targets tests/fuzz/*.c for ECX_FUZZ_RUNS (20000) executions each,
#   7. small builds of single tests: the stack-residue test at -O2 (gcc, clang),
#      the thread tests under clang's ThreadSanitizer,
#   8. the checked-bounds build (-Decx_verify=true) running the suite.
# Build directories go under build-test/ (override with ECX_TEST_DIR). The
# last line is "N passed, N failed"; the exit status is non-zero on failure.
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
out=${ECX_TEST_DIR:-$root/build-test}
mkdir -p "$out"

# Packages that cannot be installed end the run; a toolchain that is present
# but does not work (scripts/setup.sh names it) is counted as a failure in the
# summary, and the steps that need it fail on their own.
ECX_SETUP_REPORT=$out/setup.log scripts/setup.sh
case $? in
  0|2) ;;
  *) echo "0 passed, 1 failed"; exit 1 ;;
esac

# Undefined behaviour fails a test instead of printing a warning.
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1

sources=("log:$out/setup.log")
step() { echo; echo "=== $*"; }

# setup's own promises: a second run is a no-op, a broken toolchain is named.
step "setup checks"
tests/test_setup.sh >"$out/test_setup.log" 2>&1
tail -1 "$out/test_setup.log"
sources+=("log:$out/test_setup.log")

# build NAME [meson setup options...]: configure, build and run the suite.
build_and_test() {
  local name=$1; shift
  local dir=$out/$name
  step "$name"
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >"$out/$name.setup.log" 2>&1 || { tail -30 "$out/$name.setup.log"; sources+=("log:$out/$name.setup.log"); return; }
  fi
  if ! ninja -C "$dir" >"$out/$name.build.log" 2>&1; then
    tail -40 "$out/$name.build.log"
    sources+=("log:$out/$name.build.log")
    return
  fi
  meson test -C "$dir" --num-processes 2 --print-errorlogs >"$out/$name.test.log" 2>&1
  grep -E '^ *[0-9]+/[0-9]+ ' "$out/$name.test.log" | sed 's/^/  /'
  sources+=("$dir")
}

common=(-Dwerror=true --buildtype=release)
CC=gcc CXX=g++ build_and_test gcc "${common[@]}"
CC=clang CXX=clang++ build_and_test clang "${common[@]}"
# Under ASan, u64 compiles its portable C scalar multiplication instead of
# the x86-64 inline assembly (ASan leaves the assembly too few registers), so
# the sanitizer builds keep that path tested on x86-64 too. Without the
# SIMDe build of the neon backend (-Dneon_simde=false): gcc needs over ten
# minutes for that one file under ASan (the whole suite must fit CI's 90
# minutes on a 2-core machine), and the release builds, the checked-bounds
# build and the valgrind check run its tests, qemu the real NEON code.
CC=gcc CXX=g++ build_and_test sanitize -Dwerror=true --buildtype=debugoptimized \
  -Db_sanitize=address,undefined -Db_lundef=false -Dneon_simde=false
build_and_test aarch64 "${common[@]}" --cross-file "$root/cross/aarch64-linux-gnu.ini"
build_and_test armv7 "${common[@]}" --cross-file "$root/cross/armv7-linux-gnueabihf.ini"
build_and_test armv6 "${common[@]}" --cross-file "$root/cross/armv6-linux-gnueabihf.ini"

# clang's sanitizers, and the fuzz target built with them (tests/meson.build
# builds it when clang links libFuzzer). The library gets libFuzzer's edge counters
# (coverage feedback) but not its comparison tracing, which costs 2.5x in
# executions per second and sees little in branch-free arithmetic. The
# backends' arithmetic and constant-time point formulas get no counters
# either (tests/fuzz/coverage_ignore.txt): each counter an execution touches
# costs libFuzzer's scheduler time, and these tell it nothing; and the
# field and scalar arithmetic, the 4-way formulas and the hash compressions
# no UBSan (tests/fuzz/ubsan_ignore.txt; the gcc sanitize build above keeps
# it). ASan stays on everywhere
# (docs/testing.md, "Fuzzing").
CC=clang CXX=clang++ build_and_test fuzz -Dwerror=true --buildtype=debugoptimized \
  -Db_sanitize=address,undefined -Db_lundef=false \
  "-Dc_args=-fsanitize-coverage=inline-8bit-counters,pc-table -fsanitize-coverage-ignorelist=$root/tests/fuzz/coverage_ignore.txt -fsanitize-ignorelist=$root/tests/fuzz/ubsan_ignore.txt"

# build_and_test_only NAME "TEST..." [meson setup options...]: configure, build
# only the named test programs (and the library) and run just those.
build_and_test_only() {
  local name=$1 tests=$2; shift 2
  local dir=$out/$name targets=()
  step "$name ($tests)"
  for t in $tests; do targets+=("tests/$t"); done
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >"$out/$name.setup.log" 2>&1 || { tail -30 "$out/$name.setup.log"; sources+=("log:$out/$name.setup.log"); return; }
  fi
  if ! ninja -C "$dir" "${targets[@]}" >"$out/$name.build.log" 2>&1; then
    tail -40 "$out/$name.build.log"
    sources+=("log:$out/$name.build.log")
    return
  fi
  # shellcheck disable=SC2086
  meson test -C "$dir" --no-rebuild --num-processes 2 --print-errorlogs $tests >"$out/$name.test.log" 2>&1
  grep -E '^ *[0-9]+/[0-9]+ ' "$out/$name.test.log" | sed 's/^/  /'
  sources+=("$dir")
}

# Secrets left on the stack (tests/test_residue.c) at -O2 as well: the gcc and
# clang builds above are -O3, and what the compiler spills differs.
CC=gcc CXX=g++ build_and_test_only residue-gcc-O2 test_residue "${common[@]}" -Doptimization=2
CC=clang CXX=clang++ build_and_test_only residue-clang-O2 test_residue "${common[@]}" -Doptimization=2

# ThreadSanitizer on the thread tests only (concurrent first use, backend
# switching under load; tests/test_threads.c, tests/test_dispatch.c): a data
# race ends the program with TSan's report.
CC=clang CXX=clang++ build_and_test_only tsan "test_dispatch test_threads" -Dwerror=true \
  --buildtype=debugoptimized -Db_sanitize=thread -Db_lundef=false

# The checked-bounds build (meson -Decx_verify=true, src/common/verify.h):
# every u32 and u64 field and scalar operation checks its documented input
# and output bounds, and so does every 4-way field operation of ifma, avx2
# and neon (lane by lane, src/backend/vector/verify4.h; neon through its
# SIMDe build, the *_neon_simde tests), and the suite runs once in it;
# test_verify4_* show that the 4-way checks fire. The test_vector_* checks
# are left out: they use u64's fe_add and fe_sub as the reference on limbs up
# to 2^52, beyond the TIGHT inputs u64 documents, which this build rejects.
# test_trace is left out too: single-stepping the checks of every 4-way
# operation takes over its 900 s timeout; it runs in the release builds.
step "verify (checked bounds)"
verify_dir=$out/verify
if [ -f "$verify_dir/build.ninja" ] || CC=gcc CXX=g++ meson setup "$verify_dir" -Dwerror=true \
     --buildtype=debugoptimized -Decx_verify=true >"$out/verify.setup.log" 2>&1; then
  if ninja -C "$verify_dir" >"$out/verify.build.log" 2>&1; then
    # shellcheck disable=SC2046
    meson test -C "$verify_dir" --no-rebuild --num-processes 2 --print-errorlogs \
      $(meson test -C "$verify_dir" --no-rebuild --list 2>/dev/null | grep -E '^test_' | grep -Ev '^(test_vector_|test_trace$)') \
      >"$out/verify.test.log" 2>&1
    grep -E '^ *[0-9]+/[0-9]+ ' "$out/verify.test.log" | sed 's/^/  /'
    sources+=("$verify_dir")
  else
    tail -40 "$out/verify.build.log"
    sources+=("log:$out/verify.build.log")
  fi
else
  tail -30 "$out/verify.setup.log"
  sources+=("log:$out/verify.setup.log")
fi

fuzz_seconds=${ECX_FUZZ_SECONDS:-90}
fuzz_runs=${ECX_FUZZ_RUNS:-20000}
# run_fuzz NAME LIMIT [SEED_SCRIPT SEED_ARG]: runs BUILD/tests/NAME (or
# BUILD/tests/fuzz/NAME) until LIMIT, "runs=N" (executions) or "seconds=S",
# on a fresh corpus holding the checked-in seeds tests/fuzz/corpus/NAME (if
# any) and what SEED_SCRIPT writes from SEED_ARG (if given; the inputs
# libFuzzer adds go there too), and records "NAME: 1 passed" or the failing
# input in $out/NAME.log.
run_fuzz() {
  local name=$1 limit=$2 seeds=${3:-} seed_arg=${4:-} flag
  case $limit in
    runs=*) flag=-runs=${limit#runs=} ;;
    seconds=*) flag=-max_total_time=${limit#seconds=} ;;
    *) echo "run_fuzz: bad limit $limit" >&2; return 1 ;;
  esac
  step "$name (libFuzzer, ${limit/=/ })"
  local fuzz_bin=$out/fuzz/tests/$name
  [ -x "$fuzz_bin" ] || fuzz_bin=$out/fuzz/tests/fuzz/$name
  if [ -x "$fuzz_bin" ]; then
    local corpus=$out/fuzz/$name-corpus artifacts=$out/fuzz/$name-artifacts
    rm -rf "$corpus" "$artifacts"
    mkdir -p "$corpus" "$artifacts"
    if [ -d "tests/fuzz/corpus/$name" ]; then cp tests/fuzz/corpus/"$name"/* "$corpus"/; fi
    if [ -n "$seeds" ]; then python3 "$seeds" "$seed_arg" "$corpus"; fi
    "$fuzz_bin" "$flag" -seed=1 -rss_limit_mb=2048 -timeout=60 -print_final_stats=1 \
      -artifact_prefix="$artifacts/" "$corpus" >"$out/$name.run.log" 2>&1
    local fuzz_status=$?
    grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec)' "$out/$name.run.log" | sed 's/^/  /'
    local crash
    crash=$(find "$artifacts" -type f | head -5 | tr '\n' ' ')
    if [ "$fuzz_status" -eq 0 ] && [ -z "$crash" ]; then
      echo "$name: 1 passed, 0 failed" >"$out/$name.log"
    else
      tail -40 "$out/$name.run.log"
      echo "$name: 0 passed, 1 failed (exit $fuzz_status; input: ${crash:-none}; log: $out/$name.run.log)" >"$out/$name.log"
    fi
    cat "$out/$name.log"
  else
    echo "$name was not built" >"$out/$name.log"
  fi
  sources+=("log:$out/$name.log")
}
# Ed25519: the published vectors as sig || pk || msg (the C2SP CCTV set is
# all edge cases) and the 14 small-order encodings as R and as pk with S = 0.
run_fuzz fuzz_ed25519 "seconds=$fuzz_seconds" tests/fuzz_seed_corpus.py "$out/fuzz/tests/vectors"
# P-256: the Wycheproof ECDSA cases with both key encodings.
run_fuzz fuzz_p256 "seconds=$fuzz_seconds" tests/fuzz_p256_seed_corpus.py "$out/fuzz/tests/vectors"
# Range proofs: the crate's published proofs, a fixed number of executions
# (most inputs are verifications: about 2000 per CPU second in this build).
run_fuzz fuzz_rangeproof "runs=${ECX_FUZZ_RANGEPROOF_RUNS:-2000}" tests/fuzz_rangeproof_seeds.py \
  tests/vectors/bulletproofs/deserialize_and_verify.txt
# One target per parser (tests/fuzz/), ECX_FUZZ_RUNS executions each from
# the checked-in seeds; docs/testing.md gives the long run.
for target in fuzz_ed25519_parse fuzz_ristretto_decode fuzz_p256_key fuzz_p256_sig fuzz_rangeproof_parse \
              fuzz_transcript; do
  run_fuzz "$target" "runs=$fuzz_runs"
done

# Both compilers: each has turned a masked select into a branch somewhere.
for compiler in gcc clang; do
  step "constant time (valgrind, $compiler build)"
  log=$out/ctime-$compiler.log
  if [ -x "$out/$compiler/tests/test_ctime" ]; then
    tests/run_ctime.sh "$out/$compiler" >"$log" 2>&1
    tail -3 "$log"
  else
    echo "test_ctime was not built" >"$log"
  fi
  sources+=("log:$log")
done

step "summary"
python3 scripts/summarize.py "${sources[@]}"
