#!/usr/bin/env bash
# Checks scripts/setup.sh's promises (docs/testing.md) on this machine, after
# a setup that succeeded: a second run installs nothing; a toolchain that is
# present but broken is named and gives exit 2; a non-root user missing a
# package is told what to run and nothing is changed (exit 1).
# Last line: "test_setup: N passed, N failed".
set -u
cd "$(dirname "$0")/.."
passed=0; failed=0
expect() {  # expect DESCRIPTION CONDITION...
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
tmp=$(mktemp -d /tmp/ecx-test-setup.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

bash scripts/setup.sh >"$tmp/again.out" 2>&1; rc=$?
expect "second run exits 0" test $rc -eq 0
expect "second run installs nothing" grep -qx 'setup: all packages present' "$tmp/again.out"
expect "second run checks every toolchain" test "$(grep -c ': ok$' "$tmp/again.out")" -eq 8

# A qemu-arm that fails: the ARMv7 check, and only it, must fail by name.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "qemu-arm: simulated breakage" >&2\nexit 1\n' >"$tmp/bin/qemu-arm"
chmod +x "$tmp/bin/qemu-arm"
PATH="$tmp/bin:$PATH" ECX_SETUP_REPORT="$tmp/report" bash scripts/setup.sh >"$tmp/broken.out" 2>&1; rc=$?
expect "broken toolchain gives exit 2" test $rc -eq 2
expect "broken toolchain is named" grep -q 'check arm-linux-gnueabihf-gcc: FAILED: qemu-arm: simulated breakage' "$tmp/broken.out"
expect "report counts it" grep -qx 'setup: 7 passed, 1 failed' "$tmp/report"
expect "other checks still pass" grep -q 'check aarch64-linux-gnu-gcc: ok' "$tmp/broken.out"

# A non-root user with a missing package: told what to run, exit 1.
# The case needs a user who can run bash at all: in a chroot whose root
# directory is mode 700 (fresh-machine's debootstrap root) nobody cannot.
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1 \
   && ! su nobody -s /bin/bash -c true >/dev/null 2>&1; then
  echo "test_setup: user nobody cannot run /bin/bash here ($(su nobody -s /bin/bash -c true 2>&1 | head -1)); the non-root case is skipped"
elif [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
  cp scripts/setup.sh "$tmp/setup.sh" && chmod 755 "$tmp" "$tmp/setup.sh"
  su nobody -s /bin/bash -c "ECX_SETUP_EXTRA_PACKAGES=ecx-no-such-package bash $tmp/setup.sh" >"$tmp/user.out" 2>&1; rc=$?
  expect "non-root with a missing package exits 1" test $rc -eq 1
  expect "non-root is told to run apt-get as root" grep -q 'apt-get install -y --no-install-recommends ecx-no-such-package' "$tmp/user.out"
  expect "non-root installs nothing" bash -c "! grep -q 'setup: installing' '$tmp/user.out'"
else
  echo "test_setup: not root, the non-root case is skipped"
fi
echo "test_setup: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
