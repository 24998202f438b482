/// Reports each request on its way back, for `--verbose`: target, operation, status, size, time
/// (`POST http://127.0.0.1:4000/graphql LaunchList: 200, 1532 bytes, 4.1 ms`), never a header
/// value nor variables. Placed inside ``RetryInterceptor``, it reports each attempt.
public struct LoggingInterceptor: RequestInterceptor {
  /// What the requests go to, such as `POST http://127.0.0.1:4000/graphql`.
  public let target: String
  private let write: @Sendable (String) -> Void

  /// - Parameters:
  ///   - target: the method and URL (any password already masked), or a name for the backend.
  ///   - write: receives one line per request (without a newline).
  public init(target: String, write: @escaping @Sendable (String) -> Void) {
    self.target = target
    self.write = write
  }

  /// Proceeds, then writes one line on the answer or the failure.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let start = ContinuousClock.now
    let name = request.operation.operationName.map { " \($0)" } ?? ""
    do {
      let response = try await chain.proceed(request)
      var parts: [String] = []
      if let status = response.status { parts.append("\(status)") }
      if let size = response.byteCount { parts.append("\(size) bytes") }
      parts.append(Self.time(ContinuousClock.now - start))
      write("\(request.shownTarget(target))\(name): " + parts.joined(separator: ", "))
      return response
    } catch {
      write(
        "\(request.shownTarget(target))\(name): failed after \(Self.time(ContinuousClock.now - start)) (\(error))"
      )
      throw error
    }
  }

  /// "4.1 ms", "1.25 s".
  static func time(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    if microseconds < 1_000_000 {
      return "\(microseconds / 1000).\(microseconds % 1000 / 100) ms"
    }
    let centiseconds = microseconds / 10_000
    let fraction = centiseconds % 100
    return "\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
  }
}
