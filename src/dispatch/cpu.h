/* The CPU probe: which ECXI_CPU_* features this machine (and its OS) offers. */
#ifndef ECX_DISPATCH_CPU_H
#define ECX_DISPATCH_CPU_H

/* Probes once per call (the registry calls it once, inside its one-time
 * initialisation) and returns ECXI_CPU_* bits, minus the features named in the
 * ECX_CPU_DISABLE environment variable (a comma-separated list of "avx2",
 * "ifma", "neon", "sha", "adx"), so tests can play an older CPU. */
unsigned ecxi_cpu_probe(void);

/* For the constant-time check only: `bits` join what every later probe
 * finds (before ECX_CPU_DISABLE applies). valgrind 3.19 runs ADCX / ADOX
 * but hides ADX from CPUID, so under valgrind the avx2 backend (which
 * needs ADX) would not be chosen; tests/run_ctime.sh checks natively that
 * the host has ADX and only then tells test_ctime to assume it. Call
 * before the library's first use. Not exported from libecx.so. */
void ecxi_cpu_assume_for_tests(unsigned bits);

/* The same, and *unknown_word = 1 if ECX_CPU_DISABLE holds a word that is
 * not one of those names (case matters; empty words are ignored), else 0.
 * The known words are applied either way. */
unsigned ecxi_cpu_probe_checked(int *unknown_word);

#endif
