import FoundationEssentials
import Synchronization

/// Sends HTTP requests on libcurl and returns the response, whatever its status.
///
/// The bytes layer under the GraphQL HTTP transport. All of a client's requests run on one
/// libcurl multi handle, on a thread of its own that sleeps in the kernel while nothing happens
/// (see `CurlMultiLoop`), and share its connection cache: requests to one server reuse a
/// kept-alive connection. No cookies, no cache, no stored credentials; redirects are never
/// followed; proxies come from the usual environment variables (`http_proxy`, `https_proxy`,
/// `no_proxy`), as libcurl reads them; TLS peers are verified against the system's CA store, or
/// as ``tls`` says.
///
/// Every request has a timeout (connecting included, to the millisecond) and a bound on the body
/// size; Swift task cancellation stops a transfer at once. Failures are ``HTTPTransportError``s
/// that name the endpoint.
///
/// libcurl is opened, and the client's thread started, by the first request: a program that
/// answers from its cache never loads the library (about 2 ms of a one-shot command's start-up).
///
/// Thread safety: the loop is created once under a lock; share one client between tasks.
public final class HTTPClient: Sendable {
  /// The default bound on a response body: 16 MiB.
  public static let defaultMaxBodySize = 16 << 20

  /// The longest wait for a whole exchange, from connecting to the last body byte.
  public let timeout: Duration
  /// The largest response body accepted, in bytes.
  public let maxBodySize: Int
  /// How TLS servers' certificates are checked (also by the WebSocket of a subscription
  /// transport made with this client).
  public let tls: TLSOptions
  private let loop = Mutex(LoopState.notStarted)

  /// The libcurl multi loop, made by the first request.
  private enum LoopState {
    case notStarted
    case running(CurlMultiLoop)
    /// libcurl missing or failing to start, and why.
    case unavailable(String)

    /// Opens libcurl and starts the loop's thread.
    static func start() -> LoopState {
      if let problem = CurlMultiLoop.libraryProblem() { return .unavailable(problem) }
      return CurlMultiLoop().map(LoopState.running) ?? .unavailable("libcurl could not be set up")
    }
  }

  /// Creates a client; libcurl is loaded when it sends its first request.
  ///
  /// - Parameters:
  ///   - timeout: the longest wait for a whole exchange (default 30 seconds); past it a request
  ///     throws ``HTTPTransportError/timedOut(endpoint:after:)``.
  ///   - maxBodySize: the largest body accepted (default 16 MiB); past it a request throws
  ///     ``HTTPTransportError/bodyTooLarge(endpoint:limit:)``.
  ///   - tls: how TLS servers' certificates are checked (default: against the system's store).
  public init(
    timeout: Duration = .seconds(30), maxBodySize: Int = HTTPClient.defaultMaxBodySize,
    tls: TLSOptions = TLSOptions()
  ) {
    self.timeout = timeout
    self.maxBodySize = maxBodySize
    self.tls = tls
  }

  /// The running loop, started on first use; the reason when libcurl cannot be set up.
  private func runningLoop() -> Result<CurlMultiLoop, LoopUnavailable> {
    loop.withLock { state in
      if case .notStarted = state { state = LoopState.start() }
      if case .running(let running) = state { return .success(running) }
      if case .unavailable(let problem) = state { return .failure(LoopUnavailable(problem: problem)) }
      return .failure(LoopUnavailable(problem: "libcurl could not be set up"))
    }
  }

  private struct LoopUnavailable: Error {
    let problem: String
  }

  /// Sends `request` and returns once the response head has arrived; the body streams.
  ///
  /// - Parameter request: the request; its own timeout and body bound, when set, replace the
  ///   client's.
  /// - Returns: the status, header fields and the body as it arrives.
  /// - Throws: ``HTTPTransportError``; `.cancelled` when the calling task is cancelled, before or
  ///   during the request.
  public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPStreamedResponse {
    guard let scheme = request.url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = request.url.host, !host.isEmpty
    else {
      throw HTTPTransportError.unsupportedURL(endpoint: request.url)
    }
    if Task.isCancelled { throw HTTPTransportError.cancelled(endpoint: request.url) }
    let loop: CurlMultiLoop
    switch runningLoop() {
    case .success(let running): loop = running
    case .failure(let unavailable):
      throw HTTPTransportError.failed(endpoint: request.url, detail: unavailable.problem)
    }
    let transfer = try CurlTransfer(
      request: request, timeout: request.timeout ?? timeout, maxBodySize: request.maxBodySize ?? maxBodySize,
      tls: tls, loop: loop)
    return try await transfer.start()
  }

  /// POSTs `body` to `url` and returns the whole response, including the body of 4xx/5xx responses.
  ///
  /// - Parameters:
  ///   - url: an `http://` or `https://` endpoint.
  ///   - body: the request body.
  ///   - headers: header fields to send, such as `Content-Type` and `Authorization` (default none).
  /// - Returns: the status, header fields (lower-cased names) and body.
  /// - Throws: ``HTTPTransportError``; `.cancelled` when the calling task is cancelled, before or
  ///   during the request.
  public func post(
    url: URL, body: Data, headers: HTTPHeaders = HTTPHeaders()
  ) async throws(HTTPTransportError) -> HTTPResponse {
    try await fetch(HTTPRequest(method: .post, url: url, headers: headers, body: [UInt8](body)))
  }

  /// Sends `request` and reads the whole body (at most the body bound).
  ///
  /// - Throws: ``HTTPTransportError`` as ``send(_:)`` does, and for a body that fails part way.
  public func fetch(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    try await Self.collect(try await send(request), of: request)
  }

  /// Reads the rest of `response`, the answer to `request`, as ``fetch(_:)`` does.
  static func collect(_ response: HTTPStreamedResponse, of request: HTTPRequest)
    async throws(HTTPTransportError)
    -> HTTPResponse
  {
    var body = Data()
    do {
      for try await chunk in response.body { body.append(contentsOf: chunk) }
    } catch let error as HTTPTransportError {
      throw error
    } catch {
      throw HTTPTransportError.failed(endpoint: request.url, detail: "\(error)")
    }
    // A cancelled reader sees the body end early: that is a cancellation, not a short answer.
    if Task.isCancelled { throw HTTPTransportError.cancelled(endpoint: request.url) }
    return HTTPResponse(status: response.status, headers: response.headers, body: body)
  }
}
