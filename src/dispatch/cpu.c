/* CPU feature probe. x86: Google's cpu_features (CPUID plus the OS's XSAVE
 * support for the wider registers). ARM: getauxval(AT_HWCAP), because
 * cpu_features 0.7 prints to standard output on ARM cores without AT_HWCAP2
 * (DESIGN.md), which would corrupt users' output. */
#include "dispatch/cpu.h"

#include <stdlib.h>
#include <string.h>

#include "backend/ops.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuinfo_x86.h>
#elif defined(__aarch64__) || defined(__arm__)
#include <sys/auxv.h>
#endif

static unsigned probe_hardware(void)
{
    unsigned features = 0;
#if defined(__x86_64__) || defined(__i386__)
    /* cpu_features reports its flags as signed 1-bit fields (true is -1):
     * test != 0. It also re-runs CPUID on every call, so call it once. */
    const X86Info info = GetX86Info();
    if (info.features.avx2 != 0) features |= ECXI_CPU_AVX2;
    if (info.features.avx512ifma != 0 && info.features.avx512vl != 0) features |= ECXI_CPU_IFMA;
    /* MULX (BMI2) and ADCX / ADOX (ADX), which the x86 vector backends'
     * P-256 field product uses (backend/u64/p256_mulx.h): every CPU with
     * AVX2 since Broadwell and Zen has both, Haswell has no ADX. */
    if (info.features.bmi2 != 0 && info.features.adx != 0) features |= ECXI_CPU_ADX;
    /* The SHA-256 compression of src/hash/sha256_shani.c: SHA256RNDS2/MSG1/
     * MSG2, PSHUFB (SSSE3) and PBLENDW (SSE4.1), XMM registers only. */
    if (info.features.sha != 0 && info.features.ssse3 != 0 && info.features.sse4_1 != 0) features |= ECXI_CPU_SHA;
#ifdef ECXI_CPU_NEON_SIMDE
    /* Only in the test library ecx_neon_simde (meson.build, docs/neon.md),
     * whose neon backend runs SIMDe's portable NEON on any x86-64. */
    features |= ECXI_CPU_NEON;
#endif
#elif defined(__aarch64__)
    features |= ECXI_CPU_NEON; /* Advanced SIMD is architectural on AArch64. */
#elif defined(__arm__) && defined(AT_HWCAP)
#ifndef HWCAP_NEON
#define HWCAP_NEON (1 << 12) /* arch/arm/include/uapi/asm/hwcap.h */
#endif
    if (getauxval(AT_HWCAP) & HWCAP_NEON) features |= ECXI_CPU_NEON;
#endif
    return features;
}

/* The ECXI_CPU_* bit a name in ECX_CPU_DISABLE stands for, or 0. */
static unsigned feature_named(const char *name, size_t len)
{
    static const struct { const char *name; unsigned bit; } names[] = {
        {"avx2", ECXI_CPU_AVX2}, {"ifma", ECXI_CPU_IFMA}, {"neon", ECXI_CPU_NEON},
        {"sha", ECXI_CPU_SHA}, {"adx", ECXI_CPU_ADX}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == len && memcmp(names[i].name, name, len) == 0) return names[i].bit;
    return 0;
}

static unsigned assumed_for_tests;

void ecxi_cpu_assume_for_tests(unsigned bits)
{
    assumed_for_tests = bits;
}

unsigned ecxi_cpu_probe_checked(int *unknown_word)
{
    unsigned features = probe_hardware() | assumed_for_tests;
    const char *disable = getenv("ECX_CPU_DISABLE");
    *unknown_word = 0;
    while (disable && *disable) {
        size_t len = strcspn(disable, ",");
        const unsigned bit = feature_named(disable, len);
        /* Empty words (",," or a trailing comma) say nothing; any other word
         * must be a feature name, exactly: a typo such as "IFMA" or "ifmax"
         * would otherwise leave the feature on without a word. */
        if (!bit && len > 0) *unknown_word = 1;
        features &= ~bit;
        disable += len;
        if (*disable == ',') disable++;
    }
    /* AVX-512 IFMA code also uses AVX2 instructions. */
    if (!(features & ECXI_CPU_AVX2)) features &= ~ECXI_CPU_IFMA;
    return features;
}

unsigned ecxi_cpu_probe(void)
{
    int unknown_word;
    return ecxi_cpu_probe_checked(&unknown_word);
}
