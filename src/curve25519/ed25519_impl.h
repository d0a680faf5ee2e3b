/* Ed25519 (RFC 8032, section 5.1, pure Ed25519), written once against the
 * field and scalar contracts and compiled per backend.
 *
 * Keys and signatures are byte-identical to libsodium's crypto_sign_*: the
 * secret key is seed || pk, the scalar is the clamped first half of
 * SHA-512(seed), the nonce r = SHA-512(prefix || m) mod l, R = [r]B,
 * k = SHA-512(R || A || m) mod l, S = r + k a mod l.
 *
 * Two verification policies (docs/ed25519-verification.md has the details):
 *   strict  = libsodium 1.0.18's crypto_sign_verify_detached accept set:
 *             S < l; A canonical, decodable and not of small order; R not of
 *             small order; the cofactorless equation, which libsodium checks
 *             as encode([S]B - [k]A) == R byte for byte (so R must be the
 *             canonical encoding of a point: decoded here under the strict
 *             policy, and [S]B - [k]A - R = 0 tested).
 *   ZIP-215 = S < l; A and R any encoding that decodes (y >= p reduced,
 *             x = 0 with the sign bit allowed), small order allowed; the
 *             cofactored equation [8]([S]B - R - [k]A) = 0.
 * How A and R are decoded depends on the backend (the verdicts do not;
 * ECXI_ED25519_PAIRED_DECODE below).
 * Status codes: ECX_ERR_INVALID for S >= l or a point encoding the policy
 * cannot decode (checked first), ECX_ERR_VERIFY for a small-order A or R
 * under strict rules or a failed equation.
 *
 * keypair and sign are constant time in the seed and the secret scalar and
 * nonce (SHA-512, the scalar ops, the fixed-base multiplication, the
 * encoding's safegcd inversion all are); their secret temporaries are wiped.
 * verify is variable time: everything it sees is public.
 */
#ifndef ECX_CURVE25519_ED25519_IMPL_H
#define ECX_CURVE25519_ED25519_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "curve25519/edwards.h"
#include "curve25519/edwards_decode_lanes.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/scalar_halfsize.h"
#include "curve25519/scalar_mul_base.h"
#include "curve25519/scalar_mul_double.h"
#include "ecx/ecx.h"
#include "hash/sha512.h"

/* az = SHA-512(seed) with its first half clamped (RFC 8032, 5.1.5): the
 * secret scalar a = az[0..31] (a multiple of 8 in [2^254, 2^255)) and the
 * nonce prefix az[32..63]. */
static inline void ed25519_expand(uint8_t az[64], const uint8_t seed[32])
{
    ecxi_sha512(az, seed, 32);
    az[0] &= 248;
    az[31] &= 127;
    az[31] |= 64;
}

/* pk = encode([a]B), sk = seed || pk. seed may alias pk or sk. Constant
 * time. Always ECX_OK. */
static int ed25519_impl_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    uint8_t az[64], s[32], a_pk[32];
    ge_p3 A;

    memcpy(s, seed, 32);
    ed25519_expand(az, s);
    ge_scalarmult_base(&A, az);
    ge_p3_to_bytes(a_pk, &A);

    memcpy(sk, s, 32);
    memcpy(sk + 32, a_pk, 32);
    memcpy(pk, a_pk, 32);

    ct_wipe(az, sizeof az);
    ct_wipe(s, sizeof s);
    ct_wipe(&A, sizeof A);
    return ECX_OK;
}

/* sig = R || S for m under sk = seed || pk (pk trusted, as in libsodium).
 * All reads of m and sk happen before sig is written, so sig may alias
 * them. Constant time in the secret (the running time depends on mlen).
 * Always ECX_OK. */
static int ed25519_impl_sign(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[64])
{
    uint8_t az[64], nonce[64], hram[64], r_bytes[32], R_bytes[32], S_bytes[32];
    ecxi_sha512_ctx ctx;
    sc r, k, a, S;
    ge_p3 R;

    ed25519_expand(az, sk);

    ecxi_sha512_init(&ctx);
    ecxi_sha512_update(&ctx, az + 32, 32);
    ecxi_sha512_update(&ctx, m, mlen);
    ecxi_sha512_final(&ctx, nonce);
    sc_from_wide(&r, nonce);
    sc_to_bytes(r_bytes, &r);

    ge_scalarmult_base(&R, r_bytes);
    ge_p3_to_bytes(R_bytes, &R);

    ecxi_sha512_init(&ctx);
    ecxi_sha512_update(&ctx, R_bytes, 32);
    ecxi_sha512_update(&ctx, sk + 32, 32);
    ecxi_sha512_update(&ctx, m, mlen);
    ecxi_sha512_final(&ctx, hram);
    sc_from_wide(&k, hram);

    sc_from_bytes_reduce(&a, az);
    sc_mul(&S, &k, &a);
    sc_add(&S, &S, &r);
    sc_to_bytes(S_bytes, &S);

    memcpy(sig, R_bytes, 32);
    memcpy(sig + 32, S_bytes, 32);

    ct_wipe(az, sizeof az);
    ct_wipe(nonce, sizeof nonce);
    ct_wipe(r_bytes, sizeof r_bytes);
    ct_wipe(&r, sizeof r);
    ct_wipe(&a, sizeof a);
    ct_wipe(&R, sizeof R);
    return ECX_OK;
}

/* k = SHA-512(R || A || m) mod l, as canonical bytes, from the encodings as
 * given (not re-encoded). */
static inline void ed25519_challenge(uint8_t k_bytes[32], const uint8_t R[32], const uint8_t A[32],
                                     const uint8_t *m, size_t mlen)
{
    ecxi_sha512_ctx ctx;
    uint8_t h[64];
    sc k;
    ecxi_sha512_init(&ctx);
    ecxi_sha512_update(&ctx, R, 32);
    ecxi_sha512_update(&ctx, A, 32);
    ecxi_sha512_update(&ctx, m, mlen);
    ecxi_sha512_final(&ctx, h);
    sc_from_wide(&k, h);
    sc_to_bytes(k_bytes, &k);
}

/* How verification decodes its points, a compile-time property the
 * backend chooses (its backend.c defines ECXI_ED25519_PAIRED_DECODE to 1
 * before backend_impl.h; the default is 0):
 *   1: A and R are decoded together by ge_p3_from_bytes_zip215_lanes (one
 *      paired square root, fe_sqrt_ratio_lanes): for a backend whose
 *      paired root costs less than two serial roots: ifma and neon on
 *      AArch64, where it is one 4-way exponentiation with two lanes idle
 *      (backend/vector/decode_lanes4.h), and u64 and avx2, where it is
 *      two serial chains interleaved (curve25519/field_lanes.h).
 *   0: A and R are decoded one after the other: u32 (whose interleaved
 *      chains spill registers) and neon on 32-bit ARM.
 * Both give the same statuses on every input (docs/ed25519-verification.md,
 * "Strict rules"; tests/test_ed25519_edge.c has a case for each place
 * where they could differ). */
#ifndef ECXI_ED25519_PAIRED_DECODE
#define ECXI_ED25519_PAIRED_DECODE 0
#endif

/* Decodes A = pk and R = sig[0..31] under `policy` into A and R: ECX_OK or
 * ECX_ERR_INVALID. Under GE_DECODE_STRICT with the paired root, the ZIP-215
 * decoder gives exactly the strict decoding once the bytes are canonical
 * (y < p, and no sign bit on y = 1 or y = -1, the two points with x = 0):
 * then nothing is reduced and the sign bit picks the root as strict
 * decoding does. */
static int ed25519_decode_pair(ge_p3 *A, ge_p3 *R, const uint8_t pk[32], const uint8_t R_bytes[32],
                               unsigned policy)
{
#if ECXI_ED25519_PAIRED_DECODE
    if (policy == GE_DECODE_STRICT && !(ge_bytes_is_canonical(pk) & ge_bytes_is_canonical(R_bytes)))
        return ECX_ERR_INVALID;
    const uint8_t *const enc[2] = {pk, R_bytes};
    ge_p3 AR[2];
    unsigned ok[2] = {0, 0};
    ge_p3_from_bytes_zip215_lanes(AR, ok, enc, 2);
    *A = AR[0];
    *R = AR[1];
    return (ok[0] & ok[1]) ? ECX_OK : ECX_ERR_INVALID;
#else
    if (ge_p3_from_bytes(A, pk, policy) != ECX_OK) return ECX_ERR_INVALID;
    return ge_p3_from_bytes(R, R_bytes, policy);
#endif
}

/* Verifies sig on m under pk with the strict (zip215 = 0) or ZIP-215
 * (zip215 = 1) rules above. Returns ECX_OK, ECX_ERR_INVALID or
 * ECX_ERR_VERIFY. VARIABLE TIME (public inputs).
 *
 * The equation D = [S]B - [k]A - R = 0 (strict) or [8] D = 0 (ZIP-215) is
 * tested as [c1] D = 0 with half-size c0 = c1 k mod 8l, c1 odd
 * (curve25519/scalar_halfsize.h shows the two tests agree for every A and
 * R, torsion included): [c1 S mod l]B + [c0](-A) + [c1](-R), the signs
 * folded into the points; about 128 doublings instead of 253. */
static int ed25519_impl_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32],
                               unsigned zip215)
{
    const uint8_t *R_bytes = sig, *S_bytes = sig + 32;
    const unsigned policy = zip215 ? GE_DECODE_ZIP215 : GE_DECODE_STRICT;
    uint8_t k_bytes[32], c0_bytes[32], c1_bytes[32], s1_bytes[32];
    ge_p3 A, R, P;
    sc S, c1;

    /* Encodings first (ECX_ERR_INVALID), then policy (ECX_ERR_VERIFY). */
    if (!sc_from_bytes(&S, S_bytes)) return ECX_ERR_INVALID;
    if (ed25519_decode_pair(&A, &R, pk, R_bytes, policy) != ECX_OK) return ECX_ERR_INVALID;
    if (!zip215 && (ge_bytes_has_small_order(pk) | ge_bytes_has_small_order(R_bytes))) return ECX_ERR_VERIFY;

    ed25519_challenge(k_bytes, R_bytes, pk, m, mlen);

    /* c1 > 0: [c1] D = [c1 S]B + [c0](-A) + [c1](-R); c1 < 0: [|c1|] D =
     * [|c1| S]B + [c0]A + [|c1|](-R). */
    const unsigned c1_negative = sc_halfsize_reduce(c0_bytes, c1_bytes, k_bytes);
    (void)sc_from_bytes(&c1, c1_bytes); /* |c1| < 2^128 < l: canonical */
    sc_mul(&c1, &c1, &S);
    sc_to_bytes(s1_bytes, &c1);
    if (!c1_negative) ge_p3_neg(&A, &A);
    ge_p3_neg(&R, &R);
    ge_multi_scalarmult_vartime(&P, c0_bytes, &A, c1_bytes, &R, s1_bytes);

    if (zip215) ge_p3_mul_by_cofactor(&P, &P);
    return ge_p3_is_identity(&P) ? ECX_OK : ECX_ERR_VERIFY;
}

#endif
