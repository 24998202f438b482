/// Answers `/health` and `/ready` before the router sees the request; on a connection beyond its
/// address's budget (`HealthProbes.connectionAllowance`) refuses everything else and closes it.
struct HealthProbeRouter<Inner: HTTPRouter>: HTTPMiddleware {
  let probes: HealthProbes?
  let inner: Inner

  init(probes: HealthProbes?, wrapping inner: Inner) {
    self.probes = probes
    self.inner = inner
  }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    guard let probes else { return inner.route(head, in: exchange) }
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

  var isDraining: Bool { probes?.isDraining == true || inner.isDraining }
}
