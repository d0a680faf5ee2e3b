#!/bin/sh
# Symbol hygiene (DESIGN.md, "Backends and dispatch"):
#   - each backend's static library defines exactly one global symbol, its
#     table ecxi_backend_NAME (everything else in a backend is static: a
#     helper compiled with -mavx512ifma that leaked could be picked by the
#     linker for another backend's path);
#   - libecx.so exports (nm -D --defined-only) only the public ecx_* functions;
#   - libecx.a defines no global symbol outside the ecx_ / ecxi_ prefixes.
#
# Usage (from tests/meson.build):
#   test_symbols.sh [--nm NM] [--cc WORD]... --shared libecx.so --static libecx.a
#                   --backend libecx_backend_NAME.a ...
# NM is the (cross) nm meson found; WORDs are the C compiler's command, used
# to guess a target-prefixed nm (aarch64-linux-gnu-nm) when NM cannot read
# the files. Skips (exit 77) with a reason when no usable nm exists.
# Last line: "test_symbols: N passed, N failed".

passed=0
failed=0
nm_candidates=""
shared=""
static=""
backends=""

while [ $# -gt 0 ]; do
    case "$1" in
    --nm) nm_candidates="$nm_candidates $2"; shift 2 ;;
    --cc)
        case "$2" in
        *-gcc | *-cc | *-clang) nm_candidates="$nm_candidates ${2%-*}-nm" ;;
        esac
        shift 2 ;;
    --shared) shared="$2"; shift 2 ;;
    --static) static="$2"; shift 2 ;;
    --backend) backends="$backends $2"; shift 2 ;;
    *) echo "test_symbols: unknown argument $1" >&2; exit 2 ;;
    esac
done
nm_candidates="$nm_candidates ${NM:-} nm llvm-nm"

summary() {
    echo "test_symbols: $passed passed, $failed failed"
}

pass() {
    passed=$((passed + 1))
}

fail() {
    failed=$((failed + 1))
    echo "FAIL test_symbols: $*" >&2
}

if [ -z "$backends" ] || [ -z "$shared" ]; then
    echo "test_symbols: needs --backend and --shared arguments" >&2
    exit 2
fi

for f in $backends $static $shared; do
    if [ ! -f "$f" ]; then
        fail "missing file $f"
    fi
done
if [ "$failed" -gt 0 ]; then
    summary
    exit 1
fi

# The first candidate nm that reads every file.
NM_TOOL=""
for cand in $nm_candidates; do
    command -v "$cand" >/dev/null 2>&1 || continue
    ok=1
    for f in $backends $static; do
        "$cand" --defined-only -g "$f" >/dev/null 2>&1 || { ok=0; break; }
    done
    [ $ok = 1 ] && "$cand" -D --defined-only "$shared" >/dev/null 2>&1 || ok=0
    if [ $ok = 1 ]; then
        NM_TOOL=$cand
        break
    fi
done
if [ -z "$NM_TOOL" ]; then
    echo "test_symbols: SKIP: no nm here reads these files (tried:$nm_candidates)"
    summary
    exit 77
fi

# Global defined symbols of a file: "TYPE NAME" lines (object names and blank
# lines of archive listings dropped, symbol versions "@..." stripped).
globals() {
    "$NM_TOOL" --defined-only -g "$@" 2>/dev/null | awk 'NF >= 2 { n = $NF; sub(/@.*/, "", n); print $(NF-1), n }'
}

# Drops symbols the toolchain adds, not the code: 32-bit x86 PIC thunks
# (hidden COMDAT helpers) and AddressSanitizer's ODR indicators.
not_ours() {
    awk '$2 !~ /^__x86\.get_pc_thunk\./ && $2 !~ /^__odr_asan[._]/'
}

# 1. Each backend exports only its table.
for lib in $backends; do
    base=$(basename "$lib")
    name=${base#libecx_backend_}
    name=${name%.a}
    table="ecxi_backend_$name"
    syms=$(globals "$lib")
    if echo "$syms" | awk '{ print $2 }' | grep -qx "$table"; then
        pass
    else
        fail "$base does not define $table"
    fi
    extra=$(echo "$syms" | awk -v t="$table" 'NF && $2 != t' | not_ours)
    if [ -z "$extra" ]; then
        pass
    else
        fail "$base exports more than $table:"
        echo "$extra" | sed 's/^/    /' >&2
    fi
done

# 2. The shared library exports only ecx_* functions.
dyn=$("$NM_TOOL" -D --defined-only "$shared" 2>/dev/null | awk 'NF >= 2 { n = $NF; sub(/@.*/, "", n); print $(NF-1), n }')
# "A ECX_0" is the version node the version script defines, not a symbol.
bad=$(echo "$dyn" | awk 'NF && !($1 == "A" && $2 ~ /^ECX_[0-9_.]*$/) && !($1 == "T" && $2 ~ /^ecx_/)')
if [ -z "$bad" ]; then
    pass
else
    fail "$(basename "$shared") exports symbols other than ecx_* functions:"
    echo "$bad" | sed 's/^/    /' >&2
fi
for fn in ecx_init ecx_backend ecx_backend_select ecx_backends ecx_strerror ecx_version ecx_f25519; do
    if echo "$dyn" | awk '{ print $2 }' | grep -qx "$fn"; then
        pass
    else
        fail "$(basename "$shared") does not export $fn"
    fi
done

# 3. The static library: internal names carry the ecxi_ prefix.
if [ -n "$static" ]; then
    bad=$(globals "$static" | awk 'NF && $2 !~ /^ecxi?_/' | not_ours)
    if [ -z "$bad" ]; then
        pass
    else
        fail "$(basename "$static") defines global symbols outside ecx_/ecxi_:"
        echo "$bad" | sed 's/^/    /' >&2
    fi
fi

summary
[ "$failed" -eq 0 ]
