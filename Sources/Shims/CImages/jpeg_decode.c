// JPEG through libjpeg-turbo's libjpeg API. Its errors end in `error_exit`, which must not
// return: it longjmps back here. Warnings are dropped (libjpeg would print them on stderr).
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "decoders.h"
#include "lazy_load.h"

static lazy_library libjpeg = {"libjpeg.so.62", NULL, NULL};

LAZY_FORWARD(libjpeg, struct jpeg_error_mgr *, jpeg_std_error, (struct jpeg_error_mgr * err), (err))
LAZY_FORWARD_VOID(libjpeg, jpeg_CreateDecompress, (j_decompress_ptr cinfo, int version, size_t structsize),
                  (cinfo, version, structsize))
LAZY_FORWARD_VOID(libjpeg, jpeg_mem_src,
                  (j_decompress_ptr cinfo, const unsigned char *inbuffer, unsigned long insize),
                  (cinfo, inbuffer, insize))
LAZY_FORWARD(libjpeg, int, jpeg_read_header, (j_decompress_ptr cinfo, boolean require_image),
             (cinfo, require_image))
LAZY_FORWARD(libjpeg, boolean, jpeg_start_decompress, (j_decompress_ptr cinfo), (cinfo))
LAZY_FORWARD(libjpeg, JDIMENSION, jpeg_read_scanlines,
             (j_decompress_ptr cinfo, JSAMPARRAY scanlines, JDIMENSION max_lines),
             (cinfo, scanlines, max_lines))
LAZY_FORWARD(libjpeg, boolean, jpeg_finish_decompress, (j_decompress_ptr cinfo), (cinfo))
LAZY_FORWARD_VOID(libjpeg, jpeg_destroy_decompress, (j_decompress_ptr cinfo), (cinfo))

/// The most scans a progressive JPEG may have: libjpeg-turbo's advice against files whose
/// hundreds of tiny scans cost minutes of CPU.
enum { max_scans = 100 };

typedef struct guarded_error {
  struct jpeg_error_mgr manager;
  jmp_buf escape;
  char text[JMSG_LENGTH_MAX];
} guarded_error;

static void leave(j_common_ptr cinfo) {
  guarded_error *error = (guarded_error *)cinfo->err;
  error->manager.format_message(cinfo, error->text);
  longjmp(error->escape, 1);
}

static void drop_message(j_common_ptr cinfo, int level) {
  (void)cinfo;
  (void)level;
}

static void count_scans(j_common_ptr cinfo) {
  j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
  if (decompress->input_scan_number > max_scans) {
    guarded_error *error = (guarded_error *)cinfo->err;
    snprintf(error->text, sizeof error->text, "more than %d scans", max_scans);
    longjmp(error->escape, 1);
  }
}

static _Thread_local char failure[JMSG_LENGTH_MAX];

cimages_status cimages_decode_jpeg(const unsigned char *data, size_t length, cimages_limits limits,
                                   cimages_rgba *image, const char **message) {
  if (lazy_load_open(&libjpeg) == NULL) {
    snprintf(failure, sizeof failure, "%s", lazy_load_error(&libjpeg));
    *message = failure;
    return CIMAGES_LIBRARY_MISSING;
  }
  struct jpeg_decompress_struct cinfo;
  guarded_error error;
  struct jpeg_progress_mgr progress = {.progress_monitor = count_scans};
  // Volatile: read after a longjmp back into this frame.
  unsigned char *volatile pixels = NULL;
  volatile cimages_status status = CIMAGES_CORRUPT;
  memset(&cinfo, 0, sizeof cinfo);
  cinfo.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = leave;
  error.manager.emit_message = drop_message;
  error.text[0] = '\0';
  if (setjmp(error.escape)) {
    snprintf(failure, sizeof failure, "%s", error.text);
    *message = failure;
    free(pixels);
    jpeg_destroy_decompress(&cinfo);
    return status;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.progress = &progress;
  jpeg_mem_src(&cinfo, data, (unsigned long)length);
  jpeg_read_header(&cinfo, TRUE);
  if (!cimages_within(limits, cinfo.image_width, cinfo.image_height)) {
    snprintf(failure, sizeof failure, "%u x %u pixels", cinfo.image_width, cinfo.image_height);
    *message = failure;
    jpeg_destroy_decompress(&cinfo);
    return CIMAGES_TOO_LARGE;
  }
  cinfo.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  size_t stride = (size_t)cinfo.output_width * 4;
  pixels = malloc(stride * cinfo.output_height);
  if (pixels == NULL) {
    jpeg_destroy_decompress(&cinfo);
    return CIMAGES_OUT_OF_MEMORY;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = pixels + stride * cinfo.output_scanline;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  image->pixels = pixels;
  image->width = cinfo.output_width;
  image->height = cinfo.output_height;
  jpeg_destroy_decompress(&cinfo);
  return CIMAGES_OK;
}
