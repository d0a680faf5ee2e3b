/* The CPU probe: which ECXI_CPU_* features this machine (and its OS) offers. */
#ifndef ECX_DISPATCH_CPU_H
#define ECX_DISPATCH_CPU_H

/* Probes once per call (the registry calls it once, inside its one-time
 * initialisation) and returns ECXI_CPU_* bits, minus the features named in the
 * ECX_CPU_DISABLE environment variable (a comma-separated list of "avx2",
 * "ifma", "neon", "sha"), so tests can play an older CPU. */
unsigned ecxi_cpu_probe(void);

/* The same, and *unknown_word = 1 if ECX_CPU_DISABLE holds a word that is
 * not one of those names (case matters; empty words are ignored), else 0.
 * The known words are applied either way. */
unsigned ecxi_cpu_probe_checked(int *unknown_word);

#endif
