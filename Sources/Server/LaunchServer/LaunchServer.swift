import GraphQLHTTP
import HTTPServer
import LaunchBackend

/// `serve`'s composition: the embedded `LaunchBackend` over its booking database, served by a
/// `GraphQLHTTPServer` (GraphQL over HTTP, streams, WebSockets, the explorer) with `/health` and
/// `/ready`, the access log, and metrics on the main address or a listener of their own.
///
/// The command line parses the options and reports; this builds and runs what they describe.
/// Thread safety: all methods may be called from any thread.
public final class LaunchServer: Sendable {
  private let backend: LaunchBackend
  private let server: GraphQLHTTPServer
  private let probes: HealthProbes
  /// The listener that answers only `/metrics`, and its address, when metrics have one.
  private let metricsServer: (server: HTTPServer, host: String, port: UInt16)?
  private let reusePort: Bool

  /// Opens the backend on `database` and builds the servers; nothing listens until ``start(host:port:)``.
  /// - Parameters:
  ///   - database: where the bookings are kept.
  ///   - configuration: the HTTP server's limits and threads.
  ///   - limits: every request's cost limit, response bound and deadline.
  ///   - persisted: automatic persisted queries and trusted documents.
  ///   - eventRetention: how much of the event log is kept for subscribers that resume.
  ///   - loginLimits: how long sessions last and how often one address may log in.
  ///   - logFormat: how the access log on standard error writes each request.
  ///   - metrics: whether to keep metrics, and where to answer them.
  ///   - reportInternalError: receives each unexpected error before the client gets a generic one.
  /// - Throws: ``BookingStoreError`` when the database cannot be opened;
  ///   `TrustedDocuments.ManifestError` for a manifest that cannot serve this API.
  public init(
    database: BookingDatabase, configuration: GraphQLHTTPServer.Configuration, limits: BackendLimits,
    persisted: PersistedQuerySettings, eventRetention: TripEventRetention, loginLimits: LoginLimits,
    logFormat: AccessLogFormat, metrics: MetricsSettings,
    reportInternalError: @escaping @Sendable (any Error) -> Void
  ) throws {
    backend = try LaunchBackend(
      store: database.open(), limits: limits, persistedQueries: persisted, eventRetention: eventRetention,
      loginLimits: loginLimits, reportInternalError: reportInternalError)
    let registry = metrics.enabled ? BackendMetrics.registry(backend: backend) : nil
    probes = HealthProbes(readiness: BackendReadiness.monitor(backend))
    server = GraphQLHTTPServer(
      service: LaunchService(backend: backend), configuration: configuration,
      accessLog: StandardErrorAccessLog(format: logFormat),
      metrics: registry.map {
        ServerMetrics(
          registry: $0, operationNames: metrics.operationNames, servesEndpoint: metrics.address == nil)
      }, probes: probes)
    metricsServer = registry.flatMap { registry in
      metrics.address.map { (metrics.server(registry), $0.host, $0.port) }
    }
    reusePort = configuration.reusePort
  }

  /// Starts listening at `host`:`port`, and on the metrics address when there is one. On failure
  /// nothing serves and the database is closed.
  /// - Throws: `GraphQLHTTPServerError` when an address is invalid, in use or cannot be bound,
  ///   or libmicrohttpd or wslay cannot start.
  public func start(host: String, port: UInt16) throws(GraphQLHTTPServerError) {
    do {
      try server.start(host: host, port: port)
      if let metricsServer {
        try metricsServer.server.start(host: metricsServer.host, port: metricsServer.port)
      }
    } catch {
      server.stop()
      backend.close()
      throw error
    }
  }

  /// The GraphQL endpoint's URL once listening (the port as bound).
  public var endpoint: String? { server.endpoint }

  /// The metrics listener's `/metrics` URL once listening; nil when metrics have no listener of
  /// their own.
  public var metricsURL: String? { metricsServer?.server.url(path: MetricsRouter.path) }

  /// Begins a drain: `/ready` answers 503 so that a load balancer stops sending, while every
  /// request is still served; with `reusePort`, new connections go to the serve that started on
  /// the port after this one.
  public func beginDraining() {
    probes.beginDraining()
    if reusePort { _ = server.handOverNewConnections() }
  }

  /// Stops the metrics listener, then the server (in-flight requests finish), then closes the
  /// database.
  public func stop() {
    metricsServer?.server.stop()
    server.stop()
    backend.close()
  }
}
