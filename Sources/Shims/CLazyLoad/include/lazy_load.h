// Opening a C library on first use instead of at process start.
//
// A one-shot command such as `rocket-reserver launch 5` never talks HTTP, never serves and never
// touches PostgreSQL, yet libcurl, libmicrohttpd and libpq (with gnutls, krb5, ldap, ssh2 and
// some thirty other libraries beneath them) were mapped and relocated by the dynamic loader at
// every start: about 5 ms of CPU per process (docs/startup.md). So the shims of those libraries
// do not link them. Each shim defines, under the library's own names, the functions that Swift
// and its inline wrappers call; the first call opens the library with dlopen and every call goes
// through the function pointer dlsym found. The program therefore links without the library and
// loads it only when a command needs it.
#ifndef ROCKET_LAZY_LOAD_H
#define ROCKET_LAZY_LOAD_H

#include <stddef.h>
#include <stdatomic.h>

/// A shared library opened on first use: its soname (`libcurl.so.4`), once opened its handle, and
/// optionally what to do before it is opened (libraries that use OpenSSL first let the program
/// initialize libcrypto its own way: `ccrypto_open_error`); its result is ignored.
typedef struct lazy_library {
  const char *soname;
  void *_Atomic handle;
  const char *(*prepare)(void);
} lazy_library;

/// The library's handle, opening it on the first call; NULL (with `lazy_load_error` set) if it
/// cannot be opened. Safe to call from any thread.
void *lazy_load_open(lazy_library *library);

/// Why the library could not be opened (dlerror's text), or NULL when it is open or untried.
const char *lazy_load_error(const lazy_library *library);

/// NULL once the library is open (opening it now if needed), otherwise why it cannot be opened:
/// what each shim's `..._open_error()` answers.
const char *lazy_load_open_error(lazy_library *library);

/// The address of `name` in the library. A library or symbol that cannot be had ends the process
/// with exit status 69 (EX_UNAVAILABLE) and one line on standard error naming it: callers check
/// `lazy_load_open` first where a missing library is a user-facing error, so this is the backstop.
void *lazy_load_symbol(lazy_library *library, const char *name);

/// `lazy_load_symbol`, remembered in `slot` (a static of the caller's) after the first call.
void *lazy_load_cached(lazy_library *library, const char *name, void *_Atomic *slot);

/// The library's `name` (a C-variadic function too), typed as the library's header declares it,
/// looked up on the first call at this site and remembered: `LAZY_FUNCTION(libssl, SSL_new)(ctx)`.
#define LAZY_FUNCTION(library, name)                                                    \
  (*({                                                                                  \
    static void *_Atomic slot;                                                          \
    (__typeof__(&name))lazy_load_cached(&(library), #name, &slot);                      \
  }))

/// Defines `name`, with the declared signature of the library's own `name` (the library's header
/// must be included first), as a forwarder to the library's `name`. `params` is the parameter
/// list with names, `args` the same names in parentheses.
#define LAZY_FORWARD(library, ret, name, params, args)                                  \
  ret(name) params { return LAZY_FUNCTION(library, name) args; }

/// LAZY_FORWARD for a function returning void.
#define LAZY_FORWARD_VOID(library, name, params, args)                                  \
  void(name) params { LAZY_FUNCTION(library, name) args; }

#endif
