import GraphQLExplorer
import HTTPServer

/// Serves a `GraphQLService` over HTTP (GraphQL over HTTP at `/graphql`, multipart and SSE
/// streams, WebSockets): `GraphQLHTTPHandler` as the router of an `HTTPServer`.
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
/// Executions run on the server's executor threads, each calling the service synchronously.
/// Thread safety: all methods may be called from any thread; the server never outlives the
/// object, since `deinit` stops it.
public final class GraphQLHTTPServer: Sendable {
  private let server: HTTPServer

  /// Creates a server; nothing listens until `start`.
  /// - Parameters:
  ///   - service: what requests run against.
  ///   - configuration: limits and threads (default `Configuration()`).
  ///   - accessLog: where one line per request goes (default standard error).
  ///   - probes: `/health` and `/ready` (default none: those paths are the router's, 404).
  public convenience init(
    service: any GraphQLService, configuration: Configuration = Configuration(),
    accessLog: any AccessLog = StandardErrorAccessLog(), probes: HealthProbes? = nil
  ) {
    self.init(
      service: service, configuration: configuration, accessLog: accessLog, metrics: nil, probes: probes)
  }

  /// Creates a server that counts what it does in `metrics`; nothing listens until `start`.
  /// - Parameters:
  ///   - service: what requests run against.
  ///   - configuration: limits and threads.
  ///   - accessLog: where one line per request goes.
  ///   - metrics: the families to count in, and whether this server answers `GET /metrics`
  ///     itself; nil counts nothing.
  ///   - probes: `/health` and `/ready` (default none: those paths are the router's, 404).
  package init(
    service: any GraphQLService, configuration: Configuration, accessLog: any AccessLog,
    metrics: ServerMetrics?, probes: HealthProbes? = nil
  ) {
    let stallTimeout = Duration.milliseconds(Int(configuration.stalledSubscriberSeconds * 1000))
    let graphQLMetrics = metrics.map {
      GraphQLMetrics(registry: $0.registry, operationNames: $0.operationNames)
    }
    let webSockets = WebSocketLoops(count: configuration.webSocketThreads) {
      WebSocketLoop(
        service: service, maxOperationsPerConnection: configuration.maxOperationsPerConnection,
        stallTimeout: stallTimeout, metrics: graphQLMetrics)
    }
    var handler = GraphQLHTTPHandler(
      service: service, maxBodyBytes: configuration.maxBodyBytes, webSockets: webSockets)
    handler.metrics = graphQLMetrics
    var router: any HTTPRouter = handler
    if configuration.explorer { router = ExplorerRouter(wrapping: router) }
    if let metrics {
      graphQLMetrics?.registerWebSockets(webSockets, in: metrics.registry)
      if metrics.servesEndpoint { router = MetricsRouter(registry: metrics.registry, wrapping: router) }
    }
    server = HTTPServer(
      router: router, configuration: configuration.http, accessLog: accessLog, metrics: metrics?.registry,
      probes: probes)
  }

  deinit { stop() }

  /// Starts listening and serving.
  /// - Parameters:
  ///   - host: an IPv4 address, an IPv6 address (`::1`, or `::` for every interface), or
  ///     `localhost` (default `127.0.0.1`).
  ///   - port: the TCP port; 0 picks a free one, readable from `port` afterwards (default 0).
  /// - Throws: `GraphQLHTTPServerError` when the host is invalid, the port is in use or cannot
  ///   be bound, the server was started before, or libmicrohttpd or wslay cannot start.
  public func start(host: String = "127.0.0.1", port: UInt16 = 0) throws(GraphQLHTTPServerError) {
    try server.start(host: host, port: port)
  }

  /// The port the server listens on, or nil before `start` and after `stop`.
  public var port: UInt16? { server.port }

  /// The endpoint URL, such as `http://127.0.0.1:4000/graphql`, or nil when not running.
  public var endpoint: String? { server.url(path: "/graphql") }

  /// How many connections were closed because their request head did not arrive in time.
  var headTimeouts: Int { server.headTimeouts }

  /// GraphQL executions waiting for or holding an execution thread.
  var executionsPending: Int { server.executionsPending }
  /// Answers computed on libmicrohttpd's threads, and those that took too long for it.
  var inlineAnswers: (computed: Int, overruns: Int) { server.inlineAnswers }

  /// The number of requests being handled right now (head received, response not yet sent).
  public var requestsInFlight: Int { server.requestsInFlight }

  /// Stops gracefully: stops accepting connections (new ones are refused), ends subscriptions
  /// (WebSockets close 1001, streams end), lets in-flight requests finish and their responses go
  /// out (up to `Configuration.drainTimeoutSeconds`), then closes all connections and joins the
  /// worker threads.
  ///
  /// Idempotent: later calls, and calls while another one is stopping, return at once.
  /// - Warning: never call it from inside `GraphQLService.execute`: it waits for that request.
  public func stop() { server.stop() }

  /// Sends the port's new connections to the server that started on it after this one (both
  /// with `reusePort`), as this one is about to stop; false when it cannot.
  public func handOverNewConnections() -> Bool { server.handOverNewConnections() }
}

/// Why a `GraphQLHTTPServer` could not start.
public typealias GraphQLHTTPServerError = HTTPServerError

extension GraphQLHTTPServer {
  /// Limits and tuning of a `GraphQLHTTPServer`: the HTTP server's (`HTTPServerConfiguration`,
  /// whose properties read and write through this one) and the WebSockets'. The defaults suit
  /// `rocket-reserver serve`.
  @dynamicMemberLookup
  public struct Configuration: Sendable {
    /// The HTTP server's limits and threads.
    public var http: HTTPServerConfiguration
    /// The most operations one WebSocket may run at once (default 100).
    public var maxOperationsPerConnection = 100
    /// Threads driving WebSockets, each with its share of the sockets (default: the number of
    /// online cores, at most 4).
    public var webSocketThreads = min(4, HTTPServerConfiguration.defaultThreadCount)
    /// Whether a browser opening `/graphql` or `/` gets the GraphQL explorer (default false).
    public var explorer = false

    /// - Parameters: as `HTTPServerConfiguration`'s.
    public init(
      maxBodyBytes: Int = 1 << 20, connectionTimeoutSeconds: Int = 10, connectionLimit: Int = 1024,
      maxConnectionsPerAddress: Int = 64, headTimeoutSeconds: Int = 10,
      connectionMemoryBytes: Int = HTTPServerConfiguration.defaultConnectionMemoryBytes,
      threads: Int = HTTPServerConfiguration.defaultThreadCount, drainTimeoutSeconds: Double = 10
    ) {
      http = HTTPServerConfiguration(
        maxBodyBytes: maxBodyBytes, connectionTimeoutSeconds: connectionTimeoutSeconds,
        connectionLimit: connectionLimit, maxConnectionsPerAddress: maxConnectionsPerAddress,
        headTimeoutSeconds: headTimeoutSeconds, connectionMemoryBytes: connectionMemoryBytes,
        threads: threads,
        drainTimeoutSeconds: drainTimeoutSeconds)
    }

    /// The HTTP server's setting at `keyPath`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<HTTPServerConfiguration, Value>) -> Value {
      get { http[keyPath: keyPath] }
      set { http[keyPath: keyPath] = newValue }
    }
  }

  /// The number of online cores (at least 1): one worker thread per core.
  public static var defaultThreadCount: Int { HTTPServerConfiguration.defaultThreadCount }
}
