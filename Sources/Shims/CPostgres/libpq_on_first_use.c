// libpq's functions as this program calls them, forwarded to libpq opened on first use. A new
// call needs its forwarder here: without one the link fails, naming it.
#include "shim.h"

#include "ccrypto.h"
#include "lazy_load.h"

static lazy_library libpq = {"libpq.so.5", NULL, ccrypto_open_error};

const char *cpostgres_open_error(void) {
  return lazy_load_open_error(&libpq);
}

LAZY_FORWARD(libpq, PGconn *, PQconnectdbParams,
             (const char *const *keywords, const char *const *values, int expand_dbname),
             (keywords, values, expand_dbname))
LAZY_FORWARD(libpq, PGconn *, PQconnectdb, (const char *conninfo), (conninfo))
LAZY_FORWARD_VOID(libpq, PQfinish, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, ConnStatusType, PQstatus, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, char *, PQerrorMessage, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, char *, PQhost, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, char *, PQport, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, char *, PQpass, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, int, PQsocket, (const PGconn *conn), (conn))
LAZY_FORWARD(libpq, int, PQconsumeInput, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, PGnotify *, PQnotifies, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, PQnoticeProcessor, PQsetNoticeProcessor,
             (PGconn *conn, PQnoticeProcessor processor, void *arg), (conn, processor, arg))
LAZY_FORWARD(libpq, PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
LAZY_FORWARD(libpq, PGresult *, PQprepare,
             (PGconn *conn, const char *name, const char *query, int count, const Oid *types),
             (conn, name, query, count, types))
LAZY_FORWARD(libpq, PGresult *, PQexecPrepared,
             (PGconn *conn, const char *name, int count, const char *const *values,
              const int *lengths, const int *formats, int result_format),
             (conn, name, count, values, lengths, formats, result_format))
LAZY_FORWARD(libpq, int, PQsendQuery, (PGconn *conn, const char *query), (conn, query))
LAZY_FORWARD(libpq, int, PQsendQueryPrepared,
             (PGconn *conn, const char *name, int count, const char *const *values,
              const int *lengths, const int *formats, int result_format),
             (conn, name, count, values, lengths, formats, result_format))
LAZY_FORWARD(libpq, int, PQenterPipelineMode, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, int, PQexitPipelineMode, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, int, PQpipelineSync, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, PGresult *, PQgetResult, (PGconn *conn), (conn))
LAZY_FORWARD(libpq, int, PQisBusy, (PGconn *conn), (conn))
LAZY_FORWARD_VOID(libpq, PQclear, (PGresult *result), (result))
LAZY_FORWARD(libpq, ExecStatusType, PQresultStatus, (const PGresult *result), (result))
LAZY_FORWARD(libpq, char *, PQresultErrorMessage, (const PGresult *result), (result))
LAZY_FORWARD(libpq, char *, PQresultErrorField, (const PGresult *result, int field),
             (result, field))
LAZY_FORWARD(libpq, char *, PQcmdTuples, (PGresult *result), (result))
LAZY_FORWARD(libpq, int, PQntuples, (const PGresult *result), (result))
LAZY_FORWARD(libpq, int, PQnfields, (const PGresult *result), (result))
LAZY_FORWARD(libpq, char *, PQgetvalue, (const PGresult *result, int row, int field),
             (result, row, field))
LAZY_FORWARD(libpq, int, PQgetisnull, (const PGresult *result, int row, int field),
             (result, row, field))
LAZY_FORWARD_VOID(libpq, PQfreemem, (void *memory), (memory))
