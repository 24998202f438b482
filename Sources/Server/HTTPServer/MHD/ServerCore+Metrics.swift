extension ServerCore {
  /// Registers the levels a scrape reads from the server as it is: connections, requests in
  /// flight, streams, the executor's threads and queues.
  func registerLevels(in registry: MetricsRegistry) {
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_http_open_connections",
        help:
          "HTTP connections open now: ordinary ones, and long-lived ones (WebSockets, streamed subscriptions).",
        labelNames: ["kind"]
      ) { [connections] in
        let counts = connections.counts
        return [(["ordinary"], Double(counts.ordinary)), (["long_lived"], Double(counts.longLived))]
      })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_http_connections_accepted_total", help: "HTTP connections accepted.",
        type: .counter
      ) { [connections] in Double(connections.counts.accepted) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_http_connections_refused_total",
        help: "HTTP connections closed on accept because the ordinary connection limit was reached.",
        type: .counter
      ) { [connections] in Double(connections.counts.refused) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_http_head_timeouts_total",
        help: "HTTP connections closed because a request head did not arrive in time.", type: .counter
      ) { [connections] in Double(connections.counts.headTimeouts) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_http_requests_in_flight",
        help: "HTTP requests whose head arrived and whose answer was not yet sent (streams included)."
      ) { [self] in Double(inFlight.load(ordering: .relaxed)) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_http_streams_open",
        help: "Streamed HTTP responses (multipart and SSE subscriptions) being sent now."
      ) { [self] in Double(openStreamCount) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_executor_threads",
        help: "Threads of the fair executor that run GraphQL executions."
      ) { [executor] in Double(executor.threadCount) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_executor_running",
        help: "Executions running on the fair executor's threads now."
      ) { [executor] in Double(executor.load.running) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_executor_queued",
        help: "Executions waiting in the fair executor's per-address queues for a thread now."
      ) { [executor] in Double(executor.load.waiting) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_executor_inline_total",
        help:
          "Answers expected to be brief (cached cheap queries) computed on the thread that read the request, without the executor.",
        type: .counter
      ) { [inline] in Double(inline.inlineAnswers) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_executor_inline_overruns_total",
        help:
          "Inline answers that took longer than the brief-answer limit; each sends every answer to the executor for a second.",
        type: .counter
      ) { [inline] in Double(inline.overruns) })
  }
}
