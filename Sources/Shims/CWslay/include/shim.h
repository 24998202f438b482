// wslay (Debian's libwslay-dev) for Swift: WebSocket (RFC 6455) framing, masking, fragmentation,
// ping/pong and the closing handshake over any non-blocking socket. Debian ships no pkg-config
// file for it; the library is opened on first use (Sources/Shims/CLazyLoad/include/lazy_load.h), so
// only `serve` loads it.
#ifndef ROCKET_CWSLAY_SHIM_H
#define ROCKET_CWSLAY_SHIM_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/types.h>
#include <wslay/wslay.h>

// The socket calls WebSocket code makes, with their flags applied here: glibc declares MSG_* in an
// anonymous enum that Swift sees only through the clang module that first included
// <sys/socket.h>, which differs between a fresh and an incremental build.

/// send(2) that never raises SIGPIPE (MSG_NOSIGNAL), blocking as the socket is set.
static inline ssize_t cwslay_send_nosignal(int fd, const void *data, size_t length) {
  return send(fd, data, length, MSG_NOSIGNAL);
}

/// A wslay recv callback's read: first the bytes that came with the handshake (`pending`, of which
/// `*pending_used` are taken; it advances), then what recv(2) gives without blocking. On
/// EAGAIN/EINTR returns -1 with WSLAY_ERR_WOULDBLOCK set on `ctx`; on end of stream or an error
/// returns -1 with WSLAY_ERR_CALLBACK_FAILURE set and `*failed` = 1.
static inline ssize_t cwslay_socket_read(wslay_event_context_ptr ctx, int fd, uint8_t *buffer, size_t length,
                                         const uint8_t *pending, size_t pending_length, size_t *pending_used,
                                         int *failed) {
  if (pending != NULL && *pending_used < pending_length) {
    size_t count = pending_length - *pending_used;
    if (count > length) count = length;
    memcpy(buffer, pending + *pending_used, count);
    *pending_used += count;
    return (ssize_t)count;
  }
  ssize_t count = recv(fd, buffer, length, MSG_DONTWAIT);
  if (count > 0) return count;
  if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
    wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
  } else {
    *failed = 1;
    wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
  }
  return -1;
}

/// A wslay send callback's write, without blocking or SIGPIPE; errors as `cwslay_socket_read`.
static inline ssize_t cwslay_socket_write(wslay_event_context_ptr ctx, int fd, const uint8_t *data, size_t length,
                                          int *failed) {
  ssize_t count = send(fd, data, length, MSG_DONTWAIT | MSG_NOSIGNAL);
  if (count >= 0) return count;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
    wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
  } else {
    *failed = 1;
    wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
  }
  return -1;
}

/// A wslay send callback's write of a frame's held header (`head`, possibly empty) and `data` in
/// one sendmsg(2), so that header and payload leave in one segment; errors as
/// `cwslay_socket_write`. Returns the bytes written of both together.
static inline ssize_t cwslay_socket_write_gathered(wslay_event_context_ptr ctx, int fd, const uint8_t *head,
                                                   size_t head_length, const uint8_t *data, size_t length,
                                                   int *failed) {
  struct iovec parts[2];
  struct msghdr message;
  memset(&message, 0, sizeof message);
  size_t count = 0;
  if (head_length > 0) {
    parts[count].iov_base = (void *)head;
    parts[count].iov_len = head_length;
    count += 1;
  }
  parts[count].iov_base = (void *)data;
  parts[count].iov_len = length;
  count += 1;
  message.msg_iov = parts;
  message.msg_iovlen = count;
  ssize_t written = sendmsg(fd, &message, MSG_DONTWAIT | MSG_NOSIGNAL);
  if (written >= 0) return written;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
    wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
  } else {
    *failed = 1;
    wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
  }
  return -1;
}

/// Whether a wslay send callback's `flags` say that more of the same frame follows (the header of
/// a frame with a payload): the callback then holds the bytes and sends them with the payload.
static inline int cwslay_more_follows(int flags) { return (flags & WSLAY_MSG_MORE) != 0; }

/// Turns Nagle's algorithm off on a TCP socket (TCP_NODELAY), so that a small frame leaves at once
/// instead of waiting for the peer's delayed ACK; 0 on success, else -1 (not a TCP socket).
static inline int cwslay_set_nodelay(int fd) {
  int on = 1;
  return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

/// Makes a wslay recv callback's -1 mean "nothing more to read now" (the caller's read budget for
/// this turn is spent), so that wslay_event_recv returns with the socket still readable.
static inline ssize_t cwslay_read_paused(wslay_event_context_ptr ctx) {
  wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
  return -1;
}

/// NULL once libwslay is open (opening it now if needed), otherwise why it cannot be opened.
const char *cwslay_open_error(void);

/// Queues one unfragmented text message (wslay copies `data`); returns 0 or a WSLAY_ERR_ code.
static inline int cwslay_queue_text(wslay_event_context_ptr ctx, const uint8_t *data, size_t length) {
  struct wslay_event_msg msg = {WSLAY_TEXT_FRAME, data, length};
  return wslay_event_queue_msg(ctx, &msg);
}

/// Whether a received message is a text frame (the only kind the GraphQL subprotocols use).
static inline int cwslay_is_text(const struct wslay_event_on_msg_recv_arg *arg) {
  return arg->opcode == WSLAY_TEXT_FRAME;
}

/// Whether a received message is a close frame.
static inline int cwslay_is_close(const struct wslay_event_on_msg_recv_arg *arg) {
  return arg->opcode == WSLAY_CONNECTION_CLOSE;
}

/// Makes a wslay callback's -1 mean "not now, the socket is not ready" (WSLAY_ERR_WOULDBLOCK).
static inline ssize_t cwslay_would_block(wslay_event_context_ptr ctx) {
  wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
  return -1;
}

/// Makes a wslay callback's -1 mean that the connection is over (WSLAY_ERR_CALLBACK_FAILURE).
static inline ssize_t cwslay_fail(wslay_event_context_ptr ctx) {
  wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
  return -1;
}

static inline int cwslay_err_wouldblock(void) { return WSLAY_ERR_WOULDBLOCK; }

#endif
