#!/usr/bin/env bash
# Builds ecx in build/ (release) and runs ecbench: the auto-selected backend
# beside libsodium and OpenSSL in one run. Extra arguments go to ecbench, e.g.
#   scripts/bench.sh --backend=all --benchmark_filter=ed25519
#
# The quick default: 5 repetitions interleaved at random of 0.1 s each, so a
# row costs about the 0.5 s of one pass at Google Benchmark's default and the
# summary still has medians and an interval per ratio. ecbench alone runs 7
# repetitions of 0.5 s (7 times as long); arguments given here come later and
# win, so the goal runs of docs/performance.md pass theirs explicitly:
#   scripts/bench.sh --backend=all --benchmark_repetitions=7 \
#       --benchmark_enable_random_interleaving=true --benchmark_min_time=0.5
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh --bench
[ -f build/build.ninja ] || meson setup build --buildtype=release
ninja -C build
exec build/bench/ecbench --repetitions=5 --benchmark_min_time=0.1 "$@"
