// Typed wrappers around libedit's C-variadic calls (el_set, el_get, history), which Swift
// cannot call directly, plus accessors for C globals that Swift 6 refuses to reference.
//
// libedit (with libtinfo, libbsd and libmd beneath it) is opened on first use, not linked: only
// the shell edits lines, and loading it cost every one-shot command's start (docs/startup.md).
// The wrappers and the forwarders of libedit's own functions are in editline_on_first_use.c.
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

/// NULL once libedit is open (opening it now if needed), otherwise why it cannot be opened.
const char *cedit_open_error(void);

static inline FILE *cel_stdin(void) { return stdin; }
static inline FILE *cel_stdout(void) { return stdout; }
static inline FILE *cel_stderr(void) { return stderr; }

int cel_set_prompt(EditLine *el, cel_prompt_fn fn);
int cel_set_editor(EditLine *el, const char *mode);
int cel_set_signal(EditLine *el, int on);
int cel_set_history(EditLine *el, History *h);
int cel_addfn(EditLine *el, const char *name, const char *help, cel_command_fn fn);
int cel_bind(EditLine *el, const char *key, const char *command);
int cel_set_getcfn(EditLine *el, cel_getc_fn fn);
/// Redraws the prompt and the line from scratch (EL_REFRESH).
int cel_refresh(EditLine *el);
/// Blocks (how = SIG_BLOCK) or unblocks (SIG_UNBLOCK) `sig` in the calling thread only.
static inline int cel_thread_sigmask(int how, int sig) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  return pthread_sigmask(how, &set, NULL);
}
/// Switches the terminal to editing (raw) mode now, or back to cooked mode (EL_PREP_TERM).
int cel_prep_term(EditLine *el, int on);
int cel_set_clientdata(EditLine *el, void *data);
void *cel_get_clientdata(EditLine *el);

int cel_hist_setsize(History *h, int size);
int cel_hist_setunique(History *h, int unique);
int cel_hist_enter(History *h, const char *line);
int cel_hist_load(History *h, const char *path);
int cel_hist_save(History *h, const char *path);
int cel_hist_count(History *h);
/// The entry `offset` steps back from the newest (0 = newest), or NULL.
const char *cel_hist_entry(History *h, int offset);

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
const wchar_t *cel_wline(EditLine *el, int *cursor, int *length);
/// True when the current locale's character set is UTF-8.
static inline int cel_codeset_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}
/// The most bytes one multibyte character may take in the current locale.
static inline int cel_mb_cur_max(void) { return (int)MB_CUR_MAX; }

#endif
