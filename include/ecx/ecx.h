/* ecx: elliptic-curve cryptography with per-CPU arithmetic backends.
 *
 * Initialisation, backend selection, status codes and version.
 * Every public function that can fail returns one of the ECX_* status codes
 * below: ECX_OK (0) on success, a negative value on failure. */
#ifndef ECX_ECX_H
#define ECX_ECX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECX_OK 0
/* A bad argument, encoding or range: a NULL buffer, an undecodable point,
 * a scalar S >= l. */
#define ECX_ERR_INVALID (-1)
/* Well-formed input whose equation or policy check fails: a wrong signature,
 * a small-order key under strict rules. */
#define ECX_ERR_VERIFY (-2)
/* The requested backend or operation is not available on this CPU or build. */
#define ECX_ERR_UNSUPPORTED (-3)
/* A memory allocation failed. */
#define ECX_ERR_NOMEM (-4)
/* The operating system gave no randomness. */
#define ECX_ERR_RANDOM (-5)
/* A backend failed its known-answer self-test at first use (it computed a
 * wrong result on this machine) and is not used. */
#define ECX_ERR_SELFTEST (-6)

/* Probes the CPU and selects a backend; optional (every public call does it
 * on first use), idempotent and thread-safe. Returns ECX_OK, or
 * ECX_ERR_UNSUPPORTED on every call when the ECX_BACKEND environment variable
 * named a backend that is unknown or unusable here (the library then runs on
 * the automatic choice), or ECX_ERR_INVALID on every call when
 * ECX_CPU_DISABLE holds a word other than "avx2", "ifma", "neon", "sha",
 * "adx" (the library runs, with the known words applied). Each backend passes a
 * known-answer self-test before its first use; ECX_ERR_SELFTEST on every
 * call when a backend that would have been chosen (the best for this CPU, or
 * ECX_BACKEND's) failed it: the library then runs on the best backend that
 * passed (on the CPU's choice if none did). */
int ecx_init(void);

/* Name of the active backend: "u32", "u64", "avx2", "ifma" or "neon". */
const char *ecx_backend(void);

/* Makes `name` the active backend for later calls: "u32", "u64", "avx2",
 * "ifma", "neon", or "auto" for the automatic choice. Returns ECX_OK, or
 * ECX_ERR_UNSUPPORTED (changing nothing) when the backend is unknown, not
 * built, or not supported by this CPU, ECX_ERR_SELFTEST (changing nothing)
 * when it failed its self-test, and ECX_ERR_INVALID for NULL.
 * Select before sharing the library between threads: calls already running
 * finish on the backend they started with. */
int ecx_backend_select(const char *name);

/* Writes the names of the backends usable here (supported by the CPU and
 * passing their self-test), best first, into
 * names[0 .. min(max, total) - 1] and returns the total number. `names` may be
 * NULL when max is 0. */
size_t ecx_backends(const char **names, size_t max);

/* A static English description of a status code (never NULL). */
const char *ecx_strerror(int status);

/* The library version, "MAJOR.MINOR.PATCH". */
const char *ecx_version(void);

#ifdef __cplusplus
}
#endif

#endif
