#!/bin/sh
# ecbench --save-baseline / --baseline end to end: a short run saves its
# samples as JSON; comparing a rerun with it finds every row; baselines
# written by hand with every sample twice as slow, resp. twice as fast, as
# the saved ones, compared with the saved ones (--load-baseline: nothing is
# timed), must give exactly -50% / +100% and "Performance has improved." /
# "Performance has regressed." for every row (the known answers); a
# malformed file is an error (exit 2) with a message.
# Usage: test_bench_baseline.sh ECBENCH
# Last line: "test_bench_baseline: N passed, N failed".
ecbench=$1
. "$(dirname "$0")/script_checks.sh"
checks_begin test_bench_baseline
run() {  # run OUTPUT ARGS...: a short run of two rows
    out=$1; shift
    "$ecbench" --benchmark_filter='(sc25519/mul|sc25519/add)$' --benchmark_min_time=0.01 --repetitions=5 \
        --baseline-dir="$work/baselines" "$@" >"$out" 2>&1
}

run "$work/save.out" --save-baseline=first && pass || fail "--save-baseline failed: $(tail -3 "$work/save.out")"
json=$work/baselines/first.json
[ -s "$json" ] && pass || fail "no $json"
python3 - "$json" <<'PY' && pass || fail "the baseline is not the documented JSON"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "ecbench-baseline-1" and d["unit"] == "cpu_ns_per_call"
rows = {r["name"]: r["samples"] for r in d["rows"]}
assert "libsodium/sc25519/mul" in rows and len(rows) >= 4, rows.keys()
assert all(len(s) == 5 and min(s) > 0 for s in rows.values())
# Known answers: the saved rows with fixed samples 100..104 ns ("fixed": the
# intervals below then do not depend on how the timed samples spread on a
# loaded machine), and those samples doubled (so "fixed" is faster) and
# halved (slower).
for name, k in (("fixed", 1.0), ("slower", 2.0), ("faster", 0.5)):
    e = dict(d, rows=[{"name": r["name"], "samples": [(100.0 + i) * k for i in range(5)]} for r in d["rows"]])
    json.dump(e, open(sys.argv[1].replace("first", name), "w"))
# The same samples with members the reader must skip: nested objects and
# arrays, literals and numbers, at the top and in every row.
extra = {"meta": {"host": ["a", {"b": [1, 2.5e3, True, False, None]}], "n": -3}, "empty": {}, "none": []}
e = dict(d, **extra, rows=[dict(r, **extra) for r in d["rows"]])
json.dump(e, open(sys.argv[1].replace("first", "extra"), "w"))
open(sys.argv[1].replace("first", "broken"), "w").write('{"format": "ecbench-baseline-1", "rows": [{"name": "x", "samples": [1, ]}')
PY
rows=$(grep -c '"name": "[a-z0-9]*/' "$json")

run "$work/same.out" --baseline=first && pass || fail "--baseline=first failed"
[ "$(grep -c '^  change: \[' "$work/same.out")" -eq "$rows" ] && pass || fail "not every row compared: $(cat "$work/same.out")"

# Known answers without timing: the fixed samples against the same ones
# doubled / halved (--load-baseline compares two saved baselines).
run "$work/improved.out" --load-baseline=fixed --baseline=slower && pass || fail "--baseline=slower failed"
[ "$(grep -c '^  Performance has improved\.' "$work/improved.out")" -eq "$rows" ] && pass \
  || fail "against a baseline twice as slow, not every row improved: $(grep -A3 change "$work/improved.out")"
grep -q "Against 'slower': $rows improved, 0 regressed" "$work/improved.out" && pass || fail "wrong totals"
[ "$(grep -c '^  change: \[-5[0-9.]*% -50\.00% -[0-9.]*%\] (p = 0\.0079' "$work/improved.out")" -eq "$rows" ] && pass \
  || fail "halving every sample should read exactly -50% (p = 2/252, exact U): $(grep change "$work/improved.out" | head -2)"

run "$work/regressed.out" --load-baseline=fixed --baseline=faster && pass || fail "--baseline=faster failed"
[ "$(grep -c '^  Performance has regressed\.' "$work/regressed.out")" -eq "$rows" ] && pass \
  || fail "against a baseline twice as fast, not every row regressed"
[ "$(grep -c '^  change: \[+[0-9.]*% +100\.00% +[0-9.]*%\] (p = 0\.0079' "$work/regressed.out")" -eq "$rows" ] && pass \
  || fail "doubling every sample should read exactly +100%: $(grep change "$work/regressed.out" | head -2)"
run "$work/self.out" --load-baseline=first --baseline=first && pass || fail "first against itself failed"
[ "$(grep -c '^  No change in performance detected\.' "$work/self.out")" -eq "$rows" ] && pass \
  || fail "a baseline against itself changed"

# Unknown members are skipped: the same samples read the same.
run "$work/extra.out" --load-baseline=first --baseline=extra && pass || fail "--baseline=extra failed"
[ "$(grep -c '^  No change in performance detected\.' "$work/extra.out")" -eq "$rows" ] && pass \
  || fail "a baseline with extra members did not read as the same samples: $(cat "$work/extra.out")"

run "$work/broken.out" --baseline=broken
[ $? -eq 2 ] && grep -q 'not an ecbench baseline' "$work/broken.out" && pass || fail "a malformed baseline was not refused"
run "$work/missing.out" --baseline=nothing-here
[ $? -eq 2 ] && grep -q 'cannot read the baseline' "$work/missing.out" && pass || fail "a missing baseline was not reported"
run "$work/badname.out" --save-baseline=../escape
[ $? -eq 2 ] && pass || fail "a baseline name with a path was accepted"

checks_end
