// libmicrohttpd's functions as this program calls them, forwarded to the library opened on first
// use. A new call needs its forwarder here: without one the link fails, naming it.
#include "shim.h"

#include <stdarg.h>

#include "lazy_load.h"

static lazy_library libmicrohttpd = {"libmicrohttpd.so.12", NULL};

const char *cmhd_open_error(void) {
  return lazy_load_open_error(&libmicrohttpd);
}

LAZY_FORWARD(libmicrohttpd, struct MHD_Daemon *, MHD_start_daemon_va,
             (unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,
              MHD_AccessHandlerCallback dh, void *dh_cls, va_list options),
             (flags, port, apc, apc_cls, dh, dh_cls, options))
LAZY_FORWARD_VOID(libmicrohttpd, MHD_stop_daemon, (struct MHD_Daemon *daemon), (daemon))
LAZY_FORWARD(libmicrohttpd, MHD_socket, MHD_quiesce_daemon, (struct MHD_Daemon *daemon),
             (daemon))
LAZY_FORWARD(libmicrohttpd, enum MHD_Result, MHD_queue_response,
             (struct MHD_Connection *connection, unsigned int status_code,
              struct MHD_Response *response),
             (connection, status_code, response))
LAZY_FORWARD_VOID(libmicrohttpd, MHD_suspend_connection, (struct MHD_Connection *connection),
                  (connection))
LAZY_FORWARD_VOID(libmicrohttpd, MHD_resume_connection, (struct MHD_Connection *connection),
                  (connection))
LAZY_FORWARD(libmicrohttpd, int, MHD_get_connection_values,
             (struct MHD_Connection *connection, enum MHD_ValueKind kind,
              MHD_KeyValueIterator iterator, void *iterator_cls),
             (connection, kind, iterator, iterator_cls))
LAZY_FORWARD(libmicrohttpd, const char *, MHD_lookup_connection_value,
             (struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key),
             (connection, kind, key))
LAZY_FORWARD(libmicrohttpd, struct MHD_Response *, MHD_create_response_from_buffer,
             (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))
LAZY_FORWARD(libmicrohttpd, struct MHD_Response *, MHD_create_response_from_callback,
             (uint64_t size, size_t block_size, MHD_ContentReaderCallback reader,
              void *reader_cls, MHD_ContentReaderFreeCallback free_reader),
             (size, block_size, reader, reader_cls, free_reader))
LAZY_FORWARD(libmicrohttpd, struct MHD_Response *, MHD_create_response_for_upgrade,
             (MHD_UpgradeHandler handler, void *handler_cls), (handler, handler_cls))
LAZY_FORWARD(libmicrohttpd, enum MHD_Result, MHD_add_response_header,
             (struct MHD_Response *response, const char *header, const char *content),
             (response, header, content))
LAZY_FORWARD_VOID(libmicrohttpd, MHD_destroy_response, (struct MHD_Response *response),
                  (response))

// The variadic entry points. MHD_start_daemon has a va_list twin to forward to; the info and
// upgrade calls take no value after their kind for any kind this program asks.
struct MHD_Daemon *(MHD_start_daemon)(unsigned int flags, uint16_t port,
                                      MHD_AcceptPolicyCallback apc, void *apc_cls,
                                      MHD_AccessHandlerCallback dh, void *dh_cls, ...) {
  va_list options;
  va_start(options, dh_cls);
  struct MHD_Daemon *daemon = MHD_start_daemon_va(flags, port, apc, apc_cls, dh, dh_cls, options);
  va_end(options);
  return daemon;
}

typedef const union MHD_ConnectionInfo *(*connection_info_fn)(struct MHD_Connection *,
                                                              enum MHD_ConnectionInfoType, ...);
typedef const union MHD_DaemonInfo *(*daemon_info_fn)(struct MHD_Daemon *,
                                                      enum MHD_DaemonInfoType, ...);
typedef enum MHD_Result (*upgrade_action_fn)(struct MHD_UpgradeResponseHandle *,
                                             enum MHD_UpgradeAction, ...);

const union MHD_ConnectionInfo *(MHD_get_connection_info)(struct MHD_Connection *connection,
                                                          enum MHD_ConnectionInfoType kind, ...) {
  static void *_Atomic slot;
  connection_info_fn function =
      (connection_info_fn)lazy_load_cached(&libmicrohttpd, "MHD_get_connection_info", &slot);
  return function(connection, kind);
}

const union MHD_DaemonInfo *(MHD_get_daemon_info)(struct MHD_Daemon *daemon,
                                                  enum MHD_DaemonInfoType kind, ...) {
  static void *_Atomic slot;
  daemon_info_fn function =
      (daemon_info_fn)lazy_load_cached(&libmicrohttpd, "MHD_get_daemon_info", &slot);
  return function(daemon, kind);
}

enum MHD_Result(MHD_upgrade_action)(struct MHD_UpgradeResponseHandle *handle,
                                    enum MHD_UpgradeAction action, ...) {
  static void *_Atomic slot;
  upgrade_action_fn function =
      (upgrade_action_fn)lazy_load_cached(&libmicrohttpd, "MHD_upgrade_action", &slot);
  return function(handle, action);
}
