/* Dispatch tests: initialisation, the backend list, selection, the f25519
 * tables, status strings, the ECX_BACKEND and ECX_CPU_DISABLE environment
 * variables, and concurrent first use.
 *
 * The environment is read once, at the library's one-time initialisation, so
 * each environment test runs in a fresh child process: the test binary
 * re-executes itself (SELF --child MODE FD, through the emulator when it runs
 * under qemu-user) with a modified environment, and reports its check counts
 * through a pipe. If no child can be started at all, those tests are skipped
 * with a printed reason. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend/ops.h"
#include "check.h"
#include "dispatch/cpu.h"
#include "ecx/ecx.h"
#include "ecx/f25519.h"
#include "ecx/p256.h"
#include "hash/sha256.h"

extern char **environ;

#define MAX_NAMES 16
static const char *const all_names[] = {"ifma", "avx2", "neon", "u64", "u32"}; /* preference order */
#define N_ALL_NAMES (sizeof all_names / sizeof all_names[0])

static int rank_of(const char *name)
{
    for (size_t i = 0; i < N_ALL_NAMES; i++)
        if (strcmp(all_names[i], name) == 0) return (int)i;
    return -1;
}

static int listed(const char *name, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return 1;
    return 0;
}

static int streq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* ------------------------------------------------------------------------ */
/* Child modes: each runs in a fresh process, first call into the library    */
/* happens here.                                                             */

#define N_THREADS 8
static pthread_barrier_t barrier;
static const char *thread_mode;

static void *thread_main(void *arg)
{
    const char **out = arg;
    pthread_barrier_wait(&barrier);
    if (strcmp(thread_mode, "backend") == 0) {
        *out = ecx_backend();
    } else if (strcmp(thread_mode, "init") == 0) {
        int rc = ecx_init();
        *out = rc == ECX_OK ? ecx_backend() : "init failed";
    } else if (strcmp(thread_mode, "f25519") == 0) {
        const ecx_f25519_ops *t = ecx_f25519(NULL);
        *out = t ? t->backend : "no table";
    } else { /* "backends" */
        const char *names[MAX_NAMES];
        size_t n = ecx_backends(names, MAX_NAMES);
        *out = n ? ecx_backend() : "empty list";
    }
    return NULL;
}

static void *thread_probe(void *arg)
{
    return arg;
}

/* 8 threads make their first call into the library at the same time. */
static void child_threads(const char *mode, const char *first_call, const char *expect_env)
{
    const char *seen[N_THREADS] = {0};
    pthread_t th[N_THREADS];
    thread_mode = first_call;
    if (pthread_barrier_init(&barrier, NULL, N_THREADS) != 0) {
        CHECK_CTX(!"pthread_barrier_init", mode);
        return;
    }
    int started = 0;
    for (int i = 0; i < N_THREADS; i++)
        if (pthread_create(&th[i], NULL, thread_main, &seen[i]) == 0) started++;
    CHECK_CTX(started == N_THREADS, mode);
    if (started != N_THREADS) _exit(3); /* the barrier would never open */
    for (int i = 0; i < N_THREADS; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&barrier);

    const char *names[MAX_NAMES];
    size_t n = ecx_backends(names, MAX_NAMES);
    const char *want = expect_env ? expect_env : (n ? names[0] : "?");
    for (int i = 0; i < N_THREADS; i++) {
        CHECK_CTX(seen[i] != NULL && seen[i] == seen[0], mode); /* one table, one name */
        CHECK_CTX(streq(seen[i], want), mode);
    }
    CHECK_CTX(streq(ecx_backend(), want), mode);
    CHECK_CTX(ecx_init() == ECX_OK, mode);
}

static void run_child(const char *mode)
{
    const char *names[MAX_NAMES];

    if (strcmp(mode, "env_u32") == 0) {
        /* ECX_BACKEND=u32 */
        CHECK_CTX(ecx_init() == ECX_OK, mode);
        CHECK_CTX(streq(ecx_backend(), "u32"), mode);
        const ecx_f25519_ops *t = ecx_f25519(NULL);
        CHECK_CTX(t && streq(t->backend, "u32"), mode);
        CHECK_CTX(ecx_init() == ECX_OK, mode);
        /* "auto" is the CPU's choice, not the environment's. */
        size_t n = ecx_backends(names, MAX_NAMES);
        CHECK_CTX(n >= 1, mode);
        CHECK_CTX(ecx_backend_select("auto") == ECX_OK, mode);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
    } else if (strcmp(mode, "env_u64") == 0) {
        CHECK_CTX(ecx_init() == ECX_OK, mode);
        CHECK_CTX(streq(ecx_backend(), "u64"), mode);
    } else if (strcmp(mode, "env_auto") == 0 || strcmp(mode, "env_empty") == 0) {
        /* ECX_BACKEND=auto or empty: the automatic choice, no error. */
        CHECK_CTX(ecx_init() == ECX_OK, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
    } else if (strcmp(mode, "env_bogus") == 0 || strcmp(mode, "env_bogus_lazy") == 0) {
        /* ECX_BACKEND=bogus: runs on the auto choice; every ecx_init() says so. */
        if (strcmp(mode, "env_bogus_lazy") == 0) {
            /* Initialised through another public function first. */
            const char *b = ecx_backend();
            CHECK_CTX(b != NULL, mode);
        }
        CHECK_CTX(ecx_init() == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_init() == ECX_ERR_UNSUPPORTED, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
        CHECK_CTX(!listed("bogus", names, n < MAX_NAMES ? n : MAX_NAMES), mode);
        const ecx_f25519_ops *t = ecx_f25519(NULL);
        CHECK_CTX(t && n >= 1 && streq(t->backend, names[0]), mode);
        /* The library works: a later explicit selection succeeds... */
        CHECK_CTX(ecx_backend_select("u32") == ECX_OK, mode);
        CHECK_CTX(streq(ecx_backend(), "u32"), mode);
        /* ... and ecx_init() still reports the mistake. */
        CHECK_CTX(ecx_init() == ECX_ERR_UNSUPPORTED, mode);
    } else if (strncmp(mode, "env_masked_", 11) == 0) {
        /* ECX_CPU_DISABLE=avx2,ifma,neon ECX_BACKEND=<a vector backend>: that
         * backend is unusable (whether built or not), so the auto choice runs. */
        const char *wanted = mode + 11;
        CHECK_CTX(ecx_init() == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_init() == ECX_ERR_UNSUPPORTED, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
        CHECK_CTX(!streq(ecx_backend(), wanted), mode);
        CHECK_CTX(ecx_backend_select(wanted) == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_f25519(wanted) == NULL, mode);
        /* On ARM the masked neon leaves its serial partner running: u64 on
         * AArch64, u32 on ARMv7 (an ARMv7 CPU without NEON). */
#if defined(__aarch64__)
        if (strcmp(wanted, "neon") == 0) CHECK_CTX(streq(ecx_backend(), "u64"), mode);
#elif defined(__arm__)
        if (strcmp(wanted, "neon") == 0) CHECK_CTX(streq(ecx_backend(), "u32"), mode);
#endif
    } else if (strcmp(mode, "cpu_disable") == 0 || strcmp(mode, "cpu_disable_all") == 0) {
        /* ECX_CPU_DISABLE=avx2,ifma (,neon): those backends are gone. */
        int all = strcmp(mode, "cpu_disable_all") == 0;
        CHECK_CTX(ecx_init() == ECX_OK, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        if (n > MAX_NAMES) n = MAX_NAMES;
        CHECK_CTX(n >= 1, mode);
        CHECK_CTX(!listed("avx2", names, n), mode);
        CHECK_CTX(!listed("ifma", names, n), mode);
        if (all) CHECK_CTX(!listed("neon", names, n), mode);
        CHECK_CTX(listed("u32", names, n), mode);
        /* The backend that actually runs is the first one listed. */
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
        const ecx_f25519_ops *t = ecx_f25519(NULL);
        CHECK_CTX(t && n >= 1 && streq(t->backend, names[0]), mode);
#if defined(__x86_64__) && defined(__SIZEOF_INT128__)
        CHECK_CTX(streq(ecx_backend(), "u64"), mode); /* ECX_CPU_DISABLE=avx2,ifma runs u64 */
#endif
        if (all) {
#ifdef __SIZEOF_INT128__
            CHECK_CTX(streq(ecx_backend(), "u64"), mode);
#else
            CHECK_CTX(streq(ecx_backend(), "u32"), mode);
#endif
        }
        CHECK_CTX(ecx_backend_select("avx2") == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_backend_select("ifma") == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_f25519("avx2") == NULL && ecx_f25519("ifma") == NULL, mode);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
    } else if (strncmp(mode, "cpu_typo_", 9) == 0) {
        /* ECX_CPU_DISABLE with an unknown word (a typo: "IFMA", "ifmax",
         * " ifma", "avx2,ifmax"): every ecx_init() reports ECX_ERR_INVALID,
         * the library still runs, the known words still apply. */
        CHECK_CTX(ecx_init() == ECX_ERR_INVALID, mode);
        CHECK_CTX(ecx_init() == ECX_ERR_INVALID, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        if (n > MAX_NAMES) n = MAX_NAMES;
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
        const ecx_f25519_ops *t = ecx_f25519(NULL);
        CHECK_CTX(t && n >= 1 && streq(t->backend, names[0]), mode);
        if (strcmp(mode, "cpu_typo_avx2") == 0) {
            CHECK_CTX(!listed("avx2", names, n) && !listed("ifma", names, n), mode);
            CHECK_CTX(ecx_backend_select("avx2") == ECX_ERR_UNSUPPORTED, mode);
        }
        CHECK_CTX(ecx_backend_select("u32") == ECX_OK && streq(ecx_backend(), "u32"), mode);
        CHECK_CTX(ecx_init() == ECX_ERR_INVALID, mode);
    } else if (strcmp(mode, "cpu_no_avx2") == 0 || strcmp(mode, "cpu_no_adx") == 0) {
        /* ECX_CPU_DISABLE=avx2 ECX_BACKEND=avx2: avx2 is unusable, and so is
         * ifma (its code uses AVX2 too): ECX_ERR_UNSUPPORTED, the automatic
         * choice runs, never an AVX2 instruction. ECX_CPU_DISABLE=adx (a
         * Haswell: AVX2 without ADX): the same, since both need ADX for
         * P-256's field product in assembly (and ECX_ERR_UNSUPPORTED, not
         * ECX_ERR_INVALID: "adx" is a word). */
        CHECK_CTX(ecx_init() == ECX_ERR_UNSUPPORTED, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        if (n > MAX_NAMES) n = MAX_NAMES;
        CHECK_CTX(!listed("avx2", names, n) && !listed("ifma", names, n), mode);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
        CHECK_CTX(ecx_backend_select("avx2") == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_backend_select("ifma") == ECX_ERR_UNSUPPORTED, mode);
        CHECK_CTX(ecx_f25519("avx2") == NULL && ecx_f25519("ifma") == NULL, mode);
#if defined(__x86_64__) && defined(__SIZEOF_INT128__)
        CHECK_CTX(streq(ecx_backend(), "u64"), mode);
        /* P-256 still works there, on u64's C. */
        uint8_t sk[32] = {1}, pk[65], sig[64];
        CHECK_CTX(ecx_p256_public_key(pk, sk) == ECX_OK, mode);
        CHECK_CTX(ecx_p256_ecdsa_sign(sig, sk, 32, sk) == ECX_OK, mode);
        CHECK_CTX(ecx_p256_ecdsa_verify(sig, sk, 32, pk) == ECX_OK, mode);
#endif
    } else if (strcmp(mode, "cpu_no_ifma") == 0) {
        /* ECX_CPU_DISABLE=ifma: the next in line runs (avx2 where it is
         * built and the CPU has it, else u64 on x86-64). */
        CHECK_CTX(ecx_init() == ECX_OK, mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        if (n > MAX_NAMES) n = MAX_NAMES;
        CHECK_CTX(!listed("ifma", names, n), mode);
        CHECK_CTX(ecx_backend_select("ifma") == ECX_ERR_UNSUPPORTED, mode);
#if defined(__x86_64__) && defined(__SIZEOF_INT128__)
        CHECK_CTX(streq(ecx_backend(), listed("avx2", names, n) ? "avx2" : "u64"), mode);
#endif
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
    } else if (strcmp(mode, "cpu_no_sha") == 0 || strcmp(mode, "cpu_typo_sha") == 0) {
        /* ECX_CPU_DISABLE=sha: SHA-256 runs the portable compression, the
         * backends are as without the word. ECX_CPU_DISABLE=SHA (a typo):
         * ECX_ERR_INVALID, and the SHA extensions stay on where the CPU
         * has them. */
        const int typo = strcmp(mode, "cpu_typo_sha") == 0;
        CHECK_CTX(ecx_init() == (typo ? ECX_ERR_INVALID : ECX_OK), mode);
        size_t n = ecx_backends(names, MAX_NAMES);
        CHECK_CTX(n >= 1 && streq(ecx_backend(), names[0]), mode);
        const int cpu_sha = (ecxi_cpu_probe() & ECXI_CPU_SHA) != 0;
        CHECK_CTX(!typo ? !cpu_sha : 1, mode);
        const int built = ecxi_sha256_blocks_named("shani") != NULL;
        CHECK_CTX(streq(ecxi_sha256_implementation(), cpu_sha && built ? "shani" : "portable"), mode);
        if (!typo) CHECK_CTX(streq(ecxi_sha256_implementation(), "portable"), mode);
    } else if (strncmp(mode, "threads_", 8) == 0) {
        /* threads_<first call>[_u32]: the _u32 variants run with ECX_BACKEND=u32. */
        char first[32];
        const char *rest = mode + 8;
        size_t len = strcspn(rest, "_");
        if (len >= sizeof first) len = sizeof first - 1;
        memcpy(first, rest, len);
        first[len] = 0;
        child_threads(mode, first, strstr(rest, "_u32") ? "u32" : NULL);
    } else if (strcmp(mode, "probe_threads") == 0) {
        /* No report (so the parent skips) unless a thread can run. */
        pthread_t th;
        if (pthread_create(&th, NULL, thread_probe, NULL) != 0) _exit(3);
        if (pthread_join(th, NULL) != 0) _exit(3);
    } else if (strcmp(mode, "probe") == 0) {
        /* Only shows that a child can be started and report. */
    } else {
        CHECK_CTX(!"unknown child mode", mode);
    }
}

/* ------------------------------------------------------------------------ */
/* Parent side: re-exec with the environment, collect the counts.           */

static int child_main(const char *mode, int fd)
{
    alarm(60); /* a deadlocked one-time init must not hang the suite */
    run_child(mode);
    char line[64];
    int len = snprintf(line, sizeof line, "%lu %lu\n", check_passed, check_failed);
    if (write(fd, line, (size_t)len) != len) return 2;
    close(fd);
    return check_failed ? 1 : 0;
}

/* How to start this program again: [wrapper words...] self. Natively the
 * wrapper is empty. Under qemu-user (meson's exe_wrapper in cross builds)
 * the guest cannot exec itself (no binfmt_misc here, and fork() of the guest
 * crashes or hangs in qemu 7.2), so the children are started the way meson
 * started us: qemu emulates /proc/self/{exe,cmdline} for the guest, but not
 * /proc/self/task/TID/..., which show the host's process: qemu's path and
 * its whole command line, our argv at its end. */
static char self_path[4096];
static char host_exe[4096];
static char host_cmdline[8192];
static char *wrapper[32];
static size_t n_wrapper;
static const char *launch_problem;

static void find_launcher(int argc)
{
    ssize_t n = readlink("/proc/self/exe", self_path, sizeof self_path - 1);
    if (n <= 0) {
        launch_problem = "readlink(/proc/self/exe) failed";
        return;
    }
    self_path[n] = 0;

    char path[96];
    long tid = (long)syscall(SYS_gettid);
    snprintf(path, sizeof path, "/proc/self/task/%ld/cmdline", tid);
    FILE *f = fopen(path, "rb");
    if (!f) return; /* no host view: assume native */
    size_t len = fread(host_cmdline, 1, sizeof host_cmdline - 1, f);
    fclose(f);
    host_cmdline[len] = 0;
    char *words[64];
    size_t n_words = 0;
    for (size_t i = 0; i < len && n_words < 64; i += strlen(host_cmdline + i) + 1) words[n_words++] = host_cmdline + i;
    if (n_words <= (size_t)argc) return; /* our own command line: native */
    n_wrapper = n_words - (size_t)argc;
    if (n_wrapper >= sizeof wrapper / sizeof wrapper[0]) {
        launch_problem = "emulator command line too long";
        return;
    }
    for (size_t i = 0; i < n_wrapper; i++) wrapper[i] = words[i];
    /* The emulator's own binary, as the host sees it. */
    snprintf(path, sizeof path, "/proc/self/task/%ld/exe", tid);
    n = readlink(path, host_exe, sizeof host_exe - 1);
    if (n <= 0) {
        launch_problem = "cannot find the emulator's binary";
        return;
    }
    host_exe[n] = 0;
    printf("test_dispatch: running under an emulator (%s): children start through it\n", host_exe);
}

/* Runs MODE in a fresh process with ECX_BACKEND and ECX_CPU_DISABLE removed
 * from the environment and then `assign` (NULL-terminated "NAME=value")
 * added. Returns 1 if the child reported its counts, which are added to ours;
 * a child still silent after timeout_ms is killed. */
static int run_mode(const char *mode, const char *const *assign, int quiet, int timeout_ms)
{
    if (launch_problem) return 0;
    int fds[2];
    if (pipe(fds) != 0) {
        perror("pipe");
        return 0;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);

    size_t n_env = 0, k = 0;
    while (environ[n_env]) n_env++;
    char **envp = calloc(n_env + 8, sizeof *envp);
    char *argv[sizeof wrapper / sizeof wrapper[0] + 8];
    char fdstr[16];
    if (!envp) abort();
    for (size_t i = 0; i < n_env; i++)
        if (strncmp(environ[i], "ECX_BACKEND=", 12) != 0 && strncmp(environ[i], "ECX_CPU_DISABLE=", 16) != 0)
            envp[k++] = environ[i];
    for (size_t i = 0; assign[i] && i < 6; i++) envp[k++] = (char *)assign[i];
    envp[k] = NULL;
    snprintf(fdstr, sizeof fdstr, "%d", fds[1]);
    size_t a = 0;
    for (size_t i = 0; i < n_wrapper; i++) argv[a++] = wrapper[i];
    argv[a++] = self_path;
    argv[a++] = "--child";
    argv[a++] = (char *)mode;
    argv[a++] = fdstr;
    argv[a] = NULL;

    fflush(stdout);
    fflush(stderr);
    pid_t pid;
    int rc = posix_spawn(&pid, n_wrapper ? host_exe : self_path, NULL, NULL, argv, envp);
    free(envp);
    close(fds[1]);
    if (rc != 0) {
        if (!quiet) fprintf(stderr, "test_dispatch: cannot start child %s: %s\n", mode, strerror(rc));
        close(fds[0]);
        return 0;
    }
    char buf[128];
    size_t got = 0;
    int timed_out = 0;
    for (;;) {
        struct pollfd pfd = {fds[0], POLLIN, 0};
        int pr = poll(&pfd, 1, timeout_ms);
        if (pr < 0 && errno == EINTR) continue;
        if (pr == 0) { /* the child hangs: end it (our own child, by its pid) */
            kill(pid, SIGKILL);
            timed_out = 1;
            break;
        }
        ssize_t r = read(fds[0], buf + got, sizeof buf - 1 - got);
        if (r > 0) {
            got += (size_t)r;
            if (got >= sizeof buf - 1) break;
            continue;
        }
        if (r < 0 && errno == EINTR) continue;
        break;
    }
    close(fds[0]);
    buf[got] = 0;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    unsigned long p = 0, f = 0;
    if (sscanf(buf, "%lu %lu", &p, &f) != 2) {
        if (quiet) return 0;
        if (timed_out)
            fprintf(stderr, "test_dispatch: child %s did not finish in %d ms\n", mode, timeout_ms);
        else if (WIFSIGNALED(status))
            fprintf(stderr, "test_dispatch: child %s died of signal %d\n", mode, WTERMSIG(status));
        else
            fprintf(stderr, "test_dispatch: child %s exited %d without a report\n", mode,
                    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return 0;
    }
    check_passed += p;
    check_failed += f;
    return 1;
}

static void child_test(const char *mode, const char *const *assign)
{
    int ok = run_mode(mode, assign, 0, 90000);
    CHECK_CTX(ok, mode); /* the child ran and reported */
}

static void test_environment(int argc)
{
    find_launcher(argc);
    static const char *const nothing[] = {NULL};
    if (!run_mode("probe", nothing, 1, 20000)) {
        printf("test_dispatch: SKIP environment and first-use tests: cannot start a child process here (%s)\n",
               launch_problem ? launch_problem : "the re-executed program did not report");
        return;
    }
    static const char *const env_u32[] = {"ECX_BACKEND=u32", NULL};
    static const char *const env_u64[] = {"ECX_BACKEND=u64", NULL};
    static const char *const env_auto[] = {"ECX_BACKEND=auto", NULL};
    static const char *const env_empty[] = {"ECX_BACKEND=", NULL};
    static const char *const env_bogus[] = {"ECX_BACKEND=bogus", NULL};
    static const char *const env_masked_avx2[] = {"ECX_CPU_DISABLE=avx2,ifma,neon", "ECX_BACKEND=avx2", NULL};
    static const char *const env_masked_ifma[] = {"ECX_CPU_DISABLE=avx2,ifma,neon", "ECX_BACKEND=ifma", NULL};
    static const char *const env_masked_neon[] = {"ECX_CPU_DISABLE=avx2,ifma,neon", "ECX_BACKEND=neon", NULL};
    static const char *const cpu_disable[] = {"ECX_CPU_DISABLE=avx2,ifma", NULL};
    static const char *const cpu_disable_all[] = {"ECX_CPU_DISABLE=avx2,ifma,neon", NULL};
    static const char *const none[] = {NULL};
    static const char *const typo_upper[] = {"ECX_CPU_DISABLE=IFMA", NULL};
    static const char *const typo_longer[] = {"ECX_CPU_DISABLE=ifmax", NULL};
    static const char *const typo_space[] = {"ECX_CPU_DISABLE=avx2, ifma", NULL};
    static const char *const typo_avx2[] = {"ECX_CPU_DISABLE=avx2,ifmax", NULL};
    static const char *const typo_backend[] = {"ECX_CPU_DISABLE=neon,Avx2", "ECX_BACKEND=bogus", NULL};
    static const char *const no_avx2[] = {"ECX_CPU_DISABLE=avx2", "ECX_BACKEND=avx2", NULL};
    static const char *const no_ifma[] = {"ECX_CPU_DISABLE=ifma,", NULL};
    static const char *const no_adx[] = {"ECX_CPU_DISABLE=adx", "ECX_BACKEND=avx2", NULL};
    static const char *const no_sha[] = {"ECX_CPU_DISABLE=sha", NULL};
    static const char *const typo_sha[] = {"ECX_CPU_DISABLE=SHA", NULL};

    child_test("env_u32", env_u32);
#ifdef __SIZEOF_INT128__
    child_test("env_u64", env_u64);
#else
    (void)env_u64;
#endif
    child_test("env_auto", env_auto);
    child_test("env_empty", env_empty);
    child_test("env_bogus", env_bogus);
    child_test("env_bogus_lazy", env_bogus);
    child_test("env_masked_avx2", env_masked_avx2);
    child_test("env_masked_ifma", env_masked_ifma);
    child_test("env_masked_neon", env_masked_neon);
    child_test("cpu_disable", cpu_disable);
    child_test("cpu_disable_all", cpu_disable_all);
    child_test("cpu_typo_upper", typo_upper);
    child_test("cpu_typo_longer", typo_longer);
    child_test("cpu_typo_space", typo_space);
    child_test("cpu_typo_avx2", typo_avx2);
    child_test("cpu_typo_backend", typo_backend); /* the typo is reported, not ECX_BACKEND */
    child_test("cpu_no_avx2", no_avx2);
    child_test("cpu_no_ifma", no_ifma);
    child_test("cpu_no_adx", no_adx);
    child_test("cpu_no_sha", no_sha);
    child_test("cpu_typo_sha", typo_sha);

    /* Concurrent first use: several rounds, since races are probabilistic.
     * qemu-user 7.2 on this kind of host cannot create guest threads (the
     * guest crashes or hangs in pthread_create), so a probe child tries one
     * thread first. */
    if (!run_mode("probe_threads", none, 1, 5000)) {
        printf("test_dispatch: SKIP concurrent first-use tests: a child process cannot create threads here%s\n",
               n_wrapper ? " (known qemu-user problem)" : "");
        return;
    }
    static const char *const thread_modes[] = {"threads_backend", "threads_init", "threads_f25519",
                                               "threads_backends"};
    for (int round = 0; round < 3; round++)
        for (size_t i = 0; i < sizeof thread_modes / sizeof thread_modes[0]; i++) child_test(thread_modes[i], none);
    child_test("threads_backend_u32", env_u32);
    child_test("threads_init_u32", env_u32);
}

/* ------------------------------------------------------------------------ */
/* In-process tests                                                          */

static void test_in_process(void)
{
    CHECK(ecx_init() == ECX_OK);
    CHECK(ecx_init() == ECX_OK); /* idempotent */

    /* The list. */
    const char *names[MAX_NAMES + 1];
    size_t total = ecx_backends(NULL, 0);
    CHECK(total >= 1);
    CHECK(total <= MAX_NAMES);
    if (total > MAX_NAMES) total = MAX_NAMES;
    for (size_t i = 0; i <= MAX_NAMES; i++) names[i] = NULL;
    CHECK(ecx_backends(names, MAX_NAMES) == total);
    for (size_t i = 0; i < total; i++) CHECK_CTX(names[i] != NULL, "ecx_backends fills names");
    CHECK(names[total] == NULL); /* nothing past the total */
    printf("test_dispatch: backends:");
    for (size_t i = 0; i < total; i++) printf(" %s", names[i] ? names[i] : "(null)");
    printf("; active: %s\n", ecx_backend());
    /* SHA-256's compression, chosen at init: the SHA extensions exactly
     * where the build has them and the CPU probe reports them. */
    const int sha_ext = ecxi_sha256_blocks_named("shani") != NULL && (ecxi_cpu_probe() & ECXI_CPU_SHA) != 0;
    printf("test_dispatch: SHA-256 compression: %s\n", ecxi_sha256_implementation());
    CHECK(strcmp(ecxi_sha256_implementation(), sha_ext ? "shani" : "portable") == 0);
#if !defined(__x86_64__)
    CHECK(strcmp(ecxi_sha256_implementation(), "portable") == 0); /* no SHA-extension code off x86-64 */
#endif
    /* max smaller than the total: fills max, still returns the total. */
    const char *one[2] = {NULL, "sentinel"};
    CHECK(ecx_backends(one, 1) == total);
    CHECK(one[0] != NULL && names[0] != NULL && strcmp(one[0], names[0]) == 0);
    CHECK(strcmp(one[1], "sentinel") == 0);
    const char *zero[1] = {"sentinel"};
    CHECK(ecx_backends(zero, 0) == total);
    CHECK(strcmp(zero[0], "sentinel") == 0);

    /* Best first, no duplicates, u32 always, u64 where built. */
    int last_rank = -1;
    for (size_t i = 0; i < total; i++) {
        int r = names[i] ? rank_of(names[i]) : -1;
        CHECK_CTX(r >= 0, names[i] ? names[i] : "(null)"); /* a known backend name */
        CHECK_CTX(r > last_rank, names[i] ? names[i] : "(null)"); /* preference order, no duplicate */
        if (r > last_rank) last_rank = r;
    }
    CHECK(listed("u32", names, total));
#ifdef __SIZEOF_INT128__
    CHECK(listed("u64", names, total));
#endif
#if !defined(__x86_64__) && !defined(__i386__)
    CHECK(!listed("avx2", names, total) && !listed("ifma", names, total));
#endif
#if !defined(__aarch64__) && !defined(__arm__)
    CHECK(!listed("neon", names, total));
#endif

    /* The active backend is listed, and is the automatic (first) choice. */
    const char *active = ecx_backend();
    CHECK(active != NULL);
    CHECK(active && listed(active, names, total));
    CHECK(streq(active, names[0]));

    /* Unknown or unusable names change nothing. */
    const char *last = names[total - 1];
    CHECK(ecx_backend_select(last) == ECX_OK);
    CHECK(streq(ecx_backend(), last));
    CHECK(ecx_backend_select("nope") == ECX_ERR_UNSUPPORTED);
    CHECK(ecx_backend_select("") == ECX_ERR_UNSUPPORTED);
    CHECK(ecx_backend_select("U32") == ECX_ERR_UNSUPPORTED);
    CHECK(ecx_backend_select("u32 ") == ECX_ERR_UNSUPPORTED);
    CHECK(streq(ecx_backend(), last));
    for (size_t i = 0; i < N_ALL_NAMES; i++) {
        if (listed(all_names[i], names, total)) continue;
        CHECK_CTX(ecx_backend_select(all_names[i]) == ECX_ERR_UNSUPPORTED, all_names[i]);
        CHECK_CTX(streq(ecx_backend(), last), all_names[i]);
        CHECK_CTX(ecx_f25519(all_names[i]) == NULL, all_names[i]);
    }
    CHECK(ecx_backend_select(NULL) == ECX_ERR_INVALID);
    CHECK(streq(ecx_backend(), last));

    /* Each usable name: select it, it is active, its table is the active one. */
    for (size_t i = 0; i < total; i++) {
        const char *n = names[i];
        CHECK_CTX(ecx_backend_select(n) == ECX_OK, n);
        CHECK_CTX(streq(ecx_backend(), n), n);
        const ecx_f25519_ops *t = ecx_f25519(n);
        CHECK_CTX(t != NULL && streq(t->backend, n), n);
        CHECK_CTX(ecx_f25519(NULL) == t, n);
        CHECK_CTX(ecx_f25519("auto") == t, n);
        CHECK_CTX(ecx_init() == ECX_OK, n);
    }

    /* "auto" restores the automatic choice. */
    CHECK(ecx_backend_select("auto") == ECX_OK);
    CHECK(streq(ecx_backend(), names[0]));

    /* A held table does not change after a later select. */
    CHECK(ecx_backend_select(last) == ECX_OK);
    const ecx_f25519_ops *held = ecx_f25519(NULL);
    CHECK(held != NULL && streq(held->backend, last));
    const ecx_f25519_ops held_copy = held ? *held : (ecx_f25519_ops){0};
    CHECK(ecx_backend_select(names[0]) == ECX_OK);
    CHECK(held == ecx_f25519(last));
    CHECK(held && memcmp(held, &held_copy, sizeof held_copy) == 0);
    CHECK(held && streq(held->backend, last));
    CHECK(ecx_f25519(NULL) == ecx_f25519(names[0]));
    if (total > 1) CHECK(ecx_f25519(NULL) != held);
    if (held) { /* still usable: 1 + 1 = 2 */
        uint8_t one_b[32] = {1}, two_b[32] = {2}, out[32];
        ecx_fe25519 a, r;
        held->fe_from_bytes(&a, one_b);
        held->fe_add(&r, &a, &a);
        held->fe_to_bytes(out, &r);
        CHECK_MEM(out, two_b, 32, "held table: 1 + 1");
    }
    CHECK(ecx_f25519("nope") == NULL);
    CHECK(ecx_f25519("") == NULL);
    CHECK(ecx_backend_select("auto") == ECX_OK);
    CHECK(ecx_f25519(NULL) == ecx_f25519(names[0]));
    CHECK(streq(ecx_backend(), names[0]));

    /* Status codes and their strings. */
    const int codes[] = {ECX_OK,        ECX_ERR_INVALID, ECX_ERR_VERIFY,  ECX_ERR_UNSUPPORTED,
                         ECX_ERR_NOMEM, ECX_ERR_RANDOM,  ECX_ERR_SELFTEST};
    const size_t n_codes = sizeof codes / sizeof codes[0];
    CHECK(ECX_OK == 0);
    for (size_t i = 1; i < n_codes; i++) CHECK(codes[i] < 0);
    for (size_t i = 0; i < n_codes; i++) {
        const char *s = ecx_strerror(codes[i]);
        CHECK(s != NULL && *s != 0);
        for (size_t j = 0; j < i; j++) {
            CHECK(codes[i] != codes[j]);
            const char *t = ecx_strerror(codes[j]);
            CHECK(s && t && strcmp(s, t) != 0);
        }
    }
    const int unknown[] = {1, 2, -7, -100, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *s = ecx_strerror(unknown[i]);
        CHECK(s != NULL && *s != 0);
        CHECK(s && strcmp(s, ecx_strerror(ECX_OK)) != 0); /* never "success" */
    }

    /* Version: MAJOR.MINOR.PATCH. */
    const char *v = ecx_version();
    unsigned ma, mi, pa;
    int end = -1;
    CHECK(v != NULL);
    CHECK(v && sscanf(v, "%u.%u.%u%n", &ma, &mi, &pa, &end) == 3 && end == (int)strlen(v));
}

int main(int argc, char **argv)
{
    (void)check_seed; /* check.h's random helpers: not needed here */
    (void)check_random_bytes;
    if (argc == 4 && strcmp(argv[1], "--child") == 0) return child_main(argv[2], atoi(argv[3]));

    /* The in-process checks assert the normal environment. */
    const char *eb = getenv("ECX_BACKEND"), *ed = getenv("ECX_CPU_DISABLE");
    if (eb || ed) {
        printf("test_dispatch: note: ignoring ECX_BACKEND/ECX_CPU_DISABLE from the environment\n");
        unsetenv("ECX_BACKEND");
        unsetenv("ECX_CPU_DISABLE");
    }
    /* The children (fresh processes) first, then the checks in this one. */
    test_environment(argc);
    test_in_process();
    return check_summary("test_dispatch");
}
