#!/usr/bin/env bash
# Installs what ecx needs on a Debian 12 machine, then checks that every
# toolchain the README's commands rely on really works.
#   scripts/setup.sh          everything the test suite needs (native + cross)
#   scripts/setup.sh --bench  only what the native build and ecbench need
#
# Idempotent: only missing packages are installed, and nothing is fetched when
# all are present (a second run installs nothing). apt-get update may fail for
# one index now and then (a mirror mid-sync): it is retried, and the script
# goes on as long as the packages it needs end up installed.
#
# The package list was found by running the README's two commands in a
# brand-new minimal Debian 12 root (docs/testing.md, "Fresh machine"), not by
# reading dependencies: several packages the suite needs are only
# *recommended* by the ones that name them, and apt-get runs here with
# --no-install-recommends.
#
# After the install, each toolchain is tried on a trivial program (compile,
# link, run). Every check prints one line; a failing one is named in a clear
# message. The exit status is 0 if everything works, 1 if a package could not
# be installed, 2 if packages are present but some toolchain check fails. With
# ECX_SETUP_REPORT=FILE the results also go to FILE, one line per check and a
# last line "setup: N passed, N failed", which scripts/test.sh counts in its
# summary.
set -u

mode=all
case "${1:-}" in
  "") ;;
  --bench) mode=bench ;;
  -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "setup: unknown option '$1' (try --help)" >&2; exit 1 ;;
esac

native_packages=(
  meson ninja-build pkgconf cmake gcc g++ clang python3 binutils
  libcpu-features-dev libsodium-dev libgmp-dev libssl-dev libbenchmark-dev
)
# libclang-rt-14-dev: clang 14's sanitizer and libFuzzer runtimes (the fuzz
# build), which clang only recommends. libc6-dev-*-cross: the cross
# compilers' target C library (crt files, libc.so), which gcc-*-linux-gnu*
# only recommends: without it nothing links. libsimde-dev: portable versions
# of the vector intrinsics, so vector code also runs natively and under
# valgrind where the real ISA cannot. chromium: headless rendering of
# ecbench --report (tests/test_bench_report.sh). g++-*-linux-gnu* and
# libbenchmark-dev:arm64/armhf: ecbench in the cross builds (a smoke test
# under qemu).
test_packages=(
  valgrind qemu-user libclang-rt-14-dev libsimde-dev
  chromium
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
  libsodium-dev:arm64 libgmp-dev:arm64
  libsodium-dev:armhf libgmp-dev:armhf
  g++-aarch64-linux-gnu g++-arm-linux-gnueabihf libbenchmark-dev:arm64 libbenchmark-dev:armhf
)

packages=("${native_packages[@]}")
# For tests/test_setup.sh: extra package names, to play a missing package.
# shellcheck disable=SC2206
packages+=(${ECX_SETUP_EXTRA_PACKAGES:-})
foreign_arches=()
if [ "$mode" = all ]; then
  packages+=("${test_packages[@]}")
  foreign_arches=(arm64 armhf)
fi

report=${ECX_SETUP_REPORT:-}
[ -z "$report" ] || : >"$report"

missing_packages() {
  local p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || echo "$p"
  done
}

install_missing() {
  local missing=$1
  local sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo_cmd=(sudo -n)
    else
      echo "setup: these Debian packages are missing and installing them needs root:" >&2
      echo "setup:   $missing" >&2
      echo "setup: run as root (or with sudo):" >&2
      [ ${#foreign_arches[@]} -eq 0 ] || echo "  dpkg --add-architecture arm64 && dpkg --add-architecture armhf" >&2
      echo "  apt-get update && apt-get install -y --no-install-recommends $missing" >&2
      echo "setup: then run $0 again" >&2
      return 1
    fi
  fi
  echo "setup: installing:" $missing

  local arch
  for arch in "${foreign_arches[@]}"; do
    dpkg --print-foreign-architectures | grep -qx "$arch" || "${sudo_cmd[@]}" dpkg --add-architecture "$arch"
  done

  export DEBIAN_FRONTEND=noninteractive
  local attempt
  for attempt in 1 2 3; do
    "${sudo_cmd[@]}" apt-get update -q >/tmp/ecx-apt-update.log 2>&1 && break
    echo "setup: apt-get update failed (attempt $attempt), retrying" >&2
    sleep $((attempt * 5))
  done
  for attempt in 1 2 3; do
    # shellcheck disable=SC2086
    "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends $missing >/tmp/ecx-apt-install.log 2>&1 && break
    echo "setup: apt-get install failed (attempt $attempt), retrying" >&2
    sleep $((attempt * 5))
    "${sudo_cmd[@]}" apt-get update -q >>/tmp/ecx-apt-update.log 2>&1
  done
  return 0
}

missing=$(missing_packages | tr '\n' ' ')
if [ -z "${missing// /}" ]; then
  echo "setup: all packages present"
else
  install_missing "$missing" || { [ -z "$report" ] || echo "setup: 0 passed, 1 failed" >>"$report"; exit 1; }
  missing=$(missing_packages | tr '\n' ' ')
  if [ -n "${missing// /}" ]; then
    echo "setup: could not install:" $missing >&2
    tail -20 /tmp/ecx-apt-install.log >&2
    [ -z "$report" ] || echo "setup: 0 passed, 1 failed (could not install: $missing)" >>"$report"
    exit 1
  fi
  echo "setup: packages installed"
fi

# --- toolchain checks: each builds and runs a trivial program -------------
work=$(mktemp -d /tmp/ecx-setup.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
passes=0

check() {  # check NAME COMMAND...: runs the command quietly, reports the result
  local name=$1; shift
  if "$@" >"$work/$name.log" 2>&1; then
    echo "setup: check $name: ok"
    passes=$((passes + 1))
    [ -z "$report" ] || echo "check $name: ok" >>"$report"
  else
    local why
    why=$(grep -v '^\s*$' "$work/$name.log" | tail -1 | cut -c1-200)
    echo "setup: check $name: FAILED: ${why:-exit status $?}" >&2
    [ -z "$report" ] || echo "check $name: FAILED ${why:-}" >>"$report"
    failures=$((failures + 1))
  fi
}

printf '#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n' >"$work/hello.c"
printf '#include <cstdio>\n#include <vector>\nint main() { std::vector<int> v{1}; std::printf("ok\\n"); return v[0] - 1; }\n' >"$work/hello.cc"
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$work/fuzz.c"

runs_ok() { "$@" | grep -qx ok; }
native_c() { "$1" -O1 "$work/hello.c" -o "$work/hello-$1" && runs_ok "$work/hello-$1"; }
native_cxx() { "$1" -O1 "$work/hello.cc" -o "$work/hello-$1" && runs_ok "$work/hello-$1"; }
cross_c() {  # cross_c COMPILER QEMU SYSROOT
  "$1" -O1 "$work/hello.c" -o "$work/hello-$1" && runs_ok "$2" -L "$3" "$work/hello-$1"
}
fuzzer() { clang -fsanitize=fuzzer,address "$work/fuzz.c" -o "$work/fuzz" && "$work/fuzz" -runs=10 ; }
valgrind_run() { native_c gcc && valgrind -q --error-exitcode=42 "$work/hello-gcc" | grep -qx ok; }

check gcc native_c gcc
check g++ native_cxx g++
check clang native_c clang
check clang++ native_cxx clang++
if [ "$mode" = all ]; then
  check aarch64-linux-gnu-gcc cross_c aarch64-linux-gnu-gcc qemu-aarch64 /usr/aarch64-linux-gnu
  check arm-linux-gnueabihf-gcc cross_c arm-linux-gnueabihf-gcc qemu-arm /usr/arm-linux-gnueabihf
  check libfuzzer fuzzer
  check valgrind valgrind_run
fi

[ -z "$report" ] || echo "setup: $passes passed, $failures failed" >>"$report"
if [ "$failures" -ne 0 ]; then
  echo "setup: $failures toolchain check(s) failed; the steps that need them will fail too" >&2
  exit 2
fi
echo "setup: done"
