// wslay's functions as this program calls them, forwarded to the library opened on first use. A
// new call needs its forwarder here: without one the link fails, naming it.
#include "shim.h"

#include "lazy_load.h"

static lazy_library libwslay = {"libwslay.so.1", NULL};

const char *cwslay_open_error(void) {
  return lazy_load_open_error(&libwslay);
}

LAZY_FORWARD(libwslay, int, wslay_event_context_server_init,
             (wslay_event_context_ptr * context, const struct wslay_event_callbacks *callbacks,
              void *user_data),
             (context, callbacks, user_data))
LAZY_FORWARD(libwslay, int, wslay_event_context_client_init,
             (wslay_event_context_ptr * context, const struct wslay_event_callbacks *callbacks,
              void *user_data),
             (context, callbacks, user_data))
LAZY_FORWARD_VOID(libwslay, wslay_event_context_free, (wslay_event_context_ptr context),
                  (context))
LAZY_FORWARD_VOID(libwslay, wslay_event_config_set_max_recv_msg_length,
                  (wslay_event_context_ptr context, uint64_t length), (context, length))
LAZY_FORWARD(libwslay, int, wslay_event_recv, (wslay_event_context_ptr context), (context))
LAZY_FORWARD(libwslay, int, wslay_event_send, (wslay_event_context_ptr context), (context))
LAZY_FORWARD(libwslay, int, wslay_event_want_read, (wslay_event_context_ptr context), (context))
LAZY_FORWARD(libwslay, int, wslay_event_want_write, (wslay_event_context_ptr context), (context))
LAZY_FORWARD_VOID(libwslay, wslay_event_set_error, (wslay_event_context_ptr context, int error),
                  (context, error))
LAZY_FORWARD(libwslay, int, wslay_event_queue_msg,
             (wslay_event_context_ptr context, const struct wslay_event_msg *message),
             (context, message))
LAZY_FORWARD(libwslay, int, wslay_event_queue_close,
             (wslay_event_context_ptr context, uint16_t status, const uint8_t *reason,
              size_t reason_length),
             (context, status, reason, reason_length))
LAZY_FORWARD(libwslay, size_t, wslay_event_get_queued_msg_count,
             (wslay_event_context_ptr context), (context))
LAZY_FORWARD(libwslay, size_t, wslay_event_get_queued_msg_length,
             (wslay_event_context_ptr context), (context))
LAZY_FORWARD(libwslay, int, wslay_event_get_close_received, (wslay_event_context_ptr context),
             (context))
LAZY_FORWARD(libwslay, int, wslay_event_get_close_sent, (wslay_event_context_ptr context),
             (context))
LAZY_FORWARD_VOID(libwslay, wslay_event_shutdown_read, (wslay_event_context_ptr context),
                  (context))
LAZY_FORWARD_VOID(libwslay, wslay_event_shutdown_write, (wslay_event_context_ptr context),
                  (context))
LAZY_FORWARD(libwslay, uint16_t, wslay_event_get_status_code_received,
             (wslay_event_context_ptr context), (context))
