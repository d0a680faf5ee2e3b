/* The self-test at first use (src/dispatch/selftest.c, registry.c).
 *
 * 1. The known-answer checks themselves: every backend passes; copies of a
 *    backend's table with one wrong operation (signing, key generation, a
 *    verifier that accepts everything or nothing, field or scalar
 *    arithmetic) fail.
 * 2. What selection does with a failure. The test links the static library
 *    with --wrap=ecxi_backend_self_test (tests/meson.build), so the
 *    registry's calls reach __wrap_ecxi_backend_self_test below, which can
 *    make chosen backends fail. The library is initialised once per
 *    process, so each scenario runs in a forked child making the first call;
 *    the child sends its check counts back through a pipe. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend/ops.h"
#include "check.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"

/* ------------------------------------------------------------------------ */
/* The wrapped self-test                                                     */

enum fail_mode { FAIL_NONE, FAIL_FIRST, FAIL_ALL, FAIL_NAMED };
static enum fail_mode fail_mode = FAIL_NONE;
static const char *fail_name;     /* FAIL_NAMED */
static const char *first_tested;  /* the first backend the registry tested */
static unsigned self_test_calls;

int __real_ecxi_backend_self_test(const struct ecx_backend *b);
int __wrap_ecxi_backend_self_test(const struct ecx_backend *b);
int __wrap_ecxi_backend_self_test(const struct ecx_backend *b)
{
    self_test_calls++;
    if (!first_tested) first_tested = b->name;
    int fail = fail_mode == FAIL_ALL || (fail_mode == FAIL_FIRST && strcmp(b->name, first_tested) == 0) ||
               (fail_mode == FAIL_NAMED && strcmp(b->name, fail_name) == 0);
    return fail ? 0 : __real_ecxi_backend_self_test(b);
}

/* RFC 8032, section 7.1, TEST 1 (as the self-test uses it). */
static const uint8_t rfc_seed[32] = {
    0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
    0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60,
};
static const uint8_t rfc_sig_start[4] = {0xe5, 0x56, 0x43, 0x00};

static int listed(const char *name)
{
    const char *names[16];
    size_t n = ecx_backends(names, 16);
    for (size_t i = 0; i < n && i < 16; i++)
        if (strcmp(names[i], name) == 0) return 1;
    return 0;
}

/* The library still signs correctly on whatever backend it runs. */
static void check_signing_works(const char *ctx)
{
    uint8_t pk[32], sk[64], sig[64];
    CHECK_CTX(ecx_ed25519_keypair(pk, sk, rfc_seed) == ECX_OK, ctx);
    CHECK_CTX(ecx_ed25519_sign(sig, NULL, 0, sk) == ECX_OK, ctx);
    CHECK_CTX(memcmp(sig, rfc_sig_start, 4) == 0, ctx);
    CHECK_CTX(ecx_ed25519_verify(sig, NULL, 0, pk) == ECX_OK, ctx);
}

/* ------------------------------------------------------------------------ */
/* Scenarios, each in a fresh child                                          */

static void scenario_none(void)
{
    CHECK(ecx_init() == ECX_OK);
    /* Lazy: only the automatic choice was tested at initialisation. */
    CHECK(self_test_calls == 1);
    CHECK(first_tested && strcmp(ecx_backend(), first_tested) == 0);
    check_signing_works("no failure");
}

static void scenario_first_fails(void)
{
    CHECK(ecx_init() == ECX_ERR_SELFTEST);
    CHECK(ecx_init() == ECX_ERR_SELFTEST); /* on every call */
    const char *failed = first_tested;
    CHECK(failed != NULL);
    if (!failed) return;
    const char *active = ecx_backend();
    CHECK_CTX(strcmp(active, failed) != 0, failed);
    CHECK_CTX(!listed(failed), failed);
    CHECK_CTX(listed(active), active);
    CHECK_CTX(ecx_backend_select(failed) == ECX_ERR_SELFTEST, failed);
    CHECK_CTX(strcmp(ecx_backend(), active) == 0, "a failed select changes nothing");
    CHECK_CTX(ecx_f25519(failed) == NULL, failed);
    CHECK(strstr(ecx_strerror(ECX_ERR_SELFTEST), "self-test") != NULL);
    check_signing_works("best backend failed");
}

static void scenario_all_fail(void)
{
    CHECK(ecx_init() == ECX_ERR_SELFTEST);
    /* It runs on the CPU's choice and lists nothing as usable. */
    CHECK(first_tested && strcmp(ecx_backend(), first_tested) == 0);
    CHECK(ecx_backends(NULL, 0) == 0);
    CHECK(ecx_backend_select("u32") == ECX_ERR_SELFTEST);
    CHECK(ecx_backend_select("no-such-backend") == ECX_ERR_UNSUPPORTED);
}

/* ECX_BACKEND=u32 while u32 fails: the automatic choice runs. */
static void scenario_forced_fails(void)
{
    CHECK(ecx_init() == ECX_ERR_SELFTEST);
    CHECK(strcmp(ecx_backend(), "u32") != 0 || ecx_backends(NULL, 0) == 0);
    CHECK(!listed("u32"));
}

/* ECX_BACKEND=u32, nothing fails: u32 runs, ecx_init is happy. */
static void scenario_forced_passes(void)
{
    CHECK(ecx_init() == ECX_OK);
    CHECK(strcmp(ecx_backend(), "u32") == 0);
    check_signing_works("ECX_BACKEND=u32");
}

static void run_child(const char *name, void (*scenario)(void), enum fail_mode mode, const char *named,
                      const char *env_backend)
{
    int fd[2];
    if (pipe(fd) != 0) {
        CHECK_CTX(0, "pipe");
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        fail_mode = mode;
        fail_name = named;
        if (env_backend)
            setenv("ECX_BACKEND", env_backend, 1);
        else
            unsetenv("ECX_BACKEND");
        scenario();
        unsigned long counts[2] = {check_passed, check_failed};
        ssize_t w = write(fd[1], counts, sizeof counts);
        _exit(w == (ssize_t)sizeof counts ? 0 : 1);
    }
    close(fd[1]);
    unsigned long counts[2] = {0, 0};
    ssize_t got = pid > 0 ? read(fd[0], counts, sizeof counts) : -1;
    close(fd[0]);
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    CHECK_CTX(pid > 0 && got == (ssize_t)sizeof counts && WIFEXITED(status) && WEXITSTATUS(status) == 0, name);
    check_passed += counts[0];
    check_failed += counts[1];
    if (counts[1]) fprintf(stderr, "  (scenario %s: %lu failed)\n", name, counts[1]);
}

/* ------------------------------------------------------------------------ */
/* The known-answer checks against broken tables                             */

static const struct ecx_backend *original;
static ecx_f25519_ops broken_f25519;

static int sign_flipped(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[64])
{
    int status = original->ed25519_sign(sig, m, mlen, sk);
    sig[63] ^= 1;
    return status;
}
static int keypair_flipped(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    int status = original->ed25519_keypair(pk, sk, seed);
    pk[0] ^= 1;
    return status;
}
static int verify_accepts_all(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32],
                              unsigned zip215)
{
    (void)sig, (void)m, (void)mlen, (void)pk, (void)zip215;
    return ECX_OK;
}
static int verify_rejects_all(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32],
                              unsigned zip215)
{
    (void)sig, (void)m, (void)mlen, (void)pk, (void)zip215;
    return ECX_ERR_VERIFY;
}
static void fe_mul_wrong(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b)
{
    original->f25519->fe_mul(r, a, b);
    original->f25519->fe_add(r, r, a);
}
static void sc_invert_wrong(ecx_sc25519 *r, const ecx_sc25519 *a) { *r = *a; }

static void test_known_answers(const char *name)
{
    original = ecxi_backend_find(name);
    CHECK_CTX(original != NULL, name);
    if (!original) return;
    CHECK_CTX(__real_ecxi_backend_self_test(original) == 1, name);

    /* One wrong operation per copy; each copy must fail. */
    for (int k = 0; k < 6; k++) {
        static const char *const what[6] = {"wrong signature",           "wrong public key",
                                            "verify accepts everything", "verify rejects everything",
                                            "wrong field multiplication", "wrong scalar inversion"};
        struct ecx_backend broken = *original;
        broken_f25519 = *original->f25519;
        broken.f25519 = &broken_f25519;
        switch (k) {
        case 0: broken.ed25519_sign = sign_flipped; break;
        case 1: broken.ed25519_keypair = keypair_flipped; break;
        case 2: broken.ed25519_verify = verify_accepts_all; break;
        case 3: broken.ed25519_verify = verify_rejects_all; break;
        case 4: broken_f25519.fe_mul = fe_mul_wrong; break;
        default: broken_f25519.sc_invert = sc_invert_wrong; break;
        }
        CHECK_CTX(__real_ecxi_backend_self_test(&broken) == 0, what[k]);
    }
}

int main(void)
{
    /* Children first: the parent must not have initialised the library. */
    run_child("no failure", scenario_none, FAIL_NONE, NULL, NULL);
    run_child("best backend fails", scenario_first_fails, FAIL_FIRST, NULL, NULL);
    run_child("every backend fails", scenario_all_fail, FAIL_ALL, NULL, NULL);
    run_child("ECX_BACKEND=u32 fails", scenario_forced_fails, FAIL_NAMED, "u32", "u32");
    run_child("ECX_BACKEND=u32 passes", scenario_forced_passes, FAIL_NONE, NULL, "u32");

    const char *names[16];
    size_t n = ecx_backends(names, 16);
    CHECK(n > 0);
    for (size_t i = 0; i < n && i < 16; i++) test_known_answers(names[i]);
    return check_summary("test_selftest");
}
