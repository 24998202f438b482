// libcrypto (OpenSSL 3) for Swift: SHA-256 (and SHA-1) digests and secure random bytes.
#ifndef ROCKET_CCRYPTO_SHIM_H
#define ROCKET_CCRYPTO_SHIM_H

#include <stddef.h>
#include <openssl/sha.h>
#include <openssl/rand.h>

/// Writes the 32-byte SHA-256 digest of `data[0..<count]` to `out`.
static inline void ccrypto_sha256(const void *data, size_t count, unsigned char *out) {
  SHA256((const unsigned char *)data, count, out);
}

/// Writes the 20-byte SHA-1 digest of `data[0..<count]` to `out` (for the WebSocket handshake's
/// Sec-WebSocket-Accept, RFC 6455 section 4.2.2; not for anything secret).
static inline void ccrypto_sha1(const void *data, size_t count, unsigned char *out) {
  SHA1((const unsigned char *)data, count, out);
}

/// Fills `out` with `count` bytes from OpenSSL's CSPRNG; returns 1 on success.
static inline int ccrypto_random_bytes(unsigned char *out, int count) {
  return RAND_bytes(out, count);
}

#endif
