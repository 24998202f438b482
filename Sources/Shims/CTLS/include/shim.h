// TLS client connections on OpenSSL (Debian's libssl/libcrypto), for the WebSocket client's
// wss://. Every OpenSSL pointer and callback stays in tls_client.c: Swift sees one opaque
// connection, non-blocking steps that say what they wait for, and failures as text.
//
// libssl is opened on first use (Sources/Shims/CLazyLoad/include/lazy_load.h), like libcurl, so
// commands that never open a wss:// connection do not load it; libcrypto too (CCrypto).
#ifndef ROCKET_CTLS_SHIM_H
#define ROCKET_CTLS_SHIM_H

#include <stddef.h>
#include <sys/types.h>

/// One client connection: its SSL_CTX, its SSL and the socket it runs over (not owned).
typedef struct ctls_connection ctls_connection;

/// What a step returned.
typedef enum ctls_status {
  /// Done: the handshake finished, or bytes were read or written.
  CTLS_OK = 0,
  /// Nothing now: wait until the socket is readable, then call again.
  CTLS_WANT_READ = 1,
  /// Nothing now: wait until the socket is writable, then call again.
  CTLS_WANT_WRITE = 2,
  /// The peer ended the TLS session (close_notify) or the socket reached its end.
  CTLS_CLOSED = 3,
  /// The connection failed; ctls_failure says why.
  CTLS_FAILED = 4,
} ctls_status;

/// Why a connection failed.
typedef enum ctls_failure_kind {
  CTLS_FAILURE_NONE = 0,
  /// The peer's certificate chain does not lead to a trusted CA (or is expired, ...):
  /// `reason`, `subject` and `issuer` (of the certificate that failed) say which.
  CTLS_FAILURE_UNTRUSTED = 1,
  /// The certificate is trusted but not for the host connected to: `names` lists its names.
  CTLS_FAILURE_HOSTNAME = 2,
  /// The peer answered with something that is not TLS (a plain HTTP server).
  CTLS_FAILURE_NOT_TLS = 3,
  /// The peer closed the connection during the handshake.
  CTLS_FAILURE_CLOSED = 4,
  /// Anything else: `reason` is OpenSSL's text.
  CTLS_FAILURE_OTHER = 5,
} ctls_failure_kind;

/// NULL once libssl is open (opening it now if needed), otherwise why it cannot be opened.
const char *ctls_open_error(void);

/// A client connection over the connected, non-blocking socket `fd` to `host` (a name, sent as
/// SNI and checked against the certificate, or an IP address, checked against its IP names).
/// `ca_file` (PEM) replaces the system's trust store when not NULL; `verify` 0 checks neither
/// chain nor name (curl's --insecure). NULL on failure, with the reason in `error`.
ctls_connection *ctls_client_new(int fd, const char *host, const char *ca_file, int verify, char *error,
                                 size_t error_size);

/// Frees the connection (not the socket).
void ctls_free(ctls_connection *connection);

/// One step of the handshake: CTLS_OK, CTLS_WANT_READ/WRITE, or CTLS_FAILED.
ctls_status ctls_handshake(ctls_connection *connection);

/// Reads up to `length` bytes; `*count` is how many when CTLS_OK.
ctls_status ctls_read(ctls_connection *connection, void *buffer, size_t length, size_t *count);

/// Writes up to `length` bytes; `*count` is how many when CTLS_OK (partial writes happen).
/// After a WANT, call again with the same bytes (a moved buffer is fine).
ctls_status ctls_write(ctls_connection *connection, const void *bytes, size_t length, size_t *count);

/// Decrypted bytes OpenSSL holds that the socket no longer shows as readable.
int ctls_pending(const ctls_connection *connection);

/// Sends close_notify once, without waiting for the peer's.
void ctls_shutdown(ctls_connection *connection);

/// Why the connection failed: its kind, and text (empty when unknown) in the buffers given.
ctls_failure_kind ctls_failure(const ctls_connection *connection, char *reason, size_t reason_size,
                               char *subject, size_t subject_size, char *issuer, size_t issuer_size,
                               char *names, size_t names_size);

#endif
