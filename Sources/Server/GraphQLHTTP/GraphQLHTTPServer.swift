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
/// Executions call the service synchronously on the server's executor threads. Any method may be
/// called from any thread; `deinit` stops the server.
public final class GraphQLHTTPServer: Sendable {
  private let server: HTTPServer

  /// Creates a server of `service`; nothing listens until `start`. Without `probes`, `/health`
  /// and `/ready` are the router's (404).
  public convenience init(
    service: any GraphQLService, configuration: Configuration = Configuration(),
    accessLog: any AccessLog = StandardErrorAccessLog(), probes: HealthProbes? = nil
  ) {
    self.init(
      service: service, configuration: configuration, accessLog: accessLog, metrics: nil, probes: probes)
  }

  /// The same, counting what it does in `metrics` (nil: nothing).
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

  /// Starts listening and serving on `host` (IPv4, IPv6 such as `::` for every interface, or
  /// `localhost`) and `port` (0 picks a free one, then readable from `port`).
  /// - Throws: `GraphQLHTTPServerError` when it cannot listen or start.
  public func start(host: String = "127.0.0.1", port: UInt16 = 0) throws(GraphQLHTTPServerError) {
    try server.start(host: host, port: port)
  }

  /// The port the server listens on, or nil before `start` and after `stop`.
  public var port: UInt16? { server.port }

  /// The endpoint URL, such as `http://127.0.0.1:4000/graphql`, or nil when not running.
  public var endpoint: String? { server.url(path: "/graphql") }

  /// The `HTTPServer`'s counts of the same names.
  var headTimeouts: Int { server.headTimeouts }
  var executionsPending: Int { server.executionsPending }
  var inlineAnswers: (computed: Int, overruns: Int) { server.inlineAnswers }

  /// The number of requests being handled right now (head received, response not yet sent).
  public var requestsInFlight: Int { server.requestsInFlight }

  /// Stops gracefully: refuses new connections, ends subscriptions (WebSockets close 1001),
  /// lets in-flight requests finish (up to `drainTimeoutSeconds`), then closes all connections.
  /// Idempotent.
  /// - Warning: never call it from inside `GraphQLService.execute`: it waits for that request.
  public func stop() { server.stop() }

  /// Sends the port's new connections to the server that started on it after this one (both
  /// with `reusePort`), as this one is about to stop; false when it cannot.
  public func handOverNewConnections() -> Bool { server.handOverNewConnections() }
}

/// Why a `GraphQLHTTPServer` could not start.
public typealias GraphQLHTTPServerError = HTTPServerError

extension GraphQLHTTPServer {
  /// Limits and tuning of a `GraphQLHTTPServer`: the HTTP server's (whose properties read and
  /// write through this one) and the WebSockets'.
  @dynamicMemberLookup
  public struct Configuration: Sendable {
    /// The HTTP server's limits and threads.
    public var http: HTTPServerConfiguration
    /// The most operations one WebSocket may run at once (default 100).
    public var maxOperationsPerConnection = 100
    /// Threads driving WebSockets (default: the number of cores, at most 4).
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
