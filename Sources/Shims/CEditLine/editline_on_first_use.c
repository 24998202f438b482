// libedit's functions as the shell calls them, forwarded to libedit opened on first use, and the
// typed wrappers of its C-variadic calls (include/shim.h). A new libedit call needs its forwarder
// here: without one the link fails, naming it.
#include "shim.h"

#include "lazy_load.h"

static lazy_library libedit = {"libedit.so.2", NULL, NULL};

/// libedit's `name` (a C-variadic one too), looked up once.
#define LIBEDIT(name) LAZY_FUNCTION(libedit, name)

const char *cedit_open_error(void) {
  return lazy_load_open_error(&libedit);
}

LAZY_FORWARD(libedit, EditLine *, el_init, (const char *program, FILE *in, FILE *out, FILE *err),
             (program, in, out, err))
LAZY_FORWARD_VOID(libedit, el_end, (EditLine *el), (el))
LAZY_FORWARD(libedit, const char *, el_gets, (EditLine *el, int *count), (el, count))
LAZY_FORWARD(libedit, int, el_insertstr, (EditLine *el, const char *text), (el, text))
LAZY_FORWARD_VOID(libedit, el_reset, (EditLine *el), (el))
LAZY_FORWARD_VOID(libedit, el_resize, (EditLine *el), (el))
LAZY_FORWARD(libedit, int, el_source, (EditLine *el, const char *file), (el, file))
LAZY_FORWARD(libedit, History *, history_init, (void), ())
LAZY_FORWARD_VOID(libedit, history_end, (History *h), (h))

// MARK: - Typed wrappers

int cel_set_prompt(EditLine *el, cel_prompt_fn fn) {
  return LIBEDIT(el_set)(el, EL_PROMPT, fn);
}

int cel_set_editor(EditLine *el, const char *mode) {
  return LIBEDIT(el_set)(el, EL_EDITOR, mode);
}

int cel_set_signal(EditLine *el, int on) {
  return LIBEDIT(el_set)(el, EL_SIGNAL, on);
}

int cel_set_history(EditLine *el, History *h) {
  return LIBEDIT(el_set)(el, EL_HIST, &LIBEDIT(history), h);
}

int cel_addfn(EditLine *el, const char *name, const char *help, cel_command_fn fn) {
  return LIBEDIT(el_set)(el, EL_ADDFN, name, help, fn);
}

int cel_bind(EditLine *el, const char *key, const char *command) {
  return LIBEDIT(el_set)(el, EL_BIND, key, command, NULL);
}

int cel_set_getcfn(EditLine *el, cel_getc_fn fn) {
  return LIBEDIT(el_wset)(el, EL_GETCFN, fn);
}

/// Redraws the prompt and the line from scratch (EL_REFRESH).
int cel_refresh(EditLine *el) {
  return LIBEDIT(el_set)(el, EL_REFRESH);
}

/// Switches the terminal to editing (raw) mode now, or back to cooked mode (EL_PREP_TERM).
int cel_prep_term(EditLine *el, int on) {
  return LIBEDIT(el_set)(el, EL_PREP_TERM, on);
}

int cel_set_clientdata(EditLine *el, void *data) {
  return LIBEDIT(el_set)(el, EL_CLIENTDATA, data);
}

void *cel_get_clientdata(EditLine *el) {
  void *data = NULL;
  LIBEDIT(el_get)(el, EL_CLIENTDATA, &data);
  return data;
}

int cel_hist_setsize(History *h, int size) {
  HistEvent ev;
  return LIBEDIT(history)(h, &ev, H_SETSIZE, size);
}

int cel_hist_setunique(History *h, int unique) {
  HistEvent ev;
  return LIBEDIT(history)(h, &ev, H_SETUNIQUE, unique);
}

int cel_hist_enter(History *h, const char *line) {
  HistEvent ev;
  return LIBEDIT(history)(h, &ev, H_ENTER, line);
}

int cel_hist_load(History *h, const char *path) {
  HistEvent ev;
  return LIBEDIT(history)(h, &ev, H_LOAD, path);
}

int cel_hist_save(History *h, const char *path) {
  HistEvent ev;
  return LIBEDIT(history)(h, &ev, H_SAVE, path);
}

int cel_hist_count(History *h) {
  HistEvent ev;
  if (LIBEDIT(history)(h, &ev, H_GETSIZE) < 0) return -1;
  return ev.num;
}

/// The entry `offset` steps back from the newest (0 = newest), or NULL.
const char *cel_hist_entry(History *h, int offset) {
  HistEvent ev;
  if (LIBEDIT(history)(h, &ev, H_FIRST) < 0) return NULL;
  for (int i = 0; i < offset; i++) {
    if (LIBEDIT(history)(h, &ev, H_NEXT) < 0) return NULL;
  }
  return ev.str;
}

/// The wide-character line buffer and the cursor as offsets in characters.
const wchar_t *cel_wline(EditLine *el, int *cursor, int *length) {
  const LineInfoW *info = LIBEDIT(el_wline)(el);
  *cursor = (int)(info->cursor - info->buffer);
  *length = (int)(info->lastchar - info->buffer);
  return info->buffer;
}
