/* Raw field and scalar arithmetic of curve25519, per backend, for research
 * and benchmarks.
 *
 * Field: GF(p), p = 2^255 - 19. Scalars: integers mod
 * l = 2^252 + 27742317777372353535851937790883648493.
 *
 * Values are backend-specific limbs: use them only with the table that made
 * them. Every operation takes and returns values within the backend's tight
 * bounds, so any sequence of calls through one table is safe. There are no
 * argument checks; outputs may alias inputs. invert(0) = 0, and a zero in
 * sc_batch_invert stays zero without spoiling the others. fe_invert and
 * sc_invert run in constant time. */
#ifndef ECX_F25519_H
#define ECX_F25519_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { uint64_t limbs[5]; } ecx_fe25519;
typedef struct { uint64_t limbs[5]; } ecx_sc25519;

typedef struct ecx_f25519_ops {
    const char *backend;
    /* Accepts any 256-bit string; bit 255 is ignored, values >= p are reduced. */
    void (*fe_from_bytes)(ecx_fe25519 *r, const uint8_t s[32]);
    /* Always the canonical encoding (< p). */
    void (*fe_to_bytes)(uint8_t s[32], const ecx_fe25519 *a);
    void (*fe_add)(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b);
    void (*fe_sub)(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b);
    void (*fe_mul)(ecx_fe25519 *r, const ecx_fe25519 *a, const ecx_fe25519 *b);
    void (*fe_sq)(ecx_fe25519 *r, const ecx_fe25519 *a);
    void (*fe_invert)(ecx_fe25519 *r, const ecx_fe25519 *a); /* constant time */
    /* Four independent products r[i] = a[i] * b[i]. */
    void (*fe_mul_x4)(ecx_fe25519 r[4], const ecx_fe25519 a[4], const ecx_fe25519 b[4]);
    /* ECX_OK, or ECX_ERR_INVALID (r set to 0) if the value is >= l. */
    int (*sc_from_bytes)(ecx_sc25519 *r, const uint8_t s[32]);
    /* Reduces a 512-bit little-endian value mod l. */
    void (*sc_from_wide)(ecx_sc25519 *r, const uint8_t s[64]);
    void (*sc_to_bytes)(uint8_t s[32], const ecx_sc25519 *a); /* canonical */
    void (*sc_add)(ecx_sc25519 *r, const ecx_sc25519 *a, const ecx_sc25519 *b);
    void (*sc_sub)(ecx_sc25519 *r, const ecx_sc25519 *a, const ecx_sc25519 *b);
    void (*sc_mul)(ecx_sc25519 *r, const ecx_sc25519 *a, const ecx_sc25519 *b);
    void (*sc_invert)(ecx_sc25519 *r, const ecx_sc25519 *a); /* constant time */
    /* Inverts v[0..n-1] in place with Montgomery's trick; not constant time
     * in n only. */
    void (*sc_batch_invert)(ecx_sc25519 *v, size_t n);
} ecx_f25519_ops;

/* The operations table of a backend: "u32", "u64", ..., or NULL / "auto" for
 * the backend active now. NULL if that backend is unknown or unusable here.
 * The table stays valid and unchanged for the life of the process; a later
 * ecx_backend_select does not change the table you hold. */
const ecx_f25519_ops *ecx_f25519(const char *backend);

#ifdef __cplusplus
}
#endif

#endif
