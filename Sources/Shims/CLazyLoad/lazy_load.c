#include "lazy_load.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// dlerror's text is per thread and overwritten by the next call, so the first failure is kept
// here for `lazy_load_error`. One slot per process is enough: the libraries are few and a failure
// to open one is final.
static char last_error[512];
static const lazy_library *_Atomic failed_library;

void *lazy_load_open(lazy_library *library) {
  void *handle = atomic_load_explicit(&library->handle, memory_order_acquire);
  if (handle != NULL) return handle;
  if (library->prepare != NULL) (void)library->prepare();
  // dlopen is thread-safe and returns the same handle to racing callers (it counts references),
  // so two threads opening at once both get a valid handle.
  handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(last_error, sizeof last_error, "%s", reason ? reason : library->soname);
    atomic_store_explicit(&failed_library, library, memory_order_release);
    return NULL;
  }
  atomic_store_explicit(&library->handle, handle, memory_order_release);
  return handle;
}

const char *lazy_load_error(const lazy_library *library) {
  if (atomic_load_explicit(&library->handle, memory_order_acquire) != NULL) return NULL;
  if (atomic_load_explicit(&failed_library, memory_order_acquire) != library) return NULL;
  return last_error;
}

const char *lazy_load_open_error(lazy_library *library) {
  return lazy_load_open(library) != NULL ? NULL : lazy_load_error(library);
}

static void fail(const char *what, const char *detail) {
  // The process cannot go on without the function; say which and stop without running exit
  // handlers (another thread may be inside the library's caller).
  char line[768];
  int length = snprintf(line, sizeof line, "rocket-reserver: cannot load %s: %s\n", what, detail);
  if (length > 0) {
    ssize_t ignored = write(STDERR_FILENO, line, (size_t)length < sizeof line ? (size_t)length : sizeof line - 1);
    (void)ignored;
  }
  _exit(69);
}

void *lazy_load_symbol(lazy_library *library, const char *name) {
  void *handle = lazy_load_open(library);
  if (handle == NULL) fail(library->soname, last_error);
  void *symbol = dlsym(handle, name);
  if (symbol == NULL) fail(name, library->soname);
  return symbol;
}

void *lazy_load_cached(lazy_library *library, const char *name, void *_Atomic *slot) {
  void *symbol = atomic_load_explicit(slot, memory_order_acquire);
  if (symbol != NULL) return symbol;
  symbol = lazy_load_symbol(library, name);
  atomic_store_explicit(slot, symbol, memory_order_release);
  return symbol;
}
