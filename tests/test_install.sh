#!/bin/sh
# meson install into a scratch DESTDIR, then a consumer program built with
# the installed ecx.pc (pkg-config) and run against the installed library;
# ecbench, libecx-sodium.so and the headers must be installed too.
# Usage: test_install.sh BUILD_DIR CONSUMER_SOURCE CC
# Last line: "test_install: N passed, N failed".
build=$1
source=$2
cc=$3
. "$(dirname "$0")/script_checks.sh"
checks_begin test_install
dest=$work/root

if meson install -C "$build" --no-rebuild --destdir "$dest" >"$work/install.log" 2>&1; then pass; else fail "meson install: $(tail -3 "$work/install.log")"; fi
pc=$(find "$dest" -name ecx.pc | head -1)
[ -n "$pc" ] && pass || fail "no ecx.pc installed"
find "$dest" -path '*/bin/ecbench' | grep -q . && pass || fail "ecbench not installed"
find "$dest" -name 'libecx-sodium.so' | grep -q . && pass || fail "libecx-sodium.so not installed"
find "$dest" -path '*/include/ecx/ed25519.h' | grep -q . && pass || fail "headers not installed"

export PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_SYSROOT_DIR=$dest
flags=$(pkg-config --cflags --libs ecx 2>"$work/pc.err") && pass || fail "pkg-config: $(cat "$work/pc.err")"
# shellcheck disable=SC2086
if $cc -std=c11 -Wall -Werror "$source" -o "$work/consumer" $flags >"$work/cc.log" 2>&1; then pass; else fail "consumer build: $(cat "$work/cc.log")"; fi
libdir=$(pkg-config --variable=libdir ecx)
case $libdir in "$dest"/*) ;; *) libdir=$dest$libdir ;; esac  # pkgconf adds the sysroot itself
if LD_LIBRARY_PATH=$libdir "$work/consumer" >"$work/run.log" 2>&1; then pass; else fail "consumer run: $(cat "$work/run.log")"; fi
cat "$work/run.log"
# It ran on the installed library, not on the build tree's.
LD_LIBRARY_PATH=$libdir ldd "$work/consumer" | grep libecx | grep -q "$dest" && pass || fail "consumer did not load the installed libecx"
checks_end
