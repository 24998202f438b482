import FoundationEssentials
import Synchronization

/// Sends HTTP requests on libcurl and returns the response, whatever its status.
///
/// All of a client's requests run on one libcurl multi handle, on a thread of its own that sleeps
/// in the kernel while idle (`CurlMultiLoop`), and share its kept-alive connections. No cookies,
/// no cache, no redirects followed; proxies from the usual environment variables; TLS peers
/// verified as ``tls`` says. Every request has a timeout and a body bound; task cancellation
/// stops a transfer at once. libcurl is loaded by the first request, so a program that answers
/// from its cache never loads it (about 2 ms of start-up).
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

  /// Creates a client (default 30 s timeout, 16 MiB bodies, the system's trust store); libcurl
  /// is loaded when it sends its first request.
  public init(
    timeout: Duration = .seconds(30), maxBodySize: Int = HTTPClient.defaultMaxBodySize,
    tls: TLSOptions = TLSOptions()
  ) {
    self.timeout = timeout
    self.maxBodySize = maxBodySize
    self.tls = tls
  }

  /// The running loop, started on first use; libcurl missing or failing is an error for `url`.
  private func runningLoop(for url: URL) throws(HTTPTransportError) -> CurlMultiLoop {
    try loop.withLock { state throws(HTTPTransportError) in
      if case .notStarted = state { state = LoopState.start() }
      switch state {
      case .running(let running): return running
      case .unavailable(let problem): throw .failed(endpoint: url, detail: problem)
      case .notStarted: throw .failed(endpoint: url, detail: "libcurl could not be set up")
      }
    }
  }

  /// Sends `request` and returns once the response head has arrived; the body streams. The
  /// request's own timeout and body bound, when set, replace the client's.
  public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPStreamedResponse {
    guard let scheme = request.url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = request.url.host, !host.isEmpty
    else {
      throw HTTPTransportError.unsupportedURL(endpoint: request.url)
    }
    if Task.isCancelled { throw HTTPTransportError.cancelled(endpoint: request.url) }
    let loop = try runningLoop(for: request.url)
    let transfer = try CurlTransfer(
      request: request, timeout: request.timeout ?? timeout, maxBodySize: request.maxBodySize ?? maxBodySize,
      tls: tls, loop: loop)
    return try await transfer.start()
  }

  /// POSTs `body` to `url` and returns the whole response, including the body of 4xx/5xx responses.
  public func post(
    url: URL, body: Data, headers: HTTPHeaders = HTTPHeaders()
  ) async throws(HTTPTransportError) -> HTTPResponse {
    try await fetch(HTTPRequest(method: .post, url: url, headers: headers, body: [UInt8](body)))
  }

  /// Sends `request` and reads the whole body (at most the body bound).
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
