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
#include <ctype.h>
#include <stdlib.h>
#include <microhttpd.h>

// libmicrohttpd is not linked: it is opened on first use (Sources/Shims/CLazyLoad/include/lazy_load.h),
// so only `serve` loads it and gnutls beneath it.

/// NULL once libmicrohttpd is open (opening it now if needed), otherwise why it cannot be opened.
const char *cmhd_open_error(void);

/// recv(2) that never blocks (MSG_DONTWAIT), peeking (MSG_PEEK) when `peek` is non-zero. The flags
/// are applied here because Swift sees glibc's MSG_* enum only through whichever clang module first
/// included <sys/socket.h>, which differs between builds.
static inline ssize_t cmhd_recv_nonblocking(int fd, void *buffer, size_t length, int peek) {
  return recv(fd, buffer, length, MSG_DONTWAIT | (peek ? MSG_PEEK : 0));
}

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

// MARK: - HTTPServer: own listening socket, quiesce support

#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <unistd.h>

/// Opens a non-blocking TCP socket of `family` bound to `address` and listening with `backlog`;
/// with `reuse_port`, SO_REUSEPORT lets other processes (of the same user) listen on the same
/// port at once, the kernel spreading new connections among them. Returns the descriptor, or -1
/// with the `errno` of the failing call in `*error_out` (so a caller can tell EADDRINUSE from
/// other failures, which MHD_start_daemon does not report).
static inline int cmhd_listen_address(int family, const struct sockaddr *address, socklen_t length,
                                      int backlog, int reuse_port, int *error_out) {
  int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    *error_out = errno;
    return -1;
  }
  int on = 1;
  (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  if (reuse_port && setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0) {
    *error_out = errno;
    close(fd);
    return -1;
  }
  if (bind(fd, address, length) != 0 || listen(fd, backlog) != 0) {
    *error_out = errno;
    close(fd);
    return -1;
  }
  *error_out = 0;
  return fd;
}

/// `cmhd_listen_address` for an IPv4 address (network order) and port.
static inline int cmhd_listen_ipv4(uint32_t address_be, uint16_t port, int backlog, int reuse_port,
                                   int *error_out) {
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = address_be;
  return cmhd_listen_address(AF_INET, (struct sockaddr *)&addr, sizeof addr, backlog, reuse_port, error_out);
}

/// `cmhd_listen_address` for an IPv6 address (16 bytes, network order) and port. `::` also
/// accepts IPv4 clients where the system allows dual-stack sockets (Linux's default).
static inline int cmhd_listen_ipv6(const uint8_t *address, uint16_t port, int backlog, int reuse_port,
                                   int *error_out) {
  struct sockaddr_in6 addr;
  memset(&addr, 0, sizeof addr);
  addr.sin6_family = AF_INET6;
  addr.sin6_port = htons(port);
  memcpy(&addr.sin6_addr, address, 16);
  return cmhd_listen_address(AF_INET6, (struct sockaddr *)&addr, sizeof addr, backlog, reuse_port, error_out);
}

/// Steers the new connections of `fd`'s SO_REUSEPORT group to the group's second socket (the
/// kernel numbers a group's sockets in the order they joined, a closed one's place taken by the
/// last): a classic BPF program that answers 1 for every connection. A server about to stop,
/// the group's oldest member, calls it when it begins draining, so that its accept queue is
/// empty by the time it closes (closing a listening socket resets the connections still queued
/// on it). While the group has one socket the kernel ignores the answer and spreads connections
/// as before. Returns 0, or the errno of the failure.
static inline int cmhd_steer_to_second_listener(int fd) {
  struct sock_filter code[] = {BPF_STMT(BPF_RET | BPF_K, 1)};
  struct sock_fprog program = {1, code};
  return setsockopt(fd, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &program, sizeof program) == 0 ? 0 : errno;
}

/// Limits of a daemon started by `cmhd_start_on_socket`.
struct cmhd_limits {
  /// Worker threads (at least 1).
  unsigned int threads;
  /// Seconds a connection may go without any byte read or written before it is closed.
  unsigned int connection_timeout;
  /// The most connections at once, from all clients.
  unsigned int connection_limit;
  /// The most connections at once from one client address (0: no limit).
  unsigned int per_ip_limit;
  /// Buffer bytes per connection, which bounds the request line plus headers.
  size_t memory_limit;
};

/// libmicrohttpd's URL unescaping, except that `%00` stays as it is: unescaped, it would end the
/// path as a C string, so `/graphql%00.json` would be served as `/graphql`. Kept, the path names
/// no route. Decodes `%XX` in place and returns the new length.
static size_t cmhd_unescape_keeping_nul(void *cls, struct MHD_Connection *connection, char *text) {
  (void)cls;
  (void)connection;
  char *read = text;
  char *write = text;
  while (*read != '\0') {
    if (read[0] == '%' && isxdigit((unsigned char)read[1]) && isxdigit((unsigned char)read[2])) {
      char hex[3] = {read[1], read[2], '\0'};
      unsigned long value = strtoul(hex, NULL, 16);
      if (value != 0) {
        *write++ = (char)value;
        read += 3;
        continue;
      }
    }
    *write++ = *read++;
  }
  *write = '\0';
  return (size_t)(write - text);
}

/// Starts a daemon on the listening socket `listen_fd` (which it then owns until quiesced), asking
/// `accept` about each accepted connection (MHD_NO closes it at once), with
/// inter-thread communication enabled so that MHD_quiesce_daemon works, the given `limits`, and the
/// given access, completion and connection callbacks. Client discipline stays at the default:
/// libmicrohttpd 0.9.75's strict mode answers an HTTP/1.1 request without Host with its 400 head
/// sent twice, so the server checks Host itself.
static inline struct MHD_Daemon *cmhd_start_on_socket(int listen_fd, const struct cmhd_limits *limits,
                                                      MHD_AcceptPolicyCallback accept, void *accept_cls,
                                                      MHD_AccessHandlerCallback handler,
                                                      void *handler_cls,
                                                      MHD_RequestCompletedCallback completed,
                                                      void *completed_cls,
                                                      MHD_NotifyConnectionCallback notify,
                                                      void *notify_cls) {
  // poll(2), not epoll: libmicrohttpd 0.9.75's MHD_quiesce_daemon races a worker thread that
  // removes the listening socket from its epoll set on its own once it sees the daemon quiesced,
  // and then aborts the process ("Failed to remove listen FD from epoll set"), seen when a server
  // stopped under load. With poll, quiescing only sets a flag and wakes the workers.
  // MHD_ALLOW_UPGRADE for WebSockets; MHD_ALLOW_SUSPEND_RESUME so that a streamed response
  // (multipart, SSE) that has nothing to send sleeps instead of being polled.
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC | MHD_ALLOW_UPGRADE |
                       MHD_ALLOW_SUSPEND_RESUME;
  unsigned int threads = limits->threads < 1 ? 1 : limits->threads;
  return MHD_start_daemon(flags, 0, accept, accept_cls, handler, handler_cls,
                          MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                          MHD_OPTION_THREAD_POOL_SIZE, threads,
                          MHD_OPTION_CONNECTION_TIMEOUT, limits->connection_timeout,
                          MHD_OPTION_CONNECTION_LIMIT, limits->connection_limit,
                          MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits->per_ip_limit,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits->memory_limit,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                          MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                          MHD_OPTION_UNESCAPE_CALLBACK, cmhd_unescape_keeping_nul, NULL,
                          MHD_OPTION_END);
}

/// The socket of a connection, or -1.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? (int)info->connect_fd : -1;
}

/// Calls `iterator` for each request header field, in arrival order.
static inline int cmhd_header_fields(struct MHD_Connection *connection, MHD_KeyValueIterator iterator,
                                     void *cls) {
  return MHD_get_connection_values(connection, MHD_HEADER_KIND, iterator, cls);
}

/// Whether a connection notification says the connection was opened (else it is closing).
static inline int cmhd_notify_opened(enum MHD_ConnectionNotificationCode code) {
  return code == MHD_CONNECTION_NOTIFY_STARTED;
}

/// The size of the request head (request line, header lines and the empty line) in bytes.
static inline size_t cmhd_request_head_size(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
  return info ? info->header_size : 0;
}

struct cmhd_layout_walk {
  const char *line_end;
  const char *head_end;
  int intact;
};

static enum MHD_Result cmhd_layout_step_(void *cls, enum MHD_ValueKind kind, const char *key,
                                         const char *value) {
  struct cmhd_layout_walk *walk = (struct cmhd_layout_walk *)cls;
  (void)kind;
  // Only the line terminator (1 or 2 bytes, which libmicrohttpd overwrote with zeros) may lie
  // between the end of one line and the start of the next header name.
  if (key < walk->line_end || key - walk->line_end > 2 || key >= walk->head_end) {
    walk->intact = 0;
    return MHD_NO;
  }
  for (const char *p = walk->line_end; p < key; p++) {
    if (*p != 0) {
      walk->intact = 0;
      return MHD_NO;
    }
  }
  if (value < key || value >= walk->head_end) {
    walk->intact = 0;
    return MHD_NO;
  }
  walk->line_end = value + strlen(value);
  return MHD_YES;
}

/// Whether every header value of the request ends where its line ends, that is, no value holds
/// a NUL byte. libmicrohttpd 0.9.75 keeps the head in place in its read buffer (starting at the
/// method), replaces each CR and LF by a zero and stores values as C strings, so a value `a\0b`
/// would silently become `a`. This walks the headers in arrival order and checks that only zeroed
/// line terminators lie between the end of one line and the next name, and between the last
/// value and the end of the head. `method` and `version` are the pointers the access handler
/// received. A folded header (obs-fold), which libmicrohttpd moves elsewhere, also fails.
static inline int cmhd_header_values_intact(struct MHD_Connection *connection, const char *method,
                                            const char *version) {
  size_t head_size = cmhd_request_head_size(connection);
  if (method == NULL || version == NULL || head_size == 0) return 0;
  struct cmhd_layout_walk walk;
  walk.line_end = version + strlen(version);
  walk.head_end = method + head_size;
  walk.intact = walk.line_end > method && walk.line_end < walk.head_end;
  if (!walk.intact) return 0;
  MHD_get_connection_values(connection, MHD_HEADER_KIND, cmhd_layout_step_, &walk);
  if (!walk.intact) return 0;
  // After the last line: its terminator and the empty line, 2 to 4 zeroed bytes.
  if (walk.head_end - walk.line_end > 4) return 0;
  for (const char *p = walk.line_end; p < walk.head_end; p++) {
    if (*p != 0) return 0;
  }
  return 1;
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

// MARK: - Long-lived connections (subscriptions)

/// Closes an upgraded connection (MHD_upgrade_action is C-variadic).
static inline enum MHD_Result cmhd_upgrade_close(struct MHD_UpgradeResponseHandle *urh) {
  return MHD_upgrade_action(urh, MHD_UPGRADE_ACTION_CLOSE);
}

/// A response of unknown length (sent chunked on HTTP/1.1) whose body comes from `reader`;
/// `release` is called once libmicrohttpd is done with it.
static inline struct MHD_Response *cmhd_response_streamed(MHD_ContentReaderCallback reader, void *cls,
                                                          MHD_ContentReaderFreeCallback release) {
  return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 16 * 1024, reader, cls, release);
}

static inline ssize_t cmhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t cmhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

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
