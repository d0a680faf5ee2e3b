/* The backend registry and the one-time selection.
 *
 * The list below is the whole registry: a new backend is one more line.
 * Order is preference, best first (ifma > avx2 > neon > u64 > u32). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/cpu.h"
#include "dispatch/registry.h"

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

static int usable(const struct ecx_backend *b)
{
    return (b->cpu_requirements & ~cpu_features) == 0;
}

static const struct ecx_backend *find_usable(const char *name)
{
    for (size_t i = 0; i < REGISTRY_SIZE; i++)
        if (strcmp(registry[i]->name, name) == 0) return usable(registry[i]) ? registry[i] : NULL;
    return NULL;
}

static void initialise(void)
{
    int unknown_word;
    cpu_features = ecxi_cpu_probe_checked(&unknown_word);
    for (size_t i = 0; i < REGISTRY_SIZE && !auto_choice; i++)
        if (usable(registry[i])) auto_choice = registry[i];
    /* u32 has no requirements, so auto_choice is never NULL. */
    const struct ecx_backend *chosen = auto_choice;
    const char *forced = getenv("ECX_BACKEND");
    if (forced && *forced && strcmp(forced, "auto") != 0) {
        const struct ecx_backend *b = find_usable(forced);
        /* An unusable ECX_BACKEND cannot fail every call: run on the automatic
         * choice and report the mistake from every ecx_init(). */
        if (b)
            chosen = b;
        else
            init_status = ECXI_STATUS_UNSUPPORTED;
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
    return find_usable(name);
}

int ecxi_backend_activate(const char *name)
{
    const struct ecx_backend *b = ecxi_backend_find(name);
    if (!b) return ECXI_STATUS_UNSUPPORTED;
    atomic_store(&active, b);
    return 0;
}

size_t ecxi_backend_list(const char **names, size_t max)
{
    pthread_once(&init_once, initialise);
    size_t total = 0;
    for (size_t i = 0; i < REGISTRY_SIZE; i++) {
        if (!usable(registry[i])) continue;
        if (names && total < max) names[total] = registry[i]->name;
        total++;
    }
    return total;
}
