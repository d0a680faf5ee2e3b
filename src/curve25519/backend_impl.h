/* Everything a backend compiles on top of its own field.h and scalar.h: the
 * generic curve25519 code, written once against the contract names, and the
 * macro that ends a backend's translation unit by defining its table.
 *
 * Usage, in src/backend/NAME/backend.c:
 *     #include "backend/NAME/field.h"
 *     #include "backend/NAME/scalar.h"
 *     #include "backend/NAME/p256.h"     (a vector backend: its serial partner's)
 *     #include "curve25519/backend_impl.h"
 *     ECXI_DEFINE_BACKEND(NAME, required ECXI_CPU_* bits)
 * The P-256 table (p256/p256_table.h) is built here too, so that one macro
 * defines the whole backend table.
 */
#ifndef ECX_CURVE25519_BACKEND_IMPL_H
#define ECX_CURVE25519_BACKEND_IMPL_H

#include "curve25519/field_common.h"
#include "curve25519/scalar_batch.h"
#include "curve25519/scalar_recode.h"
#include "curve25519/f25519_table.h"
#include "curve25519/edwards.h"
#include "curve25519/edwards_encoding.h"
#include "curve25519/scalar_mul_base.h"
#include "curve25519/scalar_mul_variable.h"
#include "curve25519/scalar_mul_double.h"
#include "curve25519/ed25519_impl.h"
#include "curve25519/msm.h"
#include "curve25519/ed25519_batch.h"
#include "curve25519/edwards_table.h"
#include "curve25519/ristretto.h"
#include "curve25519/ristretto_table.h"
#include "p256/p256_table.h"
#include "proofs/rangeproof_table.h"

#define ECXI_DEFINE_BACKEND(NAME, REQUIREMENTS)                                                    \
    ECXI_F25519_TABLES(NAME)                                                                       \
    const struct ecx_backend ecxi_backend_##NAME = {                                               \
        .name = #NAME,                                                                             \
        .cpu_requirements = (REQUIREMENTS),                                                        \
        .f25519 = &f25519_ops,                                                                     \
        .f25519_internal = &f25519_internal,                                                       \
        .ed25519_keypair = ed25519_impl_keypair,                                                   \
        .ed25519_sign = ed25519_impl_sign,                                                         \
        .ed25519_verify = ed25519_impl_verify,                                                     \
        .ed25519_verify_batch = ed25519_impl_verify_batch,                                         \
        .edwards = &edwards_ops,                                                                   \
        .ristretto = &ristretto_ops,                                                               \
        .p256 = &p256_ops,                                                                         \
        .rangeproof = &rangeproof_ops,                                                             \
    };

#endif
