#!/bin/sh
# The libsodium drop-in (libecx-sodium.so) against the real libsodium:
# tests/test_sodium_dropin (built against libsodium only) runs twice, as is
# and with LD_PRELOAD, and must print the same digests of every output.
# Also checked: without the preload every function comes from libsodium,
# with it every one of them from libecx-sodium.so (so the comparison is not
# libsodium against itself) while a function the drop-in does not export
# stays libsodium's; and the drop-in exports exactly the functions the
# program covers.
# Usage: test_sodium_dropin.sh DROPIN_SO PROGRAM VECTOR_DIR
# Last line: "test_sodium_dropin: N passed, N failed".
dropin=$1
program=$2
vectors=$3
. "$(dirname "$0")/script_checks.sh"
checks_begin test_sodium_dropin

"$program" "$vectors" >"$work/plain.out" 2>"$work/plain.err" && pass || { fail "plain run failed"; cat "$work/plain.err" >&2; }
LD_PRELOAD=$dropin "$program" "$vectors" >"$work/preload.out" 2>"$work/preload.err" && pass || { fail "preloaded run failed"; cat "$work/preload.err" >&2; }
tail -1 "$work/plain.out"
tail -1 "$work/preload.out"

# The same digests, all of them present.
grep '^digest ' "$work/plain.out" >"$work/plain.digests"
grep '^digest ' "$work/preload.out" >"$work/preload.digests"
count=$("$program" --list | wc -l)
[ "$(wc -l <"$work/plain.digests")" -eq "$count" ] && [ "$count" -gt 40 ] && pass || fail "expected $count digests"
if cmp -s "$work/plain.digests" "$work/preload.digests"; then
    pass
else
    fail "outputs differ under the preload:"
    diff "$work/plain.digests" "$work/preload.digests" | grep '^>' | sed 's/^> digest /    /' >&2
fi

# Who provides what.
bad=$(grep '^provider ' "$work/plain.out" | grep -v 'libsodium' | grep -c .)
[ "$bad" -eq 0 ] && pass || fail "$bad functions do not come from libsodium without the preload"
bad=$(grep '^provider ' "$work/preload.out" | grep -v 'libecx-sodium' | grep -c .)
[ "$bad" -eq 0 ] && pass || { fail "$bad functions do not come from libecx-sodium.so under the preload:"; grep '^provider ' "$work/preload.out" | grep -v libecx-sodium >&2; }
grep '^control ' "$work/preload.out" | grep -q 'libsodium' && pass || fail "a function the drop-in does not export left libsodium"

# Exports = covered functions.
nm_tool=$(command -v nm || true)
if [ -n "$nm_tool" ]; then
    "$nm_tool" -D --defined-only "$dropin" | awk '$2 == "T" { print $3 }' | sort >"$work/exported"
    "$program" --list | sort >"$work/covered"
    if cmp -s "$work/exported" "$work/covered"; then
        pass
    else
        fail "exports and covered functions differ (< exported only, > covered only):"
        diff "$work/exported" "$work/covered" >&2
    fi
fi

p=$(tail -1 "$work/preload.out" | sed -n 's/^test_sodium_dropin: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p')
q=$(tail -1 "$work/plain.out" | sed -n 's/^test_sodium_dropin: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p')
set -- $p $q
passed=$((passed + ${1:-0} + ${3:-0}))
failed=$((failed + ${2:-1} + ${4:-1}))
checks_end
