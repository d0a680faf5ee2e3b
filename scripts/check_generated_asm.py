#!/usr/bin/env python3
# Checks that the inline-assembly text of a header is what its generator
# prints: for each FUNCTION=ARGUMENT pair, the lines of the first __asm__
# statement after FUNCTION's name (up to its operand list) must equal the
# output of `python3 GENERATOR ARGUMENT`. Exit status 1 and the first
# differing line otherwise. A test (tests/meson.build) runs it for
# src/backend/u64/p256_mulx.h and p256_arm64.h.
#   check_generated_asm.py HEADER GENERATOR FUNCTION=ARGUMENT...
import subprocess
import sys


def asm_lines(text, function):
    start = text.index(function + '(')
    body = text.index('__asm__(\n', start) + len('__asm__(\n')
    end = text.index('\n        :', body)
    return text[body:end].split('\n')


def main(argv):
    if len(argv) < 4:
        print('usage: check_generated_asm.py HEADER GENERATOR FUNCTION=ARGUMENT...', file=sys.stderr)
        return 2
    header, generator = argv[1], argv[2]
    text = open(header).read()
    status = 0
    for pair in argv[3:]:
        function, argument = pair.split('=')
        expected = subprocess.run([sys.executable, generator, argument], capture_output=True, text=True,
                                  check=True).stdout.rstrip('\n').split('\n')
        found = asm_lines(text, function)
        if found != expected:
            line = next((i for i, (a, b) in enumerate(zip(found, expected)) if a != b), min(len(found), len(expected)))
            print(f'{header}: {function} differs from `{generator} {argument}` at asm line {line + 1}:')
            print('  header:    ' + (found[line] if line < len(found) else '(end)'))
            print('  generator: ' + (expected[line] if line < len(expected) else '(end)'))
            status = 1
        else:
            print(f'{header}: {function} matches `{generator} {argument}` ({len(found)} lines)')
    return status


sys.exit(main(sys.argv))
