/* The ifma backend's translation unit (built with -mavx512ifma
 * -mavx512vl, selected only on CPUs with AVX-512 IFMA and VL): the u64
 * backend's arithmetic (its serial partner, DESIGN.md), the vectorised
 * point kernels that replace the serial ones, then the generic code and
 * the operations table. Today six kernels run 4-way: the fixed-base
 * multiplication of signing and key generation, the constant-time
 * variable-base multiplication, the double-base multiplication of
 * verification, Straus's and Pippenger's multiscalar multiplications (and
 * so batch verification) and the paired square roots of batch decoding;
 * everything else is u64's code compiled here. */
#include "backend/u64/field.h"
#include "backend/u64/scalar.h"
#include "backend/u64/p256.h"
#include "backend/ifma/scalar_mul_base4.h"
#include "backend/ifma/scalar_mul_double4.h"
#include "backend/ifma/scalar_mul_variable4.h"
#include "backend/ifma/msm_straus4.h"
#include "backend/ifma/msm_pippenger4.h"
#include "backend/ifma/pow_p58_x2.h"
#include "curve25519/backend_impl.h"

ECXI_DEFINE_BACKEND(ifma, ECXI_CPU_IFMA)
