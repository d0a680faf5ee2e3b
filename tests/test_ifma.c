/* The ifma backend's building blocks against the u64 backend: the 4-way
 * field arithmetic (src/backend/ifma/field4.h: fe4_mul, fe4_sq, fe4_add,
 * fe4_sub, fe4_neg, fe4_carry on random and extreme limbs, every limb up to
 * the 2^52 IFMA reads, their output bounds, long chains) and the 4-way
 * point formulas (src/backend/ifma/edwards4.h).
 *
 * This file is compiled for any x86-64 CPU and checks the CPU first
 * (ecxi_cpu_probe, which honours ECX_CPU_DISABLE); the checks themselves
 * live in ifma_checks.c, built with the AVX-512 flags. Without IFMA the
 * test says so and is skipped (exit 77). */
#include <stdio.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "dispatch/cpu.h"
#include "ifma_checks.h"

int main(void)
{
    if (!(ecxi_cpu_probe() & ECXI_CPU_IFMA)) {
        printf("skip: this CPU (or ECX_CPU_DISABLE) has no avx512ifma + avx512vl\n");
        printf("test_ifma: 0 passed, 0 failed\n");
        return 77;
    }
    return ifma_checks(20000);
}
