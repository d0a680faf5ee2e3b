/* Batch inversion of scalars, written once on the scalar contract. */
#ifndef ECX_CURVE25519_SCALAR_BATCH_H
#define ECX_CURVE25519_SCALAR_BATCH_H

#include <stddef.h>

/* Scalars inverted per sc_invert call; keeps the scratch space on the stack
 * and bounded, so the function needs no allocation (it cannot fail). */
#define SC_BATCH_CHUNK 64

/* v[i] = 1/v[i] for i < n, by Montgomery's trick (one inversion and three
 * multiplications per element); a zero stays zero without spoiling the
 * others (it is replaced by one inside the product). Constant time in the
 * values; the running time depends on n only. */
static void sc_batch_invert(sc *v, size_t n)
{
    while (n > 0) {
        size_t k = n < SC_BATCH_CHUNK ? n : SC_BATCH_CHUNK;
        sc prefix[SC_BATCH_CHUNK], one, acc, inv, t;
        unsigned zero[SC_BATCH_CHUNK];
        sc_one(&one);
        acc = one;
        for (size_t i = 0; i < k; i++) {
            prefix[i] = acc; /* product of v[0..i-1], zeros counted as one */
            zero[i] = sc_is_zero(&v[i]);
            sc_cmov(&v[i], &one, zero[i]);
            sc_mul(&acc, &acc, &v[i]);
        }
        sc_invert(&inv, &acc);
        for (size_t i = k; i-- > 0;) {
            sc_mul(&t, &inv, &prefix[i]);  /* 1/v[i] */
            sc_mul(&inv, &inv, &v[i]);     /* 1/(v[0] ... v[i-1]) */
            v[i] = t;
            sc_zero(&t);
            sc_cmov(&v[i], &t, zero[i]);
        }
        v += k;
        n -= k;
    }
}

#endif
