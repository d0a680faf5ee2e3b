#!/bin/sh
# ecbench --report: a short run writes DIR/index.html; the page must be
# self-contained (no script, no external resource) and hold the plots (an
# SVG bar chart and a distribution per operation, the ratio table); headless
# Chromium renders it, and the screenshot must not be blank and must show
# the bar colours of ecx's rows and of the peers'. Skips (77) only when
# chromium is not installed. Also checks --check-only: every backend passes,
# and one with a fault injected (ECBENCH_CHECK_FAULT) is refused.
# Usage: test_bench_report.sh ECBENCH
# Last line: "test_bench_report: N passed, N failed".
ecbench=$1
. "$(dirname "$0")/script_checks.sh"
checks_begin test_bench_report

# --check-only on every backend, then with a fault.
if "$ecbench" --backend=all --check-only >"$work/check.out" 2>&1; then pass; else fail "--check-only failed: $(cat "$work/check.out")"; fi
n=$(grep -c 'checks passed' "$work/check.out")
[ "$n" -ge 1 ] && pass || fail "no backend passed --check"
first=$(grep -m1 'checks passed' "$work/check.out" | sed 's/^ecbench: check \([a-z0-9]*\):.*/\1/')
ECBENCH_CHECK_FAULT=$first "$ecbench" --backend=all --check-only >"$work/fault.out" 2>&1
rc=$?
[ "$rc" -eq 3 ] && grep -q "check $first: .*FAILED.*not benchmarking $first" "$work/fault.out" && pass \
  || fail "a faulty $first was not refused (exit $rc): $(cat "$work/fault.out")"

# A short run with a report.
if "$ecbench" --benchmark_filter='(ed25519/sign|sc25519/mul)$' --benchmark_min_time=0.01 --repetitions=3 \
    --report="$work/report" >"$work/run.out" 2>&1; then pass; else fail "ecbench --report failed: $(tail -5 "$work/run.out")"; fi
html=$work/report/index.html
[ -s "$html" ] && pass || fail "no $html"
bars=$(grep -o '<svg class="bars"' "$html" | wc -l)
dist=$(grep -o '<svg class="distribution"' "$html" | wc -l)
[ "$bars" -ge 2 ] && [ "$bars" -eq "$dist" ] && pass || fail "expected a bar chart and a distribution per operation ($bars, $dist)"
grep -q '<table>' "$html" && grep -q 'libsodium/ed25519/sign' "$html" && pass || fail "no ratio table"
if grep -qi -e '<script' -e 'src=' -e 'href=' -e 'http:' -e 'https:' -e '@import' "$html"; then fail "the page refers to something outside itself"; else pass; fi

if ! command -v chromium >/dev/null 2>&1; then
    echo "test_bench_report: SKIP the rendering: chromium is not installed (scripts/setup.sh installs it)"
    echo "test_bench_report: $passed passed, $failed failed"
    [ "$failed" -eq 0 ] && exit 77
    exit 1
fi
HOME=$work timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-extensions \
    --user-data-dir="$work/profile" --window-size=1000,1400 --screenshot="$work/shot.png" "file://$html" \
    >"$work/chromium.log" 2>&1
[ -s "$work/shot.png" ] && pass || fail "chromium wrote no screenshot: $(tail -3 "$work/chromium.log")"
if python3 - "$work/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, width = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and ctype in (2, 6), f"PNG type {ctype}/{depth}"
        bpp = 3 if ctype == 2 else 4
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = width * bpp
rows, prev, i = [], bytearray(stride), 0
for y in range(height):   # undo the PNG filters
    f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
    i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
total = width * height
nonwhite = ours = peer = 0
colours = set()
for line in rows:
    for x in range(0, stride, bpp):
        r, g, b = line[x], line[x + 1], line[x + 2]
        colours.add((r, g, b))
        if (r, g, b) != (255, 255, 255): nonwhite += 1
        if abs(r - 0x1f) < 8 and abs(g - 0x77) < 8 and abs(b - 0xb4) < 8: ours += 1
        if abs(r - 0xff) < 8 and abs(g - 0x7f) < 8 and abs(b - 0x0e) < 8: peer += 1
print(f"screenshot {width}x{height}: {100 * nonwhite / total:.1f}% not white, {len(colours)} colours, "
      f"{ours} pixels of ecx's bars, {peer} of the peers'")
assert nonwhite > total * 0.02, "blank page"
assert len(colours) > 20, "too few colours for text and plots"
assert ours > 500 and peer > 500, "the bars are not visible"
PY
then pass; else fail "the screenshot does not show the plots"; fi
checks_end
