// libsqlite3's functions as this program calls them, forwarded to libsqlite3 opened on first use.
// A new call needs its forwarder here: without one the link fails, naming it.
#include "shim.h"

#include "lazy_load.h"

static lazy_library libsqlite3 = {"libsqlite3.so.0", NULL, NULL};

const char *csqlite_open_error(void) {
  return lazy_load_open_error(&libsqlite3);
}

int csqlite_enable_defensive(sqlite3 *db) {
  return LAZY_FUNCTION(libsqlite3, sqlite3_db_config)(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

#define FORWARD(ret, name, params, args) LAZY_FORWARD(libsqlite3, ret, name, params, args)

FORWARD(int, sqlite3_open_v2, (const char *filename, sqlite3 **db, int flags, const char *vfs),
        (filename, db, flags, vfs))
FORWARD(int, sqlite3_close_v2, (sqlite3 * db), (db))
FORWARD(int, sqlite3_busy_timeout, (sqlite3 * db, int milliseconds), (db, milliseconds))
FORWARD(int, sqlite3_extended_result_codes, (sqlite3 * db, int on), (db, on))
FORWARD(int, sqlite3_extended_errcode, (sqlite3 * db), (db))
FORWARD(const char *, sqlite3_errmsg, (sqlite3 * db), (db))
FORWARD(const char *, sqlite3_errstr, (int code), (code))
FORWARD(int, sqlite3_get_autocommit, (sqlite3 * db), (db))
FORWARD(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3 * db), (db))
FORWARD(sqlite3_int64, sqlite3_changes64, (sqlite3 * db), (db))
FORWARD(int, sqlite3_exec,
        (sqlite3 * db, const char *sql, int (*callback)(void *, int, char **, char **), void *context,
         char **error),
        (db, sql, callback, context, error))
FORWARD(int, sqlite3_prepare_v2,
        (sqlite3 * db, const char *sql, int length, sqlite3_stmt **statement, const char **tail),
        (db, sql, length, statement, tail))
FORWARD(int, sqlite3_prepare_v3,
        (sqlite3 * db, const char *sql, int length, unsigned int flags, sqlite3_stmt **statement,
         const char **tail),
        (db, sql, length, flags, statement, tail))
FORWARD(const char *, sqlite3_sql, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_step, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_reset, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_finalize, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_clear_bindings, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_bind_parameter_count, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_bind_null, (sqlite3_stmt * statement, int index), (statement, index))
FORWARD(int, sqlite3_bind_int64, (sqlite3_stmt * statement, int index, sqlite3_int64 value),
        (statement, index, value))
FORWARD(int, sqlite3_bind_double, (sqlite3_stmt * statement, int index, double value),
        (statement, index, value))
FORWARD(int, sqlite3_bind_text,
        (sqlite3_stmt * statement, int index, const char *text, int length, void (*destructor)(void *)),
        (statement, index, text, length, destructor))
FORWARD(int, sqlite3_bind_text64,
        (sqlite3_stmt * statement, int index, const char *text, sqlite3_uint64 length,
         void (*destructor)(void *), unsigned char encoding),
        (statement, index, text, length, destructor, encoding))
FORWARD(int, sqlite3_bind_blob64,
        (sqlite3_stmt * statement, int index, const void *bytes, sqlite3_uint64 length,
         void (*destructor)(void *)),
        (statement, index, bytes, length, destructor))
FORWARD(int, sqlite3_bind_zeroblob, (sqlite3_stmt * statement, int index, int length),
        (statement, index, length))
FORWARD(int, sqlite3_column_count, (sqlite3_stmt * statement), (statement))
FORWARD(int, sqlite3_column_type, (sqlite3_stmt * statement, int column), (statement, column))
FORWARD(const char *, sqlite3_column_name, (sqlite3_stmt * statement, int column),
        (statement, column))
FORWARD(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt * statement, int column),
        (statement, column))
FORWARD(double, sqlite3_column_double, (sqlite3_stmt * statement, int column), (statement, column))
FORWARD(const unsigned char *, sqlite3_column_text, (sqlite3_stmt * statement, int column),
        (statement, column))
FORWARD(const void *, sqlite3_column_blob, (sqlite3_stmt * statement, int column),
        (statement, column))
FORWARD(int, sqlite3_column_bytes, (sqlite3_stmt * statement, int column), (statement, column))
