// PNG through libpng's simplified API (png_image), which handles libpng's longjmp itself: the
// header is read first, so the size is checked before a pixel is inflated.
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decoders.h"
#include "lazy_load.h"

static lazy_library libpng = {"libpng16.so.16", NULL, NULL};

LAZY_FORWARD(libpng, int, png_image_begin_read_from_memory,
             (png_imagep image, png_const_voidp memory, size_t size), (image, memory, size))
LAZY_FORWARD(libpng, int, png_image_finish_read,
             (png_imagep image, png_const_colorp background, void *buffer, png_int_32 row_stride,
              void *colormap),
             (image, background, buffer, row_stride, colormap))
LAZY_FORWARD_VOID(libpng, png_image_free, (png_imagep image), (image))

static _Thread_local char failure[128];

static const char *copied(const char *text) {
  snprintf(failure, sizeof failure, "%s", text);
  return failure;
}

cimages_status cimages_decode_png(const unsigned char *data, size_t length, cimages_limits limits,
                                  cimages_rgba *image, const char **message) {
  if (lazy_load_open(&libpng) == NULL) {
    *message = copied(lazy_load_error(&libpng));
    return CIMAGES_LIBRARY_MISSING;
  }
  png_image png;
  memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, data, length)) {
    *message = copied(png.message);
    png_image_free(&png);
    return CIMAGES_CORRUPT;
  }
  if (!cimages_within(limits, png.width, png.height)) {
    snprintf(failure, sizeof failure, "%u x %u pixels", png.width, png.height);
    *message = failure;
    png_image_free(&png);
    return CIMAGES_TOO_LARGE;
  }
  png.format = PNG_FORMAT_RGBA;
  unsigned char *pixels = malloc(PNG_IMAGE_SIZE(png));
  if (pixels == NULL) {
    png_image_free(&png);
    return CIMAGES_OUT_OF_MEMORY;
  }
  if (!png_image_finish_read(&png, NULL, pixels, 0, NULL)) {
    *message = copied(png.message);
    free(pixels);
    png_image_free(&png);
    return CIMAGES_CORRUPT;
  }
  image->pixels = pixels;
  image->width = png.width;
  image->height = png.height;
  return CIMAGES_OK;
}
