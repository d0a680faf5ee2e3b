#!/bin/sh
# docs/api.md is complete: every public symbol that src/api/ecx.map exports
# has a row in one of its function tables (a table line naming it as a
# call, `NAME(` ...), so a function added to the library without its
# documented errors and timing fails here.
# Usage: test_api_doc.sh ecx.map api.md
# Last line: "test_api_doc: N passed, N failed".
map=$1
doc=$2
. "$(dirname "$0")/script_checks.sh"
checks_begin test_api_doc
if [ ! -r "$map" ] || [ ! -r "$doc" ]; then
    fail "usage: test_api_doc.sh ecx.map api.md"
    checks_end
fi
# The names between "global:" and "local:", one per line.
symbols=$(sed -n '/global:/,/local:/p' "$map" | sed -n 's/^[[:space:]]*\(ecx_[A-Za-z0-9_]*\);.*/\1/p')
count=0
for s in $symbols; do
    count=$((count + 1))
    grep -Eq "^\|.*[^A-Za-z0-9_]$s\(" "$doc" && pass || fail "$s is exported by $map but has no row in $doc"
done
[ "$count" -ge 10 ] && pass || fail "only $count symbols read from $map: did the map's format change?"
checks_end
