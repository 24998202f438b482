// TLS client connections on OpenSSL: see include/shim.h. libssl's functions are called through
// pointers found on first use (LIBSSL below), never linked or defined under their own names, so
// nothing here interposes on the libssl that libcurl loads; libcrypto's go to CCrypto's hidden
// forwarders (libcrypto opened on first use, before libssl).
#include "shim.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "ccrypto.h"
#include "lazy_load.h"

static lazy_library libssl = {"libssl.so.3", NULL, ccrypto_open_error};

/// libssl's `name`, looked up once (callers have checked that libssl opens).
#define LIBSSL(name) LAZY_FUNCTION(libssl, name)

struct ctls_connection {
  SSL_CTX *context;
  SSL *ssl;
  BIO_METHOD *method;
  int fd;
  int verify;
  int failed;
  char host[256];
  /// The first verification failure the verify callback saw, and its certificate's names.
  long verify_error;
  char subject[256];
  char issuer[256];
  char names[512];
  /// Set by record_failure.
  ctls_failure_kind failure;
  char reason[256];
};

const char *ctls_open_error(void) {
  return lazy_load_open_error(&libssl);
}

static void copy_text(char *target, size_t size, const char *text) {
  if (size == 0) return;
  snprintf(target, size, "%s", text ? text : "");
}

/// OpenSSL's reason for the oldest queued error, such as "wrong version number".
static void error_reason(unsigned long code, char *target, size_t size) {
  const char *reason = code ? ERR_reason_error_string(code) : NULL;
  if (reason) {
    copy_text(target, size, reason);
  } else if (code) {
    ERR_error_string_n(code, target, size);
  } else {
    copy_text(target, size, "");
  }
}

// MARK: - The socket under the session

// A BIO over the socket with send(MSG_NOSIGNAL): OpenSSL's own socket BIO writes with write(2),
// which raises SIGPIPE on a connection the peer closed.

static int socket_write(BIO *bio, const char *data, int length) {
  ctls_connection *connection = BIO_get_data(bio);
  BIO_clear_retry_flags(bio);
  ssize_t count = send(connection->fd, data, (size_t)length, MSG_NOSIGNAL | MSG_DONTWAIT);
  if (count >= 0) return (int)count;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) BIO_set_retry_write(bio);
  return -1;
}

static int socket_read(BIO *bio, char *buffer, int length) {
  ctls_connection *connection = BIO_get_data(bio);
  BIO_clear_retry_flags(bio);
  ssize_t count = recv(connection->fd, buffer, (size_t)length, MSG_DONTWAIT);
  if (count >= 0) return (int)count;
  if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) BIO_set_retry_read(bio);
  return -1;
}

static long socket_control(BIO *bio, int command, long number, void *pointer) {
  (void)bio;
  (void)number;
  (void)pointer;
  return command == BIO_CTRL_FLUSH ? 1 : 0;
}

// MARK: - Verification

/// A certificate name in RFC 2253 form (non-ASCII escaped), such as "CN=localhost,O=Example".
static void name_text(const X509_NAME *name, char *target, size_t size) {
  copy_text(target, size, "");
  BIO *memory = BIO_new(BIO_s_mem());
  if (memory == NULL || name == NULL) {
    BIO_free(memory);
    return;
  }
  if (X509_NAME_print_ex(memory, name, 0, XN_FLAG_RFC2253) >= 0) {
    int count = BIO_read(memory, target, (int)(size > INT_MAX ? INT_MAX : size - 1));
    target[count > 0 ? count : 0] = '\0';
  }
  BIO_free(memory);
}

/// Appends `text[0..<length]` to the comma-separated list in `target`, printable ASCII only.
static void append_name(char *target, size_t size, const unsigned char *text, size_t length) {
  size_t used = strlen(target);
  if (used > 0 && used + 2 < size) {
    memcpy(target + used, ", ", 2);
    used += 2;
  }
  for (size_t index = 0; index < length && used + 1 < size; index++) {
    unsigned char byte = text[index];
    target[used++] = (byte >= 0x20 && byte < 0x7F) ? (char)byte : '?';
  }
  target[used] = '\0';
}

/// The names a certificate is for: its DNS and IP subject alternative names, else its CN.
static void certificate_names(X509 *certificate, char *target, size_t size) {
  copy_text(target, size, "");
  GENERAL_NAMES *list = X509_get_ext_d2i(certificate, NID_subject_alt_name, NULL, NULL);
  for (int index = 0; list != NULL && index < sk_GENERAL_NAME_num(list); index++) {
    const GENERAL_NAME *name = sk_GENERAL_NAME_value(list, index);
    if (name->type == GEN_DNS) {
      append_name(target, size, ASN1_STRING_get0_data(name->d.dNSName),
                  (size_t)ASN1_STRING_length(name->d.dNSName));
    } else if (name->type == GEN_IPADD) {
      char address[INET6_ADDRSTRLEN] = "";
      int length = ASN1_STRING_length(name->d.iPAddress);
      const unsigned char *bytes = ASN1_STRING_get0_data(name->d.iPAddress);
      if (length == 4 || length == 16) {
        inet_ntop(length == 4 ? AF_INET : AF_INET6, bytes, address, sizeof address);
        append_name(target, size, (const unsigned char *)address, strlen(address));
      }
    }
  }
  GENERAL_NAMES_free(list);
  if (target[0] != '\0') return;
  const X509_NAME *subject = X509_get_subject_name(certificate);
  int position = X509_NAME_get_index_by_NID(subject, NID_commonName, -1);
  if (position < 0) return;
  const ASN1_STRING *common = X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, position));
  append_name(target, size, ASN1_STRING_get0_data(common), (size_t)ASN1_STRING_length(common));
}

static int is_name_mismatch(long error) {
  return error == X509_V_ERR_HOSTNAME_MISMATCH || error == X509_V_ERR_IP_ADDRESS_MISMATCH ||
         error == X509_V_ERR_EMAIL_MISMATCH;
}

/// Keeps the first failure and the names of the certificate it is about; decides nothing.
static int verify_callback(int ok, X509_STORE_CTX *store) {
  if (ok) return ok;
  SSL *ssl = X509_STORE_CTX_get_ex_data(store, LIBSSL(SSL_get_ex_data_X509_STORE_CTX_idx)());
  ctls_connection *connection = ssl ? LIBSSL(SSL_get_ex_data)(ssl, 0) : NULL;
  if (connection == NULL || connection->verify_error != X509_V_OK) return ok;
  connection->verify_error = X509_STORE_CTX_get_error(store);
  X509 *certificate = X509_STORE_CTX_get_current_cert(store);
  if (certificate != NULL) {
    name_text(X509_get_subject_name(certificate), connection->subject, sizeof connection->subject);
    name_text(X509_get_issuer_name(certificate), connection->issuer, sizeof connection->issuer);
    if (is_name_mismatch(connection->verify_error)) {
      certificate_names(certificate, connection->names, sizeof connection->names);
    }
  }
  return ok;
}

// MARK: - Connections

ctls_connection *ctls_client_new(int fd, const char *host, const char *ca_file, int verify, char *error,
                                 size_t error_size) {
  const char *problem = ctls_open_error();
  if (problem != NULL) {
    snprintf(error, error_size, "cannot load libssl: %s", problem);
    return NULL;
  }
  ERR_clear_error();
  ctls_connection *connection = calloc(1, sizeof *connection);
  if (connection == NULL) {
    copy_text(error, error_size, "out of memory");
    return NULL;
  }
  connection->fd = fd;
  connection->verify = verify;
  connection->verify_error = X509_V_OK;
  copy_text(connection->host, sizeof connection->host, host);
  connection->context = LIBSSL(SSL_CTX_new)(LIBSSL(TLS_client_method)());
  if (connection->context == NULL) goto failed;
  SSL_CTX *context = connection->context;
  (void)LIBSSL(SSL_CTX_ctrl)(context, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL);
  // wslay retries a blocked write from its own buffer, which may have moved.
  (void)LIBSSL(SSL_CTX_ctrl)(context, SSL_CTRL_MODE, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER,
                       NULL);
  if (verify) {
    if (ca_file != NULL) {
      if (LIBSSL(SSL_CTX_load_verify_locations)(context, ca_file, NULL) != 1) {
        char reason[200];
        error_reason(ERR_peek_error(), reason, sizeof reason);
        snprintf(error, error_size, "cannot read CA certificates from %s: %s", ca_file,
                 reason[0] ? reason : "not a PEM file");
        ctls_free(connection);
        return NULL;
      }
    } else if (LIBSSL(SSL_CTX_set_default_verify_paths)(context) != 1) {
      goto failed;
    }
    LIBSSL(SSL_CTX_set_verify)(context, SSL_VERIFY_PEER, verify_callback);
  } else {
    LIBSSL(SSL_CTX_set_verify)(context, SSL_VERIFY_NONE, NULL);
  }
  connection->ssl = LIBSSL(SSL_new)(context);
  if (connection->ssl == NULL) goto failed;
  SSL *ssl = connection->ssl;
  LIBSSL(SSL_set_ex_data)(ssl, 0, connection);
  unsigned char address[16];
  int is_address = inet_pton(AF_INET, host, address) == 1 || inet_pton(AF_INET6, host, address) == 1;
  // SNI carries names only (RFC 6066); an address is checked against the certificate's IP names.
  if (!is_address) {
    (void)LIBSSL(SSL_ctrl)(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)host);
  }
  if (verify) {
    if (is_address) {
      if (X509_VERIFY_PARAM_set1_ip_asc(LIBSSL(SSL_get0_param)(ssl), host) != 1) goto failed;
    } else {
      LIBSSL(SSL_set_hostflags)(ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
      if (LIBSSL(SSL_set1_host)(ssl, host) != 1) goto failed;
    }
  }
  static const unsigned char http11[] = "\x08http/1.1";
  (void)LIBSSL(SSL_set_alpn_protos)(ssl, http11, sizeof http11 - 1);
  connection->method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "rocket-reserver socket");
  if (connection->method == NULL) goto failed;
  BIO_meth_set_write(connection->method, socket_write);
  BIO_meth_set_read(connection->method, socket_read);
  BIO_meth_set_ctrl(connection->method, socket_control);
  BIO *bio = BIO_new(connection->method);
  if (bio == NULL) goto failed;
  BIO_set_data(bio, connection);
  BIO_set_init(bio, 1);
  LIBSSL(SSL_set_bio)(ssl, bio, bio);
  LIBSSL(SSL_set_connect_state)(ssl);
  return connection;

failed : {
  char reason[200];
  error_reason(ERR_peek_error(), reason, sizeof reason);
  snprintf(error, error_size, "cannot set up TLS: %s", reason[0] ? reason : "unknown error");
  ctls_free(connection);
  return NULL;
}
}

void ctls_free(ctls_connection *connection) {
  if (connection == NULL) return;
  if (connection->ssl != NULL) LIBSSL(SSL_free)(connection->ssl);
  if (connection->context != NULL) LIBSSL(SSL_CTX_free)(connection->context);
  if (connection->method != NULL) BIO_meth_free(connection->method);
  free(connection);
}

/// Classifies a failed call's outcome (`code` from SSL_get_error) into `failure` and `reason`.
static void record_failure(ctls_connection *connection, int code, int saved_errno) {
  connection->failed = 1;
  unsigned long error = ERR_peek_error();
  long verify_error = connection->verify_error;
  if (verify_error == X509_V_OK && connection->verify) verify_error = LIBSSL(SSL_get_verify_result)(connection->ssl);
  if (verify_error != X509_V_OK) {
    connection->failure = is_name_mismatch(verify_error) ? CTLS_FAILURE_HOSTNAME : CTLS_FAILURE_UNTRUSTED;
    copy_text(connection->reason, sizeof connection->reason, X509_verify_cert_error_string(verify_error));
    return;
  }
  int reason = error != 0 && ERR_GET_LIB(error) == ERR_LIB_SSL ? ERR_GET_REASON(error) : 0;
  if (reason == SSL_R_WRONG_VERSION_NUMBER || reason == SSL_R_PACKET_LENGTH_TOO_LONG ||
      reason == SSL_R_RECORD_LENGTH_MISMATCH || reason == SSL_R_HTTP_REQUEST) {
    connection->failure = CTLS_FAILURE_NOT_TLS;
  } else if (code == SSL_ERROR_ZERO_RETURN || reason == SSL_R_UNEXPECTED_EOF_WHILE_READING ||
             (code == SSL_ERROR_SYSCALL && error == 0 &&
              (saved_errno == 0 || saved_errno == ECONNRESET || saved_errno == EPIPE))) {
    connection->failure = CTLS_FAILURE_CLOSED;
  } else if (code == SSL_ERROR_SYSCALL && error == 0) {
    connection->failure = CTLS_FAILURE_OTHER;
    copy_text(connection->reason, sizeof connection->reason, strerror(saved_errno));
  } else {
    connection->failure = CTLS_FAILURE_OTHER;
    error_reason(error, connection->reason, sizeof connection->reason);
  }
}

/// What SSL_get_error's `code` means for a caller that waits on the socket.
static ctls_status status_for(ctls_connection *connection, int result) {
  int saved_errno = errno;
  int code = LIBSSL(SSL_get_error)(connection->ssl, result);
  switch (code) {
  case SSL_ERROR_WANT_READ:
    return CTLS_WANT_READ;
  case SSL_ERROR_WANT_WRITE:
    return CTLS_WANT_WRITE;
  default:
    record_failure(connection, code, saved_errno);
    return connection->failure == CTLS_FAILURE_CLOSED ? CTLS_CLOSED : CTLS_FAILED;
  }
}

/// The outcome of SSL_read or SSL_write returning `result`: the byte count in `*count`.
static ctls_status transferred(ctls_connection *connection, int result, size_t *count) {
  if (result <= 0) return status_for(connection, result);
  *count = (size_t)result;
  return CTLS_OK;
}

ctls_status ctls_handshake(ctls_connection *connection) {
  ERR_clear_error();
  errno = 0;
  int result = LIBSSL(SSL_connect)(connection->ssl);
  if (result == 1) return CTLS_OK;
  ctls_status status = status_for(connection, result);
  // During the handshake a closed connection is a failure like any other.
  return status == CTLS_CLOSED ? CTLS_FAILED : status;
}

ctls_status ctls_read(ctls_connection *connection, void *buffer, size_t length, size_t *count) {
  *count = 0;
  if (connection->failed) return CTLS_FAILED;
  ERR_clear_error();
  errno = 0;
  int result = LIBSSL(SSL_read)(connection->ssl, buffer, length > INT_MAX ? INT_MAX : (int)length);
  return transferred(connection, result, count);
}

ctls_status ctls_write(ctls_connection *connection, const void *bytes, size_t length, size_t *count) {
  *count = 0;
  if (connection->failed) return CTLS_FAILED;
  if (length == 0) return CTLS_OK;
  ERR_clear_error();
  errno = 0;
  int result = LIBSSL(SSL_write)(connection->ssl, bytes, length > INT_MAX ? INT_MAX : (int)length);
  return transferred(connection, result, count);
}

int ctls_pending(const ctls_connection *connection) {
  return connection->failed ? 0 : LIBSSL(SSL_pending)(connection->ssl);
}

void ctls_shutdown(ctls_connection *connection) {
  // SSL_shutdown must not follow a fatal error, nor come before the handshake finished.
  if (connection->failed || !LIBSSL(SSL_is_init_finished)(connection->ssl)) return;
  ERR_clear_error();
  (void)LIBSSL(SSL_shutdown)(connection->ssl);
  ERR_clear_error();
}

ctls_failure_kind ctls_failure(const ctls_connection *connection, char *reason, size_t reason_size,
                               char *subject, size_t subject_size, char *issuer, size_t issuer_size,
                               char *names, size_t names_size) {
  copy_text(reason, reason_size, connection->reason);
  copy_text(subject, subject_size, connection->subject);
  copy_text(issuer, issuer_size, connection->issuer);
  copy_text(names, names_size, connection->names);
  return connection->failure;
}
