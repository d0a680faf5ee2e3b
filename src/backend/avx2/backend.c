/* The avx2 backend's translation unit (built with -mavx2, selected only on
 * CPUs with AVX2): the u64 backend's arithmetic (its serial partner,
 * DESIGN.md), the 4-way field in radix 2^25.5 (field4.h, the vector
 * contract's part 1), the vector layer's point formulas and kernels
 * (src/backend/vector/), then the generic code and the operations table.
 * The kernels run the fixed-base multiplication of signing and key
 * generation, the constant-time variable-base multiplication, the
 * double-base multiplication of verification, Straus's and Pippenger's
 * multiscalar multiplications (and so batch verification), the paired
 * square roots of batch decoding and fe_mul_x4 4-way; everything else is
 * u64's code compiled here. */
/* P-256's field product and squaring in MULX / ADCX / ADOX assembly
 * (backend/u64/p256_mulx.h), as on ifma: the backend requires BMI2 and ADX
 * besides AVX2 (ECXI_CPU_ADX; a Haswell, AVX2 without ADX, runs u64). */
#define ECXI_P256_MULX_ADX 1
/* Likewise the four-word curve25519 product and squaring
 * (backend/u64/field_mulx.h) for the two interleaved square-root chains
 * below: 26.8 TSC ticks a step against 35.9 for u64's C (Zen 5). */
#define ECXI_FE25519_MULX_ADX 1
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
#include "backend/avx2/field4.h"
#include "backend/avx2/edwards4.h"
/* Verification decodes A and R with one paired square root
 * (ed25519_impl.h), and two roots go to u64's two interleaved chains, not
 * to a 4-way chain with two lanes idle (ECXI_SQRT_PAIR_SERIAL,
 * backend/vector/decode_lanes4.h); five or six roots run the 4-way chain
 * and that pair interleaved (ECXI_SQRT_X6, the same header), three or four
 * the 4-way chain alone.
 * The 4-way squaring is 159 vector operations (gcc 12), bound by the vector
 * ports (three on Intel's cores, four on AMD's); the two serial chains
 * run on the integer multiplier beside it. Verification with the serial
 * pair in C against the half-empty 4-way chain (`scripts/ab_calls.c`,
 * B / A): AMD Zen 5 0.95 (2026-12-06 and 12-07), Intel Xeon model 207
 * 0.95 at the minimum in a quiet spell (1.05 at the median of a noisy one,
 * where the machine slowed serial code, 2026-12-03), AMD Zen 4 1.019
 * (2026-12-05); in MULX / ADX (ECXI_FE25519_MULX_ADX above) 0.895 on Zen
 * 5: docs/avx2.md, "Two square roots" and "Six roots". Defined before
 * kernels.h, which reads them; -DECXI_SQRT_PAIR_SERIAL=0 builds the 4-way
 * chain alone, -DECXI_SQRT_X6=0 keeps the pair but not the six, to
 * compare. */
#define ECXI_ED25519_PAIRED_DECODE 1
#ifndef ECXI_SQRT_PAIR_SERIAL
#define ECXI_SQRT_PAIR_SERIAL 1
#endif
#include "backend/vector/kernels.h"
/* Pippenger from 132 points on (176 on u64), batch verification from 224
 * (112 signatures): its bucket additions go in independent pairs.
 * Crossings measured on AMD Zen 5: docs/performance.md, "MSM switch point
 * per backend". */
#define GE_MSM_STRAUS_MAX_N 132
#define ED25519_BATCH_STRAUS_MAX_N 224
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(avx2, ECXI_CPU_AVX2 | ECXI_CPU_ADX)
