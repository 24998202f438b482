import FoundationEssentials

/// One HTTP request for ``HTTPClient``: method, URL, header fields, body, and its limits.
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
  /// server may stay silent; `timeout` then bounds connecting and the head only.
  public var idleTimeout: Duration?

  /// A request; a nil `timeout` or `maxBodySize` is the client's.
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
