import Foundation
import Synchronization

/// A tiny HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) for client tests.
///
/// It answers each request with the ``Response`` its handler returns (optionally after a
/// delay, for timeout and cancellation tests), records every ``Request`` it received, and
/// stops when released or on ``stop()``. One request per connection (`Connection: close`);
/// request bodies must carry `Content-Length` (as the client sends them).
///
/// For example:
/// ```swift
/// let stub = try LoopbackHTTPStub(response: .json(#"{"data":{}}"#, status: 400))
/// let response = try await client.post(url: stub.url(), body: body, headers: [:])
/// #expect(stub.requests.first?.header("content-type") == "application/json")
/// ```
///
/// Thread safety: all state sits behind a `Mutex`; each connection is served on its own thread.
public final class LoopbackHTTPStub: Sendable {
  /// A request as the stub received it.
  public struct Request: Sendable, Equatable {
    /// The method, such as "POST".
    public var method: String
    /// The request target, such as "/graphql?x=1".
    public var path: String
    /// Header fields with lower-cased names (repeated fields joined with ", ").
    public var headers: [String: String]
    /// The body bytes (empty when there was none).
    public var body: Data

    /// The value of the header `name`, matched case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Whether the request carries a document's text: a POST whose JSON body has `query`, or a
    /// GET with a `query` parameter (not a persisted query's hash alone).
    public var carriesQueryText: Bool {
      if method == "GET" { return path.contains("?query=") || path.contains("&query=") }
      let text = String(decoding: body, as: UTF8.self)
      return text.hasPrefix(#"{"query":"#)
    }
  }

  /// What to answer with.
  public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields to send; `Content-Length` and `Connection: close` are added.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// How long to wait before answering; the wait ends early if the client disconnects.
    public var delay: Duration

    /// A response.
    ///
    /// - Parameters:
    ///   - status: the status code (default 200).
    ///   - headers: extra header fields (default none).
    ///   - body: the body (default empty).
    ///   - delay: the wait before answering (default none).
    public init(
      status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
    }

    /// A JSON body with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200, delay: Duration = .zero) -> Response {
      Response(
        status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8), delay: delay)
    }

    /// What a GraphQL server without persisted queries answers a request without a document's
    /// text (graphql-js's servers say this): 400 and "Must provide query string."; a client that
    /// sent only a hash falls back to the text.
    public static let mustProvideQuery = json(
      #"{"errors":[{"message":"Must provide query string."}]}"#, status: 400)

    /// An HTML body with `Content-Type: text/html`, like a proxy's error page.
    public static func html(_ text: String, status: Int) -> Response {
      Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
    }
  }

  private let server: StubServer

  /// The port the stub listens on.
  public var port: UInt16 { server.port }

  /// Every request received so far, in arrival order.
  public var requests: [Request] { server.recordedRequests }

  /// Starts a stub that asks `handler` for the response to each request.
  ///
  /// - Parameter handler: called on a connection thread with the recorded request.
  /// - Throws: ``SocketError`` when the listening socket cannot be set up.
  public init(handler: @escaping @Sendable (Request) -> Response) throws {
    server = try StubServer(handler: handler)
  }

  /// Starts a stub that answers the n-th request with `responses[n]`, repeating the last one.
  ///
  /// - Throws: ``SocketError`` when the listening socket cannot be set up.
  public convenience init(responses: [Response]) throws {
    let counter = Mutex(0)
    let responses = responses.isEmpty ? [Response(status: 404)] : responses
    try self.init { _ in
      let index = counter.withLock { count in
        defer { count += 1 }
        return min(count, responses.count - 1)
      }
      return responses[index]
    }
  }

  /// Starts a stub that answers every request with `response`.
  ///
  /// - Throws: ``SocketError`` when the listening socket cannot be set up.
  public convenience init(response: Response) throws {
    try self.init(responses: [response])
  }

  /// `http://127.0.0.1:<port><path>`.
  ///
  /// - Parameter path: the path, default "/graphql".
  public func url(path: String = "/graphql") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Waits until at least `count` requests have arrived.
  ///
  /// - Parameters:
  ///   - count: the number of requests to wait for (default 1).
  ///   - timeout: how long to wait at most (default 5 s).
  /// - Returns: false when the timeout passed first.
  public func waitForRequests(count: Int = 1, timeout: Duration = .seconds(60)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while server.recordedRequests.count < count {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// Stops listening and drops open connections (waiting responses are not sent). Idempotent.
  public func stop() {
    server.stop()
  }

  deinit {
    server.stop()
  }
}
