/* The checked-bounds build (meson -Decx_verify=true defines ECX_VERIFY), in
 * the manner of libsecp256k1's VERIFY: every field and scalar operation of
 * the serial backends (u32, u64) checks the documented bounds of its inputs
 * on entry and of its outputs on exit, and the program aborts with the file,
 * line and condition when one does not hold. The checks branch on the
 * values, so this build is for testing only: it is neither constant time
 * nor fast. In normal builds the checks compile to nothing. */
#ifndef ECX_COMMON_VERIFY_H
#define ECX_COMMON_VERIFY_H

#ifdef ECX_VERIFY
#include <stdio.h>
#include <stdlib.h>

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noreturn, unused))
#endif
static void ecxi_verify_fail(const char *file, int line, const char *cond)
{
    fprintf(stderr, "ECX_VERIFY failed: %s:%d: %s\n", file, line, cond);
    abort();
}
#define ECX_VERIFY_CHECK(cond)                                                                     \
    do {                                                                                           \
        if (!(cond)) ecxi_verify_fail(__FILE__, __LINE__, #cond);                                  \
    } while (0)
#else
#define ECX_VERIFY_CHECK(cond) ((void)0)
#endif

#endif
