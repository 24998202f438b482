/// Answers `/health` and `/ready` (`HealthProbes`) before the router it wraps sees the request,
/// so that probes work whatever the router serves and never wait for an execution thread; and
/// on a connection beyond its address's budget (which the server opens for probes only, see
/// `HTTPServer`'s probe allowance) refuses everything else, closing the connection. While the
/// probes drain, every answer asks its client to close the connection.
struct HealthProbeRouter: HTTPMiddleware {
  /// Connections an address may open beyond its budget when the server has probes: they serve
  /// `/health` and `/ready` only.
  static let allowance = 4

  let probes: HealthProbes
  let inner: any HTTPRouter

  init(probes: HealthProbes, wrapping inner: any HTTPRouter) {
    self.probes = probes
    self.inner = inner
  }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    if let answer = probes.answer(method: head.method, path: head.path, stopping: exchange.serverStopping) {
      return .respond(answer)
    }
    guard !exchange.connectionOverBudget else {
      exchange.closesConnection = true
      return .respond(
        inner.error(
          503, "Too many connections from your address; only /health and /ready are served on this one.",
          in: exchange))
    }
    return inner.route(head, in: exchange)
  }

  var isDraining: Bool { probes.isDraining || inner.isDraining }
}
