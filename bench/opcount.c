/* opcount BACKEND OP N: runs OP N times on BACKEND through the internal
 * table, each iteration feeding its output into the next input, and prints
 * a checksum byte. A driver for instruction counting under qemu (see
 * docs/performance.md, "ARM instruction counts"): subtract a run with N = 0
 * and divide by N. Plain C11 so that it cross-builds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/ops_internal.h"
#include "ecx/ecx.h"
#include "ecx/rangeproof.h"
#include "dispatch/registry.h"

static const char *const ops[] = {
    "f25519/mul", "f25519/sq", "f25519/invert", "sc25519/mul",
    "ed25519/sign", "ed25519/verify", "edwards/mul_base",
    "ed25519/verify_batch/64", "edwards/mul_var", "edwards/msm/1024",
    "p256/field_mul", "p256/field_sq", "p256/field_mul_montgomery", "p256/field_sq_montgomery",
    "p256/field_mul_solinas", "p256/field_sq_solinas", "p256/ecdsa_sign", "p256/ecdsa_verify",
    "rangeproof/prove/64x1", "rangeproof/verify/64x1",
};

static uint8_t fold(const uint8_t *p, size_t n)
{
    uint8_t c = 0;
    for (size_t i = 0; i < n; i++)
        c = (uint8_t)(c * 31u + p[i]);
    return c;
}

static void seed_bytes(uint8_t *p, size_t n, uint8_t k)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(k + 13u * i);
    if (n == 32)
        p[31] &= 0x0f; /* below l, so valid as a scalar too */
}

/* verify_batch/64: 64 signatures of 64 different messages under one key,
 * verified as one batch n times (the weights' seed changes each time);
 * digest = the first signature. */
static int run_verify_batch(const struct ecx_backend *be, unsigned long n, const uint8_t sk[64],
                            const uint8_t pk[32], uint8_t digest[64])
{
    enum { BATCH = 64 };
    static uint8_t sigs[BATCH][64], msgs[BATCH][32];
    const uint8_t *sp[BATCH], *mp[BATCH], *pp[BATCH];
    size_t lens[BATCH];
    for (int i = 0; i < BATCH; i++) {
        seed_bytes(msgs[i], 32, (uint8_t)(i + 3));
        be->ed25519_sign(sigs[i], msgs[i], 32, sk);
        sp[i] = sigs[i];
        mp[i] = msgs[i];
        pp[i] = pk;
        lens[i] = 32;
    }
    uint8_t seed[32];
    seed_bytes(seed, 32, 99);
    for (unsigned long i = 0; i < n; i++) {
        seed[0] = (uint8_t)i;
        if (be->ed25519_verify_batch(BATCH, sp, mp, lens, pp, NULL, seed) != 0) {
            fprintf(stderr, "opcount: verify_batch failed\n");
            return 1;
        }
    }
    memcpy(digest, sigs[0], 64);
    return 0;
}

/* msm/1024: sum [s_i] P_i over 1024 points [k]B and scalars, n times; out =
 * the result. */
static int run_msm(const struct ecx_backend *be, unsigned long n, const uint8_t a[32], uint8_t out[32])
{
    enum { POINTS = 1024 };
    static uint8_t scalars[POINTS][32], points[POINTS][32];
    for (int i = 0; i < POINTS; i++) {
        seed_bytes(scalars[i], 32, (uint8_t)(i * 7 + 1));
        scalars[i][0] ^= (uint8_t)(i >> 8);
        seed_bytes(points[i], 32, (uint8_t)(i + 5));
        points[i][1] ^= (uint8_t)(i >> 8);
        be->edwards->mul_base(points[i], points[i]);
    }
    memcpy(out, a, 32);
    for (unsigned long i = 0; i < n; i++) {
        memcpy(scalars[0], out, 32);
        scalars[0][31] &= 0x0f;
        if (be->edwards->msm_vartime(out, POINTS, (const uint8_t(*)[32])scalars, (const uint8_t(*)[32])points) != 0)
            return 1;
    }
    return 0;
}

static int usage(const char *msg);

/* rangeproof/prove/64x1: n proofs of one 64-bit value, each proof's first
 * 32 bytes the next one's randomness (ecbench's prove rows); verify/64x1:
 * one proof verified n times (a failure is an error). The generators are
 * made with the backend selected, as a user who selected it gets them
 * (their cost is in the N = 0 run too). out = the proof's first 32 bytes. */
static int run_rangeproof(const struct ecx_backend *be, const char *op, unsigned long n, const uint8_t a[32],
                          uint8_t out[32])
{
    enum { PROOF_BYTES = 32 * (9 + 2 * 6) };
    ecx_rangeproof_gens *g;
    if (ecx_backend_select(be->name) != ECX_OK || ecx_rangeproof_gens_new(&g, 64, 1) != ECX_OK) {
        fprintf(stderr, "opcount: rangeproof generators failed\n");
        return 1;
    }
    uint8_t proof[PROOF_BYTES] = {0}, commitment[1][32], random[32], blinding[1][32];
    const uint64_t value = 7238283;
    memcpy(blinding[0], a, 32);
    memcpy(random, a, 32);
    int status = ECX_OK;
    const int verify = strcmp(op, "verify/64x1") == 0;
    if (!verify && strcmp(op, "prove/64x1") != 0) {
        ecx_rangeproof_gens_free(g);
        return usage("unknown op");
    }
    const unsigned long proofs_made = verify ? 1 : n;
    for (unsigned long i = 0; status == ECX_OK && i < proofs_made; i++) {
        ecx_transcript t;
        ecx_transcript_init(&t, "opcount rangeproof");
        status = be->rangeproof->prove(proof, commitment, g, &t, &value, (const uint8_t(*)[32])blinding, 1, 64,
                                       random);
        memcpy(random, proof, 32);
    }
    for (unsigned long i = 0; verify && status == ECX_OK && i < n; i++) {
        ecx_transcript t;
        ecx_transcript_init(&t, "opcount rangeproof");
        const uint8_t *proofs[1] = {proof};
        const size_t lens[1] = {sizeof proof}, ms[1] = {1};
        const uint8_t(*const commitments[1])[32] = {(const uint8_t(*)[32])commitment};
        ecx_transcript *const ts[1] = {&t};
        status = be->rangeproof->verify_batch(1, proofs, lens, commitments, ms, 64, g, ts, a);
    }
    ecx_rangeproof_gens_free(g);
    if (status != ECX_OK) {
        fprintf(stderr, "opcount: rangeproof %s failed (%d)\n", op, status);
        return 1;
    }
    memcpy(out, proof, 32);
    return 0;
}


/* The p256/... ops. field_mul / field_sq: N products r = r b (squarings)
 * with the field's default reduction (mul_repeat / sq_repeat);
 * field_{mul,sq}_{montgomery,solinas}: the same with the named reduction
 * (reduction_repeat, as ecbench's rows of those names), a and b below p
 * (their top byte is small); ecdsa_sign: N signatures, each signing the
 * previous one (64 bytes) with secret key a; ecdsa_verify: N verifications
 * of one signature by a of the message b (uncompressed key; a failure is an
 * error). out = the last value (the signature for ecdsa_verify). */
static int run_p256(const struct ecx_backend *be, const char *op, unsigned long n, const uint8_t a[32],
                    const uint8_t b[32], uint8_t out[64])
{
    const struct ecxi_p256_arith *f = be->p256->field;
    memcpy(out, a, 32);
    if (strcmp(op, "field_mul") == 0)
        f->mul_repeat(out, b, n);
    else if (strcmp(op, "field_sq") == 0)
        f->sq_repeat(out, n);
    else if (strncmp(op, "field_mul_", 10) == 0 || strncmp(op, "field_sq_", 9) == 0) {
        const char *red = strchr(op + 6, '_') + 1;
        const uint8_t *by = op[6] == 'm' ? b : NULL;
        if (strcmp(red, "montgomery") == 0)
            f->reduction_repeat(out, by, n, ECXI_P256_MONTGOMERY);
        else if (strcmp(red, "solinas") == 0)
            f->reduction_repeat(out, by, n, ECXI_P256_SOLINAS);
        else
            return usage("unknown op");
    } else if (strcmp(op, "ecdsa_sign") == 0) {
        uint8_t msg[64];
        memcpy(out + 32, b, 32);
        for (unsigned long i = 0; i < n; i++) { /* signs the previous signature */
            memcpy(msg, out, sizeof msg);
            if (be->p256->sign(out, msg, sizeof msg, a) != 0) {
                fprintf(stderr, "opcount: p256 sign failed\n");
                return 1;
            }
        }
    } else if (strcmp(op, "ecdsa_verify") == 0) {
        uint8_t pk[65];
        if (be->p256->public_key(pk, a) != 0 || be->p256->sign(out, b, 32, a) != 0) {
            fprintf(stderr, "opcount: p256 key or signature failed\n");
            return 1;
        }
        for (unsigned long i = 0; i < n; i++) {
            if (be->p256->verify(out, b, 32, pk, sizeof pk) != 0) {
                fprintf(stderr, "opcount: p256 verify failed\n");
                return 1;
            }
        }
    } else {
        return usage("unknown op");
    }
    return 0;
}

static int usage(const char *msg)
{
    fprintf(stderr, "opcount: %s\nusage: opcount BACKEND OP N\nOP:", msg);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        fprintf(stderr, " %s", ops[i]);
    fprintf(stderr, "\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 4)
        return usage("wrong number of arguments");
    const struct ecx_backend *be = ecxi_backend_find(argv[1]);
    if (be == NULL)
        return usage("unknown or unusable backend");
    const char *op = argv[2];
    char *end;
    unsigned long n = strtoul(argv[3], &end, 10);
    if (*argv[3] == '\0' || *end != '\0')
        return usage("N is not a number");

    const ecx_f25519_ops *f = be->f25519;
    uint8_t a[32], b[32], out[64];
    seed_bytes(a, 32, 1);
    seed_bytes(b, 32, 7);
    memset(out, 0, sizeof out);
    size_t outlen = 32;

    if (strncmp(op, "f25519/", 7) == 0) {
        ecx_fe25519 x, y;
        f->fe_from_bytes(&x, a);
        f->fe_from_bytes(&y, b);
        if (strcmp(op + 7, "mul") == 0)
            for (unsigned long i = 0; i < n; i++) f->fe_mul(&x, &x, &y);
        else if (strcmp(op + 7, "sq") == 0)
            for (unsigned long i = 0; i < n; i++) f->fe_sq(&x, &x);
        else if (strcmp(op + 7, "invert") == 0)
            for (unsigned long i = 0; i < n; i++) f->fe_invert(&x, &x);
        else
            return usage("unknown op");
        f->fe_to_bytes(out, &x);
    } else if (strcmp(op, "sc25519/mul") == 0) {
        ecx_sc25519 x, y;
        if (f->sc_from_bytes(&x, a) != 0 || f->sc_from_bytes(&y, b) != 0)
            return usage("internal error: bad scalar seed");
        for (unsigned long i = 0; i < n; i++) f->sc_mul(&x, &x, &y);
        f->sc_to_bytes(out, &x);
    } else if (strncmp(op, "ed25519/", 8) == 0) {
        uint8_t pk[32], sk[64], sig[64];
        if (be->ed25519_keypair(pk, sk, a) != 0)
            return usage("internal error: keypair failed");
        if (strcmp(op + 8, "sign") == 0) {
            uint8_t msg[64];
            memcpy(sig, b, 32);
            memcpy(sig + 32, a, 32);
            for (unsigned long i = 0; i < n; i++) { /* signs the previous signature */
                memcpy(msg, sig, sizeof msg);
                be->ed25519_sign(sig, msg, sizeof msg, sk);
            }
        } else if (strcmp(op + 8, "verify") == 0) {
            be->ed25519_sign(sig, b, sizeof b, sk);
            unsigned zip215 = 0;
            for (unsigned long i = 0; i < n; i++) {
                int rc = be->ed25519_verify(sig, b, sizeof b, pk, zip215);
                if (rc != 0) {
                    fprintf(stderr, "opcount: verify failed\n");
                    return 1;
                }
                zip215 = (unsigned)rc & 1u; /* stays 0: strict rules */
                sig[0] ^= (uint8_t)rc;
            }
        } else if (strcmp(op + 8, "verify_batch/64") == 0) {
            if (run_verify_batch(be, n, sk, pk, out) != 0) return 1;
            memcpy(sig, out, 64);
        } else {
            return usage("unknown op");
        }
        memcpy(out, sig, 64);
        outlen = 64;
    } else if (strcmp(op, "edwards/mul_var") == 0) {
        uint8_t p[32];
        be->edwards->mul_base(p, b);
        memcpy(out, a, 32);
        for (unsigned long i = 0; i < n; i++) { /* [s]P, the result the next point */
            if (be->edwards->mul_var(p, out, p) != 0) return 1;
            out[31] = 0;
            memcpy(out, p, 31);
        }
        memcpy(out, p, 32);
    } else if (strcmp(op, "edwards/msm/1024") == 0) {
        if (run_msm(be, n, a, out) != 0) return 1;
    } else if (strncmp(op, "p256/", 5) == 0) {
        if (run_p256(be, op + 5, n, a, b, out) != 0) return 1;
        outlen = strncmp(op + 5, "ecdsa_", 6) == 0 ? 64 : 32;
    } else if (strncmp(op, "rangeproof/", 11) == 0) {
        if (run_rangeproof(be, op + 11, n, a, out) != 0) return 1;
    } else if (strcmp(op, "edwards/mul_base") == 0) {
        memcpy(out, a, 32);
        for (unsigned long i = 0; i < n; i++) be->edwards->mul_base(out, out);
    } else {
        return usage("unknown op");
    }
    printf("%s %s N=%lu checksum=%02x\n", op, be->name, n, fold(out, outlen));
    return 0;
}
