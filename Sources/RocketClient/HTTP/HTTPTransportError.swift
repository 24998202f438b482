import Foundation

/// Why an HTTP exchange with a GraphQL endpoint failed, in words that name the endpoint.
///
/// For example: `cannot reach http://127.0.0.1:9/graphql: connection refused`.
/// ``isUnreachable`` tells the CLI to exit with status 69 (`EX_UNAVAILABLE`).
public enum HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing accepted the TCP connection (nothing listening, or the connection could not be made).
  case connectionRefused(endpoint: URL)
  /// The host name does not resolve.
  case unknownHost(endpoint: URL)
  /// No complete response within the client's timeout.
  case timedOut(endpoint: URL, after: Duration)
  /// The TLS handshake failed (bad certificate, wrong protocol, not a TLS server); `detail` says why.
  case tlsFailure(endpoint: URL, detail: String)
  /// The connection broke, or the network is down, before a response arrived.
  case connectionLost(endpoint: URL)
  /// The Swift task was cancelled (for example Ctrl-C in the REPL).
  case cancelled(endpoint: URL)
  /// The endpoint is not an `http://` or `https://` URL with a host.
  case unsupportedURL(endpoint: URL)
  /// The server answered, but not with JSON (and the status was not 5xx): likely not a GraphQL endpoint.
  case notJSON(endpoint: URL, status: Int, body: HTTPResponse.BodyKind)
  /// The server (or a proxy in front of it) answered 5xx without a usable GraphQL response.
  case serverError(endpoint: URL, status: Int, body: HTTPResponse.BodyKind)
  /// Any other failure; `detail` is the system's description.
  case failed(endpoint: URL, detail: String)

  /// The endpoint the failed request was for.
  public var endpoint: URL {
    switch self {
    case .connectionRefused(let endpoint), .unknownHost(let endpoint), .timedOut(let endpoint, _),
      .tlsFailure(let endpoint, _), .connectionLost(let endpoint), .cancelled(let endpoint),
      .unsupportedURL(let endpoint), .notJSON(let endpoint, _, _), .serverError(let endpoint, _, _),
      .failed(let endpoint, _):
      return endpoint
    }
  }

  /// True when the service could not be reached or is not available: connection refused, unknown
  /// host, timeout, TLS failure, connection lost, or a gateway status (502, 503, 504) saying the
  /// server behind a proxy is down. The CLI maps it to exit status 69.
  public var isUnreachable: Bool {
    switch self {
    case .connectionRefused, .unknownHost, .timedOut, .tlsFailure, .connectionLost: true
    case .serverError(_, let status, _): [502, 503, 504].contains(status)
    case .cancelled, .unsupportedURL, .notJSON, .failed: false
    }
  }

  /// A one-line message for the user, naming the endpoint.
  public var description: String {
    let endpoint = Self.displayed(endpoint)
    switch self {
    case .connectionRefused:
      return "cannot reach \(endpoint): connection refused"
    case .unknownHost(let url):
      return "cannot reach \(endpoint): unknown host \(url.host ?? "")"
    case .timedOut(_, let timeout):
      return "cannot reach \(endpoint): no response within \(Self.seconds(timeout)) (timed out)"
    case .tlsFailure(_, let detail):
      return "cannot reach \(endpoint): TLS handshake failed (\(detail))"
    case .connectionLost:
      return "cannot reach \(endpoint): the connection was lost before a response arrived"
    case .cancelled:
      return "request to \(endpoint) was cancelled"
    case .unsupportedURL(let url):
      if let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        url.absoluteString.contains("://[")
      {
        // swift-corelibs URLSession turns bracketed IPv6 literals away as bad URLs.
        return
          "cannot reach \(endpoint): IPv6 address literals are not supported in URLs here; use a host name "
          + "that resolves to the address (an /etc/hosts entry, for instance)"
      }
      return "\(endpoint) is not an http:// or https:// URL"
    case .notJSON(_, let status, let body):
      return "\(endpoint) answered HTTP \(status) with \(body) instead of JSON; is it a GraphQL endpoint?"
    case .serverError(_, let status, let body):
      return "server error at \(endpoint): HTTP \(status) with \(body)"
    case .failed(_, let detail):
      return "request to \(endpoint) failed: \(detail)"
    }
  }

  /// The URL as text, with any password replaced so it cannot leak into messages.
  static func displayed(_ url: URL) -> String {
    guard url.password != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url.absoluteString }
    components.password = "***"
    return components.string ?? url.absoluteString
  }

  /// "30 s", "0.25 s".
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    var text = String(format: "%.3f", Double(milliseconds) / 1000)
    while text.hasSuffix("0") { text.removeLast() }
    return text + " s"
  }
}
