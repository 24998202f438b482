// zlib's functions as this program calls them, forwarded to the library opened on first use. A
// new call needs its forwarder here: without one the link fails, naming it.
#include "shim.h"

#include <string.h>

#include "lazy_load.h"

static lazy_library libz = {"libz.so.1", NULL};

const char *czlib_open_error(void) {
  return lazy_load_open_error(&libz);
}

LAZY_FORWARD(libz, int, deflateInit2_,
             (z_streamp stream, int level, int method, int windowBits, int memLevel, int strategy,
              const char *version, int stream_size),
             (stream, level, method, windowBits, memLevel, strategy, version, stream_size))
LAZY_FORWARD(libz, int, deflate, (z_streamp stream, int flush), (stream, flush))
LAZY_FORWARD(libz, int, deflateEnd, (z_streamp stream), (stream))

// The window and hash table sized to the answer: zlib's defaults (a 32 KiB window, memLevel 8)
// allocate and clear about 256 KiB per stream, which cost more than compressing a 4 KiB answer
// (92-124 us against 23-38 us for a 4.3 KB LaunchList answer, and a 21 KB page 120-178 us
// against 68-101 us, each a little smaller; docs/performance.md). JSON repeats itself within a
// few kilobytes, so windows past 8 KiB gain little. +16: a gzip header and trailer, not zlib's.
static void stream_size_for(size_t length, int *window_bits, int *memory_level) {
  int bits = 9;  // deflate's smallest window
  while (bits < 13 && ((size_t)1 << bits) < length) bits++;
  *window_bits = bits + 16;
  *memory_level = bits - 7;  // a hash table of 2^(bits) entries, as large as the window
}

size_t czlib_gzip_bound(size_t length) {
  // zlib's compressBound (stored blocks, the worst case, with zlib's 6-byte wrapper) plus the
  // gzip wrapper's 18 bytes: no stream needed, so no library call.
  return length + (length >> 12) + (length >> 14) + (length >> 25) + 13 + 18;
}

long czlib_gzip(const void *input, size_t length, void *output, size_t capacity, int level) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  int window_bits, memory_level;
  stream_size_for(length, &window_bits, &memory_level);
  if (deflateInit2(&stream, level, Z_DEFLATED, window_bits, memory_level, Z_DEFAULT_STRATEGY) != Z_OK) {
    return -1;
  }
  stream.next_in = (Bytef *)input;
  stream.avail_in = (uInt)length;
  stream.next_out = (Bytef *)output;
  stream.avail_out = (uInt)capacity;
  int status = deflate(&stream, Z_FINISH);
  long written = status == Z_STREAM_END ? (long)stream.total_out : -1;
  deflateEnd(&stream);
  return written;
}

