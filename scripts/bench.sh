#!/usr/bin/env bash
# Builds ecx in build/ (release) and runs ecbench: the auto-selected backend
# beside libsodium and OpenSSL in one run. Extra arguments go to ecbench, e.g.
#   scripts/bench.sh --backend=all --benchmark_filter=ed25519
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh --bench
[ -f build/build.ninja ] || meson setup build --buildtype=release
ninja -C build
exec build/bench/ecbench "$@"
