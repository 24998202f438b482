// libmicrohttpd for Swift. MHD_start_daemon is C-variadic, so it is wrapped here with the
// options this project uses, in a fixed order, behind a typed signature.
#ifndef ROCKET_CMICROHTTPD_SHIM_H
#define ROCKET_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <string.h>
#include <microhttpd.h>

/// Starts a daemon bound to `address` (IPv4, network order) and `port` (0 picks one), with a
/// thread pool of `threads` threads (at least 1), `connection_timeout` seconds of idle time,
/// at most `connection_limit` connections, and the given access and request handlers.
static inline struct MHD_Daemon *cmhd_start(uint32_t address_be, uint16_t port,
                                            unsigned int threads,
                                            unsigned int connection_timeout,
                                            unsigned int connection_limit,
                                            MHD_AccessHandlerCallback handler, void *handler_cls,
                                            MHD_RequestCompletedCallback completed,
                                            void *completed_cls) {
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = address_be;
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL;
  if (threads < 1) threads = 1;
  return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                          MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                          MHD_OPTION_THREAD_POOL_SIZE, threads,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                          MHD_OPTION_END);
}

/// The port a running daemon listens on (useful after asking for port 0), or 0.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

/// Request header lookup (MHD_lookup_connection_value with the header kind).
static inline const char *cmhd_header(struct MHD_Connection *connection, const char *name) {
  return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// Query-string argument lookup (already URL-decoded by libmicrohttpd).
static inline const char *cmhd_query_argument(struct MHD_Connection *connection, const char *name) {
  return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}

/// A response owning a copy of `size` bytes at `data`.
static inline struct MHD_Response *cmhd_response_copying(const void *data, size_t size) {
  return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }

#endif
