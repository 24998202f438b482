// Pictures for the terminal: PNG through libpng (Debian's libpng-dev), JPEG through libjpeg-turbo
// (libjpeg62-turbo-dev), and the escape sequences of kitty's graphics protocol, iTerm2's inline
// images, sixel or Unicode blocks through libchafa (libchafa-dev), which converts pixel buffers
// but reads no files. Each library is opened on first use
// (Sources/Shims/CLazyLoad/include/lazy_load.h), so only a command that draws a picture loads
// them. Every pointer, setjmp and callback of the three libraries stays in this module's C files.
#ifndef ROCKET_CIMAGES_SHIM_H
#define ROCKET_CIMAGES_SHIM_H

#include <stddef.h>

/// What `cimages_decode` found.
typedef enum cimages_status {
  CIMAGES_OK = 0,
  /// Neither PNG nor JPEG by its first bytes.
  CIMAGES_NOT_AN_IMAGE = 1,
  /// The header's width x height is past the caller's bounds: nothing was decoded.
  CIMAGES_TOO_LARGE = 2,
  /// The decoder stopped on malformed data (the message says where it can).
  CIMAGES_CORRUPT = 3,
  /// libpng or libjpeg cannot be opened (the message is the loader's).
  CIMAGES_LIBRARY_MISSING = 4,
  /// The pixel buffer could not be allocated.
  CIMAGES_OUT_OF_MEMORY = 5,
} cimages_status;

/// Decoded pixels: `width * height` RGBA pixels, 8 bits a channel, not premultiplied, rows
/// without padding; `pixels` is the caller's to release with `cimages_release`.
typedef struct cimages_rgba {
  unsigned char *pixels;
  unsigned width;
  unsigned height;
} cimages_rgba;

/// Decodes the PNG or JPEG in `data[0..<length]` into `*image`. The width and height are read
/// from the header first: an image wider or taller than `max_side`, or of more than `max_pixels`
/// pixels, is refused before any pixel is decoded or allocated. A progressive JPEG of more than
/// 100 scans (a known way to spend minutes of CPU on a small file) is refused as corrupt.
/// `message` (may be NULL) receives a static or thread-local text on failure.
cimages_status cimages_decode(const unsigned char *data, size_t length, unsigned max_side,
                              unsigned long max_pixels, cimages_rgba *image, const char **message);

/// Releases what `cimages_decode` or `cimages_render` allocated.
void cimages_release(void *pointer);

/// How `cimages_render` draws.
typedef enum cimages_protocol {
  /// Unicode block and half-block characters with 24-bit colour.
  CIMAGES_BLOCKS = 0,
  /// DEC sixel graphics.
  CIMAGES_SIXEL = 1,
  /// kitty's graphics protocol.
  CIMAGES_KITTY = 2,
  /// iTerm2's inline images.
  CIMAGES_ITERM2 = 3,
} cimages_protocol;

/// NULL once libchafa is open (opening it now if needed), otherwise why it cannot be opened.
const char *cimages_renderer_open_error(void);

/// The text that draws `pixels` (RGBA, `width * height`, as `cimages_decode` makes them) in at
/// most `columns` x `rows` terminal cells of `cell_width` x `cell_height` pixels (as the terminal
/// says; 0: the usual 10 x 20), keeping its proportions, in `protocol`: a NUL-terminated buffer of `*length` bytes, the caller's to release
/// with `cimages_release`; NULL when it cannot be made. The cells used are put in `*used_columns`
/// and `*used_rows`.
char *cimages_render(const unsigned char *pixels, unsigned width, unsigned height,
                     cimages_protocol protocol, int columns, int rows, int cell_width, int cell_height,
                     size_t *length,
                     int *used_columns, int *used_rows);

#endif
