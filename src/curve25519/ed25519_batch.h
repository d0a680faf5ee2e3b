/* Ed25519 batch verification under the ZIP-215 rules, written once against
 * the field and scalar contracts and compiled per backend.
 *
 * Source: the random linear combination of Bernstein, Duif, Lange, Schwabe
 * and Yang, "High-speed high-security signatures" (CHES 2011, section 5),
 * with the cofactored equation of ZIP-215 and the batch equation of
 * Bernstein, Doumen, Lange and Oosterwijk, "Faster batch forgery
 * identification" (INDOCRYPT 2012); ed25519-zebra's batch verifier checks
 * the same equation. For signatures (R_i, S_i) on m_i under A_i, with
 * k_i = SHA-512(R_i || A_i || m_i) mod l and independent random weights
 * z_i, the batch verifies iff
 *
 *     [8] ( [-sum z_i S_i] B + sum [z_i] R_i + sum [z_i k_i] A_i ) = 0,
 *
 * checked with one multiscalar multiplication of 2n + 1 points (msm.h;
 * Straus on digit lists for small batches, Pippenger for large ones). In
 * the Straus case B's coefficient is a width-8 NAF on the precomputed odd
 * multiples B .. 127B (ge_base_odd, as in scalar_mul_double.h): about 28
 * mixed additions and no table to build.
 *
 * Per signature the rules are those of ed25519_impl_verify with zip215 = 1:
 * S canonical (< l), A and R any encoding that decodes (non-canonical y and
 * the sign bit on x = 0 allowed, small order allowed).
 *
 * The weights. For small batches (Straus: 2n + 1 < ED25519_BATCH_STRAUS_MAX_N)
 * they are sparse, with 130.6 bits of entropy (Cheon and Lee, "Use of
 * sparse and/or complex exponents in batch verification of
 * exponentiations", IEEE Trans. Computers 55(12), 2006). Each z_i is
 *
 *     z_i = sum_{t < 17} d_t 2^(p_t),   d_t in {+-1, +-3, +-5, +-7},
 *
 * with positions 0 <= p_0 < ... < p_16 <= 247 at least 4 apart and d_16 > 0:
 * a uniformly random width-4 NAF with exactly 17 non-zero digits (a random
 * 17-subset q of the 200 "slots" {0..199}, by Floyd's algorithm, spread out
 * as p_t = q_t + 3t; 3 random bits per digit, the top digit's sign bit
 * unused). Width-w NAFs are unique, so distinct choices give distinct
 * integers, all in (0, 2^250) and hence distinct mod l: z_i is uniform on a
 * set of C(200, 17) 2^50 > 2^130 values mod l. Straus takes the digits as
 * they are: the R_i terms cost 17 additions and a 4-entry table instead of
 * about 21 additions and an 8-entry table for a dense 128-bit weight (about
 * 4% of a batch of 64, measured: 1064 against 1103 us on the u64 backend).
 * For large batches (Pippenger, whose cost depends on the length of the
 * scalars, not their weight) the weights are dense:
 * z_i = 16 random bytes read as a little-endian integer, 1 if they are all
 * zero (a 2^-128 event), uniform on 2^128 - 1 values.
 *
 * Soundness, either way: if signature j is invalid, its term
 * e_j = [8](...)_j is a non-zero point of order l, and for any fixed other
 * weights at most one value of z_j mod l makes the sum vanish, so a bad
 * batch passes with probability at most 2^-128.
 *
 * The random bytes: the API layer passes 32 random bytes `seed` (OS
 * randomness), and the weights z_0, z_1, ... are drawn in order from the
 * stream SHA-512(seed || LE64(0)) || SHA-512(seed || LE64(1)) || ..., so
 * this code is deterministic and testable. A sparse weight takes Floyd's 17
 * draws of an integer in [0, j] (one byte each, rejected and redrawn when
 * >= 256 - 256 mod (j + 1): exactly uniform), then 7 bytes for the digits
 * (51 bits used); a dense weight takes 16 bytes.
 *
 * VARIABLE TIME: everything here is public (the weights are secret from
 * the signer, not from a timing observer: they are fixed before, and
 * independent of, the batch they weigh).
 */
#ifndef ECX_CURVE25519_ED25519_BATCH_H
#define ECX_CURVE25519_ED25519_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "curve25519/ed25519_impl.h"
#include "curve25519/ed25519_tables.h"
#include "curve25519/edwards.h"
#include "curve25519/edwards_decode_lanes.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/msm.h"
#include "curve25519/scalar_mul_base.h" /* ge_precomp_from_table */
#include "ecx/ecx.h"
#include "hash/sha512.h"

/* Straus for batches of fewer than this many points (2n + 1: up to 127
 * signatures), Pippenger from it on. Straus's share is cheaper here than
 * in a general multiscalar multiplication (the sparse weights, B's
 * width-8 table), so the batch switches later than GE_MSM_STRAUS_MAX_N.
 * Crossings measured (docs/performance.md, "MSM switch point per
 * backend"): u64 near 135 signatures on AMD Zen 5 and, in instructions
 * under qemu, 140 on AArch64; neon 145 (AArch64) and 150 (ARMv7); u32 125
 * on ARMv7. The vector backends of x86-64 set their own
 * (src/backend/{ifma,avx2}/backend.c). */
#ifndef ED25519_BATCH_STRAUS_MAX_N
#define ED25519_BATCH_STRAUS_MAX_N 256
#endif

#define ED25519_BATCH_DIGITS 17 /* non-zero digits of a weight */
#define ED25519_BATCH_SLOTS 200 /* positions 0..247 with gaps >= 4: 248 - 3 * 16 slots */
#define ED25519_BATCH_GAP 3     /* p_t = q_t + 3t */

/* The weights' byte stream: SHA-512(seed || LE64(counter)) blocks. */
typedef struct {
    const uint8_t *seed;
    uint64_t counter;
    unsigned used;
    uint8_t block[64];
} ed25519_batch_stream;

static inline void ed25519_batch_stream_init(ed25519_batch_stream *st, const uint8_t seed[32])
{
    st->seed = seed;
    st->counter = 0;
    st->used = 64;
}

static inline uint8_t ed25519_batch_byte(ed25519_batch_stream *st)
{
    if (st->used == 64) {
        uint8_t in[40];
        memcpy(in, st->seed, 32);
        for (int k = 0; k < 8; k++) in[32 + k] = (uint8_t)(st->counter >> (8 * k));
        st->counter++;
        ecxi_sha512(st->block, in, sizeof in);
        st->used = 0;
    }
    return st->block[st->used++];
}

/* A uniform integer in [0, bound), 1 <= bound <= 256, by rejection. */
static inline unsigned ed25519_batch_uniform(ed25519_batch_stream *st, unsigned bound)
{
    /* Above 128, 256 % bound = 256 - bound, so the limit is bound itself and
     * no division is needed (Floyd's bounds are 184..200). */
    const unsigned limit = bound > 128 ? bound : 256 - 256 % bound;
    for (;;) {
        unsigned v = ed25519_batch_byte(st);
        if (v < limit) return v < bound ? v : v % bound;
    }
}

/* r += m 2^p for m < 8, p <= 247 (no overflow past 2^256 by the bounds). */
static inline void ed25519_batch_add_shifted(uint64_t r[4], unsigned m, unsigned p)
{
    unsigned word = p / 64, bit = p % 64;
    uint64_t lo = (uint64_t)m << bit, hi = bit ? (uint64_t)m >> (64 - bit) : 0;
    uint64_t carry;
    r[word] += lo;
    carry = r[word] < lo;
    for (unsigned k = word + 1; k < 4; k++) {
        uint64_t add = (k == word + 1 ? hi : 0) + carry; /* hi < 8: no overflow */
        r[k] += add;
        carry = r[k] < add;
    }
}

/* Draws the next weight: its digit list (for Straus) and its value
 * (little-endian, < 2^250). See the comment at the top. */
static void ed25519_batch_weight(ge_naf_digits *d, uint8_t z[32], ed25519_batch_stream *st)
{
    /* Floyd: a uniform 17-subset of {0 .. 199}, as a bitmap. */
    uint64_t chosen[4] = {0, 0, 0, 0};
    for (unsigned j = ED25519_BATCH_SLOTS - ED25519_BATCH_DIGITS; j < ED25519_BATCH_SLOTS; j++) {
        unsigned t = ed25519_batch_uniform(st, j + 1);
        if ((chosen[t / 64] >> (t % 64)) & 1) t = j;
        chosen[t / 64] |= (uint64_t)1 << (t % 64);
    }
    uint64_t bits = 0;
    for (int k = 0; k < 7; k++) bits |= (uint64_t)ed25519_batch_byte(st) << (8 * k);

    uint64_t pos_sum[4] = {0, 0, 0, 0}, neg_sum[4] = {0, 0, 0, 0};
    unsigned t = 0;
    for (unsigned word = 0; word < 4; word++) {
        for (uint64_t left = chosen[word]; left != 0; left &= left - 1) {
            unsigned q = 64 * word + wnaf_trailing_zeros(left); /* the chosen slots, in increasing order */
            unsigned p = q + ED25519_BATCH_GAP * t;
            unsigned m = 2 * (unsigned)(bits & 3) + 1, negative = (unsigned)(bits >> 2) & 1;
            bits >>= 3;
            if (t == ED25519_BATCH_DIGITS - 1) negative = 0; /* z > 0 */
            d->pos[t] = (uint8_t)p;
            d->dig[t] = (int8_t)(negative ? -(int)m : (int)m);
            ed25519_batch_add_shifted(negative ? neg_sum : pos_sum, m, p);
            t++;
        }
    }
    d->count = (uint8_t)t;

    /* z = pos_sum - neg_sum > 0: the top digit outweighs all below it. */
    uint64_t borrow = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t a = pos_sum[k], b = neg_sum[k], diff = a - b - borrow;
        borrow = (a < b) | ((a == b) & borrow);
        for (int i = 0; i < 8; i++) z[8 * k + i] = (uint8_t)(diff >> (8 * i));
    }
}

/* Draws the next dense weight (Pippenger's): z = 16 bytes of the stream,
 * 1 instead of 0. */
static void ed25519_batch_weight_dense(uint8_t z[32], ed25519_batch_stream *st)
{
    unsigned nonzero = 0;
    memset(z, 0, 32);
    for (int b = 0; b < 16; b++) nonzero |= z[b] = ed25519_batch_byte(st);
    if (!nonzero) z[0] = 1;
}

/* Fills results[0..n-1] (when not NULL) with each signature's own ZIP-215
 * verdict and returns ECX_ERR_VERIFY: the failure path of the batch. */
static int ed25519_batch_fail(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                              const size_t mlens[], const uint8_t *const pks[], int results[])
{
    if (results)
        for (size_t i = 0; i < n; i++) results[i] = ed25519_impl_verify(sigs[i], msgs[i], mlens[i], pks[i], 1);
    return ECX_ERR_VERIFY;
}

/* Batch verification of the n signatures sigs[i] on (msgs[i], mlens[i])
 * under pks[i] with the ZIP-215 rules; weights from `seed` as above. The
 * arrays and their entries are non-NULL (msgs[i] may be NULL when mlens[i]
 * is 0): src/api checks them.
 *
 * Returns ECX_OK iff every signature verifies (n = 0 verifies); results[i]
 * (if results is not NULL) is then ECX_OK for all i. Otherwise returns
 * ECX_ERR_VERIFY — whatever the reason, a wrong equation or an encoding
 * ZIP-215 rejects — and, when results is not NULL, results[i] is what
 * ed25519_impl_verify(..., zip215 = 1) says of signature i (ECX_OK,
 * ECX_ERR_INVALID or ECX_ERR_VERIFY). Should every entry verify on its own
 * while the combination fails (impossible but for a 2^-128 event), the
 * batch still returns ECX_ERR_VERIFY. ECX_ERR_NOMEM (results untouched) if
 * the scratch space cannot be allocated. VARIABLE TIME. */
static int ed25519_impl_verify_batch(size_t n, const uint8_t *const sigs[], const uint8_t *const msgs[],
                                     const size_t mlens[], const uint8_t *const pks[], int results[],
                                     const uint8_t seed[32])
{
    if (n == 0) return ECX_OK;
    /* Straus's scratch space, bounded from the digits' shapes: B and the
     * A_i have width-5 NAF digits (at most 52, |d| <= 15: 8 table entries),
     * the R_i the weights' 17 digits (|d| <= 7: 4 entries). */
    const size_t per_sig = sizeof(ge_p3) * 2 + sizeof(ge_naf_digits) * 2 +
                           ge_straus_scratch_bytes(GE_STRAUS_TABLE + 4, GE_NAF_MAX_DIGITS + ED25519_BATCH_DIGITS);
    if (n > SIZE_MAX / per_sig - 1) return ECX_ERR_NOMEM;
    const size_t m = 2 * n + 1;
    const int straus = m < ED25519_BATCH_STRAUS_MAX_N;

    /* One block (one allocation keeps malloc from trimming and refaulting
     * pages between calls): points[0] = B, points[1 + 2i] = R_i,
     * points[2 + 2i] = A_i; then Straus's scratch and the digit lists, or
     * Pippenger's scalars. */
    const size_t scratch_bytes =
        straus ? ge_straus_scratch_bytes((n + 1) * GE_STRAUS_TABLE + n * 4,
                                         (n + 1) * GE_NAF_MAX_DIGITS + n * ED25519_BATCH_DIGITS)
               : 0;
    uint8_t *block = malloc(m * sizeof(ge_p3) + scratch_bytes + m * (straus ? sizeof(ge_naf_digits) : 32));
    if (!block) return ECX_ERR_NOMEM;
    ge_p3 *points = (ge_p3 *)block;
    void *scratch = block + m * sizeof(ge_p3);
    ge_naf_digits *digits = (ge_naf_digits *)(block + m * sizeof(ge_p3) + scratch_bytes);
    uint8_t(*scalars)[32] = (uint8_t(*)[32])(block + m * sizeof(ge_p3));

    ed25519_batch_stream stream;
    ed25519_batch_stream_init(&stream, seed);
    sc bsum, z, k, S, t;
    uint8_t zbytes[32], h[64], coef[32];
    ecxi_sha512_ctx ctx;
    int decoded = 1;
    /* R_0, A_0, R_1, A_1, ... into points[1 ..], FE_SQRT_LANES at once
     * (edwards_decode_lanes.h: two per square root on the serial
     * backends, four on the vector ones). */
    for (size_t j = 0; j < 2 * n && decoded; j += FE_SQRT_LANES) {
        const size_t count = 2 * n - j < FE_SQRT_LANES ? 2 * n - j : FE_SQRT_LANES;
        const uint8_t *enc[FE_SQRT_LANES];
        unsigned ok[FE_SQRT_LANES] = {0};
        for (size_t k = 0; k < count; k++) enc[k] = (j + k) % 2 == 0 ? sigs[(j + k) / 2] : pks[(j + k) / 2];
        ge_p3_from_bytes_zip215_lanes(&points[1 + j], ok, enc, count);
        for (size_t k = 0; k < count; k++) decoded &= (int)ok[k];
    }
    sc_zero(&bsum);
    for (size_t i = 0; i < n && decoded; i++) {
        const uint8_t *R = sigs[i], *Sb = sigs[i] + 32;
        if (!sc_from_bytes(&S, Sb)) {
            decoded = 0;
            break;
        }

        /* k_i = SHA-512(R || A || m) mod l, from the bytes as given. */
        ecxi_sha512_init(&ctx);
        ecxi_sha512_update(&ctx, R, 32);
        ecxi_sha512_update(&ctx, pks[i], 32);
        ecxi_sha512_update(&ctx, msgs[i], mlens[i]);
        ecxi_sha512_final(&ctx, h);
        sc_from_wide(&k, h);

        /* z_i, the coefficient of R_i; z_i k_i for A_i; z_i S_i into B's. */
        if (straus)
            ed25519_batch_weight(&digits[1 + 2 * i], zbytes, &stream);
        else
            ed25519_batch_weight_dense(zbytes, &stream);
        sc_from_bytes(&z, zbytes); /* < 2^250 < l: always canonical */
        sc_mul(&t, &z, &k);
        sc_to_bytes(coef, &t);
        if (straus) {
            ge_naf5_vartime(&digits[2 + 2 * i], coef);
        } else {
            memcpy(scalars[1 + 2 * i], zbytes, 32);
            memcpy(scalars[2 + 2 * i], coef, 32);
        }
        sc_mul(&t, &z, &S);
        sc_add(&bsum, &bsum, &t);
    }

    int status;
    if (!decoded) {
        status = ECX_ERR_VERIFY;
    } else {
        ge_p3 sum;
        sc_neg(&bsum, &bsum);
        sc_to_bytes(coef, &bsum);
        ge_p3_base(&points[0]);
        if (straus) {
            /* B's coefficient on the precomputed table (see the top). */
            ge_precomp base_odd[64];
            int most = 0;
            ge_nafw_vartime(&digits[0], coef, GE_DOUBLE_WIDTH_B);
            for (unsigned j = 0; j < digits[0].count; j++) {
                int mag = digits[0].dig[j] < 0 ? -digits[0].dig[j] : digits[0].dig[j];
                if (mag > most) most = mag;
            }
            for (int j = 0; j <= most / 2; j++) ge_precomp_from_table(&base_odd[j], ge_base_odd[j]);
            ge_msm_straus_digits_fixed_scratch_vartime(&sum, m - 1, digits + 1, points + 1, &digits[0], base_odd,
                                                       scratch);
            status = ECX_OK;
        } else {
            memcpy(scalars[0], coef, 32);
            status = ge_msm_pippenger_vartime(&sum, m, (const uint8_t(*)[32])scalars, points, 0);
        }
        if (status == ECX_OK) {
            ge_p3_mul_by_cofactor(&sum, &sum);
            status = ge_p3_is_identity(&sum) ? ECX_OK : ECX_ERR_VERIFY;
        }
    }
    free(block);

    if (status == ECX_OK) {
        if (results)
            for (size_t i = 0; i < n; i++) results[i] = ECX_OK;
        return ECX_OK;
    }
    if (status == ECX_ERR_NOMEM) return status;
    return ed25519_batch_fail(n, sigs, msgs, mlens, pks, results);
}

#endif
