import CommandLineKit
import RocketClient

/// How the session's client sends requests: `--timeout`, `--header` and `--verbose`.
public struct RequestOptions: Sendable {
  /// The default timeout: 30 seconds.
  public static let defaultTimeout = Duration.seconds(30)

  /// The longest wait for one request (HTTP only: the embedded backend answers in-process).
  public var timeout: Duration
  /// Header fields added to every request.
  public var headers: HTTPHeaders
  /// `--cacert FILE`, `--insecure`: how TLS servers are checked, over HTTPS and `wss://`.
  public var tls = TLSOptions()
  /// Whether each request is reported on standard error.
  public var verbose: Bool
  /// `--trace`: every request and response with header fields (secrets masked) and bodies.
  public var trace = false
  /// `--print-curl`: every request as a curl command line (the token as `$TOKEN`).
  public var printCurl = false
  /// `--cache POLICY` given before the command: the policy of commands that give none.
  public var cachePolicy: CachePolicy = .networkFirst
  /// `--apq` (the default) / `--no-apq`: automatic persisted queries to `--endpoint`.
  public var persistedQueries = true

  /// Options with each parameter set.
  public init(timeout: Duration = defaultTimeout, headers: HTTPHeaders = HTTPHeaders(), verbose: Bool = false)
  {
    self.timeout = timeout
    self.headers = headers
    self.verbose = verbose
  }

  /// Writes a note about how a request is sent when the run or its shell line is `--verbose`.
  var verboseNote: @Sendable (String, OutgoingRequest) -> Void {
    { [verbose] note, request in
      guard verbose || LineRequestOptions.of(request).verbose else { return }
      writeStandardError("rocket-reserver: \(TerminalText.safe(note))\n")
    }
  }

  /// The chain's steps before the cache: capture for `--json`, which must see cached answers.
  var outerInterceptors: [any RequestInterceptor] { [ResponseCaptureInterceptor()] }

  /// The chain's steps between the cache and authorization, outermost first: the `@defer`
  /// fallback, persisted queries, `onError`, one retry, the `--verbose` report, `--header`, then
  /// a shell line's options.
  func interceptors(
    target: String, persistedQueries: AutomaticPersistedQueryInterceptor?,
    errorBehavior: ErrorBehaviorInterceptor
  ) -> [any RequestInterceptor] {
    var steps: [any RequestInterceptor] = []
    steps.append(IncrementalDirectiveFallbackInterceptor())
    if let persistedQueries { steps.append(persistedQueries) }
    steps.append(errorBehavior)
    steps.append(RetryInterceptor())
    if verbose {
      steps.append(LoggingInterceptor(target: target) { writeStandardError("rocket-reserver: \($0)\n") })
    }
    if headers.count > 0 { steps.append(HeaderInterceptor(headers: headers)) }
    steps.append(LineRequestOptionsInterceptor(target: target, sessionIsVerbose: verbose))
    return steps
  }
}
