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
passed=0
failed=0
check() { # check NAME STATUS
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
    else
        echo "test_bench_rows: FAILED: $1" >&2
        failed=$((failed + 1))
    fi
}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C

grep -v '^#' "$list" > "$tmp/want"
"$ecbench" --backend=u32 --benchmark_list_tests 2>/dev/null | sed 's|^u32/|BACKEND/|' | sort > "$tmp/u32"
diff -u "$tmp/want" "$tmp/u32" >&2
check "ecbench --backend=u32 --benchmark_list_tests = $list" $?
[ "$(wc -l < "$tmp/want")" -ge 50 ]
check "$list holds the rows (at least 50)" $?

# --backend=all: each usable backend's rows, from the startup line
# "ecbench: ... rows for: ifma avx2 u64 u32".
"$ecbench" --backend=all --benchmark_list_tests > "$tmp/all.raw" 2> "$tmp/all.err"
backends=$(sed -n 's/.*rows for: *//p' "$tmp/all.err")
[ -n "$backends" ]
check "--backend=all names its backends ($backends)" $?
grep -v '^BACKEND/' "$tmp/want" > "$tmp/expect"
for b in $backends; do
    grep '^BACKEND/' "$tmp/want" | sed "s|^BACKEND/|$b/|" >> "$tmp/expect"
done
sort -o "$tmp/expect" "$tmp/expect"
sort "$tmp/all.raw" > "$tmp/all"
diff -u "$tmp/expect" "$tmp/all" >&2
check "--backend=all lists the rows of $list for every backend" $?

echo "test_bench_rows: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
