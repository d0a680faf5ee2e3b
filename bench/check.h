/* ecbench --check: a quick differential pass over the selected backends
 * before anything is measured (check.c). */
#ifndef ECX_BENCH_CHECK_H
#define ECX_BENCH_CHECK_H

#include <stddef.h>
#include <stdio.h>

#include "ecbench.h"

/* Runs every operation of the operations tables on seeded random inputs
 * and edge cases, on each of backends[0 .. *n), against the oracles
 * (libsodium for Ed25519, Edwards and Ristretto255 group operations and the
 * scalars; OpenSSL's BIGNUM for field arithmetic mod 2^255 - 19 and the
 * P-256 inversions) and against each other (a digest of every output must
 * agree across backends). Prints one line per backend to `out`; removes
 * the backends that disagree from the array (keeping the order) and
 * returns how many it removed, or -1 on an internal error. Takes a second
 * or less per backend. */
int ecbench_check_backends(FILE *out, struct ecbench_backend *backends, size_t *n);

#endif
