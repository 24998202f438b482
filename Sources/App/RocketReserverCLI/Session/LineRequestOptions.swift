import CommandLineKit
import RocketClient

/// `--verbose`, `--header`, `--trace` and `--print-curl` given on a shell line, for its requests
/// only: each request carries them in its context (`ResponseCapture`), not a task-local.
struct LineRequestOptions: Sendable {
  /// Report this line's requests on standard error.
  var verbose = false
  /// Header fields added to this line's requests.
  var headers = HTTPHeaders()
  /// Trace this line's requests and responses (`--trace`).
  var trace = false
  /// Print this line's requests as curl command lines (`--print-curl`).
  var printCurl = false

  /// The options of the line that made `request`; none outside a command.
  static func of(_ request: OutgoingRequest) -> LineRequestOptions {
    (request.context as? ResponseCapture)?.line ?? LineRequestOptions()
  }
}

/// Applies the line's options a request carries: its header fields, then the `--verbose` report
/// (unless the whole run reports already).
struct LineRequestOptionsInterceptor: RequestInterceptor {
  /// What requests go to, for the report.
  let target: String
  /// Whether the whole run reports already (`rocket-reserver -v`).
  let sessionIsVerbose: Bool

  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let line = LineRequestOptions.of(request)
    var request = request
    for name in Set(line.headers.map { $0.name.lowercased() }) { request.headers[name] = nil }
    for field in line.headers { request.headers.add(field.name, field.value) }
    guard line.verbose && !sessionIsVerbose else { return try await chain.proceed(request) }
    let logger = LoggingInterceptor(target: target) { writeStandardError("rocket-reserver: \($0)\n") }
    return try await logger.intercept(request, chain: chain)
  }
}
