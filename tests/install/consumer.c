/* The README's example, built against an installed ecx with pkg-config by
 * tests/test_install.sh: sign and verify a message. */
#include <stdio.h>
#include <string.h>

#include <ecx/ecx.h>
#include <ecx/ed25519.h>

int main(void)
{
    uint8_t pk[32], sk[64], sig[64];
    const uint8_t seed[32] = {1};
    const uint8_t msg[] = "hello";
    if (ecx_ed25519_keypair(pk, sk, seed) != ECX_OK) return 1;
    if (ecx_ed25519_sign(sig, msg, sizeof msg - 1, sk) != ECX_OK) return 1;
    int ok = ecx_ed25519_verify(sig, msg, sizeof msg - 1, pk);
    sig[0] ^= 1;
    int bad = ecx_ed25519_verify(sig, msg, sizeof msg - 1, pk);
    printf("ecx %s on %s: verify %s, tampered %s\n", ecx_version(), ecx_backend(), ecx_strerror(ok),
           bad == ECX_OK ? "accepted" : "rejected");
    return ok == ECX_OK && bad != ECX_OK ? 0 : 1;
}
