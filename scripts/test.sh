#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this):
#   1. setup (missing Debian packages),
#   2. gcc and clang builds with -Werror, every test program on both,
#   3. an ASan + UBSan build running the suite,
#   4. the valgrind constant-time check on every backend,
#   5. AArch64 and ARMv7 cross builds running the suite under qemu-user.
# Build directories go under build-test/ (override with ECX_TEST_DIR). The
# last line is "N passed, N failed"; the exit status is non-zero on failure.
set -u
cd "$(dirname "$0")/.."
root=$(pwd)
out=${ECX_TEST_DIR:-$root/build-test}
mkdir -p "$out"

scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

# Undefined behaviour fails a test instead of printing a warning.
export UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1

sources=()
step() { echo; echo "=== $*"; }

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
# The sanitizer build also compiles u64's portable C scalar multiplication,
# which x86-64 otherwise replaces with inline assembly.
CC=gcc CXX=g++ build_and_test sanitize -Dwerror=true --buildtype=debugoptimized \
  -Db_sanitize=address,undefined -Db_lundef=false -Dc_args=-DECX_U64_NO_ASM
build_and_test aarch64 "${common[@]}" --cross-file "$root/cross/aarch64-linux-gnu.ini"
build_and_test armv7 "${common[@]}" --cross-file "$root/cross/armv7-linux-gnueabihf.ini"

step "constant time (valgrind)"
if [ -x "$out/gcc/tests/test_ctime" ]; then
  tests/run_ctime.sh "$out/gcc" >"$out/ctime.log" 2>&1
  tail -5 "$out/ctime.log"
else
  echo "test_ctime was not built" >"$out/ctime.log"
fi
sources+=("log:$out/ctime.log")

step "summary"
python3 scripts/summarize.py "${sources[@]}"
