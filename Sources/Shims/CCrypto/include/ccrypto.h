// libcrypto (OpenSSL 3) for Swift: SHA-256 (and SHA-1) digests and secure random bytes.
//
// libcrypto is opened on first use (Sources/Shims/CLazyLoad), not linked: mapping and relocating it cost
// every start about 1 ms of CPU, a quarter of `--version` (docs/startup.md), and only tokens,
// WebSocket handshakes and masks, and TLS need it. Opening it also initializes it so that it keeps
// its state through exit (see `ccrypto_open_error`).
#ifndef ROCKET_CCRYPTO_SHIM_H
#define ROCKET_CCRYPTO_SHIM_H

#include <stddef.h>

/// Opens libcrypto (on the first call) and initializes it with OPENSSL_INIT_NO_ATEXIT, so that it
/// frees nothing at exit while another thread may still be inside it. NULL when libcrypto is
/// open, otherwise why it cannot be opened. The libraries that use OpenSSL themselves (libcurl,
/// libpq, libssl) call this before they are opened: only the first initialization decides.
const char *ccrypto_open_error(void);

/// Writes the 32-byte SHA-256 digest of `data[0..<count]` to `out`.
void ccrypto_sha256(const void *data, size_t count, unsigned char *out);

/// Writes the 20-byte SHA-1 digest of `data[0..<count]` to `out` (for the WebSocket handshake's
/// Sec-WebSocket-Accept, RFC 6455 section 4.2.2; not for anything secret).
void ccrypto_sha1(const void *data, size_t count, unsigned char *out);

/// Fills `out` with `count` bytes from OpenSSL's CSPRNG; returns 1 on success.
int ccrypto_random_bytes(unsigned char *out, int count);

#endif
