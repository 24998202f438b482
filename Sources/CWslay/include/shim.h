// wslay (Debian's libwslay-dev) for Swift: WebSocket (RFC 6455) framing, masking, fragmentation,
// ping/pong and the closing handshake over any non-blocking socket. Debian ships no pkg-config
// file for it; the library is opened on first use (Sources/CLazyLoad/include/lazy_load.h), so
// only `serve` loads it.
#ifndef ROCKET_CWSLAY_SHIM_H
#define ROCKET_CWSLAY_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <wslay/wslay.h>

// The socket calls WebSocket code makes, with their flags applied here: glibc declares MSG_* in an
// anonymous enum that Swift sees only through the clang module that first included
// <sys/socket.h>, which differs between a fresh and an incremental build.

/// recv(2) that never blocks (MSG_DONTWAIT).
static inline ssize_t cwslay_recv_nonblocking(int fd, void *buffer, size_t length) {
  return recv(fd, buffer, length, MSG_DONTWAIT);
}
/// send(2) that never blocks and never raises SIGPIPE (MSG_DONTWAIT | MSG_NOSIGNAL).
static inline ssize_t cwslay_send_nonblocking(int fd, const void *data, size_t length) {
  return send(fd, data, length, MSG_DONTWAIT | MSG_NOSIGNAL);
}
/// send(2) that never raises SIGPIPE (MSG_NOSIGNAL), blocking as the socket is set.
static inline ssize_t cwslay_send_nosignal(int fd, const void *data, size_t length) {
  return send(fd, data, length, MSG_NOSIGNAL);
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

static inline int cwslay_err_wouldblock(void) { return WSLAY_ERR_WOULDBLOCK; }
static inline int cwslay_err_callback_failure(void) { return WSLAY_ERR_CALLBACK_FAILURE; }

#endif
