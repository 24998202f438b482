// Drawing pixels as terminal text through libchafa 1.12 (libchafa.so.0).
//
// chafa's header includes glib's, which Debian ships in libglib2.0-dev with hundreds of headers
// this module has no other use for; so the few calls used are declared here, as chafa 1.12's
// headers (/usr/include/chafa/) declare them, with glib's types spelled as the C types they are
// (gint int, gfloat float, gboolean int, guint8 unsigned char). The enumerations' values are
// chafa's own (chafa-common.h, chafa-canvas-config.h, chafa-symbol-map.h).
#include <stdlib.h>
#include <string.h>

#include "lazy_load.h"
#include "shim.h"

typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;
/// glib's GString (glib/gstring.h), a stable public struct.
typedef struct GString {
  char *str;
  size_t len;
  size_t allocated_len;
} GString;

enum { CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4 };
enum { CHAFA_CANVAS_MODE_TRUECOLOR = 0 };
enum { CHAFA_SYMBOL_TAG_SPACE = 1 << 0, CHAFA_SYMBOL_TAG_BLOCK = 1 << 3, CHAFA_SYMBOL_TAG_HHALF = 1 << 8,
       CHAFA_SYMBOL_TAG_VHALF = 1 << 9 };

ChafaCanvasConfig *chafa_canvas_config_new(void);
void chafa_canvas_config_unref(ChafaCanvasConfig *config);
void chafa_canvas_config_set_geometry(ChafaCanvasConfig *config, int width, int height);
void chafa_canvas_config_set_cell_geometry(ChafaCanvasConfig *config, int cell_width, int cell_height);
void chafa_canvas_config_set_canvas_mode(ChafaCanvasConfig *config, int mode);
void chafa_canvas_config_set_pixel_mode(ChafaCanvasConfig *config, int pixel_mode);
void chafa_canvas_config_set_symbol_map(ChafaCanvasConfig *config, const ChafaSymbolMap *symbol_map);
ChafaSymbolMap *chafa_symbol_map_new(void);
void chafa_symbol_map_unref(ChafaSymbolMap *symbol_map);
void chafa_symbol_map_add_by_tags(ChafaSymbolMap *symbol_map, int tags);
ChafaCanvas *chafa_canvas_new(const ChafaCanvasConfig *config);
void chafa_canvas_unref(ChafaCanvas *canvas);
void chafa_canvas_draw_all_pixels(ChafaCanvas *canvas, int src_pixel_type, const unsigned char *src_pixels,
                                  int src_width, int src_height, int src_rowstride);
GString *chafa_canvas_print(ChafaCanvas *canvas, ChafaTermInfo *term_info);
ChafaTermDb *chafa_term_db_get_default(void);
ChafaTermInfo *chafa_term_db_get_fallback_info(ChafaTermDb *term_db);
void chafa_term_info_unref(ChafaTermInfo *term_info);
void chafa_calc_canvas_geometry(int src_width, int src_height, int *dest_width_inout, int *dest_height_inout,
                                float font_ratio, int zoom, int stretch);
char *g_string_free(GString *string, int free_segment);

static lazy_library libchafa = {"libchafa.so.0", NULL, NULL};
// Already mapped as libchafa's own dependency: opening it only finds it.
static lazy_library libglib = {"libglib-2.0.so.0", NULL, NULL};

const char *cimages_renderer_open_error(void) {
  const char *problem = lazy_load_open_error(&libchafa);
  return problem != NULL ? problem : lazy_load_open_error(&libglib);
}

#define CHAFA(name) LAZY_FUNCTION(libchafa, name)

/// The pixel size of a cell when the terminal does not say: the usual 1:2 of a terminal font.
/// kitty and iTerm2 scale a picture to the cells it is given; sixel is drawn pixel for pixel, so
/// the terminal's own cell size keeps it within its rows.
enum { default_cell_width = 10, default_cell_height = 20 };

char *cimages_render(const unsigned char *pixels, unsigned width, unsigned height,
                     cimages_protocol protocol, int columns, int rows, int cell_width, int cell_height,
                     size_t *length,
                     int *used_columns, int *used_rows) {
  if (cimages_renderer_open_error() != NULL || width == 0 || height == 0 || columns < 1 || rows < 1) {
    return NULL;
  }
  if (cell_width < 1 || cell_height < 1) {
    cell_width = default_cell_width;
    cell_height = default_cell_height;
  }
  int fit_columns = columns, fit_rows = rows;
  CHAFA(chafa_calc_canvas_geometry)((int)width, (int)height, &fit_columns, &fit_rows,
                                    (float)cell_width / (float)cell_height, 1, 0);
  if (fit_columns < 1) fit_columns = 1;
  if (fit_rows < 1) fit_rows = 1;
  ChafaCanvasConfig *config = CHAFA(chafa_canvas_config_new)();
  CHAFA(chafa_canvas_config_set_geometry)(config, fit_columns, fit_rows);
  CHAFA(chafa_canvas_config_set_cell_geometry)(config, cell_width, cell_height);
  CHAFA(chafa_canvas_config_set_canvas_mode)(config, CHAFA_CANVAS_MODE_TRUECOLOR);
  CHAFA(chafa_canvas_config_set_pixel_mode)(config, (int)protocol);
  ChafaSymbolMap *symbols = CHAFA(chafa_symbol_map_new)();
  CHAFA(chafa_symbol_map_add_by_tags)(
      symbols, CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_HHALF | CHAFA_SYMBOL_TAG_VHALF);
  CHAFA(chafa_canvas_config_set_symbol_map)(config, symbols);
  ChafaCanvas *canvas = CHAFA(chafa_canvas_new)(config);
  CHAFA(chafa_canvas_draw_all_pixels)(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, (int)width, (int)height,
                                      (int)width * 4);
  ChafaTermInfo *info = CHAFA(chafa_term_db_get_fallback_info)(CHAFA(chafa_term_db_get_default)());
  GString *printed = CHAFA(chafa_canvas_print)(canvas, info);
  char *text = NULL;
  if (printed != NULL) {
    text = malloc(printed->len + 1);
    if (text != NULL) {
      memcpy(text, printed->str, printed->len);
      text[printed->len] = '\0';
      *length = printed->len;
    }
    LAZY_FUNCTION(libglib, g_string_free)(printed, 1);
  }
  CHAFA(chafa_term_info_unref)(info);
  CHAFA(chafa_canvas_unref)(canvas);
  CHAFA(chafa_symbol_map_unref)(symbols);
  CHAFA(chafa_canvas_config_unref)(config);
  *used_columns = fit_columns;
  *used_rows = fit_rows;
  return text;
}
