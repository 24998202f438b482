// libcrypto (OpenSSL 3) for Swift: SHA-256 digests and secure random bytes.
#ifndef ROCKET_CCRYPTO_SHIM_H
#define ROCKET_CCRYPTO_SHIM_H

#include <stddef.h>
#include <openssl/sha.h>
#include <openssl/rand.h>

/// Writes the 32-byte SHA-256 digest of `data[0..<count]` to `out`.
static inline void ccrypto_sha256(const void *data, size_t count, unsigned char *out) {
  SHA256((const unsigned char *)data, count, out);
}

/// Fills `out` with `count` bytes from OpenSSL's CSPRNG; returns 1 on success.
static inline int ccrypto_random_bytes(unsigned char *out, int count) {
  return RAND_bytes(out, count);
}

#endif
