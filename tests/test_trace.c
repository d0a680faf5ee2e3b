/* The instruction-trace check (issue 12, item 2): for code valgrind cannot
 * run (the ifma backend's AVX-512 IFMA instructions), a second, independent
 * constant-time check on the real binary. Each secret operation runs in a
 * child process under ptrace single-stepping, once for each of several
 * different secrets; the parent records the address of every instruction
 * executed and requires the traces of all secrets to be identical (same
 * length, same addresses in the same order): no branch and no call depends
 * on the secret. (Memory addresses are not traced: a secret-dependent table
 * index with identical control flow is what the valgrind check and the
 * masked-select design cover.)
 *
 * Operations, through the public functions on the backends valgrind cannot
 * run — ifma (skipped, 77, without it) — or on every usable backend with
 * ECX_TRACE_ALL=1 (single-stepping costs about 10 us per instruction on
 * the loaded test machine, about a minute per backend): Ed25519
 * keypair and sign, Ristretto scalarmult and scalarmult_base, P-256 public
 * key and ECDSA signing (its SHA-256 on the compression dispatch chose: the
 * SHA extensions where the CPU has them, which valgrind cannot run either;
 * the test prints which). A self-check traces a function with a branch on
 * its secret and requires the traces to differ, so the check can fail.
 *
 * The child runs every operation once before its traced runs (first use:
 * dispatch and the backend's self-test), then for each run: raise(SIGSTOP)
 * (the parent starts single-stepping), the operation, raise(SIGSTOP) (the
 * parent stops). x86-64 Linux only (it reads RIP), and not under
 * AddressSanitizer (its instrumentation and allocator are not the code that
 * ships); elsewhere it is skipped (exit 77). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops.h"
#include "check.h"
#include "dispatch/cpu.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/p256.h"
#include "ecx/ristretto.h"
#include "hash/sha256.h"

#if defined(__SANITIZE_ADDRESS__)
#define TRACE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TRACE_UNDER_ASAN 1
#endif
#endif

#if defined(__x86_64__) && defined(__linux__) && !defined(TRACE_UNDER_ASAN)
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#define TRACE_SUPPORTED 1
#endif

#ifdef TRACE_SUPPORTED

#define SECRETS 3
#define MAX_STEPS 20000000ul

static uint8_t secret[32], out[96], sk[64];
static const uint8_t msg[40] = "instruction trace of a secret operation";

/* Ristretto's base point encoding (RFC 9496 A.1, [1]B). */
static const uint8_t RISTRETTO_B[32] = {0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9,
                                        0x61, 0xc5, 0x00, 0x51, 0x5f, 0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82,
                                        0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76};

static void op_keypair(void) { (void)ecx_ed25519_keypair(out, sk, secret); }
static void op_sign(void) { (void)ecx_ed25519_sign(out, msg, sizeof msg, sk); }
static void op_scalarmult(void) { (void)ecx_ristretto255_scalarmult(out, secret, RISTRETTO_B); }
static void op_scalarmult_base(void) { (void)ecx_ristretto255_scalarmult_base(out, secret); }
static void op_p256_public_key(void) { (void)ecx_p256_public_key(out, secret); }
static void op_p256_sign(void) { (void)ecx_p256_ecdsa_sign(out, msg, sizeof msg, secret); }

/* The self-check's operation: a branch on a bit of the secret. */
static volatile unsigned sink;
__attribute__((noinline)) static void op_leaky(void)
{
    if (secret[0] & 1) sink = sink * 3 + 1;
    sink++;
}

/* Secret number i of an operation: scalars are reduced below l (and so
 * below the P-256 n), so every operation accepts them. sign uses the key
 * pair of the secret as seed (made outside the traced region). */
static void make_secret(unsigned i, int leaky)
{
    for (int k = 0; k < 32; k++) secret[k] = (uint8_t)(0x3c * (i + 1) + 17 * k + (k * k * (i + 5)));
    secret[31] &= 0x0f;
    secret[0] = leaky ? (uint8_t)i : (uint8_t)(secret[0] | 1);
    uint8_t pk[32];
    (void)ecx_ed25519_keypair(pk, sk, secret);
}

static const struct {
    const char *name;
    void (*op)(void);
} ops[] = {
    {"ed25519 keypair", op_keypair},
    {"ed25519 sign", op_sign},
    {"ristretto scalarmult", op_scalarmult},
    {"ristretto scalarmult_base", op_scalarmult_base},
    {"p256 public_key", op_p256_public_key},
    {"p256 ecdsa_sign", op_p256_sign},
};
#define N_OPS (sizeof ops / sizeof ops[0])

/* One traced run, a function of its own so that every run executes the
 * same instructions at the same addresses around op (clang unrolls the
 * loop below otherwise: each copy has its own call site). */
__attribute__((noinline)) static void traced_run(void (*op)(void))
{
    raise(SIGSTOP);
    op();
    raise(SIGSTOP);
    __asm__ __volatile__("" ::: "memory");
}

/* The child: on the backend, op (index, or N_OPS for the leaky one) for
 * SECRETS secrets, each run between two SIGSTOPs. */
static void child(const char *backend, size_t oi)
{
    void (*op)(void) = oi < N_OPS ? ops[oi].op : op_leaky;
    if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) _exit(2);
    if (ecx_backend_select(backend) != ECX_OK) _exit(3);
    make_secret(0, oi == N_OPS);
    op(); /* first use, untraced */
    for (unsigned i = 0; i < SECRETS; i++) {
        make_secret(i, oi == N_OPS);
        traced_run(op);
    }
    _exit(0);
}

struct trace {
    unsigned long steps;
    uint64_t hash; /* FNV-1a over the RIP sequence */
};

/* Waits for the child's next stop; returns its signal, or -1 if it ended. */
static int wait_stop(pid_t pid)
{
    int st;
    if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st)) return -1;
    return WSTOPSIG(st);
}

/* Traces one child run of (backend, op): fills t[0 .. SECRETS-1]. With
 * ECX_TRACE_DUMP=DIR set, each run's addresses also go to DIR/OP-SECRET.txt
 * (one hex address a line) for a diff. */
static int trace_op(const char *backend, size_t oi, struct trace t[SECRETS])
{
    const char *dump_dir = getenv("ECX_TRACE_DUMP");
    FILE *dump = NULL;
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) child(backend, oi);
    int sig = wait_stop(pid); /* the child's own stop at TRACEME: none; first SIGSTOP */
    for (unsigned i = 0; i < SECRETS; i++) {
        if (sig != SIGSTOP) goto fail;
        t[i].steps = 0;
        t[i].hash = 1469598103934665603ull;
        if (dump_dir) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s-%zu-%u.txt", dump_dir, backend, oi, i);
            dump = fopen(path, "w");
        }
        for (;;) {
            if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) != 0) goto fail;
            sig = wait_stop(pid);
            if (sig == SIGSTOP) break; /* the second raise: end of the run */
            if (sig != SIGTRAP || ++t[i].steps > MAX_STEPS) goto fail;
            struct user_regs_struct regs;
            if (ptrace(PTRACE_GETREGS, pid, NULL, &regs) != 0) goto fail;
            for (int b = 0; b < 8; b++) t[i].hash = (t[i].hash ^ ((regs.rip >> (8 * b)) & 0xff)) * 1099511628211ull;
            if (dump) fprintf(dump, "%llx\n", (unsigned long long)regs.rip);
        }
        if (dump) fclose(dump);
        dump = NULL;
        /* Continue (without stepping) to the next run's first SIGSTOP. */
        if (ptrace(PTRACE_CONT, pid, NULL, NULL) != 0) goto fail;
        sig = wait_stop(pid);
        if (i + 1 == SECRETS && sig == -1) return 0;
    }
    if (ptrace(PTRACE_CONT, pid, NULL, NULL) != 0) goto fail;
    return wait_stop(pid) == -1 ? 0 : -1;
fail:
    if (dump) fclose(dump);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
}

static int traces_equal(const struct trace t[SECRETS])
{
    for (unsigned i = 1; i < SECRETS; i++)
        if (t[i].steps != t[0].steps || t[i].hash != t[0].hash) return 0;
    return 1;
}

int main(void)
{
    const char *names[16];
    struct trace t[SECRETS];
    size_t nb = ecx_backends(names, 16);
    CHECK(nb > 0);
    /* P-256 signing hashes with the SHA extensions wherever the CPU has
     * them (ECX_CPU_DISABLE=sha traces the portable compression). */
    const int sha_ext = ecxi_sha256_blocks_named("shani") != NULL && (ecxi_cpu_probe() & ECXI_CPU_SHA) != 0;
    CHECK(strcmp(ecxi_sha256_implementation(), sha_ext ? "shani" : "portable") == 0);
    printf("test_trace: SHA-256 compression: %s\n", ecxi_sha256_implementation());

    /* Self-check: a branch on the secret gives different traces. */
    CHECK_CTX(trace_op(names[0], N_OPS, t) == 0, "self-check traced");
    CHECK_CTX(!traces_equal(t), "self-check: a secret-dependent branch changes the trace");

    const int all = getenv("ECX_TRACE_ALL") && strcmp(getenv("ECX_TRACE_ALL"), "1") == 0;
    size_t traced_backends = 0;
    for (size_t b = 0; b < nb && b < 16; b++) {
        if (!all && strcmp(names[b], "ifma") != 0) continue;
        traced_backends++;
        for (size_t oi = 0; oi < N_OPS; oi++) {
            char ctx[96];
            snprintf(ctx, sizeof ctx, "%s, %s", names[b], ops[oi].name);
            const int traced = trace_op(names[b], oi, t) == 0;
            CHECK_CTX(traced, ctx);
            if (!traced) continue;
            const int same = traces_equal(t);
            printf("  %-28s %-6s %9lu instructions%s\n", ops[oi].name, names[b], t[0].steps,
                   same ? ", identical for every secret" : "");
            fflush(stdout);
            if (!same)
                for (unsigned i = 0; i < SECRETS; i++)
                    fprintf(stderr, "  %s: secret %u: %lu instructions, trace hash %016llx\n", ctx, i, t[i].steps,
                            (unsigned long long)t[i].hash);
            CHECK_CTX(same, ctx);
        }
    }
    if (traced_backends == 0) {
        printf("test_trace: no ifma backend on this machine (ECX_TRACE_ALL=1 traces the others); skipped\n");
        return 77;
    }
    return check_summary("test_trace");
}

#else

int main(void)
{
    printf("test_trace: x86-64 Linux without AddressSanitizer only (ptrace single-step of RIP); skipped\n");
    return 77;
}

#endif
