// zlib (Debian's zlib1g-dev) for Swift: gzip for serve's answers. Opened on first use
// (Sources/Shims/CLazyLoad/include/lazy_load.h), so only a server that compresses loads it. The
// streaming calls stay here in C: Swift gets one call per body.
#ifndef ROCKET_CZLIB_SHIM_H
#define ROCKET_CZLIB_SHIM_H

#include <stddef.h>
#include <zlib.h>

/// NULL once zlib is open (opening it now if needed), otherwise why it cannot be opened.
const char *czlib_open_error(void);

/// The most bytes `czlib_gzip` can write for `length` input bytes.
size_t czlib_gzip_bound(size_t length);

/// Compresses `input[0..<length]` into one gzip member (RFC 1952) at `level` (1 fastest to 9
/// smallest) in `output`, which holds `capacity` bytes (`czlib_gzip_bound(length)` always
/// suffice). Returns the bytes written, or -1 on failure.
long czlib_gzip(const void *input, size_t length, void *output, size_t capacity, int level);

#endif
