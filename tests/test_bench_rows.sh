#!/bin/sh
# ecbench's row names are the checked-in list bench/rows.txt (baselines,
# reports and docs refer to them, so a rename must be deliberate):
#   1. `ecbench --backend=u32 --benchmark_list_tests`, with u32/ written as
#      BACKEND/, is exactly the list (u32 is usable on every machine);
#   2. `--backend=all` lists the same rows of ours once per usable backend,
#      and the same peer rows.
# Usage: test_bench_rows.sh ECBENCH rows.txt
# Last line: "test_bench_rows: N passed, N failed".
ecbench=$1
list=$2
. "$(dirname "$0")/script_checks.sh"
checks_begin test_bench_rows
export LC_ALL=C

grep -v '^#' "$list" > "$work/want"
"$ecbench" --backend=u32 --benchmark_list_tests 2>/dev/null | sed 's|^u32/|BACKEND/|' | sort > "$work/u32"
diff -u "$work/want" "$work/u32" >&2 && pass || fail "ecbench --backend=u32 --benchmark_list_tests differs from $list"
[ "$(wc -l < "$work/want")" -ge 50 ] && pass || fail "$list holds fewer than 50 rows"

# --backend=all: each usable backend's rows, from the startup line
# "ecbench: ... rows for: ifma avx2 u64 u32".
"$ecbench" --backend=all --benchmark_list_tests > "$work/all.raw" 2> "$work/all.err"
backends=$(sed -n 's/.*rows for: *//p' "$work/all.err")
[ -n "$backends" ] && pass || fail "--backend=all names no backend"
grep -v '^BACKEND/' "$work/want" > "$work/expect"
for b in $backends; do
    grep '^BACKEND/' "$work/want" | sed "s|^BACKEND/|$b/|" >> "$work/expect"
done
sort -o "$work/expect" "$work/expect"
sort "$work/all.raw" > "$work/all"
diff -u "$work/expect" "$work/all" >&2 && pass || fail "--backend=all ($backends) differs from $list for every backend"
checks_end
