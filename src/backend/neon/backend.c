/* The neon backend's translation unit (built with NEON enabled, selected
 * only where the CPU probe reports NEON: always on AArch64, HWCAP_NEON on
 * ARMv7). Its serial partner (DESIGN.md) is u64 on AArch64 and u32 on
 * 32-bit ARM, whose 32 x 32 -> 64-bit products are NEON's too; then the
 * 4-way field in radix 2^25.5 (field4.h, the vector contract's part 1),
 * the vector layer's point formulas and kernels (src/backend/vector/), the
 * generic code and the operations table. The kernels run the fixed-base
 * multiplication of signing and key generation, the constant-time
 * variable-base multiplication, the double-base multiplication of
 * verification, Straus's and Pippenger's multiscalar multiplications (and
 * so batch verification), the paired square roots of batch decoding and
 * fe_mul_x4 4-way; everything else is the partner's code compiled here.
 *
 * ECXI_NEON_PARTNER_U32 picks the u32 partner elsewhere (the x86-64 build
 * on SIMDe's NEON, ECXI_NEON_SIMDE, which tests the ARMv7 arrangement under
 * valgrind; docs/neon.md). */
#if defined(__arm__) || defined(ECXI_NEON_PARTNER_U32)
#include "backend/u32/field.h"
#include "backend/u32/scalar.h"
#include "backend/u32/p256.h"
#else
#if defined(ECXI_NEON_SIMDE) && !defined(ECX_U64_NO_ASM)
/* The partner as AArch64 compiles it: the portable C of its scalar product
 * and P-256 carries instead of their x86-64 assembly and intrinsics, so
 * that the tests and the valgrind check of this build run that C. */
#define ECX_U64_NO_ASM 1
#endif
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
/* Verification decodes A and R with one 4-way square-root chain, two lanes
 * idle (ed25519_impl.h, backend/vector/decode_lanes4.h), not u64's two
 * roots one after the other: on a Cortex-A72 a u64 squaring queues 15 mul
 * and 15 umulh on the one integer multiply pipe, which the NEON pipes
 * take over. Counted under qemu (docs/performance.md, "neon: A and R in
 * one 4-way root on AArch64"): 8,080 fewer mul and umulh each and 31,626
 * more vector products per verification; by the A72 guide's figures the
 * roots' phase goes from about 56,600 multiply-pipe cycles to about 31,600
 * on the NEON product pipe. (ARMv7's u32 partner keeps two roots: there
 * the two bounds tie.) */
#define ECXI_ED25519_PAIRED_DECODE 1
#endif
#include "backend/neon/field4.h"
#include "backend/vector/edwards4.h"
#include "backend/vector/kernels.h"
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(neon, ECXI_CPU_NEON)
