/* Secrets leave no trace on the stack: each secret operation runs on every
 * backend in a thread whose stack is a zeroed buffer of ours; after the
 * thread ends, the whole buffer is scanned for the secret's bytes and the
 * test fails if any 8 consecutive bytes of a secret are still there.
 *
 * What counts as the secret's bytes: every 8-byte window (at any offset) of
 * each secret value in its canonical little-endian encoding, and each of its
 * 8-byte words byte-reversed (SHA-512 holds its message and state as
 * big-endian words). The secret values of each operation are computed by
 * libsodium on the main thread, whose stack is not scanned: the seed, the
 * expanded key az = SHA-512(seed) (the clamped scalar a and the nonce prefix),
 * a mod l, the nonce hash and the nonce r mod l, and for scalar
 * multiplications the scalar and its signed radix-16 recoding (by the
 * library's own recoder, which the differential tests check). Representations the
 * scan does not know (Montgomery form, products of limbs, field elements of
 * secret points) are not found; the wipe of a buffer covers them too, so a
 * missed wipe usually leaves one of the known forms behind as well.
 *
 * Operations are a table of (name, runner) below: a new secret operation
 * is one more row and a list of the secret values it must not leave behind.
 * P-256 key generation and signing (tests/residue_p256.h: the key, the
 * RFC 6979 nonce and its HMAC-DRBG states, k^-1, r d and e + r d, also in
 * Montgomery form) and range-proof proving (tests/residue_rangeproof.h:
 * the values, blindings, the OS bytes and every scalar the prover draws from
 * merlin's transcript RNG, reproduced with the library's own RNG) are rows
 * too.
 *
 * Heap scratch: the test links with --wrap=free (tests/meson.build) and
 * copies every block the library frees during an operation before it is
 * freed; the copies are scanned like the stack. --wrap=getrandom records
 * the OS bytes an operation drew (the range prover's RNG seed).
 *
 * Sanitizer builds are skipped (exit 77): AddressSanitizer moves locals to
 * its own heap frames and redzones, so the scan would mean nothing. */
#include <gmp.h>
#include <malloc.h>
#include <pthread.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>

#include "backend/ops_internal.h"
#include "check.h"
#include "common/constant_time.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/p256.h"
#include "ecx/rangeproof.h"
#include "ecx/ristretto.h"
#include "hash/sha256.h"
#include "proofs/rangeproof_protocol.h"

#if defined(__SANITIZE_ADDRESS__)
#define RESIDUE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RESIDUE_UNDER_ASAN 1
#endif
#endif

#define STACK_BYTES (512u * 1024u)
#define WINDOW 8
#define MAX_SECRETS 320
#define MAX_SECRET_BYTES 64
#define ROUNDS 4

/* The secret values one run must not leave behind. */
struct secrets {
    unsigned n;
    const char *name[MAX_SECRETS];
    uint8_t value[MAX_SECRETS][MAX_SECRET_BYTES];
    size_t len[MAX_SECRETS];
};

static void secrets_add(struct secrets *s, const char *name, const uint8_t *v, size_t len)
{
    if (s->n >= MAX_SECRETS || len > MAX_SECRET_BYTES) abort();
    s->name[s->n] = name;
    memcpy(s->value[s->n], v, len);
    s->len[s->n] = len;
    s->n++;
}

/* One operation's input and output, in static memory (outside the scanned
 * stack): the runner reads the inputs and writes the outputs here. */
struct job {
    const struct ecx_backend *backend;
    uint8_t secret[64]; /* seed, scalar, or the input of from_uniform */
    uint8_t point[32];  /* input point (a secret one for add and sub) */
    uint8_t point2[32]; /* second input point (add and sub) */
    uint8_t sk[64];     /* secret key (seed || pk): an output of keypair, an input of sign */
    uint8_t msg[48];
    uint8_t out[64];
    int status;
};
static struct job job;

/* A secret operation: `run` performs it from job (inside the painted
 * thread); `secrets` computes, on the main thread after the run, what must
 * not remain. */
struct secret_op {
    const char *name;
    void (*run)(void);
    void (*secrets)(struct secrets *s);
};

/* ------------------------------------------------------------------------ */
/* Secret values, computed with libsodium                                    */

static void reduce32(uint8_t out[32], const uint8_t in[32])
{
    uint8_t wide[64] = {0};
    memcpy(wide, in, 32);
    crypto_core_ed25519_scalar_reduce(out, wide);
}

static void expanded_key_secrets(struct secrets *s, const uint8_t seed[32])
{
    uint8_t az[64], a[32];
    crypto_hash_sha512(az, seed, 32);
    az[0] &= 248;
    az[31] &= 127;
    az[31] |= 64;
    reduce32(a, az);
    secrets_add(s, "seed", seed, 32);
    secrets_add(s, "az", az, 64);
    secrets_add(s, "a mod l", a, 32);
}

static void scalar_secrets(struct secrets *s, const uint8_t scalar[32])
{
    uint8_t low[32];
    int8_t digits[64];
    memcpy(low, scalar, 32);
    low[31] &= 127;
    secrets_add(s, "scalar", scalar, 32);
    secrets_add(s, "scalar mod 2^255", low, 32);
    job.backend->f25519_internal->sc_recode_radix16(digits, low);
    secrets_add(s, "radix-16 digits", (const uint8_t *)digits, 64);
}

/* ------------------------------------------------------------------------ */
/* Heap scratch and OS randomness (the library's calls, through --wrap)      */

#define HEAP_COPY_BYTES (8u << 20)
static uint8_t *heap_copy;   /* what the blocks freed during a run held */
static size_t heap_copy_len; /* bytes copied in the last run */
static size_t heap_blocks;   /* blocks freed in the last run */
static int heap_overflow;    /* 1 if a run freed more than HEAP_COPY_BYTES */
static volatile int watching; /* set while an operation runs */

void __real_free(void *p);
void __wrap_free(void *p);
void __wrap_free(void *p)
{
    if (watching && p) {
        size_t n = malloc_usable_size(p);
        if (n > HEAP_COPY_BYTES - heap_copy_len) {
            heap_overflow = 1;
            n = HEAP_COPY_BYTES - heap_copy_len;
        }
        memcpy(heap_copy + heap_copy_len, p, n);
        heap_copy_len += n;
        heap_blocks++;
    }
    __real_free(p);
}

/* The OS bytes the last run drew, in order. */
static uint8_t os_bytes[64];
static size_t os_bytes_len;

ssize_t __real_getrandom(void *buf, size_t n, unsigned flags);
ssize_t __wrap_getrandom(void *buf, size_t n, unsigned flags);
ssize_t __wrap_getrandom(void *buf, size_t n, unsigned flags)
{
    ssize_t got = __real_getrandom(buf, n, flags);
    if (watching && got > 0) {
        for (ssize_t i = 0; i < got && os_bytes_len < sizeof os_bytes; i++) os_bytes[os_bytes_len++] = ((uint8_t *)buf)[i];
    }
    return got;
}

/* ------------------------------------------------------------------------ */
/* The operations                                                            */

#include "residue_p256.h"
#include "residue_rangeproof.h"

/* Ed25519 and Ristretto run through the public functions on the backend
 * ecx_backend_select made active: that is the path users take, and the one
 * that wipes the stack afterwards (src/api, ct_wipe_stack). */
static void run_keypair(void)
{
    job.status = ecx_ed25519_keypair(job.out, job.sk, job.secret);
}
static void secrets_keypair(struct secrets *s) { expanded_key_secrets(s, job.secret); }

/* seed = NULL: the seed comes from the OS and is known only afterwards, as
 * sk's first half. */
static void run_keypair_os_seed(void)
{
    job.status = ecx_ed25519_keypair(job.out, job.sk, NULL);
}
static void secrets_keypair_os_seed(struct secrets *s) { expanded_key_secrets(s, job.sk); }

static void run_sign(void)
{
    job.status = ecx_ed25519_sign(job.out, job.msg, sizeof job.msg, job.sk);
}
static void secrets_sign(struct secrets *s)
{
    uint8_t az[64], nonce[64], r[32];
    crypto_hash_sha512_state st;
    expanded_key_secrets(s, job.sk);
    crypto_hash_sha512(az, job.sk, 32);
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, az + 32, 32);
    crypto_hash_sha512_update(&st, job.msg, sizeof job.msg);
    crypto_hash_sha512_final(&st, nonce);
    crypto_core_ed25519_scalar_reduce(r, nonce);
    secrets_add(s, "nonce hash", nonce, 64);
    secrets_add(s, "nonce r", r, 32);
}

static void run_ristretto_scalarmult(void)
{
    job.status = ecx_ristretto255_scalarmult(job.out, job.secret, job.point);
}
static void run_ristretto_scalarmult_base(void)
{
    job.status = ecx_ristretto255_scalarmult_base(job.out, job.secret);
}
static void secrets_scalar(struct secrets *s) { scalar_secrets(s, job.secret); }

static void run_ristretto_add(void)
{
    job.status = ecx_ristretto255_add(job.out, job.point, job.point2);
}
static void run_ristretto_sub(void)
{
    job.status = ecx_ristretto255_sub(job.out, job.point, job.point2);
}
static void secrets_points(struct secrets *s)
{
    secrets_add(s, "first point", job.point, 32);
    secrets_add(s, "second point", job.point2, 32);
}

static void run_ristretto_from_uniform(void)
{
    job.status = ecx_ristretto255_from_uniform(job.out, job.secret);
}
static void secrets_uniform(struct secrets *s) { secrets_add(s, "uniform input", job.secret, 64); }

/* The Edwards multiplications are reached through the test tables (no
 * public function): they check the operations' own wipes, without
 * ct_wipe_stack. */
static void run_edwards_mul_base(void)
{
    job.backend->edwards->mul_base(job.out, job.secret);
    job.status = ECX_OK;
}
static void run_edwards_mul_var(void)
{
    job.status = job.backend->edwards->mul_var(job.out, job.secret, job.point);
}

/* The backend calls behind the public functions, without the wipe: their
 * stack use must fit in ECX_STACK_WIPE_BYTES. */
static void raw_keypair(void) { job.status = job.backend->ed25519_keypair(job.out, job.sk, job.secret); }
static void raw_sign(void) { job.status = job.backend->ed25519_sign(job.out, job.msg, sizeof job.msg, job.sk); }
static void raw_ristretto_scalarmult(void)
{
    job.status = job.backend->ristretto->scalarmult(job.out, job.secret, job.point);
}
static void raw_ristretto_scalarmult_base(void)
{
    job.status = job.backend->ristretto->scalarmult_base(job.out, job.secret);
}
static void raw_ristretto_add(void) { job.status = job.backend->ristretto->add(job.out, job.point, job.point2); }
static void raw_ristretto_sub(void) { job.status = job.backend->ristretto->sub(job.out, job.point, job.point2); }
static void raw_ristretto_from_uniform(void)
{
    job.status = job.backend->ristretto->from_uniform(job.out, job.secret);
}

/* SCALAR_MOD_L: Ristretto takes canonical scalars only. */
enum input { SEED, SCALAR, SCALAR_MOD_L, UNIFORM, P256_KEY, RANGEPROOF };

static const struct {
    struct secret_op op;
    enum input input;
    int needs_sk;        /* job.sk must hold a key pair of job.secret first */
    void (*raw)(void);   /* the backend call behind a public function, or NULL */
} ops[] = {
    {{"ed25519 keypair", run_keypair, secrets_keypair}, SEED, 0, raw_keypair},
    {{"ed25519 keypair (OS seed)", run_keypair_os_seed, secrets_keypair_os_seed}, SEED, 0, NULL},
    {{"ed25519 sign", run_sign, secrets_sign}, SEED, 1, raw_sign},
    {{"ristretto scalarmult", run_ristretto_scalarmult, secrets_scalar}, SCALAR_MOD_L, 0, raw_ristretto_scalarmult},
    {{"ristretto scalarmult_base", run_ristretto_scalarmult_base, secrets_scalar}, SCALAR_MOD_L, 0,
     raw_ristretto_scalarmult_base},
    {{"ristretto add", run_ristretto_add, secrets_points}, SCALAR_MOD_L, 0, raw_ristretto_add},
    {{"ristretto sub", run_ristretto_sub, secrets_points}, SCALAR_MOD_L, 0, raw_ristretto_sub},
    {{"ristretto from_uniform", run_ristretto_from_uniform, secrets_uniform}, UNIFORM, 0,
     raw_ristretto_from_uniform},
    {{"edwards mul_base (table)", run_edwards_mul_base, secrets_scalar}, SCALAR, 0, NULL},
    {{"edwards mul_var (table)", run_edwards_mul_var, secrets_scalar}, SCALAR, 0, NULL},
    {{"p256 public_key", run_p256_public_key, secrets_p256_key}, P256_KEY, 0, raw_p256_public_key},
    {{"p256 public_key_compressed", run_p256_public_key_compressed, secrets_p256_key}, P256_KEY, 0, NULL},
    {{"p256 ecdsa_sign", run_p256_sign, secrets_p256_sign}, P256_KEY, 0, raw_p256_sign},
    {{"p256 ecdsa_sign_digest", run_p256_sign_digest, secrets_p256_sign}, P256_KEY, 0, NULL},
    {{"rangeproof prove", run_rangeproof_prove, secrets_rangeproof}, RANGEPROOF, 0, raw_rangeproof_prove},
};
#define N_OPS (sizeof ops / sizeof ops[0])

/* ------------------------------------------------------------------------ */
/* The painted stack and the scan                                            */

static uint8_t *stack_buf;
static uint8_t *pad_bottom; /* the lowest byte of thread_main's pad */
static void (*thread_op)(void);

/* The operation runs below a pad of this many bytes, so that what the
 * thread's exit does on its stack (glibc's clean-up runs in the frames above
 * thread_main's) cannot overwrite, and hide, what the operation left. */
#define PAD_BYTES (32u * 1024u)

static void *thread_main(void *arg)
{
    (void)arg;
    uint8_t pad[PAD_BYTES];
    pad[0] = 0;
    pad_bottom = pad;
    __asm__ __volatile__("" : : "r"(pad) : "memory");
    watching = 1;
    thread_op();
    watching = 0;
    __asm__ __volatile__("" : : "r"(pad) : "memory");
    return NULL;
}

/* Runs op on a fresh thread whose stack is stack_buf, zeroed first. */
static int run_on_painted_stack(void (*op)(void))
{
    pthread_attr_t attr;
    pthread_t t;
    memset(stack_buf, 0, STACK_BYTES);
    heap_copy_len = 0;
    heap_blocks = 0;
    os_bytes_len = 0;
    thread_op = op;
    if (pthread_attr_init(&attr) != 0) return -1;
    if (pthread_attr_setstack(&attr, stack_buf, STACK_BYTES) != 0) return -1;
    if (pthread_create(&t, &attr, thread_main, NULL) != 0) return -1;
    pthread_attr_destroy(&attr);
    return pthread_join(t, NULL) == 0 ? 0 : -1;
}

/* How deep below the pad the last run wrote: the stack its operation used
 * (its lowest nonzero byte; the stack was zeroed before). */
static size_t used_depth(void)
{
    size_t i = 0, pad = (size_t)(pad_bottom - stack_buf);
    while (i < pad && stack_buf[i] == 0) i++;
    return pad - i;
}

static uint64_t load_window(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

static uint64_t byte_reverse(uint64_t x)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) r |= ((x >> (8 * i)) & 0xff) << (8 * (7 - i));
    return r;
}

struct window {
    uint64_t bytes;
    unsigned secret, offset, reversed;
};

static int window_cmp(const void *a, const void *b)
{
    uint64_t x = ((const struct window *)a)->bytes, y = ((const struct window *)b)->bytes;
    return x < y ? -1 : x > y;
}

/* Scans buf[0 .. len-1] for the windows of s; reports each secret found
 * once (with its place: `stack` 1 gives the depth below the stack top, 0
 * the offset in the heap copies) and returns how many were found. */
static unsigned scan_buffer(const struct secrets *s, const uint8_t *buf, size_t len, int stack, const char *ctx)
{
    static struct window w[MAX_SECRETS * 2 * MAX_SECRET_BYTES];
    static uint8_t seen[MAX_SECRETS];
    size_t nw = 0;
    unsigned found = 0;
    memset(seen, 0, sizeof seen);
    for (unsigned i = 0; i < s->n; i++) {
        for (size_t off = 0; off + WINDOW <= s->len[i]; off++) {
            uint64_t v = load_window(s->value[i] + off);
            /* A window with little entropy (a zero-padded tail) would match
             * unrelated zeros: skip windows with a zero byte pair. */
            if ((v & 0xffff) == 0 || (v >> 48) == 0) continue;
            w[nw++] = (struct window){v, i, (unsigned)off, 0};
            if (off % 8 == 0) w[nw++] = (struct window){byte_reverse(v), i, (unsigned)off, 1};
        }
    }
    qsort(w, nw, sizeof w[0], window_cmp);
    for (size_t pos = 0; pos + WINDOW <= len; pos++) {
        struct window key = {load_window(buf + pos), 0, 0, 0};
        if (key.bytes == 0) continue;
        const struct window *hit = bsearch(&key, w, nw, sizeof w[0], window_cmp);
        if (!hit || seen[hit->secret]) continue;
        seen[hit->secret] = 1;
        found++;
        fprintf(stderr, "  residue: %s: %s bytes %u..%u%s %s %zu%s\n", ctx, s->name[hit->secret], hit->offset,
                hit->offset + WINDOW - 1, hit->reversed ? " (as a big-endian word)" : "",
                stack ? "at" : "in freed heap scratch, at offset", stack ? len - pos : pos,
                stack ? " bytes below the stack top" : "");
    }
    return found;
}

/* The stack of the last run and the heap blocks it freed. */
static unsigned scan(const struct secrets *s, const char *ctx)
{
    return scan_buffer(s, stack_buf, STACK_BYTES, 1, ctx) + scan_buffer(s, heap_copy, heap_copy_len, 0, ctx);
}

/* ------------------------------------------------------------------------ */

static void prepare_input(enum input input)
{
    uint8_t k[32];
    if (input == P256_KEY) {
        p256_prepare();
        return;
    }
    if (input == RANGEPROOF) {
        rp_prepare();
        return;
    }
    check_random_bytes(job.secret, sizeof job.secret);
    if (input == SCALAR_MOD_L) reduce32(job.secret, job.secret);
    check_random_bytes(job.msg, sizeof job.msg);
    /* Random points: [k]B as Edwards or Ristretto encodings. */
    check_random_bytes(k, 32);
    k[31] &= 127;
    if (input == SCALAR) {
        crypto_scalarmult_ed25519_base_noclamp(job.point, k);
    } else {
        crypto_scalarmult_ristretto255_base(job.point, k);
        check_random_bytes(k, 32);
        k[31] &= 127;
        crypto_scalarmult_ristretto255_base(job.point2, k);
    }
}

/* Makes sure a scan can fail: a known value left on the painted stack by a
 * function that does not wipe must be found. */
static uint8_t planted[32];
static void leave_residue(void)
{
    uint8_t local[32];
    memcpy(local, planted, 32);
    __asm__ __volatile__("" : : "r"(local) : "memory");
}

/* The same on the heap: a block freed without a wipe. */
static void leave_heap_residue(void)
{
    uint8_t *block = malloc(100);
    if (!block) abort();
    memcpy(block + 40, planted, 32);
    __asm__ __volatile__("" : : "r"(block) : "memory");
    free(block);
}

static void self_check(void)
{
    struct secrets s = {0};
    check_random_bytes(planted, 32);
    secrets_add(&s, "planted", planted, 32);
    CHECK_CTX(run_on_painted_stack(leave_residue) == 0, "thread");
    CHECK_CTX(scan(&s, "self-check (expected)") == 1, "the scan finds a value left on the stack");
    CHECK_CTX(run_on_painted_stack(leave_heap_residue) == 0, "thread");
    CHECK_CTX(heap_blocks == 1, "the free wrapper sees the block");
    CHECK_CTX(scan_buffer(&s, heap_copy, heap_copy_len, 0, "self-check (expected)") == 1,
              "the scan finds a value left in a freed block");
}

int main(void)
{
#ifdef RESIDUE_UNDER_ASAN
    printf("test_residue: skipped under AddressSanitizer (locals live in its fake frames)\n");
    return 77;
#endif
    if (sodium_init() < 0) return 1;
    check_seed(0x7265736964756531ull);
    stack_buf = aligned_alloc(4096, STACK_BYTES);
    heap_copy = malloc(HEAP_COPY_BYTES);
    if (!stack_buf || !heap_copy) return 1;
    CHECK(ecx_rangeproof_gens_new(&rp_job.gens, RP_N, RP_M) == ECX_OK);
    self_check();

    const char *names[16];
    size_t max_depth = 0;
    size_t nb = ecxi_backend_list(names, 16);
    /* SHA-256 on the compression dispatch chose (the SHA extensions where
     * the CPU has them), then, for the P-256 rows (the SHA-256 users), on
     * the portable one. */
    const char *sha_chosen = ecxi_sha256_implementation();
    const int sha_passes = strcmp(sha_chosen, "portable") != 0 ? 2 : 1;
    for (int sha_pass = 0; sha_pass < sha_passes; sha_pass++) {
        const char *sha = ecxi_sha256_use_extensions(sha_pass == 0 && sha_passes == 2);
        printf("test_residue: SHA-256 on the %s compression%s\n", sha, sha_pass ? " (P-256 rows)" : "");
        for (size_t bi = 0; bi < nb && bi < 16; bi++) {
            const struct ecx_backend *b = ecxi_backend_find(names[bi]);
            CHECK_CTX(b != NULL, names[bi]);
            if (!b || !b->f25519_internal) continue;
            CHECK_CTX(ecx_backend_select(names[bi]) == ECX_OK, names[bi]);
            for (size_t oi = 0; oi < N_OPS; oi++) {
                if (sha_pass && strncmp(ops[oi].op.name, "p256 ", 5) != 0) continue;
                for (unsigned round = 0; round < ROUNDS; round++) {
                    char ctx[128];
                    struct secrets s = {0};
                    snprintf(ctx, sizeof ctx, "%s, %s, round %u, sha256 %s", names[bi], ops[oi].op.name, round, sha);
                    prepare_input(ops[oi].input);
                    job.backend = b;
                    if (ops[oi].needs_sk) {
                        uint8_t pk[32];
                        crypto_sign_seed_keypair(pk, job.sk, job.secret);
                    }
                    memset(job.out, 0, sizeof job.out);
                    job.status = -100;
                    CHECK_CTX(run_on_painted_stack(ops[oi].op.run) == 0, ctx);
                    CHECK_CTX(job.status == ECX_OK, ctx);
                    CHECK_CTX(!heap_overflow, ctx);
                    ops[oi].op.secrets(&s);
                    CHECK_CTX(scan(&s, ctx) == 0, ctx);
                    if (ops[oi].raw) {
                        CHECK_CTX(run_on_painted_stack(ops[oi].raw) == 0, ctx);
                        CHECK_CTX(job.status == ECX_OK, ctx);
                        size_t depth = used_depth();
                        if (depth > max_depth) max_depth = depth;
                        if (depth > ECX_STACK_WIPE_BYTES)
                            fprintf(stderr, "  %s uses %zu bytes of stack: raise ECX_STACK_WIPE_BYTES\n", ctx, depth);
                        CHECK_CTX(depth <= ECX_STACK_WIPE_BYTES, ctx);
                    }
                }
            }
        }
    }
    ecx_rangeproof_gens_free(rp_job.gens);
    free(heap_copy);
    free(stack_buf);
    printf("deepest backend call behind a public function: %zu bytes of stack (ct_wipe_stack clears %u)\n",
           max_depth, ECX_STACK_WIPE_BYTES);
    return check_summary("test_residue");
}
