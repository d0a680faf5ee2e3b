/* The avx2 backend's 4-way field arithmetic (src/backend/avx2/field4.h)
 * against the u64 backend, lane by lane: fe4_mul, fe4_sq, fe4_add,
 * fe4_sub, fe4_neg, fe4_carry, fe4_pack and fe4_unpack on random limbs and
 * on limbs at the very edge of each documented bound (REDUCED, LOOSE,
 * WIDE), the output bounds, four different elements in the four lanes, and
 * long chains of lazily reduced values.
 *
 * This file is compiled for any x86-64 CPU and checks the CPU first
 * (ecxi_cpu_probe, which honours ECX_CPU_DISABLE); the checks themselves
 * live in avx2_checks.c, built with -mavx2. Without AVX2 the test says so
 * and is skipped (exit 77). */
#include <stdio.h>

#include "avx2_checks.h"
#include "backend/ops.h"
#include "dispatch/cpu.h"

int main(void)
{
    if (!(ecxi_cpu_probe() & ECXI_CPU_AVX2)) {
        printf("skip: this CPU (or ECX_CPU_DISABLE) has no avx2\n");
        printf("test_avx2: 0 passed, 0 failed\n");
        return 77;
    }
    return avx2_checks(20000);
}
