// Typed wrappers around libedit's C-variadic calls (el_set, el_get, history), which Swift
// cannot call directly, plus accessors for C globals that Swift 6 refuses to reference.
#ifndef ROCKET_CEDITLINE_SHIM_H
#define ROCKET_CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <pthread.h>
#include <poll.h>
#include <errno.h>
#include <wchar.h>
#include <unistd.h>
#include <fcntl.h>

typedef char *(*cel_prompt_fn)(EditLine *);
typedef unsigned char (*cel_command_fn)(EditLine *, int);
typedef int (*cel_getc_fn)(EditLine *, wchar_t *);

static inline FILE *cel_stdin(void) { return stdin; }
static inline FILE *cel_stdout(void) { return stdout; }
static inline FILE *cel_stderr(void) { return stderr; }

static inline int cel_set_prompt(EditLine *el, cel_prompt_fn fn) { return el_set(el, EL_PROMPT, fn); }
static inline int cel_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int cel_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int cel_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int cel_addfn(EditLine *el, const char *name, const char *help, cel_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int cel_bind(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, key, command, NULL);
}
static inline int cel_set_getcfn(EditLine *el, cel_getc_fn fn) { return el_wset(el, EL_GETCFN, fn); }
/// Redraws the prompt and the line from scratch (EL_REFRESH).
static inline int cel_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
/// Blocks (how = SIG_BLOCK) or unblocks (SIG_UNBLOCK) `sig` in the calling thread only.
static inline int cel_thread_sigmask(int how, int sig) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  return pthread_sigmask(how, &set, NULL);
}
/// Switches the terminal to editing (raw) mode now, or back to cooked mode (EL_PREP_TERM).
static inline int cel_prep_term(EditLine *el, int on) { return el_set(el, EL_PREP_TERM, on); }
static inline int cel_set_clientdata(EditLine *el, void *data) { return el_set(el, EL_CLIENTDATA, data); }
static inline void *cel_get_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int cel_hist_setsize(History *h, int size) {
  HistEvent ev;
  return history(h, &ev, H_SETSIZE, size);
}
static inline int cel_hist_setunique(History *h, int unique) {
  HistEvent ev;
  return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int cel_hist_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}
static inline int cel_hist_load(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_LOAD, path);
}
static inline int cel_hist_save(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_SAVE, path);
}
static inline int cel_hist_count(History *h) {
  HistEvent ev;
  if (history(h, &ev, H_GETSIZE) < 0) return -1;
  return ev.num;
}
/// The entry `offset` steps back from the newest (0 = newest), or NULL.
static inline const char *cel_hist_entry(History *h, int offset) {
  HistEvent ev;
  if (history(h, &ev, H_FIRST) < 0) return NULL;
  for (int i = 0; i < offset; i++) {
    if (history(h, &ev, H_NEXT) < 0) return NULL;
  }
  return ev.str;
}

/// Installs `fn` for `sig` with `flags` (e.g. SA_RESTART); Swift cannot set sigaction's handler union.
static inline int cel_sigaction(int sig, void (*fn)(int), int flags) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = fn;
  action.sa_flags = flags;
  sigemptyset(&action.sa_mask);
  return sigaction(sig, &action, NULL);
}
/// The wide-character line buffer and the cursor as offsets in characters.
static inline const wchar_t *cel_wline(EditLine *el, int *cursor, int *length) {
  const LineInfoW *info = el_wline(el);
  *cursor = (int)(info->cursor - info->buffer);
  *length = (int)(info->lastchar - info->buffer);
  return info->buffer;
}
/// True when the current locale's character set is UTF-8.
static inline int cel_codeset_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}
/// The most bytes one multibyte character may take in the current locale.
static inline int cel_mb_cur_max(void) { return (int)MB_CUR_MAX; }

#endif
