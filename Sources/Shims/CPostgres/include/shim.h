// libpq (PostgreSQL's client library) for Swift: the header, plus wrappers for what Swift
// cannot import or should not see (a character macro, a C callback).
#ifndef ROCKET_CPOSTGRES_SHIM_H
#define ROCKET_CPOSTGRES_SHIM_H

#include <postgresql/libpq-fe.h>

// libpq is not linked: it is opened on first use (Sources/Shims/CLazyLoad/include/lazy_load.h), so only
// a `serve --database postgres://...` loads it and krb5, ldap and gssapi beneath it.

/// NULL once libpq is open (opening it now if needed), otherwise why it cannot be opened.
const char *cpostgres_open_error(void);

/// The SQLSTATE of a failed result (PG_DIAG_SQLSTATE is a character macro), or NULL.
static inline const char *cpostgres_sqlstate(const PGresult *result) {
  return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}

/// The server's primary message of a failed result, without libpq's "ERROR:" prefix, or NULL.
static inline const char *cpostgres_primary_message(const PGresult *result) {
  return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}

static void cpostgres_ignore_notice(void *arg, const char *message) {
  (void)arg;
  (void)message;
}

/// Drops the server's NOTICE messages, which libpq otherwise prints to standard error.
static inline void cpostgres_silence_notices(PGconn *connection) {
  PQsetNoticeProcessor(connection, cpostgres_ignore_notice, (void *)0);
}

#endif
