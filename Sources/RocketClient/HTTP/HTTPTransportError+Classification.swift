import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPTransportError {
  /// The error for a response the GraphQL layer cannot use, or nil when its body looks like JSON.
  ///
  /// Any status with a JSON body is usable (GraphQL servers answer errors with 400 or 500 and
  /// a JSON body). Without JSON, a 5xx status is a ``serverError(endpoint:status:body:)`` and any
  /// other a ``notJSON(endpoint:status:body:)``, e.g. the HTML page of a web server or proxy.
  ///
  /// - Parameters:
  ///   - response: the response to judge.
  ///   - endpoint: the URL it came from, for the message.
  public static func classify(_ response: HTTPResponse, from endpoint: URL) -> HTTPTransportError? {
    let kind = response.bodyKind
    guard kind != .json else { return nil }
    if response.isServerError {
      return .serverError(endpoint: endpoint, status: response.status, body: kind)
    }
    return .notJSON(endpoint: endpoint, status: response.status, body: kind)
  }

  /// Maps a URLSession error to the user-facing error for `endpoint`.
  ///
  /// - Parameters:
  ///   - error: what the data task reported.
  ///   - endpoint: the request's URL.
  /// - Returns: the matching error; `.timedOut` carries a zero duration, which
  ///   ``HTTPClient`` replaces with its own timeout.
  static func from(_ error: any Error, endpoint: URL) -> HTTPTransportError {
    guard let urlError = error as? URLError else {
      return .failed(endpoint: endpoint, detail: error.localizedDescription)
    }
    switch urlError.code {
    case .cannotConnectToHost:
      return .connectionRefused(endpoint: endpoint)
    case .cannotFindHost, .dnsLookupFailed:
      return .unknownHost(endpoint: endpoint)
    case .timedOut:
      return .timedOut(endpoint: endpoint, after: .zero)
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired:
      return .tlsFailure(endpoint: endpoint, detail: tlsDetail(urlError))
    case .networkConnectionLost, .notConnectedToInternet, .cannotLoadFromNetwork:
      return .connectionLost(endpoint: endpoint)
    case .cancelled:
      return .cancelled(endpoint: endpoint)
    case .unsupportedURL, .badURL:
      return .unsupportedURL(endpoint: endpoint)
    default:
      // swift-corelibs-foundation reports most TLS failures as "unknown" with curl's text.
      if let detail = tlsDetail(curlMessage: urlError.localizedDescription) {
        return .tlsFailure(endpoint: endpoint, detail: detail)
      }
      return .failed(endpoint: endpoint, detail: urlError.localizedDescription)
    }
  }

  /// A TLS failure's cause from curl's message, or nil when the message is not about TLS.
  ///
  /// For example "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number" (the server
  /// speaks plain HTTP) or "SSL certificate problem: self-signed certificate".
  static func tlsDetail(curlMessage message: String) -> String? {
    let lowered = message.lowercased()
    if lowered.contains("wrong version number") || lowered.contains("packet length too long") {
      return "the server does not speak TLS; try http:// instead of https://"
    }
    if let range = message.range(of: "SSL certificate problem: ") {
      return "certificate problem: " + message[range.upperBound...]
    }
    guard lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") else {
      return nil
    }
    return message
  }

  private static func tlsDetail(_ error: URLError) -> String {
    switch error.code {
    case .serverCertificateHasBadDate: "the server's certificate has expired"
    case .serverCertificateNotYetValid: "the server's certificate is not yet valid"
    case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
      "the server's certificate is not trusted"
    case .clientCertificateRejected, .clientCertificateRequired: "the server wants a client certificate"
    default: "no secure connection could be made; is it an https server?"
    }
  }
}
