/* The ifma backend's translation unit (built with -mavx512ifma
 * -mavx512vl, selected only on CPUs with AVX-512 IFMA and VL): the u64
 * backend's arithmetic (its serial partner, DESIGN.md), the 4-way field on
 * IFMA (field4.h, the vector contract's part 1), the vector layer's point
 * formulas and kernels (src/backend/vector/), then the generic code and
 * the operations table. The kernels run the fixed-base multiplication of
 * signing and key generation, the constant-time variable-base
 * multiplication, the double-base multiplication of verification,
 * Straus's and Pippenger's multiscalar multiplications (and so batch
 * verification), the paired square roots of batch decoding and fe_mul_x4
 * 4-way; everything else is u64's code compiled here. */
#ifndef ECXI_IFMA_STANDIN
/* P-256's field product in MULX / ADCX / ADOX assembly (backend/u64/p256_mulx.h):
 * the backend requires BMI2 and ADX (ECXI_CPU_ADX). Not in the stand-in
 * build (it keeps u64's C, so that the constant-time check's ifma build
 * runs the same P-256 code as u64; avx2's check runs the assembly). */
#define ECXI_P256_MULX_ADX 1
/* And curve25519's four-word product and squaring (backend/u64/field_mulx.h)
 * for the serial pair of the six-root exponentiation below; the stand-in
 * build keeps u64's C pair, whose data flow the check then sees. */
#define ECXI_FE25519_MULX_ADX 1
#endif
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
#include "backend/ifma/field4.h"
#include "backend/vector/edwards4.h"
/* Batch decoding takes six roots per exponentiation, the 4-way chain and
 * the serial pair in one loop (backend/vector/decode_lanes4.h; AMD Zen 5:
 * 20% less time a root, docs/avx2.md "Six roots"). Two roots keep the
 * 4-way chain here (ECXI_SQRT_PAIR_SERIAL unset: the IFMA squaring is as
 * fast as a serial one). -DECXI_SQRT_X6=0 builds four, to compare. */
#ifndef ECXI_SQRT_X6
#define ECXI_SQRT_X6 1
#endif
#include "backend/vector/kernels.h"
/* Verification decodes A and R with one paired (4-way) square root
 * (ed25519_impl.h): faster here, where a 4-way squaring is as fast as a
 * serial one. */
#define ECXI_ED25519_PAIRED_DECODE 1
/* Pippenger from 44 points on (176 on u64), batch verification from 77
 * (38 signatures): its bucket additions go in 512-bit pairs. Crossings
 * measured on AMD Zen 5, forced Straus against forced Pippenger (full and
 * half-length scalars) and batches of 16 to 80 signatures:
 * docs/performance.md, "MSM switch point per backend". */
#define GE_MSM_STRAUS_MAX_N 44
#define ED25519_BATCH_STRAUS_MAX_N 77
#include "curve25519/backend_impl.h"

#ifdef ECXI_IFMA_STANDIN
/* The constant-time check's build (-mavx2, field4.h's stand-in for the two
 * IFMA instructions; docs/vector.md): it runs on AVX2, under valgrind. */
ECXI_DEFINE_BACKEND(ifma, ECXI_CPU_AVX2)
#else
ECXI_DEFINE_BACKEND(ifma, ECXI_CPU_IFMA | ECXI_CPU_ADX)
#endif
