// libsqlite3 for Swift. The destructor constants are macros Swift cannot import.
#ifndef ROCKET_CSQLITE_SHIM_H
#define ROCKET_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT: SQLite copies bound text and blobs before the call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_db_config is variadic; this is the one use we need (defensive mode).
static inline int csqlite_enable_defensive(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

#endif
