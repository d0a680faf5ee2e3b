/* libFuzzer target for the Ed25519 parsers and verifiers, on every usable
 * backend at once (built only by clang with -fsanitize=fuzzer, see
 * tests/meson.build; scripts/test.sh runs it for a bounded time).
 *
 * Input: sig (64 bytes) || pk (32) || message (the rest). Shorter inputs are
 * zero-padded to 96 bytes (the message is then empty). sig and pk are copied
 * into buffers of exactly 64 and 32 bytes and the message is used in place,
 * so AddressSanitizer sees any read past one of them.
 *
 * On u32 and one other backend chosen by the input (fuzz_pair of
 * tests/fuzz/fuzz_common.h: every backend meets u32 over a run, and an
 * input costs two backends, not all), calling each table directly (no
 * global selection): strict and ZIP-215 verification; the edwards
 * decoding of R (the first 32 bytes) and of pk under both policies, and
 * their sum; sc_from_bytes of S through ecx_f25519(name). Then, on one of
 * the two chosen by the input's hash (fuzz_pick), one batch verification
 * (fixed weight seed), also chosen by the hash: n = 1, n = 2 with the same
 * signature twice, or n = 2 with a fixed valid RFC 8032 signature first
 * (its statuses are fixed by the ZIP-215 status the two backends compare).
 * Then one public function (active backend), also chosen by the hash.
 *
 * Invariants (a violation prints what failed and traps, so libFuzzer keeps
 * the input):
 *   - every status is ECX_OK, ECX_ERR_INVALID or ECX_ERR_VERIFY;
 *   - the two backends agree on every status and every output byte;
 *   - strict OK => ZIP-215 OK, and => neither pk nor R has small order;
 *   - under either policy, verification says ECX_ERR_INVALID exactly when S
 *     >= l or pk or R does not decode under that policy;
 *   - batch(n = 1) OK <=> ZIP-215 OK; results[0] is ECX_OK on success, the
 *     single ZIP-215 status on failure; the same for both n = 2 batches;
 *   - decode OK under strict => OK under ZIP-215 with the same re-encoding,
 *     and the re-encoding is the input itself; a re-encoding decodes
 *     strictly to itself;
 *   - sc_from_bytes rejects exactly S >= l (a byte comparison with l); an
 *     accepted S re-encodes to itself, a rejected one becomes 0;
 *   - strict verification agrees with libsodium 1.0.18 (only when that is
 *     the libsodium linked);
 *   - the public API gives the table's statuses. */
#include <sodium.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "dispatch/registry.h"
#include "ecx/ecx.h"
#include "ecx/ed25519.h"
#include "ecx/f25519.h"
#include "fuzz/fuzz_common.h"

#define MAX_BACKENDS 8

/* l = 2^252 + 27742317777372353535851937790883648493, little-endian. */
static const uint8_t L_BYTES[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

/* RFC 8032 section 7.1, TEST 1 (empty message). */
static const uint8_t VALID_PK[32] = {0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe,
                                     0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6,
                                     0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a};
static const uint8_t VALID_SIG[64] = {
    0xe5, 0x56, 0x43, 0x00, 0xc3, 0x60, 0xac, 0x72, 0x90, 0x86, 0xe2, 0xcc, 0x80, 0x6e, 0x82, 0x8a,
    0x84, 0x87, 0x7f, 0x1e, 0xb8, 0xe5, 0xd9, 0x74, 0xd8, 0x73, 0xe0, 0x65, 0x22, 0x49, 0x01, 0x55,
    0x5f, 0xb8, 0x82, 0x15, 0x90, 0xa3, 0x3b, 0xac, 0xc6, 0x1e, 0x39, 0x70, 0x1c, 0xf9, 0xb4, 0x6b,
    0xd2, 0x5b, 0xf5, 0xf0, 0x59, 0x5b, 0xbe, 0x24, 0x65, 0x51, 0x41, 0x43, 0x8e, 0x7a, 0x10, 0x0b};

/* Fixed weight seed for the table's batch verification: the verdicts are
 * those of any seed except with probability about 2^-128. */
static const uint8_t BATCH_SEED[32] = {'e', 'c', 'x', ' ', 'f', 'u', 'z', 'z'};

static const uint8_t EMPTY[1];

struct backend_entry {
    const char *name;
    const struct ecx_backend *b;
    const ecx_f25519_ops *f;
};
static struct backend_entry backends[MAX_BACKENDS];
static size_t nbackends;
static int sodium_is_oracle;

/* Everything one backend says about one input; compared byte for byte
 * between backends (zero-initialised, no padding holes: all ints and bytes). */
struct outcome {
    int strict, zip215;
    int has_batch;
    int dec_r[2], dec_pk[2]; /* [policy] */
    int sum;
    int sc;
    uint8_t dec_r_out[2][32], dec_pk_out[2][32];
    uint8_t sum_out[32];
    uint8_t sc_out[32];
};

static void fail(const char *backend, const char *what)
{
    fprintf(stderr, "fuzz_ed25519: invariant violated on backend %s: %s\n", backend ? backend : "-", what);
    fflush(stderr);
    __builtin_trap();
}

#define REQUIRE(cond, backend, what)                                                              \
    do {                                                                                          \
        if (!(cond)) fail((backend), what " [" #cond "]");                                        \
    } while (0)

static int status_ok(int s) { return s == ECX_OK || s == ECX_ERR_INVALID || s == ECX_ERR_VERIFY; }

/* 1 if the little-endian s is < l. */
static int below_l(const uint8_t s[32])
{
    for (int i = 31; i >= 0; i--) {
        if (s[i] != L_BYTES[i]) return s[i] < L_BYTES[i];
    }
    return 0;
}

static void setup(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "fuzz_ed25519: sodium_init failed\n");
        abort();
    }
    sodium_is_oracle = strcmp(sodium_version_string(), "1.0.18") == 0;
    const char *names[MAX_BACKENDS];
    size_t n = ecx_backends(names, MAX_BACKENDS);
    if (n > MAX_BACKENDS) n = MAX_BACKENDS;
    for (size_t i = 0; i < n; i++) {
        const struct ecx_backend *b = ecxi_backend_find(names[i]);
        const ecx_f25519_ops *f = ecx_f25519(names[i]);
        if (!b || !f || !b->edwards) {
            fprintf(stderr, "fuzz_ed25519: backend %s is listed but has no table\n", names[i]);
            abort();
        }
        backends[nbackends++] = (struct backend_entry){names[i], b, f};
    }
    if (nbackends == 0) {
        fprintf(stderr, "fuzz_ed25519: no usable backend\n");
        abort();
    }
    fprintf(stderr, "fuzz_ed25519: %zu backends, libsodium %s%s\n", nbackends, sodium_version_string(),
            sodium_is_oracle ? " (oracle for strict verification)" : " (not used as an oracle)");
}

/* Runs everything on one backend and checks the per-backend invariants. */
static void run_backend(const struct backend_entry *e, struct outcome *o, const uint8_t *sig, const uint8_t *pk,
                        const uint8_t *msg, size_t mlen)
{
    const struct ecx_backend *b = e->b;
    const struct ecxi_edwards_ops *ed = b->edwards;
    const char *name = e->name;
    const uint8_t *R = sig, *S = sig + 32;

    /* Single verification under both policies. */
    o->strict = b->ed25519_verify(sig, msg, mlen, pk, 0);
    o->zip215 = b->ed25519_verify(sig, msg, mlen, pk, 1);
    REQUIRE(status_ok(o->strict), name, "strict verify status");
    REQUIRE(status_ok(o->zip215), name, "ZIP-215 verify status");
    REQUIRE(o->strict != ECX_OK || o->zip215 == ECX_OK, name, "strict OK implies ZIP-215 OK");

    /* Point decoding under both policies, of R and of pk. */
    for (unsigned policy = 0; policy < 2; policy++) {
        memset(o->dec_r_out[policy], 0xa5, 32);
        memset(o->dec_pk_out[policy], 0xa5, 32);
        o->dec_r[policy] = ed->decode(o->dec_r_out[policy], R, policy);
        o->dec_pk[policy] = ed->decode(o->dec_pk_out[policy], pk, policy);
        REQUIRE(o->dec_r[policy] == ECX_OK || o->dec_r[policy] == ECX_ERR_INVALID, name, "decode(R) status");
        REQUIRE(o->dec_pk[policy] == ECX_OK || o->dec_pk[policy] == ECX_ERR_INVALID, name, "decode(pk) status");
        /* The output of a failed decode is not specified: normalise it. */
        if (o->dec_r[policy] != ECX_OK) memset(o->dec_r_out[policy], 0, 32);
        if (o->dec_pk[policy] != ECX_OK) memset(o->dec_pk_out[policy], 0, 32);
    }
    const uint8_t *in[2] = {R, pk};
    const int *st[2] = {o->dec_r, o->dec_pk};
    uint8_t(*out[2])[32] = {o->dec_r_out, o->dec_pk_out};
    for (int k = 0; k < 2; k++) {
        if (st[k][0] == ECX_OK) {
            REQUIRE(st[k][1] == ECX_OK, name, "strict decode OK implies ZIP-215 decode OK");
            REQUIRE(memcmp(out[k][0], out[k][1], 32) == 0, name, "strict and ZIP-215 decodings re-encode alike");
            REQUIRE(memcmp(out[k][0], in[k], 32) == 0, name, "a strictly decoded encoding is canonical");
        }
        if (st[k][1] == ECX_OK) {
            uint8_t again[32];
            REQUIRE(ed->decode(again, out[k][1], 0) == ECX_OK, name, "a re-encoding decodes strictly");
            REQUIRE(memcmp(again, out[k][1], 32) == 0, name, "a re-encoding re-encodes to itself");
        }
    }

    /* Scalar parsing of S. */
    ecx_sc25519 s;
    memset(&s, 0xa5, sizeof s);
    o->sc = e->f->sc_from_bytes(&s, S);
    REQUIRE(o->sc == ECX_OK || o->sc == ECX_ERR_INVALID, name, "sc_from_bytes status");
    REQUIRE((o->sc == ECX_OK) == below_l(S), name, "sc_from_bytes rejects exactly S >= l");
    e->f->sc_to_bytes(o->sc_out, &s);
    if (o->sc == ECX_OK) {
        REQUIRE(memcmp(o->sc_out, S, 32) == 0, name, "an accepted scalar re-encodes to itself");
    } else {
        static const uint8_t zero[32];
        REQUIRE(memcmp(o->sc_out, zero, 32) == 0, name, "a rejected scalar is set to 0");
    }

    /* Which encodings the verifiers should have rejected. */
    for (unsigned policy = 0; policy < 2; policy++) {
        int v = policy ? o->zip215 : o->strict;
        int bad = o->sc != ECX_OK || o->dec_r[policy] != ECX_OK || o->dec_pk[policy] != ECX_OK;
        REQUIRE((v == ECX_ERR_INVALID) == bad, name,
                "verify is ECX_ERR_INVALID exactly when S >= l or R or pk does not decode");
    }
    if (o->strict == ECX_OK) {
        REQUIRE(ed->has_small_order_bytes(pk) == 0, name, "strict OK implies pk not of small order");
        REQUIRE(ed->has_small_order_bytes(R) == 0, name, "strict OK implies R not of small order");
    }

    /* A group operation on the two decoded points. */
    memset(o->sum_out, 0xa5, 32);
    o->sum = ed->add(o->sum_out, R, pk);
    REQUIRE(o->sum == ECX_OK || o->sum == ECX_ERR_INVALID, name, "add status");
    REQUIRE((o->sum == ECX_OK) == (o->dec_r[1] == ECX_OK && o->dec_pk[1] == ECX_OK), name,
            "add fails exactly when an operand does not decode (ZIP-215)");
    if (o->sum != ECX_OK) memset(o->sum_out, 0, 32);

    o->has_batch = b->ed25519_verify_batch != NULL;
}

/* One batch verification on one backend, chosen by pick: n = 1, n = 2
 * with the same signature twice, or n = 2 with a fixed valid signature
 * first. Its statuses are fixed by the single ZIP-215 status zip215 (which
 * the backends compare), so checking them against it on one backend per
 * input loses no comparison. */
static void run_batch(const struct backend_entry *e, int zip215, const uint8_t *sig, const uint8_t *pk,
                      const uint8_t *msg, size_t mlen, uint32_t pick)
{
    const struct ecx_backend *b = e->b;
    const char *name = e->name;
    const uint8_t *m = mlen ? msg : EMPTY;
    if (pick % 3 == 0) {
        const uint8_t *sigs[1] = {sig}, *msgs[1] = {m}, *pks[1] = {pk};
        size_t mlens[1] = {mlen};
        int res[1] = {12345};
        int st = b->ed25519_verify_batch(1, sigs, msgs, mlens, pks, res, BATCH_SEED);
        REQUIRE(status_ok(st), name, "batch(n = 1) status");
        REQUIRE((st == ECX_OK) == (zip215 == ECX_OK), name, "batch(n = 1) OK iff ZIP-215 OK");
        REQUIRE(res[0] == zip215, name, "batch(n = 1) results[0] is the ZIP-215 status");
    }
    if (pick % 3 == 1) {
        const uint8_t *sigs[2] = {sig, sig}, *msgs[2] = {m, m}, *pks[2] = {pk, pk};
        size_t mlens[2] = {mlen, mlen};
        int res[2] = {12345, 12345};
        int st = b->ed25519_verify_batch(2, sigs, msgs, mlens, pks, res, BATCH_SEED);
        REQUIRE(status_ok(st), name, "batch(same twice) status");
        REQUIRE((st == ECX_OK) == (zip215 == ECX_OK), name, "batch(same twice) OK iff ZIP-215 OK");
        REQUIRE(res[0] == zip215 && res[1] == zip215, name, "batch(same twice) results are the ZIP-215 status");
    }
    if (pick % 3 == 2) {
        const uint8_t *sigs[2] = {VALID_SIG, sig}, *msgs[2] = {EMPTY, m}, *pks[2] = {VALID_PK, pk};
        size_t mlens[2] = {0, mlen};
        int res[2] = {12345, 12345};
        int st = b->ed25519_verify_batch(2, sigs, msgs, mlens, pks, res, BATCH_SEED);
        REQUIRE(status_ok(st), name, "batch(valid, fuzzed) status");
        REQUIRE((st == ECX_OK) == (zip215 == ECX_OK), name, "batch(valid, fuzzed) OK iff ZIP-215 OK");
        REQUIRE(res[0] == ECX_OK, name, "batch(valid, fuzzed) results[0] is ECX_OK");
        REQUIRE(res[1] == zip215, name, "batch(valid, fuzzed) results[1] is the ZIP-215 status");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (nbackends == 0) setup();

    /* Exact-size copies, so ASan catches a read past sig or pk. */
    uint8_t *sig = malloc(64), *pk = malloc(32);
    if (!sig || !pk) abort();
    uint8_t padded[96] = {0};
    memcpy(padded, data, size < 96 ? size : 96);
    memcpy(sig, padded, 64);
    memcpy(pk, padded + 64, 32);
    const uint8_t *msg = size > 96 ? data + 96 : EMPTY;
    size_t mlen = size > 96 ? size - 96 : 0;

    /* u32 and one other backend per input (fuzz_pair), the same checks on
     * both (fuzz_pick chooses the batch, the backend it runs on and the
     * public call). */
    fuzz_setup();
    if (fuzz_backends != nbackends) fail(NULL, "backend lists differ");
    size_t ref, bi;
    fuzz_pair(data, size, &ref, &bi);
    const uint32_t pick = fuzz_pick(data, size);
    struct outcome first, o;
    memset(&first, 0, sizeof first);
    memset(&o, 0, sizeof o);
    run_backend(&backends[ref], &first, sig, pk, msg, mlen);
    run_backend(&backends[bi], &o, sig, pk, msg, mlen);
    if (memcmp(&o, &first, sizeof o) != 0) {
        fprintf(stderr, "fuzz_ed25519: %s and %s disagree:\n", backends[ref].name, backends[bi].name);
        fprintf(stderr, "  strict %d/%d zip215 %d/%d sc %d/%d add %d/%d\n", first.strict, o.strict, first.zip215,
                o.zip215, first.sc, o.sc, first.sum, o.sum);
        fail(backends[bi].name, "all backends agree on every status and output byte");
    }
    /* The batch on one of the two (bit 8 of the hash). */
    const struct backend_entry *batcher = &backends[(pick >> 8) & 1 ? bi : ref];
    if (first.has_batch) run_batch(batcher, first.zip215, sig, pk, msg, mlen, pick);

    /* libsodium 1.0.18 as the oracle of strict verification. */
    if (sodium_is_oracle) {
        int sodium_ok = crypto_sign_verify_detached(sig, msg, mlen, pk) == 0;
        REQUIRE(sodium_ok == (first.strict == ECX_OK), backends[ref].name,
                "strict verification accepts exactly what libsodium 1.0.18 accepts");
    }

    /* The public API (active backend) says what the tables say: one of
     * the three calls per input. */
    const uint32_t call = (pick >> 2) % 3;
    if (call == 0)
        REQUIRE(ecx_ed25519_verify(sig, msg, mlen, pk) == first.strict, ecx_backend(), "public ecx_ed25519_verify");
    if (call == 1)
        REQUIRE(ecx_ed25519_verify_zip215(sig, msg, mlen, pk) == first.zip215, ecx_backend(),
                "public ecx_ed25519_verify_zip215");
    if (call == 2 && first.has_batch) {
        const uint8_t *sigs[1] = {sig}, *msgs[1] = {mlen ? msg : NULL}, *pks[1] = {pk};
        size_t mlens[1] = {mlen};
        int res[1] = {12345};
        int st = ecx_ed25519_verify_batch(1, sigs, msgs, mlens, pks, res);
        REQUIRE(status_ok(st), ecx_backend(), "public batch status");
        REQUIRE((st == ECX_OK) == (first.zip215 == ECX_OK), ecx_backend(), "public batch(n = 1) OK iff ZIP-215 OK");
        REQUIRE(res[0] == first.zip215, ecx_backend(), "public batch(n = 1) results[0]");
    }

    free(sig);
    free(pk);
    return 0;
}
