#!/bin/sh
# ecbench --versus end to end, with known answers: a short run of two rows
# on u64 and u32 saves its samples; a baseline written from it with every
# u64 sample half the matching u32 one (and the peers' samples four times
# u64's) is read back without timing (--load-baseline), so the summary's
# u64 / u32 lines must read exactly 0.500 and its u64 / libsodium lines
# 0.250, one backend line per operation and none for u32 against itself;
# the report's ratio table has the same pairs; without --versus no
# backend line appears; naming a backend without rows,
# or no backend, is an error (exit 2) with a message.
# Usage: test_bench_versus.sh ECBENCH
# Last line: "test_bench_versus: N passed, N failed".
ecbench=$1
. "$(dirname "$0")/script_checks.sh"
checks_begin test_bench_versus
run() {  # run OUTPUT ARGS...: two rows on u64 and u32
    out=$1; shift
    "$ecbench" --backend=u64,u32 --benchmark_filter='sc25519/(mul|add)$' --benchmark_min_time=0.01 \
        --repetitions=5 --baseline-dir="$work/baselines" "$@" >"$out" 2>&1
}

run "$work/save.out" --save-baseline=first && pass || fail "--save-baseline failed: $(tail -3 "$work/save.out")"
python3 - "$work/baselines/first.json" <<'PY' && pass || fail "could not write the known-answer baseline"
import json, sys
d = json.load(open(sys.argv[1]))
factor = {"u64": 1.0, "u32": 2.0}
rows = []
for r in d["rows"]:
    k = factor.get(r["name"].split("/")[0], 4.0)
    rows.append({"name": r["name"], "samples": [(100.0 + i) * k for i in range(5)]})
assert {r["name"] for r in rows} >= {"u64/sc25519/mul", "u32/sc25519/mul", "u64/sc25519/add", "u32/sc25519/add"}
json.dump(dict(d, rows=rows), open(sys.argv[1].replace("first", "fixed"), "w"))
PY

run "$work/versus.out" --load-baseline=fixed --versus=u32 && pass || fail "--versus=u32 failed: $(tail -3 "$work/versus.out")"
grep -q '^--versus=u32: ' "$work/versus.out" && pass || fail "the summary does not say what --versus adds"
for op in mul add; do
    grep -Eq "^u64/sc25519/$op +[0-9.]+ ns +u32/sc25519/$op +[0-9.]+ ns +0\.500 " "$work/versus.out" && pass \
      || fail "u64 / u32 for $op is not 0.500: $(grep "^u64/sc25519/$op" "$work/versus.out")"
    grep -Eq "^u64/sc25519/$op +[0-9.]+ ns +libsodium/sc25519/$op +[0-9.]+ ns +0\.250 " "$work/versus.out" && pass \
      || fail "the peer line for $op changed under --versus: $(grep "^u64/sc25519/$op" "$work/versus.out")"
done
[ "$(grep -Ec '^u[0-9]+/sc25519/[a-z]+ .* u[0-9]+/sc25519/' "$work/versus.out")" -eq 2 ] && pass \
  || fail "expected one backend line per operation, u64's: $(grep -E '^u[0-9]+/sc25519/' "$work/versus.out")"

# The report's ratio table pairs the rows as the summary does.
run "$work/report.out" --load-baseline=fixed --versus=u32 --report="$work/report" && pass \
  || fail "--versus with --report failed: $(tail -3 "$work/report.out")"
[ "$(grep -Ec '<tr><td>u64/sc25519/(mul|add)</td><td>[^<]*</td><td>u32/sc25519/(mul|add)</td><td>[^<]*</td><td class="faster">0\.500</td>' "$work/report/index.html")" -eq 2 ] \
  && pass || fail "the report's table lacks the u64 / u32 rows: $(grep -o '<tr><td>u64[^\n]*' "$work/report/index.html" | head -3)"

run "$work/plain.out" --load-baseline=fixed && pass || fail "the run without --versus failed"
grep -Eq '^u[0-9]+/sc25519/[a-z]+ .* u[0-9]+/sc25519/' "$work/plain.out" && fail "backend lines without --versus" || pass

"$ecbench" --backend=u64 --versus=u32 --benchmark_filter='sc25519/add$' >"$work/absent.out" 2>&1
[ $? -eq 2 ] && grep -q -- '--versus=u32: no rows of u32' "$work/absent.out" && pass \
  || fail "--versus naming a backend without rows was not refused: $(cat "$work/absent.out")"
"$ecbench" --backend=u64 --versus >"$work/novalue.out" 2>&1
[ $? -eq 2 ] && grep -q -- '--versus needs a value' "$work/novalue.out" && pass \
  || fail "--versus without a value was not refused: $(cat "$work/novalue.out")"

checks_end
