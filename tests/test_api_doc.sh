#!/bin/sh
# docs/api.md is complete: every public symbol that src/api/ecx.map exports
# has a row in one of its function tables (a table line naming it as a
# call, `NAME(` ...), so a function added to the library without its
# documented errors and timing fails here.
#
# Usage: test_api_doc.sh ecx.map api.md
# Last line: "test_api_doc: N passed, N failed".
map=$1
doc=$2
if [ ! -r "$map" ] || [ ! -r "$doc" ]; then
    echo "test_api_doc: usage: test_api_doc.sh ecx.map api.md" >&2
    exit 2
fi
# The names between "global:" and "local:", one per line.
symbols=$(sed -n '/global:/,/local:/p' "$map" | sed -n 's/^[[:space:]]*\(ecx_[A-Za-z0-9_]*\);.*/\1/p')
passed=0
failed=0
for s in $symbols; do
    if grep -Eq "^\|.*[^A-Za-z0-9_]$s\(" "$doc"; then
        passed=$((passed + 1))
    else
        echo "test_api_doc: $s is exported by $map but has no row in $doc" >&2
        failed=$((failed + 1))
    fi
done
if [ "$passed" -lt 10 ]; then
    echo "test_api_doc: only $passed symbols read from $map: the map's format changed?" >&2
    failed=$((failed + 1))
fi
echo "test_api_doc: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
