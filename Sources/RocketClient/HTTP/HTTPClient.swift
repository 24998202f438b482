import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends HTTP POST requests and returns the whole response, whatever its status.
///
/// The bytes layer under the GraphQL HTTP transport. It uses an ephemeral URLSession of its own:
/// no cookies, no cache, no credentials stored, so nothing of a session leaks to disk.
/// Requests honour Swift task cancellation and a timeout; failures are ``HTTPTransportError``s
/// that name the endpoint.
///
/// Thread safety: immutable after creation; share one client between tasks.
public final class HTTPClient: Sendable {
  /// The longest wait for the whole response, from sending to the last body byte.
  public let timeout: Duration
  private let session: URLSession

  /// Creates a client with its own URLSession.
  ///
  /// - Parameter timeout: the longest wait for the whole response (default 30 seconds); past it
  ///   ``post(url:body:headers:)`` throws ``HTTPTransportError/timedOut(endpoint:after:)``.
  public init(timeout: Duration = .seconds(30)) {
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.urlCache = nil
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = Self.backstop(timeout)
    configuration.timeoutIntervalForResource = Self.backstop(timeout)
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// POSTs `body` to `url` and returns the response, including the body of 4xx/5xx responses.
  ///
  /// - Parameters:
  ///   - url: an `http://` or `https://` endpoint.
  ///   - body: the request body.
  ///   - headers: header fields to send, such as `Content-Type` and `Authorization` (default none).
  /// - Returns: the status, header fields (lower-cased names) and body.
  /// - Throws: ``HTTPTransportError``; `.cancelled` when the calling task is cancelled, before or
  ///   during the request.
  public func post(url: URL, body: Data, headers: [String: String] = [:]) async throws -> HTTPResponse {
    guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
      throw HTTPTransportError.unsupportedURL(endpoint: url)
    }
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.backstop(timeout))
    request.httpMethod = "POST"
    request.httpBody = body
    request.httpShouldHandleCookies = false
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return try await perform(request, endpoint: url)
  }

  /// Runs a data task, cancelling it when the calling task is cancelled or the deadline passes.
  ///
  /// The deadline is our own timer: swift-corelibs-foundation truncates URLSession's timeouts to
  /// whole seconds (0.3 s becomes "expire at once") and ignores the resource timeout, so the
  /// session's timeout is only a backstop, rounded up.
  private func perform(_ request: URLRequest, endpoint: URL) async throws -> HTTPResponse {
    let slot = DataTaskSlot()
    let timeout = timeout
    let deadline = Task {
      try await Task.sleep(for: timeout)
      slot.cancel(reason: .deadline)
    }
    defer { deadline.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          let outcome = Self.result(data: data, response: response, error: error, endpoint: endpoint)
          continuation.resume(
            with: outcome.mapError { error -> HTTPTransportError in
              switch (error, slot.cancellationReason) {
              case (.cancelled, .deadline?), (.timedOut, _):
                return HTTPTransportError.timedOut(endpoint: endpoint, after: timeout)
              default:
                return error
              }
            })
        }
        if slot.start(task) {
          task.resume()
        } else if slot.cancellationReason == .deadline {
          continuation.resume(throwing: HTTPTransportError.timedOut(endpoint: endpoint, after: timeout))
        } else {
          continuation.resume(throwing: HTTPTransportError.cancelled(endpoint: endpoint))
        }
      }
    } onCancel: {
      slot.cancel(reason: .caller)
    }
  }

  private static func result(
    data: Data?, response: URLResponse?, error: (any Error)?, endpoint: URL
  ) -> Result<HTTPResponse, HTTPTransportError> {
    if let error {
      return .failure(HTTPTransportError.from(error, endpoint: endpoint))
    }
    guard let http = response as? HTTPURLResponse else {
      return .failure(.failed(endpoint: endpoint, detail: "the answer was not HTTP"))
    }
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in http.allHeaderFields {
      headers[name.lowercased()] = value
    }
    return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
  }

  /// URLSession's own timeout: whole seconds, one more than ours, so our deadline fires first.
  private static func backstop(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds + (attoseconds > 0 ? 1 : 0) + 1)
  }
}

/// Hands a data task from the request side to whoever cancels it (the caller's task or the
/// deadline), whichever comes first, and remembers why it was cancelled.
private final class DataTaskSlot: Sendable {
  /// Who cancelled the request.
  enum Reason {
    case caller
    case deadline
  }

  private enum State {
    case waiting
    case running(URLSessionDataTask)
    case cancelled(Reason)
  }

  private let state = Mutex(State.waiting)

  /// Records `task`; false when cancellation came first, so the task must not be started.
  func start(_ task: URLSessionDataTask) -> Bool {
    state.withLock { state in
      guard case .waiting = state else { return false }
      state = .running(task)
      return true
    }
  }

  /// Why the request was cancelled, or nil if it was not.
  var cancellationReason: Reason? {
    state.withLock { state in
      guard case .cancelled(let reason) = state else { return nil }
      return reason
    }
  }

  /// Cancels the running task, or makes a later ``start(_:)`` refuse. The first reason sticks.
  func cancel(reason: Reason) {
    let task: URLSessionDataTask? = state.withLock { state in
      switch state {
      case .cancelled: return nil
      case .waiting:
        state = .cancelled(reason)
        return nil
      case .running(let task):
        state = .cancelled(reason)
        return task
      }
    }
    task?.cancel()
  }
}
