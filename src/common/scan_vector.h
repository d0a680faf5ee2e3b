/* The vector type of the constant-time table scans (every entry read, the
 * wanted one kept by a mask): curve25519's base table
 * (curve25519/scalar_mul_base.h) and, on 32-bit targets, P-256's
 * (p256/scalar_mul_base.h). CT_SCAN_WORDS 64-bit words a vector: 32 bytes
 * where the translation unit is built for AVX2 (the avx2 and ifma
 * backends), 16 bytes otherwise (SSE2 on x86-64, NEON on ARM, plain word
 * pairs elsewhere), single words without the GCC / Clang vector
 * extensions. For curve25519's scan, 16-byte vectors instead of words
 * saved about 8% of a signature, 32 instead of 16 a further 1.5% (avx2
 * and ifma, AMD Zen 5). Tables are read with memcpy into a ct_scan_vector
 * (no alignment assumed). */
#ifndef ECX_COMMON_SCAN_VECTOR_H
#define ECX_COMMON_SCAN_VECTOR_H

#include <stdint.h>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__AVX2__)
#define CT_SCAN_WORDS 4
#elif defined(__GNUC__) || defined(__clang__)
#define CT_SCAN_WORDS 2
#else
#define CT_SCAN_WORDS 1
#endif
#if CT_SCAN_WORDS > 1
typedef uint64_t ct_scan_vector __attribute__((vector_size(8 * CT_SCAN_WORDS)));
#else
typedef uint64_t ct_scan_vector;
#endif

#endif
