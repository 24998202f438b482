import CCurl
import FoundationEssentials
import Glibc

extension HTTPTransportError {
  /// The error for a transfer libcurl ended with `code` (`message` its error text): refused
  /// connections, resets and truncated bodies are "cannot reach"; TLS problems keep libcurl's
  /// reason in words a user can act on.
  init(curl code: CURLcode, message: String, transfer: CurlTransfer) {
    let endpoint = transfer.url
    switch code {
    case CURLE_COULDNT_CONNECT:
      let osError = transfer.osErrno
      if osError == ECONNREFUSED || osError == 0 {
        self = .connectionRefused(endpoint: endpoint)
      } else {
        self = .cannotConnect(endpoint: endpoint, detail: String(cString: strerror(osError)))
      }
    case CURLE_COULDNT_RESOLVE_HOST:
      self = .unknownHost(endpoint: endpoint)
    case CURLE_OPERATION_TIMEDOUT:
      self = .timedOut(endpoint: endpoint, after: transfer.timeout)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_ENGINE_INITFAILED,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
      self = .tlsFailure(endpoint: endpoint, detail: Self.tlsDetail(curlMessage: message) ?? message)
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_HTTP2,
      CURLE_HTTP2_STREAM:
      if let detail = Self.tlsDetail(curlMessage: message) {
        self = .tlsFailure(endpoint: endpoint, detail: detail)
      } else {
        self = .connectionLost(endpoint: endpoint)
      }
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      self = .unsupportedURL(endpoint: endpoint)
    case CURLE_ABORTED_BY_CALLBACK:
      self = .cancelled(endpoint: endpoint)
    default:
      self = .failed(endpoint: endpoint, detail: message)
    }
  }
}
