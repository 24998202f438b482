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

// MARK: - GraphQLServer: own listening socket, quiesce support

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/// Opens a non-blocking TCP socket of `family` bound to `address` and listening with `backlog`.
/// Returns the descriptor, or -1 with the `errno` of the failing call in `*error_out` (so a caller
/// can tell EADDRINUSE from other failures, which MHD_start_daemon does not report).
static inline int cmhd_listen_address(int family, const struct sockaddr *address, socklen_t length,
                                      int backlog, int *error_out) {
  int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    *error_out = errno;
    return -1;
  }
  int on = 1;
  (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  if (bind(fd, address, length) != 0 || listen(fd, backlog) != 0) {
    *error_out = errno;
    close(fd);
    return -1;
  }
  *error_out = 0;
  return fd;
}

/// `cmhd_listen_address` for an IPv4 address (network order) and port.
static inline int cmhd_listen_ipv4(uint32_t address_be, uint16_t port, int backlog, int *error_out) {
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = address_be;
  return cmhd_listen_address(AF_INET, (struct sockaddr *)&addr, sizeof addr, backlog, error_out);
}

/// `cmhd_listen_address` for an IPv6 address (16 bytes, network order) and port. `::` also
/// accepts IPv4 clients where the system allows dual-stack sockets (Linux's default).
static inline int cmhd_listen_ipv6(const uint8_t *address, uint16_t port, int backlog, int *error_out) {
  struct sockaddr_in6 addr;
  memset(&addr, 0, sizeof addr);
  addr.sin6_family = AF_INET6;
  addr.sin6_port = htons(port);
  memcpy(&addr.sin6_addr, address, 16);
  return cmhd_listen_address(AF_INET6, (struct sockaddr *)&addr, sizeof addr, backlog, error_out);
}

/// Starts a daemon on the listening socket `listen_fd` (which it then owns until quiesced), with
/// inter-thread communication enabled so that MHD_quiesce_daemon works, a thread pool of `threads`
/// threads, `connection_timeout` seconds for idle or half-sent connections, at most
/// `connection_limit` connections and `memory_limit` bytes of buffer per connection (which bounds
/// the request line and headers).
static inline struct MHD_Daemon *cmhd_start_on_socket(int listen_fd, unsigned int threads,
                                                      unsigned int connection_timeout,
                                                      unsigned int connection_limit,
                                                      size_t memory_limit,
                                                      MHD_AccessHandlerCallback handler,
                                                      void *handler_cls,
                                                      MHD_RequestCompletedCallback completed,
                                                      void *completed_cls) {
  // poll(2), not epoll: libmicrohttpd 0.9.75's MHD_quiesce_daemon races a worker thread that
  // removes the listening socket from its epoll set on its own once it sees the daemon quiesced,
  // and then aborts the process ("Failed to remove listen FD from epoll set"), seen when a server
  // stopped under load. With poll, quiescing only sets a flag and wakes the workers.
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC;
  if (threads < 1) threads = 1;
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                          MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                          MHD_OPTION_THREAD_POOL_SIZE, threads,
                          MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                          MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                          MHD_OPTION_END);
}

/// Stops accepting connections: returns the listening socket, which the caller must close, or -1.
static inline int cmhd_quiesce(struct MHD_Daemon *daemon) {
  MHD_socket fd = MHD_quiesce_daemon(daemon);
  return fd == MHD_INVALID_SOCKET ? -1 : (int)fd;
}

/// The request body length the client announced with Content-Length, or -1 when it sent none
/// (or an unparsable one, which libmicrohttpd rejects itself).
static inline long long cmhd_content_length(struct MHD_Connection *connection) {
  const char *value = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                                  MHD_HTTP_HEADER_CONTENT_LENGTH);
  if (value == NULL) return -1;
  long long length = 0;
  for (const char *p = value; *p; p++) {
    if (*p < '0' || *p > '9') return -1;
    if (length > (1LL << 50)) return length;
    length = length * 10 + (*p - '0');
  }
  return length;
}

/// The local port a bound IPv4 socket listens on, or 0.
static inline uint16_t cmhd_socket_port(int fd) {
  struct sockaddr_storage addr;
  socklen_t length = sizeof addr;
  if (getsockname(fd, (struct sockaddr *)&addr, &length) != 0) return 0;
  if (addr.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&addr)->sin6_port);
  return ntohs(((struct sockaddr_in *)&addr)->sin_port);
}

/// The client's address of `connection` as text (`127.0.0.1`, `::1`) in `buffer`; 0 on success.
static inline int cmhd_client_address(struct MHD_Connection *connection, char *buffer, socklen_t size) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return -1;
  const struct sockaddr *address = info->client_addr;
  const void *bytes;
  if (address->sa_family == AF_INET6) {
    bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
  } else if (address->sa_family == AF_INET) {
    bytes = &((const struct sockaddr_in *)address)->sin_addr;
  } else {
    return -1;
  }
  return inet_ntop(address->sa_family, bytes, buffer, size) == NULL ? -1 : 0;
}

#endif
