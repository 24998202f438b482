/// Writes one access-log entry per request once it is over, from the server's record of it.
struct AccessLogRouter<Inner: HTTPRouter>: HTTPMiddleware {
  let log: any AccessLog
  let inner: Inner

  init(log: any AccessLog, wrapping inner: Inner) {
    self.log = log
    self.inner = inner
  }

  func completed(_ exchange: HTTPExchange) {
    log.record(exchange.accessLogEntry())
    inner.completed(exchange)
  }
}

extension HTTPExchange {
  /// The access-log entry for this request, now that it is over.
  func accessLogEntry() -> AccessLogEntry {
    let elapsed = ContinuousClock.now - started
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return AccessLogEntry(
      time: time, method: method, path: path, status: status, operationName: logLabel,
      durationMilliseconds: milliseconds, client: client, requestID: requestID, bytesIn: bytesIn,
      bytesOut: bodyBytesSent, errorCount: errorCount)
  }
}
