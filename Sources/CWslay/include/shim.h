// wslay (Debian's libwslay-dev) for Swift: WebSocket (RFC 6455) framing, masking, fragmentation,
// ping/pong and the closing handshake over any non-blocking socket. Debian ships no pkg-config
// file for it; the library is opened on first use (Sources/CLazyLoad/include/lazy_load.h), so
// only `serve` loads it.
#ifndef ROCKET_CWSLAY_SHIM_H
#define ROCKET_CWSLAY_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>  // the sockets wslay runs over (MSG_DONTWAIT, MSG_NOSIGNAL)
#include <wslay/wslay.h>

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
