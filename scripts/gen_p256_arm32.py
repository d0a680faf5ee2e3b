#!/usr/bin/env python3
# Prints src/backend/u32/p256_arm32.h: the P-256 field product, squaring,
# addition and subtraction mod p in 32-bit ARM assembly (UMAAL: ARMv6 and
# later, in ARM or Thumb-2 state), for the u32 backend on 32-bit ARM. The
# header's comment explains the algorithms; this script unrolls them,
# allocates the registers and writes the whole header.
#   python3 scripts/gen_p256_arm32.py               print the header
#   python3 scripts/gen_p256_arm32.py --check PATH  exit 1 unless PATH is it
#   python3 scripts/gen_p256_arm32.py --search      the reduction's row order
#                                                   with the fewest loads
#                                                   (ROW_ORDER; slow)
import itertools
import sys

lines = []


def L(s=''):
    """One line of assembly: instructions indented by a tab; labels,
    directives and comments not."""
    lines.append(('\t' + s) if s and not s.endswith(':') and not s.startswith(('.', '/*')) else s)


# The reduction's result words R_0..R_7 live in r4..r11 (ascending, so one
# ldm / stm moves them), its top word in lr, and the words A_8..A_15 it
# adds pass through five temporaries.
RESULT = [f'r{4 + j}' for j in range(8)]
TOP = 'lr'
TEMPORARIES = ['r0', 'r1', 'r2', 'r3', 'r12']

# The Solinas terms of FIPS 186-4 D.2.3 as rows of eight words, least
# significant first: the index of the product word A_i added or subtracted
# at that word, or None for a zero word.
ADDED_ROWS = [
    ('S1', [None, None, None, 11, 12, 13, 14, 15]),
    ('S1', [None, None, None, 11, 12, 13, 14, 15]),
    ('S2', [None, None, None, 12, 13, 14, 15, None]),
    ('S2', [None, None, None, 12, 13, 14, 15, None]),
    ('S3', [8, 9, 10, None, None, None, 14, 15]),
    ('S4', [9, 10, 11, 13, 14, 15, 13, 8]),
]
SUBTRACTED_ROWS = [
    ('D1', [11, 12, 13, None, None, None, 8, 10]),
    ('D2', [12, 13, 14, 15, None, None, 9, 11]),
    ('D3', [13, 14, 15, 8, 9, 10, None, 12]),
    ('D4', [14, 15, None, 9, 10, 11, None, 13]),
]

# 5p, least significant word first, and its top word: added to T so that
# the sum of the terms stays positive (the D rows take at most 4 2^256).
FIVE_P = [(5 * (2**256 - 2**224 + 2**192 + 2**96 - 1) >> (32 * j)) & 0xFFFFFFFF for j in range(9)]


def add_word_with_carry(dest, source, constant, first):
    """dest += constant + carry (dest += constant when first) with an ARM
    immediate: x + c + C is `adcs #c`, or `sbcs #~c` (x - ~c - !C =
    x + c + C - 2^32); the first word's x + c is `subs #-c`. Enough for
    the words of 5p, each below 256 or its complement below 256."""
    if min(constant, (~constant) & 0xFFFFFFFF) >= 256:
        raise ValueError(f'{constant:#x} needs an immediate this does not build')
    if first:
        if constant == 0:
            raise ValueError('a chain starts at a nonzero word')
        if constant < 256:
            L(f'adds {dest}, {source}, #{constant}')
        else:
            L(f'subs {dest}, {source}, #{(-constant) & 0xFFFFFFFF}')
    elif constant < 256:
        L(f'adcs {dest}, {source}, #{constant}')
    else:
        L(f'sbcs {dest}, {source}, #{(~constant) & 0xFFFFFFFF}')


def load_plan(rows):
    """The order of the product words the rows read, and for each read the
    temporary holding it and whether it must be loaded first: Belady's
    choice (evict the word needed furthest ahead) over five registers."""
    reads = [w for _, row in rows for w in row if w is not None]
    held = {}  # word -> register
    plan = []
    for position, word in enumerate(reads):
        if word in held:
            plan.append((word, held[word], False))
            continue
        if len(held) < len(TEMPORARIES):
            register = next(r for r in TEMPORARIES if r not in held.values())
        else:
            def next_use(w):
                later = [i for i in range(position + 1, len(reads)) if reads[i] == w]
                return later[0] if later else len(reads)
            victim = max(sorted(held), key=next_use)
            register = held.pop(victim)
        held[word] = register
        plan.append((word, register, True))
    return plan


def best_row_order():
    """The order of the ten rows that loads the fewest words (ties: the
    first in itertools' order): what --search prints, and how ROW_ORDER
    below was chosen."""
    rows = ADDED_ROWS + SUBTRACTED_ROWS
    best, best_loads, seen = None, None, set()
    for order in itertools.permutations(range(len(rows))):
        key = tuple(rows[i][0] for i in order)
        if key in seen:
            continue
        seen.add(key)
        ordered = [rows[i] for i in order]
        loads = sum(1 for _, _, load in load_plan(ordered) if load)
        if best_loads is None or loads < best_loads:
            best, best_loads = ordered, loads
    return best


def solinas_reduction():
    """R + TOP 2^256 = A_0..A_7 + 5p + the S rows - the D rows, with the
    product words A_0..A_15 at [sp]; then the fold and the final
    subtraction leave a mod p in R."""
    L('/* R = T + 5p (T = A_0..A_7); TOP = 4 + carry */')
    L(f'ldm sp, {{{RESULT[0]}-{RESULT[7]}}}')
    L(f'mov {TOP}, #{FIVE_P[8]}')
    for j in range(8):
        add_word_with_carry(RESULT[j], RESULT[j], FIVE_P[j], j == 0)
    L(f'adc {TOP}, {TOP}, #0')
    rows = [next(r for r in ADDED_ROWS + SUBTRACTED_ROWS if r[0] == name) for name in ROW_ORDER]
    plan = iter(load_plan(rows))
    for name, row in rows:
        subtract = name.startswith('D')
        L(f'/* R {"-" if subtract else "+"}= {name} */')
        first = next(j for j in range(8) if row[j] is not None)
        for j in range(first, 8):
            if row[j] is None:
                operand = '#0'
            else:
                word, register, load = next(plan)
                if load:
                    L(f'ldr {register}, [sp, #{4 * word}]')
                operand = register
            if subtract:
                op = 'subs' if j == first else 'sbcs'
            else:
                op = 'adds' if j == first else 'adcs'
            L(f'{op} {RESULT[j]}, {RESULT[j]}, {operand}')
        L(f'{"sbc" if subtract else "adc"} {TOP}, {TOP}, #0')
    L('/* fold TOP: R + TOP (2^256 - p), 2^256 - p = 2^224 - 2^192 - 2^96 + 1 */')
    L('mov r0, #0')
    L(f'adds {RESULT[0]}, {RESULT[0]}, {TOP}')
    for j in range(1, 7):
        L(f'adcs {RESULT[j]}, {RESULT[j]}, #0')
    L(f'adcs {RESULT[7]}, {RESULT[7]}, {TOP}')
    L('adc r0, r0, #0')
    L(f'subs {RESULT[3]}, {RESULT[3]}, {TOP}')
    L(f'sbcs {RESULT[4]}, {RESULT[4]}, #0')
    L(f'sbcs {RESULT[5]}, {RESULT[5]}, #0')
    L(f'sbcs {RESULT[6]}, {RESULT[6]}, {TOP}')
    L(f'sbcs {RESULT[7]}, {RESULT[7]}, #0')
    # The top word is the addition's carry alone: the subtraction borrows
    # only after that carry (the value is not negative), and then the old
    # R was >= 2^256 - TOP (2^224 + 1), so the new R = old R +
    # TOP (2^224 - 2^192 - 2^96 + 1) >= 2^256 - TOP (2^192 + 2^96) > p: p is
    # subtracted whether the top word says 1 or 0.
    subtract_p_unless_below('r0')


def subtract_p_unless_below(top):
    """R -= p if R + top 2^256 >= p (top is 0 or 1 and the value < 2p):
    the borrow of the comparison, without keeping the difference, becomes
    the mask m; then R -= p & m, p & m = (m, m, m, 0, 0, 0, m & 1, m).
    Uses r1..r3."""
    L('/* subtract p unless R + top 2^256 < p */')
    # value - p: x - 0xFFFFFFFF - borrow is x + C (adcs #0), x - 0 - borrow
    # is sbcs #0, x - 1 - borrow is sbcs #1; the first word starts with no
    # borrow: x + 1.
    L(f'adds r1, {RESULT[0]}, #1')
    L(f'adcs r1, {RESULT[1]}, #0')
    L(f'adcs r1, {RESULT[2]}, #0')
    L(f'sbcs r1, {RESULT[3]}, #0')
    L(f'sbcs r1, {RESULT[4]}, #0')
    L(f'sbcs r1, {RESULT[5]}, #0')
    L(f'sbcs r1, {RESULT[6]}, #1')
    L(f'adcs r1, {RESULT[7]}, #0')
    L(f'sbcs r1, {top}, #0')
    L('sbc r2, r2, r2')  # all ones if the value is below p (borrow)
    L('mvn r2, r2')
    L('and r3, r2, #1')
    L(f'subs {RESULT[0]}, {RESULT[0]}, r2')
    L(f'sbcs {RESULT[1]}, {RESULT[1]}, r2')
    L(f'sbcs {RESULT[2]}, {RESULT[2]}, r2')
    L(f'sbcs {RESULT[3]}, {RESULT[3]}, #0')
    L(f'sbcs {RESULT[4]}, {RESULT[4]}, #0')
    L(f'sbcs {RESULT[5]}, {RESULT[5]}, #0')
    L(f'sbcs {RESULT[6]}, {RESULT[6]}, r3')
    L(f'sbc {RESULT[7]}, {RESULT[7]}, r2')


def product():
    """A_0..A_15 at [sp] = a b: four rows at a time (a_i..a_{i+3} in
    r2..r5), column by column, each row with its own carry register (r10,
    r11, r12, r1) and b's words passing through four registers (r6..r9, b_m
    loaded at column i + m into the one b_{m-4} held), so each column word
    is loaded and stored once per four rows and each b word once per four
    rows; every word product is one UMAAL (or UMULL where both the column
    word and the row's carry start empty): word + carry + a b < 2^64. A
    row's carry becomes the column word once the row is done. b's address
    is in lr, a's next four words' at [sp, #64]."""
    a = ['r2', 'r3', 'r4', 'r5']
    b = ['r6', 'r7', 'r8', 'r9']
    carry = ['r10', 'r11', 'r12', 'r1']
    word = 'r0'
    L('mov lr, r2')
    L('ldm r1!, {r2-r5}')
    L('str r1, [sp, #64]')
    for quad in range(2):
        i = 4 * quad
        L(f'/* A += (a_{i} .. a_{i + 3}) b 2^{32 * i} */')
        if quad > 0:
            L('ldr r1, [sp, #64]')
            L('ldm r1, {r2-r5}')
        for m in range(11):
            k = i + m
            if m <= 7:
                L(f'ldr {b[m % 4]}, [lr, #{4 * m}]')
            rows = [r for r in range(4) if 0 <= m - r <= 7]
            if m >= 8:
                # row m - 8 ended in the column before: its carry is this
                # column's word
                column = carry[m - 8]
            else:
                column = word
                if quad == 0 and m <= 3:
                    # an empty column and row m's empty carry: UMULL starts both
                    L(f'umull {word}, {carry[m]}, {a[m]}, {b[0]}')
                    rows.remove(m)
                elif quad == 0:
                    L(f'mov {word}, #0')
                else:
                    L(f'ldr {word}, [sp, #{4 * k}]')
                    if m <= 3:
                        L(f'mov {carry[m]}, #0')
            for r in rows:
                L(f'umaal {column}, {carry[r]}, {a[r]}, {b[(m - r) % 4]}')
            L(f'str {column}, [sp, #{4 * k}]')
        L(f'str {carry[3]}, [sp, #{4 * (i + 11)}]')


def function_start(name, align=True):
    """A local function: no .global, so the symbol stays inside the object
    of the translation unit that includes the header."""
    L(f'.type {name}, %function')
    if align:
        L('.p2align 2')
    lines.append(THUMB_FUNC)
    L(f'{name}:')


def function_end(name):
    L(f'.size {name}, .-{name}')


def field_mul_and_sq():
    function_start('ecxi_p256_arm32_field_sq')
    L('mov r2, r1')  # a a: on into the product
    # no alignment: in ARM state the mov keeps it, in Thumb state a padding
    # nop would be one more instruction
    function_start('ecxi_p256_arm32_field_mul', align=False)
    L('push {r0, r4-r11, lr}')
    # A_0..A_15 at [sp], a's address at [sp, #64], [sp, #68] unused (the
    # stack stays 8-byte aligned), r (r0) at [sp, #72]
    L('sub sp, sp, #72')
    product()
    solinas_reduction()
    L('ldr r0, [sp, #72]')
    L(f'stm r0, {{{RESULT[0]}-{RESULT[7]}}}')
    L('add sp, sp, #76')
    L('pop {r4-r11, pc}')
    function_end('ecxi_p256_arm32_field_sq')
    function_end('ecxi_p256_arm32_field_mul')


def field_add():
    function_start('ecxi_p256_arm32_field_add')
    L('push {r4-r11, lr}')
    L(f'ldm r1, {{{RESULT[0]}-{RESULT[7]}}}')
    L('ldm r2!, {r1, r3, r12, lr}')
    L(f'adds {RESULT[0]}, {RESULT[0]}, r1')
    L(f'adcs {RESULT[1]}, {RESULT[1]}, r3')
    L(f'adcs {RESULT[2]}, {RESULT[2]}, r12')
    L(f'adcs {RESULT[3]}, {RESULT[3]}, lr')
    L('ldm r2, {r1, r3, r12, lr}')
    L(f'adcs {RESULT[4]}, {RESULT[4]}, r1')
    L(f'adcs {RESULT[5]}, {RESULT[5]}, r3')
    L(f'adcs {RESULT[6]}, {RESULT[6]}, r12')
    L(f'adcs {RESULT[7]}, {RESULT[7]}, lr')
    L('mov lr, #0')
    L('adc lr, lr, #0')
    subtract_p_unless_below('lr')
    L(f'stm r0, {{{RESULT[0]}-{RESULT[7]}}}')
    L('pop {r4-r11, pc}')
    function_end('ecxi_p256_arm32_field_add')


def field_sub():
    function_start('ecxi_p256_arm32_field_sub')
    L('push {r4-r11, lr}')
    L(f'ldm r1, {{{RESULT[0]}-{RESULT[7]}}}')
    L('ldm r2!, {r1, r3, r12, lr}')
    L(f'subs {RESULT[0]}, {RESULT[0]}, r1')
    L(f'sbcs {RESULT[1]}, {RESULT[1]}, r3')
    L(f'sbcs {RESULT[2]}, {RESULT[2]}, r12')
    L(f'sbcs {RESULT[3]}, {RESULT[3]}, lr')
    L('ldm r2, {r1, r3, r12, lr}')
    L(f'sbcs {RESULT[4]}, {RESULT[4]}, r1')
    L(f'sbcs {RESULT[5]}, {RESULT[5]}, r3')
    L(f'sbcs {RESULT[6]}, {RESULT[6]}, r12')
    L(f'sbcs {RESULT[7]}, {RESULT[7]}, lr')
    L('/* add p back under the borrow mask m: p & m = (m, m, m, 0, 0, 0, m & 1, m) */')
    L('sbc r2, r2, r2')
    L('and r3, r2, #1')
    L(f'adds {RESULT[0]}, {RESULT[0]}, r2')
    L(f'adcs {RESULT[1]}, {RESULT[1]}, r2')
    L(f'adcs {RESULT[2]}, {RESULT[2]}, r2')
    L(f'adcs {RESULT[3]}, {RESULT[3]}, #0')
    L(f'adcs {RESULT[4]}, {RESULT[4]}, #0')
    L(f'adcs {RESULT[5]}, {RESULT[5]}, #0')
    L(f'adcs {RESULT[6]}, {RESULT[6]}, r3')
    L(f'adc {RESULT[7]}, {RESULT[7]}, r2')
    L(f'stm r0, {{{RESULT[0]}-{RESULT[7]}}}')
    L('pop {r4-r11, pc}')
    function_end('ecxi_p256_arm32_field_sub')


# The reduction's rows in the order --search finds (13 loads).
ROW_ORDER = ['S1', 'S1', 'S2', 'S2', 'D1', 'D3', 'D2', 'D4', 'S4', 'S3']

# A line of the C string that is not assembly text: Thumb state needs
# .thumb_func before each function's label (the header defines it).
THUMB_FUNC = object()

HEADER = """/* u32 backend, P-256 on 32-bit ARM: the field product, squaring, addition
 * and subtraction mod p in assembly (UMAAL: ARMv6 and later; the same text
 * assembles in ARM and in Thumb-2 state). backend/u32/p256.h includes this
 * header where P256_HAVE_ARM32_ASM holds and uses the four functions for
 * p256_field_mul, p256_field_sq, and p256_mod_add / p256_mod_sub when the
 * modulus is p. Printed whole by scripts/gen_p256_arm32.py: edit the
 * generator, not this file (a test compares the two).
 *
 * Why assembly: gcc 12 turns the C's 64-bit accumulators into
 * umlal + adds + adc sequences, never UMAAL (32 x 32 + 32 + 32 bits, the
 * one instruction a row of a product wants), and the Solinas columns of
 * p256/solinas.h into 64-bit signed sums: a field multiplication took 834
 * instructions, a squaring 850 (qemu-count, docs/p256.md).
 *
 * The product: rows a_i b, four at a time (a_i..a_{i+3} in registers,
 * column by column, b's words passing through four registers), each row
 * with its own carry register, so a column word is loaded and stored once
 * per four rows and every word product is one UMAAL: word + carry + a b
 * < 2^64 always (125 instructions; two rows at a time with b held whole
 * took 144). The squaring is the product with b = a.
 *
 * The reduction: FIPS 186-4 D.2.3 (J. A. Solinas, "Generalized Mersenne
 * numbers", 1999), r = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4, as
 * ten rows of adds / adcs (subs / sbcs) chains on the eight result words,
 * each row's carry into a top word; the rows' order and which of the
 * words A_8..A_15 stay in five registers are the generator's choice, for
 * the fewest loads. 5p is added first, so that the value stays positive:
 * it lies in (5p - 4 2^256, 11 2^256), and the top word t is in [0, 10].
 * Folding t back (2^256 = 2^224 - 2^192 - 2^96 + 1 mod p) leaves a value
 * below 2^256 + 11 2^224 < 2p; one subtraction of p under a mask
 * finishes: r < p.
 *
 * Contracts (those of the C routines they replace, p256.h): field_mul,
 * field_sq: any a, b < 2^256, r = a b mod p, r < p. field_add, field_sub:
 * a, b < p, r = a + b, a - b mod p, r < p. r may alias a or b (every word
 * is loaded before the first store). Constant time: straight-line code,
 * no branch, no address depending on the values; the choices are masks
 * made from a borrow (sbc x, x, x). tests/test_p256_arith.c checks them
 * against GMP and the C routines under qemu-arm.
 *
 * The functions follow the AAPCS (r4-r11 and lr saved; the product's 16
 * words on the stack). Their symbols are local: the file-scope asm
 * defines them in each translation unit that includes this header (the
 * u32 and, on 32-bit ARM, the neon backend), so no backend archive
 * exports anything but its table. */
#ifndef ECX_BACKEND_U32_P256_ARM32_H
#define ECX_BACKEND_U32_P256_ARM32_H

#include <stdint.h>

#define ECXI_P256_ARM32_LOCAL __attribute__((visibility("hidden")))
ECXI_P256_ARM32_LOCAL void ecxi_p256_arm32_field_mul(uint32_t r[8], const uint32_t a[8], const uint32_t b[8]);
ECXI_P256_ARM32_LOCAL void ecxi_p256_arm32_field_sq(uint32_t r[8], const uint32_t a[8]);
ECXI_P256_ARM32_LOCAL void ecxi_p256_arm32_field_add(uint32_t r[8], const uint32_t a[8], const uint32_t b[8]);
ECXI_P256_ARM32_LOCAL void ecxi_p256_arm32_field_sub(uint32_t r[8], const uint32_t a[8], const uint32_t b[8]);

#ifdef __thumb__
#define ECXI_P256_ARM32_THUMB_FUNC ".thumb_func\\n"
#else
#define ECXI_P256_ARM32_THUMB_FUNC ""
#endif

__asm__(
"""

FOOTER = """);

#endif
"""


def c_string_line(line):
    if line is THUMB_FUNC:
        return '    ECXI_P256_ARM32_THUMB_FUNC'
    return '    "' + line.replace('\t', '\\t') + '\\n"'


def text():
    lines.clear()
    L('.pushsection .text')
    L('.syntax unified')
    field_mul_and_sq()
    field_add()
    field_sub()
    L('.popsection')
    return HEADER + '\n'.join(c_string_line(x) for x in lines) + FOOTER


def main(argv):
    if len(argv) == 2 and argv[1] == '--search':
        print([name for name, _ in best_row_order()])
        return 0
    out = text()
    if len(argv) == 3 and argv[1] == '--check':
        if open(argv[2]).read() != out:
            print(f'{argv[2]} differs from the output of {argv[0]}: regenerate it', file=sys.stderr)
            return 1
        print(f'{argv[2]} matches {argv[0]}')
        return 0
    if len(argv) != 1:
        print('usage: gen_p256_arm32.py [--check PATH | --search]', file=sys.stderr)
        return 2
    sys.stdout.write(out)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
