#!/usr/bin/env bash
# Installs what ecx needs on a Debian machine, idempotently: only missing
# packages are installed, and nothing is fetched when all are present.
#   scripts/setup.sh          everything the test suite needs (native + cross)
#   scripts/setup.sh --bench  only what the native build and ecbench need
# apt-get update may fail for one index now and then: it is retried, and the
# script goes on as long as the packages it needs end up installed.
set -u

native_packages=(
  meson ninja-build pkgconf cmake gcc g++ clang python3 binutils
  libcpu-features-dev libsodium-dev libgmp-dev libssl-dev libbenchmark-dev
)
# libclang-rt-14-dev: clang 14's sanitizer and libFuzzer runtimes (the
# fuzz build of scripts/test.sh); clang only recommends it.
test_packages=(
  valgrind qemu-user libclang-rt-14-dev
  gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf
  libsodium-dev:arm64 libgmp-dev:arm64
  libsodium-dev:armhf libgmp-dev:armhf
)

packages=("${native_packages[@]}")
foreign_arches=()
if [ "${1:-}" != "--bench" ]; then
  packages+=("${test_packages[@]}")
  foreign_arches=(arm64 armhf)
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

missing_packages() {
  local p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || echo "$p"
  done
}

missing=$(missing_packages)
if [ -z "$missing" ]; then
  echo "setup: all packages present"
  exit 0
fi
echo "setup: installing:" $missing

for arch in "${foreign_arches[@]}"; do
  dpkg --print-foreign-architectures | grep -qx "$arch" || "${sudo_cmd[@]}" dpkg --add-architecture "$arch"
done

export DEBIAN_FRONTEND=noninteractive
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

missing=$(missing_packages)
if [ -n "$missing" ]; then
  echo "setup: could not install:" $missing >&2
  tail -20 /tmp/ecx-apt-install.log >&2
  exit 1
fi
echo "setup: done"
