/* test_vector_NAME: a vector backend's building blocks against its serial
 * partner (tests/vector_checks.c, the same checks for every vector
 * backend). meson builds this file once per vector backend with
 * -DVECTOR_NAME="NAME" and -DVECTOR_CPU=ECXI_CPU_... and links it with
 * that backend's build of vector_checks.c.
 *
 * This file is compiled for any CPU and checks the CPU first
 * (ecxi_cpu_probe, which honours ECX_CPU_DISABLE); without the backend's
 * features the test says so and is skipped (exit 77). */
#include <stdio.h>

#include "backend/ops.h"
#include "dispatch/cpu.h"
#include "vector_checks.h"

int main(void)
{
    if ((ecxi_cpu_probe() & (VECTOR_CPU)) != (VECTOR_CPU)) {
        printf("skip: this CPU (or ECX_CPU_DISABLE) lacks what the %s checks need\n", VECTOR_NAME);
        printf("test_vector_%s: 0 passed, 0 failed\n", VECTOR_NAME);
        return 77;
    }
    return vector_checks("test_vector_" VECTOR_NAME, 20000);
}
