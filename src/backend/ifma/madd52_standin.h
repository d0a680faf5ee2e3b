/* A portable stand-in for the two AVX-512 IFMA instructions of field4.h,
 * in AVX2 only, for the constant-time check: valgrind (3.19) runs AVX2 but
 * not AVX-512, so tests/run_ctime.sh runs a second build of the ifma
 * backend's vector code with these (ECXI_IFMA_STANDIN, -mavx2). The
 * results are those of vpmadd52luq / vpmadd52huq lane by lane
 * (test_vector_ifma_standin runs the same checks as test_vector_ifma on
 * this build: random and extreme limbs against u64), and like them the
 * code has no branch and no memory index, so memcheck sees the same data
 * flow as in the real kernels: every lane of the output depends on the
 * same lanes of the inputs.
 *
 * With x, y the low 52 bits of a and b split into 26-bit halves,
 * x y = p0 + p1 2^26 + p2 2^52 (p0 = x0 y0, p1 = x0 y1 + x1 y0, p2 = x1 y1,
 * each product from vpmuludq); t = p0 + (p1 mod 2^26) 2^26 < 2^53, so
 * lo = t mod 2^52 and hi = p2 + floor(p1 / 2^26) + floor(t / 2^52).
 */
#ifndef ECX_BACKEND_IFMA_MADD52_STANDIN_H
#define ECX_BACKEND_IFMA_MADD52_STANDIN_H

#include <immintrin.h>

/* t and p2 + floor(p1 / 2^26) of the product of the low 52 bits of a, b. */
static inline void fe4_madd52_parts(__m256i *t, __m256i *high, __m256i a, __m256i b)
{
    const __m256i m26 = _mm256_set1_epi64x((1LL << 26) - 1);
    const __m256i a0 = _mm256_and_si256(a, m26), a1 = _mm256_and_si256(_mm256_srli_epi64(a, 26), m26);
    const __m256i b0 = _mm256_and_si256(b, m26), b1 = _mm256_and_si256(_mm256_srli_epi64(b, 26), m26);
    const __m256i p0 = _mm256_mul_epu32(a0, b0);
    const __m256i p1 = _mm256_add_epi64(_mm256_mul_epu32(a0, b1), _mm256_mul_epu32(a1, b0));
    const __m256i p2 = _mm256_mul_epu32(a1, b1);
    *t = _mm256_add_epi64(p0, _mm256_slli_epi64(_mm256_and_si256(p1, m26), 26));
    *high = _mm256_add_epi64(p2, _mm256_srli_epi64(p1, 26));
}

/* acc + (the low 52 bits of the 104-bit product), lane by lane. */
static inline __m256i fe4_madd52lo(__m256i acc, __m256i a, __m256i b)
{
    __m256i t, high;
    fe4_madd52_parts(&t, &high, a, b);
    return _mm256_add_epi64(acc, _mm256_and_si256(t, _mm256_set1_epi64x((1LL << 52) - 1)));
}

/* acc + (the high 52 bits of the 104-bit product), lane by lane. */
static inline __m256i fe4_madd52hi(__m256i acc, __m256i a, __m256i b)
{
    __m256i t, high;
    fe4_madd52_parts(&t, &high, a, b);
    return _mm256_add_epi64(acc, _mm256_add_epi64(high, _mm256_srli_epi64(t, 52)));
}

#endif
