/* Hostile-input cases of tests/test_hostile.c: Ed25519, Ristretto255, the
 * backend functions (rows E*, R*, S* of docs/api.md). Included once by
 * tests/hostile_cases.h. */
#ifndef ECX_TESTS_HOSTILE_CASES_CURVE25519_H
#define ECX_TESTS_HOSTILE_CASES_CURVE25519_H

#define ST(call) status_name(call)

/* A copy of the valid signature with S replaced. */
static uint8_t sig_buf[64];
static const uint8_t *sig_with_s(const uint8_t s[32])
{
    memcpy(sig_buf, ed_sig, 32);
    memcpy(sig_buf + 32, s, 32);
    return sig_buf;
}
/* R = the identity, S = 0: valid for any small-order key under ZIP-215. */
static const uint8_t *sig_small_order(void)
{
    memcpy(sig_buf, ED_IDENTITY, 32);
    memset(sig_buf + 32, 0, 32);
    return sig_buf;
}

static const char *E1(void) { const char *r = ST(ecx_ed25519_keypair(NULL, out, NULL)); EXPECT_OUT(untouched(64)); return r; }
static const char *E2(void) { const char *r = ST(ecx_ed25519_keypair(out, NULL, NULL)); EXPECT_OUT(untouched(32)); return r; }
static const char *E3(void) { return ST(ecx_ed25519_sign(NULL, msg, MSG_LEN, ed_sk)); }
static const char *E4(void) { const char *r = ST(ecx_ed25519_sign(out, NULL, 1, ed_sk)); EXPECT_OUT(untouched(64)); return r; }
static const char *E5(void)
{
    uint8_t want[64];
    crypto_sign_detached(want, NULL, (const uint8_t *)"", 0, ed_sk);
    const char *r = ST(ecx_ed25519_sign(out, NULL, 0, ed_sk));
    EXPECT_OUT(memcmp(out, want, 64) == 0);
    return r;
}
static const char *E6(void) { return ST(ecx_ed25519_verify(NULL, msg, MSG_LEN, ed_pk)); }
static const char *E7(void) { return ST(ecx_ed25519_verify(ed_sig, msg, MSG_LEN, NULL)); }
static const char *E8(void) { return ST(ecx_ed25519_verify(ed_sig, NULL, 5, ed_pk)); }
static const char *E9(void) { return ST(ecx_ed25519_verify(sig_with_s(L_LE), msg, MSG_LEN, ed_pk)); }
static const char *E10(void)
{
    uint8_t s[32];
    memset(s, 0xff, 32);
    return ST(ecx_ed25519_verify_zip215(sig_with_s(s), msg, MSG_LEN, ed_pk));
}
static const char *E11(void) { return ST(ecx_ed25519_verify(ed_sig, msg, MSG_LEN, ED_Y_IS_P)); }
static const char *E12(void) { return ST(ecx_ed25519_verify_zip215(ed_sig, msg, MSG_LEN, ED_Y_IS_2)); }
static const char *E13(void) { return ST(ecx_ed25519_verify(sig_small_order(), msg, MSG_LEN, ED_IDENTITY)); }
static const char *E14(void) { return ST(ecx_ed25519_verify_zip215(sig_small_order(), msg, MSG_LEN, ED_IDENTITY)); }
static const char *E15(void)
{
    return ST(ecx_ed25519_verify_zip215(sig_small_order(), msg, MSG_LEN, ED_IDENTITY_NONCANONICAL));
}
static const char *E16(void) { return ST(ecx_ed25519_verify(sig_small_order(), msg, MSG_LEN, ED_IDENTITY_NONCANONICAL)); }
static const char *E17(void) { return ST(ecx_ed25519_verify(ed_sig, msg, MSG_LEN - 1, ed_pk)); }
static const char *E18(void)
{
    const char *r = ST(ecx_ed25519_verify_batch(0, NULL, NULL, NULL, NULL, NULL));
    return r;
}

/* Batches of two: entry 0 valid, entry 1 as given. */
static const char *batch2(const uint8_t *sig1, const uint8_t *pk1, size_t mlen1, int null_arrays)
{
    const uint8_t *sigs[2] = {ed_sig, sig1}, *msgs[2] = {msg, msg}, *pks[2] = {ed_pk, pk1};
    const size_t mlens[2] = {MSG_LEN, mlen1};
    return ST(ecx_ed25519_verify_batch(2, null_arrays ? NULL : sigs, msgs, mlens, pks, results));
}
static const char *E19(void)
{
    const char *r = batch2(ed_sig, ed_pk, MSG_LEN, 1);
    EXPECT_OUT(results[0] == 12345 && results[1] == 12345);
    return r;
}
static const char *E20(void)
{
    const char *r = batch2(ed_sig, NULL, MSG_LEN, 0);
    EXPECT_OUT(results[0] == 12345 && results[1] == 12345);
    return r;
}
static const char *E21(void)
{
    const char *r = batch2(sig_with_s(L_LE), ed_pk, MSG_LEN, 0);
    EXPECT_OUT(results[0] == ECX_OK && results[1] == ECX_ERR_INVALID);
    return r;
}
static const char *E22(void)
{
    const char *r = batch2(ed_sig, ed_pk, MSG_LEN - 1, 0);
    EXPECT_OUT(results[0] == ECX_OK && results[1] == ECX_ERR_VERIFY);
    return r;
}
static const char *E23(void)
{
    const char *r = batch2(ed_sig, ED_Y_IS_2, MSG_LEN, 0);
    EXPECT_OUT(results[0] == ECX_OK && results[1] == ECX_ERR_INVALID);
    return r;
}

static const char *R1(void) { return ST(ecx_ristretto255_is_valid(NULL)); }
static const char *R2(void) { return ST(ecx_ristretto255_is_valid(RIS_NONCANONICAL)); }
static const char *R3(void) { return ST(ecx_ristretto255_is_valid(RIS_NEGATIVE)); }
static const char *R4(void) { return ST(ecx_ristretto255_add(NULL, ris_p, ris_q)); }
static const char *R5(void) { const char *r = ST(ecx_ristretto255_sub(out, RIS_NEGATIVE, ris_q)); EXPECT_OUT(untouched(32)); return r; }
static const char *R6(void)
{
    uint8_t want[32], p[32];
    memcpy(p, ris_p, 32);
    crypto_core_ristretto255_add(want, ris_p, ris_q);
    const char *r = ST(ecx_ristretto255_add(p, p, ris_q));
    EXPECT_OUT(memcmp(p, want, 32) == 0);
    return r;
}
static const char *R7(void) { const char *r = ST(ecx_ristretto255_scalarmult(out, L_LE, ris_p)); EXPECT_OUT(is_ristretto_identity()); return r; }
static const char *R8(void) { const char *r = ST(ecx_ristretto255_scalarmult(out, ris_s, RIS_NONCANONICAL)); EXPECT_OUT(untouched(32)); return r; }
static const char *R9(void) { const char *r = ST(ecx_ristretto255_scalarmult(out, ZERO32, ris_p)); EXPECT_OUT(is_ristretto_identity()); return r; }
static const char *R10(void)
{
    uint8_t s[32];
    memset(s, 0xff, 32);
    const char *r = ST(ecx_ristretto255_scalarmult_base(out, s));
    EXPECT_OUT(is_ristretto_identity());
    return r;
}
static const char *R11(void) { const char *r = ST(ecx_ristretto255_from_uniform(out, NULL)); EXPECT_OUT(untouched(32)); return r; }
static const char *R12(void) { const char *r = ST(ecx_ristretto255_msm_vartime(out, 0, NULL, NULL)); EXPECT_OUT(is_ristretto_identity()); return r; }
static const char *R13(void) { const char *r = ST(ecx_ristretto255_msm_vartime(out, 2, NULL, NULL)); EXPECT_OUT(untouched(32)); return r; }
/* msm of two terms, [s](p) + [s1](p1): r must stay unwritten. */
static const char *msm2_unwritten(const uint8_t s1[32], const uint8_t p1[32])
{
    uint8_t sc[2][32], pt[2][32];
    memcpy(sc[0], ris_s, 32);
    memcpy(sc[1], s1, 32);
    memcpy(pt[0], ris_p, 32);
    memcpy(pt[1], p1, 32);
    const char *r = ST(ecx_ristretto255_msm_vartime(out, 2, (const uint8_t(*)[32])sc, (const uint8_t(*)[32])pt));
    EXPECT_OUT(untouched(32));
    return r;
}
static const char *R14(void) { return msm2_unwritten(L_LE, ris_q); }
static const char *R15(void) { return msm2_unwritten(ris_s, RIS_NEGATIVE); }
static const char *R16(void) { return ST(ecx_ristretto255_msm_vartime(out, SIZE_MAX, NULL, NULL)); }

static const char *S1(void) { return ST(ecx_backend_select(NULL)); }
static const char *S2(void) { return ST(ecx_backend_select("no-such-backend")); }
static const char *S3(void) { return ecx_f25519("no-such-backend") ? "non-NULL" : "NULL"; }
static const char *S4(void) { return ecx_strerror(-999) ? "non-NULL" : "NULL"; }
static const char *S5(void) { return ecx_backends(NULL, 0) > 0 ? "nonzero" : "0"; }

#endif
