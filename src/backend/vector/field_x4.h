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

/* The table entry itself, without copies between the public containers
 * and the partner's fe (curve25519/f25519_table.h has the copying
 * default), for a backend whose field4.h defines FE4_PACK_READS_PUBLIC_LAYOUT:
 * its partner's fe is the public layout (five 64-bit limbs, the u64
 * backend) and fe4_pack / fe4_unpack touch the limbs only through vector
 * loads and stores (may-alias types), so they may be given the public
 * structs themselves. The copies and their store-to-load round trips were
 * a sixth of the row's time on the Intel core (docs/performance.md, "ifma
 * on the Intel core"). TIGHT in, TIGHT out (the table's contract); r may
 * alias a or b. Constant time. */
#ifdef FE4_PACK_READS_PUBLIC_LAYOUT
#define ECXI_TABLE_FE_MUL_X4_DIRECT 1
static void table_fe_mul_x4(ecx_fe25519 r[4], const ecx_fe25519 a[4], const ecx_fe25519 b[4])
{
    _Static_assert(sizeof(fe) == sizeof(ecx_fe25519), "fe is the public layout");
    fe_mul_x4((fe *)r, (const fe *)a, (const fe *)b);
}
#endif

#endif
