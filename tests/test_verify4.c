/* test_verify4_NAME: the checked-bounds build's 4-way checks fire
 * (src/backend/vector/verify4.h). Built only with -Decx_verify=true, once
 * per vector backend (tests/verify4_checks.c with the backend's flags).
 * Each case runs in a child: a call with every input just inside its bound
 * class must return, one with one limb of one lane at the bound must abort
 * with "ECX_VERIFY failed" (the child's standard error goes to a pipe and
 * is searched for it). Skipped (77) on a CPU without the backend's
 * features. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend/ops.h"
#include "dispatch/cpu.h"
#include "verify4_checks.h"

/* Runs case i in a child; 1 if it behaved as expected. */
static int run_case(int i)
{
    int fires, fd[2];
    const char *name = verify4_case_name(i, &fires);
    if (pipe(fd) != 0) return 0;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return 0;
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        verify4_run(i);
        _exit(0);
    }
    close(fd[1]);
    char err[512] = {0};
    size_t got = 0;
    ssize_t n;
    while (got < sizeof err - 1 && (n = read(fd[0], err + got, sizeof err - 1 - got)) > 0) got += (size_t)n;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    const int aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT && strstr(err, "ECX_VERIFY failed");
    const int returned = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const int ok = fires ? aborted : returned;
    printf("%s %s, %s: %s%s%s", ok ? "ok  " : "FAIL", name, fires ? "one limb over" : "inside",
           aborted ? "check fired" : returned ? "returned" : "died otherwise", got ? " -- " : "", got ? err : "\n");
    return ok;
}

int main(void)
{
    if ((ecxi_cpu_probe() & (VERIFY4_CPU)) != (VERIFY4_CPU)) {
        printf("skip: this CPU (or ECX_CPU_DISABLE) lacks what %s needs\n", VERIFY4_NAME);
        printf("test_verify4_%s: 0 passed, 0 failed\n", VERIFY4_NAME);
        return 77;
    }
    int passed = 0, failed = 0;
    for (int i = 0; i < verify4_cases(); i++) run_case(i) ? passed++ : failed++;
    printf("test_verify4_%s: %d passed, %d failed\n", VERIFY4_NAME, passed, failed);
    return failed != 0;
}
