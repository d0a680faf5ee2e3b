/* Hostile-input cases of tests/test_hostile.c: P-256, transcripts and range
 * proofs (rows P*, T*, B* of docs/api.md). Included once by
 * tests/hostile_cases.h. */
#ifndef ECX_TESTS_HOSTILE_CASES_P256_RANGEPROOF_H
#define ECX_TESTS_HOSTILE_CASES_P256_RANGEPROOF_H

static const uint8_t BE_ONE[32] = {[31] = 1};

static const char *P1(void) { const char *r = ST(ecx_p256_field_invert(out, ZERO32)); EXPECT_OUT(zeroed(32)); return r; }
static const char *P2(void) { const char *r = ST(ecx_p256_field_invert(out, P256_P)); EXPECT_OUT(zeroed(32)); return r; }
static const char *P3(void) { const char *r = ST(ecx_p256_scalar_invert(out, P256_N)); EXPECT_OUT(zeroed(32)); return r; }
static const char *P4(void) { return ST(ecx_p256_scalar_invert(NULL, BE_ONE)); }
static const char *P5(void) { const char *r = ST(ecx_p256_public_key(out, ZERO32)); EXPECT_OUT(zeroed(65)); return r; }
static const char *P6(void) { const char *r = ST(ecx_p256_public_key(out, P256_N)); EXPECT_OUT(zeroed(65)); return r; }
static const char *P7(void) { const char *r = ST(ecx_p256_public_key_compressed(out, P256_N)); EXPECT_OUT(zeroed(33)); return r; }
static uint8_t key_buf[65];
static const uint8_t *key_with(uint8_t prefix, const uint8_t *x, int bump_y)
{
    memcpy(key_buf, p256_pk, 65);
    key_buf[0] = prefix;
    if (x) memcpy(key_buf + 1, x, 32);
    if (bump_y) key_buf[64] ^= 1;
    return key_buf;
}
static const char *P8(void) { const char *r = ST(ecx_p256_public_key_compress(out, key_with(0x05, NULL, 0))); EXPECT_OUT(untouched(33)); return r; }
static const char *P9(void) { const char *r = ST(ecx_p256_public_key_compress(out, key_with(0x04, P256_P, 0))); EXPECT_OUT(untouched(33)); return r; }
static const char *P10(void) { const char *r = ST(ecx_p256_public_key_compress(out, key_with(0x04, NULL, 1))); EXPECT_OUT(untouched(33)); return r; }
static const char *P11(void)
{
    uint8_t c[33];
    memcpy(c, p256_pkc, 33);
    c[0] = 0x04;
    const char *r = ST(ecx_p256_public_key_decompress(out, c));
    EXPECT_OUT(untouched(65));
    return r;
}
static const char *P12(void)
{
    uint8_t c[33] = {0x02};
    c[32] = 1; /* x = 1: x^3 - 3x + b is not a square mod p */
    const char *r = ST(ecx_p256_public_key_decompress(out, c));
    EXPECT_OUT(untouched(65));
    return r;
}
static const char *P13(void) { const char *r = ST(ecx_p256_ecdsa_sign(out, msg, MSG_LEN, ZERO32)); EXPECT_OUT(zeroed(64)); return r; }
static const char *P14(void) { const char *r = ST(ecx_p256_ecdsa_sign_digest(out, BE_ONE, P256_N)); EXPECT_OUT(zeroed(64)); return r; }
static const char *P15(void) { const char *r = ST(ecx_p256_ecdsa_sign(out, NULL, 1, p256_sk)); EXPECT_OUT(untouched(64)); return r; }
static uint8_t psig_buf[64];
static const uint8_t *psig_with(const uint8_t *r, const uint8_t *s)
{
    memcpy(psig_buf, p256_sig, 64);
    if (r) memcpy(psig_buf, r, 32);
    if (s) memcpy(psig_buf + 32, s, 32);
    return psig_buf;
}
static const char *P16(void) { return ST(ecx_p256_ecdsa_verify(psig_with(ZERO32, NULL), msg, MSG_LEN, p256_pk)); }
static const char *P17(void) { return ST(ecx_p256_ecdsa_verify(psig_with(NULL, P256_N), msg, MSG_LEN, p256_pk)); }
static const char *P18(void) { return ST(ecx_p256_ecdsa_verify(p256_sig, msg, MSG_LEN - 1, p256_pk)); }
static const char *P19(void) { return ST(ecx_p256_ecdsa_verify_key(p256_sig, msg, MSG_LEN, p256_pk, 64)); }
static const char *P20(void) { return ST(ecx_p256_ecdsa_verify_key(p256_sig, msg, MSG_LEN, p256_pkc, 33)); }
static const char *P21(void) { return ST(ecx_p256_ecdsa_verify(p256_sig, msg, MSG_LEN, key_with(0x04, NULL, 1))); }
static const char *P22(void)
{
    uint8_t s[32];
    int borrow = 0;
    for (int i = 31; i >= 0; i--) { /* s' = n - s */
        int d = P256_N[i] - p256_sig[32 + i] - borrow;
        borrow = d < 0;
        s[i] = (uint8_t)(d + (borrow ? 256 : 0));
    }
    return ST(ecx_p256_ecdsa_verify(psig_with(NULL, s), msg, MSG_LEN, p256_pk));
}
static const char *P23(void) { return ST(ecx_p256_ecdsa_verify(p256_sig, NULL, 3, p256_pk)); }

static ecx_transcript tt;
static const char *T1(void) { return ST(ecx_transcript_init(NULL, "x")); }
static const char *T2(void) { return ST(ecx_transcript_init(&tt, NULL)); }
/* A transcript call on a copy of t0 that must leave it unchanged. */
static const char *unchanged(int status)
{
    EXPECT_OUT(memcmp(&tt, &t0, sizeof tt) == 0);
    return ST(status);
}
static const char *T3(void)
{
    tt = t0;
    return unchanged(ecx_transcript_append(&tt, "m", NULL, 1));
}
static const char *T4(void)
{
    tt = t0;
#if SIZE_MAX > 0xffffffffu
    return unchanged(ecx_transcript_append(&tt, "m", msg, (size_t)UINT64_C(0x100000000)));
#else
    return unchanged(ECX_ERR_INVALID); /* 32-bit size_t: no such length */
#endif
}
static const char *T5(void)
{
    memset(&tt, 0, sizeof tt);
    return ST(ecx_transcript_append(&tt, "m", msg, MSG_LEN));
}
static const char *T6(void)
{
    tt = t0;
    return unchanged(ecx_transcript_challenge(&tt, "c", NULL, 1));
}
static const char *T7(void)
{
    tt = t0;
    return ST(ecx_transcript_challenge(&tt, "c", NULL, 0));
}

static size_t proof_len;
static uint8_t rp_out_proof[sizeof rp_proof + 32], rp_out_com[2][32];
static const char *prove(size_t cap, const uint64_t *values, const uint8_t (*blindings)[32], size_t m, size_t n)
{
    static const uint8_t zero[sizeof rp_out_proof];
    memset(rp_out_proof, 0x5c, sizeof rp_out_proof);
    memset(rp_out_com, 0x5c, sizeof rp_out_com);
    tt = t0;
    const char *r = ST(ecx_rangeproof_prove(rp_out_proof, cap, &proof_len, rp_out_com, gens, &tt, values, blindings, m, n));
    EXPECT_OUT(memcmp(&tt, &t0, sizeof tt) == 0 && proof_len == 0);
    /* The outputs are zeroed where their size is known (a valid shape). */
    if (ecx_rangeproof_size(n, m) != 0 && cap >= ecx_rangeproof_size(n, m))
        EXPECT_OUT(memcmp(rp_out_proof, zero, ecx_rangeproof_size(n, m)) == 0 && memcmp(rp_out_com, zero, 32 * m) == 0);
    return r;
}
static const char *B1(void) { return ST(ecx_rangeproof_gens_new(NULL, 8, 1)); }
static const char *B2(void)
{
    ecx_rangeproof_gens *g = (ecx_rangeproof_gens *)&tt;
    const char *r = ST(ecx_rangeproof_gens_new(&g, 65, 1));
    EXPECT_OUT(g == (ecx_rangeproof_gens *)&tt);
    return r;
}
static const char *B3(void) { return ecx_rangeproof_size(7, 1) == 0 && ecx_rangeproof_size(8, 3) == 0 && ecx_rangeproof_size(8, 128) == 0 ? "0" : "nonzero"; }
static const char *B4(void) { const uint64_t v[1] = {256}; return prove(sizeof rp_out_proof, v, rp_blinding, 1, 8); }
static const char *B5(void)
{
    uint8_t bl[1][32];
    memcpy(bl[0], L_LE, 32);
    return prove(sizeof rp_out_proof, rp_value, (const uint8_t(*)[32])bl, 1, 8);
}
static const char *B6(void) { return prove(sizeof rp_proof - 1, rp_value, rp_blinding, 1, 8); }
static const char *B7(void) { const uint64_t v[3] = {1, 2, 3}; const uint8_t b[3][32] = {{1}, {2}, {3}}; return prove(sizeof rp_out_proof, v, b, 3, 8); }
static const char *B8(void) { return prove(sizeof rp_out_proof, rp_value, rp_blinding, 1, 16); }
static const char *B9(void) { return prove(sizeof rp_out_proof, rp_value, rp_blinding, 1, 12); }
static const char *verify(const uint8_t *proof, size_t len, const uint8_t (*com)[32], const char *label)
{
    ecx_transcript t;
    ecx_transcript_init(&t, label);
    const ecx_transcript before = t;
    const char *r = ST(ecx_rangeproof_verify(proof, len, com, 1, 8, gens, &t));
    if (strcmp(r, "ECX_OK") != 0) EXPECT_OUT(memcmp(&t, &before, sizeof t) == 0);
    return r;
}
static uint8_t proof_buf[sizeof rp_proof];
static const char *B10(void) { return verify(rp_proof, sizeof rp_proof, (const uint8_t(*)[32])rp_com, "hostile"); }
static const char *B11(void) { return verify(rp_proof, sizeof rp_proof - 1, (const uint8_t(*)[32])rp_com, "hostile"); }
static const char *B12(void)
{
    memcpy(proof_buf, rp_proof, sizeof proof_buf);
    memcpy(proof_buf + 128, L_LE, 32); /* t_x = l */
    return verify(proof_buf, sizeof proof_buf, (const uint8_t(*)[32])rp_com, "hostile");
}
static const char *B13(void) { return verify(rp_proof, sizeof rp_proof, (const uint8_t(*)[32])RIS_NEGATIVE, "hostile"); }
static const char *B14(void)
{
    memcpy(proof_buf, rp_proof, sizeof proof_buf);
    memcpy(proof_buf, RIS_NONCANONICAL, 32); /* A does not decode */
    return verify(proof_buf, sizeof proof_buf, (const uint8_t(*)[32])rp_com, "hostile");
}
static const char *B15(void) { return verify(rp_proof, sizeof rp_proof, (const uint8_t(*)[32])ris_p, "hostile"); }
static const char *B16(void) { return verify(rp_proof, sizeof rp_proof, (const uint8_t(*)[32])rp_com, "another label"); }
static const char *B17(void) { return ST(ecx_rangeproof_verify_batch(0, NULL, NULL, NULL, NULL, 8, NULL, NULL)); }
static const char *batch(const uint8_t *proof1, const uint8_t (*com1)[32])
{
    ecx_transcript t[2];
    ecx_transcript_init(&t[0], "hostile");
    t[1] = t[0];
    const uint8_t *proofs[2] = {rp_proof, proof1};
    const size_t lens[2] = {sizeof rp_proof, sizeof rp_proof}, ms[2] = {1, 1};
    const uint8_t(*coms[2])[32] = {(const uint8_t(*)[32])rp_com, com1};
    ecx_transcript *ts[2] = {&t[0], &t[1]};
    return ST(ecx_rangeproof_verify_batch(2, proofs, lens, coms, ms, 8, gens, ts));
}
static const char *B18(void) { return batch(NULL, (const uint8_t(*)[32])rp_com); }
static const char *B19(void) { return batch(rp_proof, (const uint8_t(*)[32])ris_p); }
static const char *B20(void)
{
    memcpy(proof_buf, rp_proof, sizeof proof_buf);
    memcpy(proof_buf + 128, L_LE, 32);
    return batch(proof_buf, (const uint8_t(*)[32])rp_com);
}

#endif
