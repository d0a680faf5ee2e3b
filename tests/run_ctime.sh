#!/bin/sh
# The constant-time check: runs BUILD_DIR/tests/test_ctime under valgrind's
# memcheck, where tests/checkmem.h marks the secrets undefined, so that any
# branch or memory index computed from a secret is reported; then, where it
# is built, BUILD_DIR/tests/test_ctime_ifma_standin, the same check of the
# ifma backend's vector code built for AVX2 with a stand-in for the two
# IFMA instructions (valgrind has no AVX-512; docs/vector.md), and
# BUILD_DIR/tests/test_ctime_neon_simde, the neon backend's code on SIMDe's
# portable NEON intrinsics (x86-64; docs/neon.md).
#   tests/run_ctime.sh BUILD_DIR
# SHA-256 runs its portable compression here: valgrind 3.19 cannot execute
# the SHA extensions (SHA256RNDS2 is an illegal instruction to it, and it
# hides SHA from CPUID), so ECX_CPU_DISABLE gets the word "sha" added, to
# say so rather than rely on the CPUID mask. The SHA-extension compression
# (src/hash/sha256_shani.c) is checked by tests/test_trace.c instead.
# The last line is "test_ctime: N passed, N failed": the programs' own
# counts, plus one failure per valgrind error (each error is a place where a
# secret may leak). The exit status is non-zero on any failure.
set -u
if [ $# -ne 1 ]; then
  echo "usage: $0 BUILD_DIR" >&2
  exit 2
fi
exe=$1/tests/test_ctime
if [ ! -x "$exe" ]; then
  echo "$exe: not built"
  echo "test_ctime: 0 passed, 1 failed"
  exit 1
fi
if ! command -v valgrind >/dev/null 2>&1; then
  echo "valgrind not found (Debian package valgrind; scripts/setup.sh installs it)"
  echo "test_ctime: 0 passed, 1 failed"
  exit 1
fi

# avx2 needs BMI2 and ADX besides AVX2 (P-256's field product in MULX /
# ADCX / ADOX). valgrind 3.19 runs those but hides ADX from CPUID, so where
# the host has them (read here, outside valgrind) test_ctime is told to
# assume them (ECX_CTIME_HOST_ADX=1), and avx2 must then be checked, not
# skipped, unless ECX_CPU_DISABLE hides it on purpose.
host_has() { grep -qw "$1" /proc/cpuinfo 2>/dev/null; }
expect_avx2=0
if host_has bmi2 && host_has adx; then
  ECX_CTIME_HOST_ADX=1
  export ECX_CTIME_HOST_ADX
  case ",${ECX_CPU_DISABLE:-}," in
    *,avx2,* | *,adx,*) ;;
    *) if host_has avx2; then expect_avx2=1; fi ;;
  esac
fi

ECX_CPU_DISABLE=${ECX_CPU_DISABLE:+$ECX_CPU_DISABLE,}sha
export ECX_CPU_DISABLE

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

total_passed=0
total_failed=0

# run_one EXE: one program under memcheck, its counts added to the totals.
# The program's standard output goes to a file (its summary line is folded
# into the final one below); valgrind's report goes to standard error as is.
run_one() {
  prog=$1
  name=$(basename "$prog")
  valgrind --error-exitcode=42 --track-origins=yes --log-file="$tmp/$name.valgrind.log" \
    "$prog" >"$tmp/$name.stdout"
  rc=$?
  grep -v '^test_ctime: [0-9]* passed, [0-9]* failed' "$tmp/$name.stdout"
  cat "$tmp/$name.valgrind.log" >&2

  summary=$(grep '^test_ctime: [0-9]* passed, [0-9]* failed' "$tmp/$name.stdout" | tail -n 1)
  passed=$(echo "$summary" | sed -n 's/^test_ctime: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
  failed=$(echo "$summary" | sed -n 's/^test_ctime: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
  if [ -z "$passed" ]; then
    echo "$name printed no summary (exit status $rc)"
    passed=0
    failed=1
  fi
  errors=$(sed -n 's/^==[0-9]*== ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$tmp/$name.valgrind.log" | tail -n 1)
  errors=${errors:-0}
  if [ "$rc" -eq 42 ] && [ "$errors" -eq 0 ]; then
    errors=1
  fi
  if [ "$errors" -gt 0 ]; then
    echo "valgrind: $name: $errors error(s): a secret reached a branch or an address (see the report above)"
  fi
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 42 ] && [ "$failed" -eq 0 ]; then
    echo "$name exited with status $rc"
    failed=1
  fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed + errors))
}

run_one "$exe"
if [ "$expect_avx2" -eq 1 ] && grep -q '^skip: avx2' "$tmp/test_ctime.stdout"; then
  echo "avx2 was not checked, on a host with AVX2, BMI2 and ADX"
  total_failed=$((total_failed + 1))
fi
standin=$1/tests/test_ctime_ifma_standin
if [ -x "$standin" ]; then
  run_one "$standin"
else
  echo "note: $standin not built (no ifma backend in this build): the ifma vector code is not checked here"
fi
neon_simde=$1/tests/test_ctime_neon_simde
if [ -x "$neon_simde" ]; then
  run_one "$neon_simde"
fi
echo "test_ctime: $total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
