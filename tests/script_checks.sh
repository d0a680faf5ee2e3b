# Sourced by the shell test scripts: counts their checks, gives them a
# scratch directory, and prints the line scripts/test.sh adds up.
#
#   . "$(dirname "$0")/script_checks.sh"
#   checks_begin NAME     # $work: a new scratch directory, removed on exit
#   ... && pass || fail "what went wrong"
#   checks_end            # prints "NAME: N passed, N failed"; exits 0 iff none failed
checks_begin() {
    checks_name=$1
    passed=0
    failed=0
    work=$(mktemp -d "${TMPDIR:-/tmp}/ecx-$checks_name.XXXXXX") || exit 2
    trap 'rm -rf "$work"' EXIT
}
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL $checks_name: $*" >&2; }
checks_end() {
    echo "$checks_name: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}
