import CMicroHTTPD
import Glibc
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that knows nothing of what it serves: a router decides
/// each answer (`HTTPResponder`); the server keeps the limits, runs computed answers fairly
/// between client addresses (`FairExecutor`) and stops gracefully. Request ids, probes, gzip, the
/// access log and request metrics are middleware around the router (`Middleware/`).
///
/// Any method may be called from any thread; `deinit` stops the daemon.
package final class HTTPServer: Sendable {
  private enum State {
    case idle
    case running(daemon: OpaquePointer, host: String, port: UInt16)
    case stopping(host: String, port: UInt16)
    case stopped
  }

  private let core: ServerCore
  private let state = Mutex<State>(.idle)
  /// The listening socket while running (libmicrohttpd listens on it), else -1.
  private let listener = Atomic<Int32>(-1)

  /// Creates a server; nothing listens until `start`. Without `metrics` nothing is counted;
  /// `probes` answer `/health` and `/ready` before the router.
  package init(
    router: any HTTPRouter, configuration: HTTPServerConfiguration, accessLog: any AccessLog,
    metrics: MetricsRegistry? = nil, probes: HealthProbes? = nil
  ) {
    let httpMetrics = metrics.map(HTTPMetrics.init(registry:))
    let chain = AccessLogRouter(
      log: accessLog,
      wrapping: RequestMetricsRouter(
        metrics: httpMetrics,
        wrapping: RequestIDRouter(
          wrapping: CompressionRouter(
            minimumBytes: configuration.gzipMinimumBytes,
            wrapping: HealthProbeRouter(probes: probes, wrapping: ServedRouter(router: router))))))
    core = ServerCore(
      router: chain, configuration: configuration, metrics: httpMetrics, probeOnlyBeyondBudget: probes != nil)
    if let metrics { core.registerLevels(in: metrics) }
  }

  deinit { stop() }

  private var configuration: HTTPServerConfiguration { core.configuration }

  /// Starts listening and serving on `host` (IPv4, IPv6 such as `::` for every interface, or
  /// `localhost`) and `port` (0 picks a free one, then readable from `port`).
  /// - Throws: `HTTPServerError` when it cannot listen or start.
  package func start(host: String = "127.0.0.1", port: UInt16 = 0) throws(HTTPServerError) {
    guard let address = ListenAddress(host) else { throw .invalidHost(host) }
    // Opened here, a missing libmicrohttpd is an error at start, not inside a connection.
    if let problem = cmhd_open_error() { throw .libraryMissing(String(cString: problem)) }
    try state.withLock { (state: inout State) throws(HTTPServerError) in
      guard case .idle = state else { throw .alreadyStarted }
      var error: Int32 = 0
      let socket: Int32
      let reusePort: Int32 = configuration.reusePort ? 1 : 0
      switch address.family {
      case .ipv4(let address): socket = cmhd_listen_ipv4(address.s_addr, port, 511, reusePort, &error)
      case .ipv6(let bytes):
        socket = bytes.withUnsafeBufferPointer {
          cmhd_listen_ipv6($0.baseAddress, port, 511, reusePort, &error)
        }
      }
      guard socket >= 0 else {
        if error == EADDRINUSE { throw .addressInUse(host: host, port: port) }
        throw .cannotBind(host: host, port: port, reason: String(cString: strerror(error)))
      }
      let boundPort = cmhd_socket_port(socket)
      // Probe-only connections beyond an address's budget (see `ConnectionGuard`).
      let perAddressLimit =
        core.connections.probeOnlyBeyond.map { $0 + HealthProbes.connectionAllowance }
        ?? configuration.maxConnectionsPerAddress
      // Long-lived connections (WebSockets, streamed subscriptions) have slots of their own.
      let connectionLimit = configuration.connectionLimit + configuration.maxSubscriptionConnections
      Self.raiseDescriptorLimit(to: connectionLimit + core.connections.maxLingering + 64)
      var limits = cmhd_limits(
        threads: UInt32(clamping: configuration.threads),
        connection_timeout: UInt32(clamping: configuration.connectionTimeoutSeconds),
        connection_limit: UInt32(clamping: connectionLimit),
        per_ip_limit: UInt32(clamping: perAddressLimit),
        // Room beyond the head's bound (431 past it) for the header table and the answer's head.
        memory_limit: configuration.connectionMemoryBytes + ServerCore.answerReserveBytes)
      do throws(HTTPServerError) {
        try core.router.starting()
      } catch {
        close(socket)
        throw error
      }
      let context = Unmanaged.passUnretained(core).toOpaque()
      guard core.connections.start(), core.executor.start(),
        let daemon = cmhd_start_on_socket(
          socket, &limits, serverAcceptPolicy, context, serverAccessHandler, context, serverCompletionHandler,
          context, serverConnectionHandler, context)
      else {
        core.executor.stop()
        core.router.stopping()
        core.connections.stop()
        close(socket)
        throw .daemonFailed
      }
      state = .running(daemon: daemon, host: address.host, port: boundPort)
      listener.store(socket, ordering: .relaxed)
    }
  }

  /// Sends the port's new connections to the other server listening on it (`reusePort`), as
  /// this one is about to stop and connections queued on a closing socket are reset. False when
  /// the server does not reuse its port or the kernel refused.
  package func handOverNewConnections() -> Bool {
    let socket = listener.load(ordering: .relaxed)
    guard configuration.reusePort, socket >= 0 else { return false }
    return state.withLock { state in
      guard case .running = state else { return false }
      return cmhd_steer_to_second_listener(socket) == 0
    }
  }

  /// The port the server listens on, or nil before `start` and after `stop`.
  package var port: UInt16? {
    state.withLock { state in
      if case .running(_, _, let port) = state { return port }
      return nil
    }
  }

  /// The URL of `path` on this server (`http://127.0.0.1:4000/graphql`), or nil when not running.
  package func url(path: String) -> String? {
    state.withLock { state in
      guard case .running(_, let host, let port) = state else { return nil }
      // An IPv6 literal goes in brackets in a URL (RFC 3986).
      return host.contains(":") ? "http://[\(host)]:\(port)\(path)" : "http://\(host):\(port)\(path)"
    }
  }

  /// How many connections were closed because their request head did not arrive in time.
  package var headTimeouts: Int { core.connections.headTimeouts }

  /// Computed answers waiting for or holding an execution thread.
  package var executionsPending: Int { core.executor.pendingJobs }

  /// Brief answers computed on libmicrohttpd's threads, and those that took too long.
  package var inlineAnswers: (computed: Int, overruns: Int) {
    (core.inline.inlineAnswers, core.inline.overruns)
  }

  /// The number of requests being handled right now (head received, response not yet sent).
  package var requestsInFlight: Int { core.inFlight.load(ordering: .acquiring) }

  /// Stops gracefully: refuses new connections, lets in-flight requests finish (up to
  /// `drainTimeoutSeconds`), then closes all connections and joins the threads. Idempotent.
  /// - Warning: never call it from inside a computed answer: it waits for that request.
  package func stop() {
    let daemon: OpaquePointer? = state.withLock { state in
      guard case .running(let daemon, let host, let port) = state else { return nil }
      state = .stopping(host: host, port: port)
      return daemon
    }
    guard let daemon else { return }
    core.stopping.store(true, ordering: .relaxed)
    let listening = cmhd_quiesce(daemon)
    listener.store(-1, ordering: .relaxed)
    if listening >= 0 { close(listening) }
    // Long-lived connections end first: the router's upgraded ones (WebSockets close 1001),
    // then every streamed response with its closing marker.
    core.router.stopping()
    core.finishStreams()
    var waited = 0.0
    while core.inFlight.load(ordering: .acquiring) > 0 && waited < configuration.drainTimeoutSeconds {
      usleep(2_000)
      waited += 0.002
    }
    // Executions still running resume their connections, so the daemon must outlive them, and
    // libmicrohttpd must have taken every resumed connection back before it stops.
    core.executor.stop()
    var resumeWait = 0
    while core.suspendedExecutions.load(ordering: .sequentiallyConsistent) > 0 && resumeWait < 5_000 {
      usleep(1_000)
      resumeWait += 1
    }
    MHD_stop_daemon(daemon)
    core.connections.stop()
    state.withLock { $0 = .stopped }
  }

  /// Raises the soft limit on open descriptors to `wanted` (at most the hard limit): the common
  /// default of 1024 would make accept fail below `connectionLimit`.
  static func raiseDescriptorLimit(to wanted: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted) else {
      return
    }
    limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}
