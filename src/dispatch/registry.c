/* The backend registry and the one-time selection.
 *
 * The list below is the whole registry: a new backend is one more line.
 * Order is preference, best first (ifma > avx2 > neon > u64 > u32).
 *
 * A backend is usable when the CPU has what it needs and it passes its
 * known-answer self-test (src/dispatch/selftest.c), run the first time the
 * backend is considered (selection, lookup or listing) and remembered. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/cpu.h"
#include "dispatch/registry.h"
#include "dispatch/selftest.h"
#include "hash/sha256.h"

#ifdef ECX_HAVE_BACKEND_IFMA
extern const struct ecx_backend ecxi_backend_ifma;
#endif
#ifdef ECX_HAVE_BACKEND_AVX2
extern const struct ecx_backend ecxi_backend_avx2;
#endif
#ifdef ECX_HAVE_BACKEND_NEON
extern const struct ecx_backend ecxi_backend_neon;
#endif
#ifdef ECX_HAVE_BACKEND_U64
extern const struct ecx_backend ecxi_backend_u64;
#endif
#ifdef ECX_HAVE_BACKEND_U32
extern const struct ecx_backend ecxi_backend_u32;
#endif

static const struct ecx_backend *const registry[] = {
#ifdef ECX_HAVE_BACKEND_IFMA
    &ecxi_backend_ifma,
#endif
#ifdef ECX_HAVE_BACKEND_AVX2
    &ecxi_backend_avx2,
#endif
#ifdef ECX_HAVE_BACKEND_NEON
    &ecxi_backend_neon,
#endif
#ifdef ECX_HAVE_BACKEND_U64
    &ecxi_backend_u64,
#endif
#ifdef ECX_HAVE_BACKEND_U32
    &ecxi_backend_u32,
#endif
};
#define REGISTRY_SIZE (sizeof registry / sizeof registry[0])

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static unsigned cpu_features;                        /* written once, inside init_once */
static const struct ecx_backend *auto_choice;        /* written once, inside init_once */
static int init_status;                              /* written once, inside init_once */
static _Atomic(const struct ecx_backend *) active;

/* Self-test results, per registry entry: SELFTEST_UNKNOWN until the first
 * use. Two threads may both run a test; the result is the same. */
enum { SELFTEST_UNKNOWN, SELFTEST_PASSED, SELFTEST_FAILED };
static _Atomic int selftest[REGISTRY_SIZE > 0 ? REGISTRY_SIZE : 1];

static int cpu_has(const struct ecx_backend *b)
{
    return (b->cpu_requirements & ~cpu_features) == 0;
}

static int passes_self_test(size_t i)
{
    int state = atomic_load(&selftest[i]);
    if (state == SELFTEST_UNKNOWN) {
        state = ecxi_backend_self_test(registry[i]) ? SELFTEST_PASSED : SELFTEST_FAILED;
        atomic_store(&selftest[i], state);
    }
    return state == SELFTEST_PASSED;
}

/* Usable: the CPU has what the backend needs, and (tested then, not before)
 * it passes its self-test. */
static int usable(size_t i)
{
    return cpu_has(registry[i]) && passes_self_test(i);
}

/* The usable backend `name`, or NULL; *status (if not NULL) says why not:
 * ECXI_STATUS_SELFTEST if it failed its self-test, else
 * ECXI_STATUS_UNSUPPORTED. */
static const struct ecx_backend *find_usable(const char *name, int *status)
{
    for (size_t i = 0; i < REGISTRY_SIZE; i++) {
        if (strcmp(registry[i]->name, name) != 0) continue;
        if (usable(i)) return registry[i];
        if (status) *status = cpu_has(registry[i]) ? ECXI_STATUS_SELFTEST : ECXI_STATUS_UNSUPPORTED;
        return NULL;
    }
    if (status) *status = ECXI_STATUS_UNSUPPORTED;
    return NULL;
}

static void initialise(void)
{
    int unknown_word;
    cpu_features = ecxi_cpu_probe_checked(&unknown_word);
    /* SHA-256 (ECDSA's message hash and RFC 6979 nonces, every backend):
     * the SHA-extension compression where the CPU has it, chosen once. */
    (void)ecxi_sha256_use_extensions((cpu_features & ECXI_CPU_SHA) != 0);
    const struct ecx_backend *first_by_cpu = NULL;
    for (size_t i = 0; i < REGISTRY_SIZE && !auto_choice; i++) {
        if (!cpu_has(registry[i])) continue;
        if (!first_by_cpu) first_by_cpu = registry[i];
        if (passes_self_test(i))
            auto_choice = registry[i];
        else
            init_status = ECXI_STATUS_SELFTEST; /* a better backend was skipped */
    }
    /* Every backend failed its self-test: the library cannot fail every
     * call, so it runs on the CPU's choice and every ecx_init() reports the
     * failure. (u32 has no requirements: first_by_cpu is never NULL.) */
    if (!auto_choice) auto_choice = first_by_cpu;
    const struct ecx_backend *chosen = auto_choice;
    const char *forced = getenv("ECX_BACKEND");
    if (forced && *forced && strcmp(forced, "auto") != 0) {
        int why = 0;
        const struct ecx_backend *b = find_usable(forced, &why);
        /* An unusable ECX_BACKEND cannot fail every call: run on the automatic
         * choice and report the mistake from every ecx_init(). */
        if (b)
            chosen = b;
        else
            init_status = why;
    }
    /* A typo in ECX_CPU_DISABLE is reported the same way (the known words
     * still mask their features), and comes first: it may be why
     * ECX_BACKEND's choice is unusable. */
    if (unknown_word) init_status = ECXI_STATUS_INVALID;
    atomic_store(&active, chosen);
}

int ecxi_registry_init(void)
{
    pthread_once(&init_once, initialise);
    return init_status;
}

const struct ecx_backend *ecxi_backend_active(void)
{
    pthread_once(&init_once, initialise);
    return atomic_load(&active);
}

const struct ecx_backend *ecxi_backend_find(const char *name)
{
    pthread_once(&init_once, initialise);
    if (strcmp(name, "auto") == 0) return auto_choice;
    return find_usable(name, NULL);
}

int ecxi_backend_activate(const char *name)
{
    pthread_once(&init_once, initialise);
    int status = 0;
    const struct ecx_backend *b = strcmp(name, "auto") == 0 ? auto_choice : find_usable(name, &status);
    if (!b) return status;
    atomic_store(&active, b);
    return 0;
}

size_t ecxi_backend_list(const char **names, size_t max)
{
    pthread_once(&init_once, initialise);
    size_t total = 0;
    for (size_t i = 0; i < REGISTRY_SIZE; i++) {
        if (!usable(i)) continue;
        if (names && total < max) names[total] = registry[i]->name;
        total++;
    }
    return total;
}
