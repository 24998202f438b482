import FoundationEssentials

/// One HTTP request for ``HTTPClient``: method, URL, header fields, body, and its limits.
///
/// A plain value: safe to share between tasks.
public struct HTTPRequest: Sendable {
  /// The methods this client sends.
  public enum Method: String, Sendable {
    /// `GET`: a persisted query's hash in the URL.
    case get = "GET"
    /// `POST`: the request in the body.
    case post = "POST"
  }

  /// The method (default POST).
  public var method: Method
  /// An `http://` or `https://` URL; IPv6 literals in brackets are fine (`http://[::1]:4000/`).
  public var url: URL
  /// The header fields to send.
  public var headers: HTTPHeaders
  /// The body (sent with POST only).
  public var body: [UInt8]
  /// The longest wait for the whole exchange, connecting included; nil: the client's timeout.
  public var timeout: Duration?
  /// The largest body accepted; nil: the client's bound.
  public var maxBodySize: Int?
  /// For a body that streams as long as the server keeps it (a subscription): the longest the
  /// server may stay silent. When set, `timeout` bounds connecting and the response head only,
  /// and the exchange as a whole has no time limit.
  public var idleTimeout: Duration?

  /// A request.
  ///
  /// - Parameters:
  ///   - method: GET or POST (default POST).
  ///   - url: the URL.
  ///   - headers: header fields (default none).
  ///   - body: the body bytes (default empty).
  ///   - timeout: the whole-exchange timeout (default nil: the client's).
  ///   - maxBodySize: the body bound (default nil: the client's).
  public init(
    method: Method = .post, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
    timeout: Duration? = nil, maxBodySize: Int? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.maxBodySize = maxBodySize
  }
}
