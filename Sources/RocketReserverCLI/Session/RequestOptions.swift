import RocketClient

/// How the session's client sends requests: `--timeout`, `--header` and `--verbose`.
public struct RequestOptions: Sendable {
  /// The default timeout: 30 seconds.
  public static let defaultTimeout = Duration.seconds(30)

  /// The longest wait for one request (HTTP only: the embedded backend answers in-process).
  public var timeout: Duration
  /// Header fields added to every request.
  public var headers: HTTPHeaders
  /// Whether each request is reported on standard error.
  public var verbose: Bool

  /// - Parameters:
  ///   - timeout: default 30 seconds.
  ///   - headers: default none.
  ///   - verbose: default false.
  public init(timeout: Duration = defaultTimeout, headers: HTTPHeaders = HTTPHeaders(), verbose: Bool = false)
  {
    self.timeout = timeout
    self.headers = headers
    self.verbose = verbose
  }

  /// The chain's steps before authorization, outermost first: capture for `--json`, one retry
  /// of a query on a dropped connection, the `--verbose` report of each attempt, `--header`.
  func interceptors(target: String) -> [any RequestInterceptor] {
    var steps: [any RequestInterceptor] = [ResponseCaptureInterceptor(), RetryInterceptor()]
    if verbose {
      steps.append(LoggingInterceptor(target: target) { writeStandardError("rocket-reserver: \($0)\n") })
    }
    if headers.count > 0 { steps.append(HeaderInterceptor(headers: headers)) }
    return steps
  }
}
