/* Vector layer: fe_mul_x4, four independent products (the fe_mul_x4 entry
 * of the f25519 operations table, f25519.h), as one 4-way multiplication
 * of the backend's field4.h: pack, multiply, unpack. The serial default
 * (four fe_mul) is in curve25519/field_common.h. Part of
 * backend/vector/kernels.h.
 */
#ifndef ECX_BACKEND_VECTOR_FIELD_X4_H
#define ECX_BACKEND_VECTOR_FIELD_X4_H

/* r[k] = a[k] b[k] for k = 0..3. TIGHT in, TIGHT out; r may alias a or b
 * (whole arrays). Constant time. */
static inline void fe_mul_x4(fe r[4], const fe a[4], const fe b[4])
{
    fe4 x, y;
    fe4_pack(&x, &a[0], &a[1], &a[2], &a[3]);
    fe4_pack(&y, &b[0], &b[1], &b[2], &b[3]);
    fe4_mul(&x, &x, &y);
    fe4_unpack(&r[0], &r[1], &r[2], &r[3], &x);
}

#endif
