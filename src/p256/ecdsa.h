/* P-256 keys and ECDSA (FIPS 186-5 section 6; SEC 1 v2 section 4.1) with
 * SHA-256 and RFC 6979 deterministic nonces, written once over the group
 * code. Secret keys and signatures are 32-byte big-endian values; a
 * signature is r || s (IEEE P1363 form), s not normalised (low-S is not
 * forced, as DESIGN.md says).
 *
 * Key generation and signing are constant time in the secret key and the
 * nonce (checked by tests/test_ctime.c): the key's range check is a borrow
 * and a branch-free zero test, the nonce inversion is safegcd, the
 * fixed-base multiplication a masked table scan. Verification and the key
 * encodings work on public data and are variable time.
 */
#ifndef ECX_P256_ECDSA_H
#define ECX_P256_ECDSA_H

#include <stddef.h>
#include <stdint.h>

#include "common/constant_time.h"
#include "ecx/ecx.h"
#include "hash/sha256.h"
#include "p256/declassify.h"
#include "p256/point.h"
#include "p256/point_encoding.h"
#include "p256/scalar.h"
#include "p256/scalar_mul_base.h"
#include "p256/scalar_mul_double.h"

/* ECX_OK if ok = 1, ECX_ERR_INVALID if ok = 0, by a mask select (ok may
 * come from a secret; only the caller sees the verdict). */
static inline int p256_status(unsigned ok)
{
    const unsigned mask = 0u - ok;
    return (int)(((unsigned)ECX_OK & mask) | ((unsigned)ECX_ERR_INVALID & ~mask));
}

/* Zeroes the n bytes at out unless ok = 1, without a branch. */
static inline void p256_mask_bytes(uint8_t *out, size_t n, unsigned ok)
{
    const uint8_t mask = (uint8_t)ct_barrier_u32(0u - ok);
    for (size_t i = 0; i < n; i++) out[i] &= mask;
}

/* d = sk as a scalar; returns 1 iff 0 < sk < n. Constant time. */
static inline unsigned p256_secret_key_decode(p256_sc *d, const uint8_t sk[32])
{
    unsigned ok = p256_sc_from_bytes(d, sk);
    return ok & (1u ^ p256_sc_is_zero(d));
}

/* pk = [sk]G as 0x04 || x || y. ECX_OK for 0 < sk < n; otherwise
 * ECX_ERR_INVALID and 65 zero bytes. Constant time in sk. */
static int p256_ecdsa_public_key(uint8_t pk[65], const uint8_t sk[32])
{
    p256_sc d;
    p256_point q;
    p256_affine a;
    const unsigned ok = p256_secret_key_decode(&d, sk);
    p256_mul_base(&q, &d);
    p256_point_to_affine(&a, &q);
    p256_affine_encode_uncompressed(pk, &a);
    p256_mask_bytes(pk, 65, ok);
    ct_wipe(&d, sizeof d);
    return p256_status(ok);
}

/* The HMAC-DRBG of RFC 6979 section 3.2 with HMAC-SHA-256, for qlen =
 * hlen = 256: every candidate is a whole V. `keyed` is an HMAC context
 * initialised with the current K and never finalised: each use works on a
 * copy, so the two padded key blocks are hashed once per K, not once per
 * HMAC (K serves two HMACs in a row at every step). */
typedef struct {
    ecxi_hmac_sha256_ctx keyed;
    uint8_t v[32];
    unsigned started;
} p256_rfc6979;

/* V = HMAC_K(V). */
static void p256_rfc6979_next_v(p256_rfc6979 *st)
{
    ecxi_hmac_sha256_ctx h = st->keyed;
    ecxi_hmac_sha256_update(&h, st->v, 32);
    ecxi_hmac_sha256_final(&h, st->v);
}

/* K = HMAC_K(V || tag || x || h1), V = HMAC_K(V); x and h1 may be NULL
 * (then only V || tag is hashed: the retry step of 3.2 h.3). */
static void p256_rfc6979_update(p256_rfc6979 *st, uint8_t tag, const uint8_t *x, const uint8_t *h1)
{
    uint8_t k[32];
    ecxi_hmac_sha256_ctx h = st->keyed;
    ecxi_hmac_sha256_update(&h, st->v, 32);
    ecxi_hmac_sha256_update(&h, &tag, 1);
    if (x) {
        ecxi_hmac_sha256_update(&h, x, 32);
        ecxi_hmac_sha256_update(&h, h1, 32);
    }
    ecxi_hmac_sha256_final(&h, k);
    ecxi_hmac_sha256_init(&st->keyed, k, 32);
    ct_wipe(k, sizeof k);
    p256_rfc6979_next_v(st);
}

/* Steps b-g of 3.2: x = int2octets(key), h1 = bits2octets(H(m)). The
 * initial K is 32 zero bytes: its keyed HMAC state is a constant (the two
 * padded key blocks precomputed), two compressions fewer per signature. */
static void p256_rfc6979_init(p256_rfc6979 *st, const uint8_t x[32], const uint8_t h1[32])
{
    memset(st->v, 0x01, 32);
    ecxi_hmac_sha256_init_zero_key(&st->keyed);
    st->started = 0;
    p256_rfc6979_update(st, 0x00, x, h1);
    p256_rfc6979_update(st, 0x01, x, h1);
}

/* out = the next candidate T (step h; after the first, the h.3 update
 * K = HMAC_K(V || 0x00), V = HMAC_K(V) comes first). */
static void p256_rfc6979_next(p256_rfc6979 *st, uint8_t out[32])
{
    if (st->started) p256_rfc6979_update(st, 0x00, NULL, NULL);
    st->started = 1;
    p256_rfc6979_next_v(st);
    memcpy(out, st->v, 32);
}

/* sig = r || s, the ECDSA signature of the 32-byte digest (bits2int of a
 * SHA-256 output is the digest itself) under sk, with the RFC 6979 nonce.
 * ECX_OK for 0 < sk < n; otherwise ECX_ERR_INVALID and 64 zero bytes.
 * Constant time in sk and the nonce, up to the declassified retries (see
 * p256/declassify.h). */
static int p256_ecdsa_sign_digest(uint8_t sig[64], const uint8_t digest[32], const uint8_t sk[32])
{
    p256_sc d, e, k, kinv, r, s;
    p256_point big_r;
    p256_affine ar;
    p256_rfc6979 drbg;
    uint8_t h1[32], t[32];

    const unsigned ok = p256_secret_key_decode(&d, sk);
    /* An invalid key signs as 1 (masked out below), so the loop ends. */
    p256_sc one;
    static const uint8_t one_bytes[32] = {[31] = 1};
    p256_sc_from_bytes(&one, one_bytes);
    p256_sc_cmov(&d, &one, 1u ^ ok);

    p256_sc_from_bytes(&e, digest); /* e = bits2int(H(m)) mod n */
    p256_sc_to_bytes(h1, &e);
    p256_sc_to_bytes(t, &d);
    p256_rfc6979_init(&drbg, t, h1);
    for (;;) {
        p256_rfc6979_next(&drbg, t);
        unsigned k_ok = p256_sc_from_bytes(&k, t) & (1u ^ p256_sc_is_zero(&k));
        P256_DECLASSIFY(&k_ok, sizeof k_ok);
        if (!k_ok) continue;

        p256_mul_base(&big_r, &k);
        p256_point_to_affine(&ar, &big_r);
        p256_fe_to_bytes(t, &ar.x);
        p256_sc_from_bytes(&r, t); /* x mod n: x < p < 2n */
        p256_sc_mul(&s, &r, &d);
        p256_sc_add(&s, &s, &e);
        p256_sc_invert(&kinv, &k);
        p256_sc_mul(&s, &s, &kinv);
        unsigned degenerate = p256_sc_is_zero(&r) | p256_sc_is_zero(&s);
        P256_DECLASSIFY(&degenerate, sizeof degenerate);
        if (!degenerate) break;
    }
    p256_sc_to_bytes(sig, &r);
    p256_sc_to_bytes(sig + 32, &s);
    p256_mask_bytes(sig, 64, ok);

    ct_wipe(&d, sizeof d);
    ct_wipe(&k, sizeof k);
    ct_wipe(&kinv, sizeof kinv);
    ct_wipe(&drbg, sizeof drbg);
    ct_wipe(t, sizeof t);
    ct_wipe(&big_r, sizeof big_r);
    return p256_status(ok);
}

/* The same for a message: digest = SHA-256(m). */
static int p256_ecdsa_sign(uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t sk[32])
{
    uint8_t digest[32];
    ecxi_sha256(digest, m, mlen);
    return p256_ecdsa_sign_digest(sig, digest, sk);
}

/* p - n, big-endian: r + n < p iff r < p - n (the x coordinates that
 * reduce to r are r and, below p - n, r + n). */
static const uint8_t p256_p_minus_n[32] = {[16] = 0x43, 0x19, 0x05, 0x53, 0x58, 0xe8, 0x61, 0x7b,
                                           0x0c, 0x46, 0x35, 0x3d, 0x03, 0x9c, 0xda, 0xae};

/* 1 if the 32-byte big-endian a < b. Variable time. */
static inline unsigned p256_bytes_less_vartime(const uint8_t a[32], const uint8_t b[32])
{
    for (int i = 0; i < 32; i++)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

/* Verifies sig = r || s on the 32-byte digest under the SEC1 public key of
 * pklen bytes (65 uncompressed or 33 compressed). ECX_ERR_INVALID if r or
 * s is not in [1, n - 1] or the key does not decode (wrong length or
 * prefix, a coordinate >= p, not on the curve); ECX_ERR_VERIFY if the
 * equation fails; ECX_OK otherwise. Variable time.
 *
 * The check x(R) = r mod n runs in projective coordinates without an
 * inversion: R = (X : Y : Z) passes iff X = r Z or, when r + n < p,
 * X = (r + n) Z. */
static int p256_ecdsa_verify_digest(const uint8_t sig[64], const uint8_t digest[32], const uint8_t *pk, size_t pklen)
{
    p256_sc r, s, e, w, u1, u2;
    p256_affine qa;
    p256_point q, big_r;
    p256_fe xr, t;

    if (!p256_sc_from_bytes(&r, sig) || p256_sc_is_zero(&r)) return ECX_ERR_INVALID;
    if (!p256_sc_from_bytes(&s, sig + 32) || p256_sc_is_zero(&s)) return ECX_ERR_INVALID;
    if (!p256_affine_decode_vartime(&qa, pk, pklen)) return ECX_ERR_INVALID;
    p256_point_from_affine(&q, &qa);

    p256_sc_from_bytes(&e, digest);
    p256_sc_invert(&w, &s);
    p256_sc_mul(&u1, &e, &w);
    p256_sc_mul(&u2, &r, &w);
    p256_double_mul_vartime(&big_r, &u1, &u2, &q);
    if (p256_point_is_identity(&big_r)) return ECX_ERR_VERIFY;

    p256_fe_from_bytes(&xr, sig); /* r < n < p */
    p256_fe_mul(&t, &xr, &big_r.z);
    if (p256_fe_equal(&t, &big_r.x)) return ECX_OK;
    if (p256_bytes_less_vartime(sig, p256_p_minus_n)) {
        static const uint8_t n_bytes[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, 0xff,
                                            0xff, 0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad,
                                            0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc,
                                            0x63, 0x25, 0x51};
        p256_fe fn;
        p256_fe_from_bytes(&fn, n_bytes);
        p256_fe_add(&xr, &xr, &fn);
        p256_fe_mul(&t, &xr, &big_r.z);
        if (p256_fe_equal(&t, &big_r.x)) return ECX_OK;
    }
    return ECX_ERR_VERIFY;
}

/* The same for a message: digest = SHA-256(m). */
static int p256_ecdsa_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t *pk, size_t pklen)
{
    uint8_t digest[32];
    ecxi_sha256(digest, m, mlen);
    return p256_ecdsa_verify_digest(sig, digest, pk, pklen);
}

/* Re-encodings of a public key: out = the 33-byte compressed form of a
 * 65-byte uncompressed key, or the other way round. ECX_ERR_INVALID (out
 * untouched) if the input does not decode. Variable time. */
static int p256_public_key_compress(uint8_t out[33], const uint8_t pk[65])
{
    p256_affine a;
    if (!p256_affine_decode_vartime(&a, pk, 65)) return ECX_ERR_INVALID;
    p256_affine_encode_compressed(out, &a);
    return ECX_OK;
}

static int p256_public_key_decompress(uint8_t out[65], const uint8_t pk[33])
{
    p256_affine a;
    if (!p256_affine_decode_vartime(&a, pk, 33)) return ECX_ERR_INVALID;
    p256_affine_encode_uncompressed(out, &a);
    return ECX_OK;
}

#endif
