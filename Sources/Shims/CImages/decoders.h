// The decoders behind `cimages_decode` (private to this module).
#ifndef ROCKET_CIMAGES_DECODERS_H
#define ROCKET_CIMAGES_DECODERS_H

#include "shim.h"

/// The bounds an image's header must meet before it is decoded.
typedef struct cimages_limits {
  unsigned max_side;
  unsigned long max_pixels;
} cimages_limits;

/// Whether a `width` x `height` image (neither 0) meets `limits`.
int cimages_within(cimages_limits limits, unsigned long width, unsigned long height);

cimages_status cimages_decode_png(const unsigned char *data, size_t length, cimages_limits limits,
                                  cimages_rgba *image, const char **message);
cimages_status cimages_decode_jpeg(const unsigned char *data, size_t length, cimages_limits limits,
                                   cimages_rgba *image, const char **message);

#endif
