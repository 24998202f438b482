// Which decoder an image goes to, by its first bytes.
#include "shim.h"

#include <stdlib.h>
#include <string.h>

#include "decoders.h"

cimages_status cimages_decode(const unsigned char *data, size_t length, unsigned max_side,
                              unsigned long max_pixels, cimages_rgba *image, const char **message) {
  static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  const char *ignored;
  if (message == NULL) message = &ignored;
  *message = NULL;
  memset(image, 0, sizeof *image);
  cimages_limits limits = {max_side, max_pixels};
  if (length >= 8 && memcmp(data, png_signature, 8) == 0) {
    return cimages_decode_png(data, length, limits, image, message);
  }
  if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) {
    return cimages_decode_jpeg(data, length, limits, image, message);
  }
  *message = "neither PNG nor JPEG";
  return CIMAGES_NOT_AN_IMAGE;
}

void cimages_release(void *pointer) { free(pointer); }

int cimages_within(cimages_limits limits, unsigned long width, unsigned long height) {
  if (width == 0 || height == 0) return 0;
  if (width > limits.max_side || height > limits.max_side) return 0;
  return width * height <= limits.max_pixels;
}
