import FoundationEssentials
import GraphQLWire

/// Why an HTTP exchange with a GraphQL endpoint failed, in words that name the endpoint
/// (`cannot reach http://127.0.0.1:9/graphql: connection refused`).
public enum HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing accepted the TCP connection (nothing listening, or the connection could not be made).
  case connectionRefused(endpoint: URL)
  /// No TCP connection could be made for another reason than a refusal (`detail` says why,
  /// such as "Network is unreachable").
  case cannotConnect(endpoint: URL, detail: String)
  /// The host name does not resolve.
  case unknownHost(endpoint: URL)
  /// No complete response within the client's timeout.
  case timedOut(endpoint: URL, after: Duration)
  /// The TLS handshake failed (bad certificate, wrong protocol, not a TLS server); `detail` says why.
  case tlsFailure(endpoint: URL, detail: String)
  /// The connection broke, or the network is down, before a response arrived.
  case connectionLost(endpoint: URL)
  /// The response body passed the client's bound (`limit` bytes); the transfer was stopped
  /// there, or at the head when `Content-Length` announced more.
  case bodyTooLarge(endpoint: URL, limit: Int)
  /// The server answered with a redirect (3xx), which is not followed.
  case redirected(endpoint: URL, status: Int, location: String?)
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
    case .connectionRefused(let endpoint), .cannotConnect(let endpoint, _), .unknownHost(let endpoint),
      .timedOut(let endpoint, _), .bodyTooLarge(let endpoint, _), .redirected(let endpoint, _, _),
      .tlsFailure(let endpoint, _), .connectionLost(let endpoint), .cancelled(let endpoint),
      .unsupportedURL(let endpoint), .notJSON(let endpoint, _, _), .serverError(let endpoint, _, _),
      .failed(let endpoint, _):
      return endpoint
    }
  }

  /// The same failure naming `endpoint` instead of the URL that was fetched: a GET carries the
  /// request in its URL, and a message names the endpoint, not the persisted query's parameters.
  public func naming(_ endpoint: URL) -> HTTPTransportError {
    switch self {
    case .connectionRefused: .connectionRefused(endpoint: endpoint)
    case .cannotConnect(_, let detail): .cannotConnect(endpoint: endpoint, detail: detail)
    case .unknownHost: .unknownHost(endpoint: endpoint)
    case .timedOut(_, let after): .timedOut(endpoint: endpoint, after: after)
    case .tlsFailure(_, let detail): .tlsFailure(endpoint: endpoint, detail: detail)
    case .connectionLost: .connectionLost(endpoint: endpoint)
    case .bodyTooLarge(_, let limit): .bodyTooLarge(endpoint: endpoint, limit: limit)
    case .redirected(_, let status, let location):
      .redirected(endpoint: endpoint, status: status, location: location)
    case .cancelled: .cancelled(endpoint: endpoint)
    case .unsupportedURL: .unsupportedURL(endpoint: endpoint)
    case .notJSON(_, let status, let body): .notJSON(endpoint: endpoint, status: status, body: body)
    case .serverError(_, let status, let body): .serverError(endpoint: endpoint, status: status, body: body)
    case .failed(_, let detail): .failed(endpoint: endpoint, detail: detail)
    }
  }

  /// The HTTP status of the answer the failure is about, or nil when no answer came.
  public var status: Int? {
    switch self {
    case .redirected(_, let status, _), .notJSON(_, let status, _), .serverError(_, let status, _): status
    default: nil
    }
  }

  /// True when the service could not be reached or is not available: connection refused, unknown
  /// host, no route, timeout, TLS failure, connection lost or reset (a truncated body included),
  /// or a gateway status (502, 503, 504) saying the server behind a proxy is down. The CLI maps it to exit status 69.
  public var isUnreachable: Bool {
    switch self {
    case .connectionRefused, .cannotConnect, .unknownHost, .timedOut, .tlsFailure, .connectionLost: true
    case .serverError(_, let status, _): [502, 503, 504].contains(status)
    case .cancelled, .unsupportedURL, .notJSON, .failed, .bodyTooLarge, .redirected: false
    }
  }

  /// A one-line message for the user, naming the endpoint.
  public var description: String {
    let endpoint = Self.displayed(endpoint)
    switch self {
    case .connectionRefused:
      return "cannot reach \(endpoint): connection refused"
    case .cannotConnect(_, let detail):
      return "cannot reach \(endpoint): \(detail)"
    case .bodyTooLarge(_, let limit):
      return "the answer from \(endpoint) is larger than \(Self.bytes(limit)); the transfer was stopped"
    case .redirected(_, let status, let location):
      let target = location.map { " to \(Self.displayedLocation($0))" } ?? ""
      return "\(endpoint) answered HTTP \(status), a redirect\(target), which is not followed for POST; "
        + "use the target as the endpoint if you trust it"
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
    case .unsupportedURL:
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
  public static func displayed(_ url: URL) -> String {
    guard url.password != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url.absoluteString }
    components.password = "***"
    return components.string ?? url.absoluteString
  }

  /// A redirect target for a message: any password masked, and nothing but printable ASCII
  /// (it is the server's text, and must not drive the terminal).
  static func displayedLocation(_ location: String) -> String {
    let printable = String(
      location.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
    return URL(string: printable).map(displayed) ?? printable
  }

  /// "16 MiB", "1500 bytes".
  static func bytes(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count) bytes"
  }

  /// "30 s", "0.25 s".
  static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    let fraction = String(milliseconds % 1000)
    var text = "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    while text.hasSuffix("0") { text.removeLast() }
    return text + " s"
  }
}
