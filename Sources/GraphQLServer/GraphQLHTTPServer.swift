import CMicroHTTPD
import CWslay
import Glibc
import Synchronization

/// Serves a `GraphQLService` over HTTP (GraphQL over HTTP at `/graphql`) with libmicrohttpd.
///
/// For example:
/// ```swift
/// let server = GraphQLHTTPServer(service: backend)
/// try server.start(host: "127.0.0.1", port: 0)
/// print("listening on http://127.0.0.1:\(server.port ?? 0)/graphql")
/// // ...
/// server.stop()
/// ```
///
/// Requests run on libmicrohttpd's thread pool (one thread per core by default), each calling the
/// service synchronously. Thread safety: all methods may be called from any thread. The class is
/// Sendable because its only mutable state (the running daemon) is behind a `Mutex` and the
/// callback state (`ServerCore`) is itself Sendable; the daemon never outlives the object, since
/// `deinit` stops it.
public final class GraphQLHTTPServer: Sendable {
  private enum State {
    case idle
    case running(daemon: OpaquePointer, host: String, port: UInt16)
    case stopping(host: String, port: UInt16)
    case stopped
  }

  private let core: ServerCore
  private let configuration: Configuration
  private let state = Mutex<State>(.idle)

  /// Creates a server; nothing listens until `start`.
  /// - Parameters:
  ///   - service: what requests run against.
  ///   - configuration: limits and threads (default `Configuration()`).
  ///   - accessLog: where one line per request goes (default standard error).
  public init(
    service: any GraphQLService, configuration: Configuration = Configuration(),
    accessLog: any AccessLog = StandardErrorAccessLog()
  ) {
    self.configuration = configuration
    core = ServerCore(
      service: service, accessLog: accessLog, maxBodyBytes: configuration.maxBodyBytes,
      headTimeout: .seconds(configuration.headTimeoutSeconds),
      maxStreamingConnections: configuration.maxSubscriptionConnections,
      connectionLimit: configuration.connectionLimit, maxHeadBytes: configuration.connectionMemoryBytes,
      maxOperationsPerConnection: configuration.maxOperationsPerConnection,
      executionThreads: configuration.executionThreads,
      maxExecutionsPerAddress: configuration.maxExecutionsPerAddress,
      webSocketThreads: configuration.webSocketThreads,
      stallTimeout: .milliseconds(Int(configuration.stalledSubscriberSeconds * 1000)))
  }

  deinit { stop() }

  /// Starts listening and serving.
  /// - Parameters:
  ///   - host: an IPv4 address, an IPv6 address (`::1`, or `::` for every interface), or
  ///     `localhost` (default `127.0.0.1`).
  ///   - port: the TCP port; 0 picks a free one, readable from `port` afterwards (default 0).
  /// - Throws: `GraphQLHTTPServerError` when the host is invalid, the port is in use or cannot
  ///   be bound, the server was started before, or libmicrohttpd cannot start.
  public func start(host: String = "127.0.0.1", port: UInt16 = 0) throws(GraphQLHTTPServerError) {
    guard let address = ListenAddress(host) else { throw .invalidHost(host) }
    // Both libraries are opened on first use; opening them here turns a missing one into an
    // error at start rather than a failure inside a connection.
    for problem in [cmhd_open_error(), cwslay_open_error()] {
      if let problem { throw .libraryMissing(String(cString: problem)) }
    }
    try state.withLock { (state: inout State) throws(GraphQLHTTPServerError) in
      guard case .idle = state else { throw .alreadyStarted }
      var error: Int32 = 0
      let socket: Int32
      switch address.family {
      case .ipv4(let address): socket = cmhd_listen_ipv4(address.s_addr, port, 511, &error)
      case .ipv6(let bytes):
        socket = bytes.withUnsafeBufferPointer { cmhd_listen_ipv6($0.baseAddress, port, 511, &error) }
      }
      guard socket >= 0 else {
        if error == EADDRINUSE { throw .addressInUse(host: host, port: port) }
        throw .cannotBind(host: host, port: port, reason: String(cString: strerror(error)))
      }
      let boundPort = cmhd_socket_port(socket)
      // Long-lived connections (WebSockets, streamed subscriptions) have slots of their own.
      let connectionLimit = configuration.connectionLimit + configuration.maxSubscriptionConnections
      Self.raiseDescriptorLimit(to: connectionLimit + core.connections.maxLingering + 64)
      var limits = cmhd_limits(
        threads: UInt32(clamping: configuration.threads),
        connection_timeout: UInt32(clamping: configuration.connectionTimeoutSeconds),
        connection_limit: UInt32(clamping: connectionLimit),
        per_ip_limit: UInt32(clamping: configuration.maxConnectionsPerAddress),
        // Room beyond the head's bound for what libmicrohttpd builds from the same pool (the
        // header table, the answer's head): a head just under a bare 64 KiB pool left no room
        // to answer at all. Heads over the bound are answered 431 by `ServerCore`.
        memory_limit: configuration.connectionMemoryBytes + ServerCore.answerReserveBytes)
      guard core.connections.start(), core.webSockets.start(), core.executor.start() else {
        core.webSockets.stop()
        core.connections.stop()
        close(socket)
        throw .daemonFailed
      }
      let context = Unmanaged.passUnretained(core).toOpaque()
      let daemon = cmhd_start_on_socket(
        socket, &limits, serverAcceptPolicy, context, serverAccessHandler, context, serverCompletionHandler,
        context, serverConnectionHandler, context)
      guard let daemon else {
        core.executor.stop()
        core.webSockets.stop()
        core.connections.stop()
        close(socket)
        throw .daemonFailed
      }
      state = .running(daemon: daemon, host: address.host, port: boundPort)
    }
  }

  /// The port the server listens on, or nil before `start` and after `stop`.
  public var port: UInt16? {
    state.withLock { state in
      if case .running(_, _, let port) = state { return port }
      return nil
    }
  }

  /// The endpoint URL, such as `http://127.0.0.1:4000/graphql`, or nil when not running.
  public var endpoint: String? {
    state.withLock { state in
      guard case .running(_, let host, let port) = state else { return nil }
      // An IPv6 literal goes in brackets in a URL (RFC 3986).
      return host.contains(":") ? "http://[\(host)]:\(port)/graphql" : "http://\(host):\(port)/graphql"
    }
  }

  /// How many connections were closed because their request head did not arrive in time.
  var headTimeouts: Int { core.connections.headTimeouts }

  /// GraphQL executions waiting for or holding an execution thread.
  var executionsPending: Int { core.executor.pendingJobs }

  /// The number of requests being handled right now (head received, response not yet sent).
  public var requestsInFlight: Int { core.inFlight.load(ordering: .acquiring) }

  /// Stops gracefully: stops accepting connections (new ones are refused), lets in-flight
  /// requests finish and their responses go out (up to `Configuration.drainTimeoutSeconds`),
  /// then closes all connections and joins the worker threads.
  ///
  /// Idempotent: later calls, and calls while another one is stopping, return at once.
  /// - Warning: never call it from inside `GraphQLService.execute`: it waits for that request.
  public func stop() {
    let daemon: OpaquePointer? = state.withLock { state in
      guard case .running(let daemon, let host, let port) = state else { return nil }
      state = .stopping(host: host, port: port)
      return daemon
    }
    guard let daemon else { return }
    core.stopping.store(true, ordering: .relaxed)
    let listening = cmhd_quiesce(daemon)
    if listening >= 0 { close(listening) }
    // Subscriptions end first: WebSockets get `complete` for each operation and close 1001.
    core.webSockets.stop()
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

  /// Raises this process's soft limit on open descriptors to `wanted` (at most the hard limit):
  /// each connection is a descriptor, and the common soft default of 1024 would otherwise make
  /// accept fail below `connectionLimit`.
  static func raiseDescriptorLimit(to wanted: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted) else {
      return
    }
    limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}
