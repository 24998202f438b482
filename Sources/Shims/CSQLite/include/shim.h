// libsqlite3 for Swift. The destructor constants are macros Swift cannot import.
//
// libsqlite3 is opened on first use, not linked (sqlite_on_first_use.c): commands that answer
// without a database (`--version`, `help`) then start without loading it (docs/startup.md).
#ifndef ROCKET_CSQLITE_SHIM_H
#define ROCKET_CSQLITE_SHIM_H

#include <sqlite3.h>

/// NULL once libsqlite3 is open (opening it now if needed), otherwise why it cannot be opened.
const char *csqlite_open_error(void);

/// SQLITE_TRANSIENT: SQLite copies bound text and blobs before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic; this is the one use we need (defensive mode).
int csqlite_enable_defensive(sqlite3 *db);

#endif
