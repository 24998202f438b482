import HTTPServer
import LaunchBackend

/// The metrics of one `serve` process: the registry the HTTP server and the GraphQL layer count
/// in, with the backend's own families (its caches, pool, event feed and logins) and the
/// process's, created with the server and handed down; nothing is process-wide.
enum BackendMetrics {
  /// A registry with the process's and the backend's families.
  static func registry(backend: LaunchBackend) -> MetricsRegistry {
    let registry = MetricsRegistry()
    ProcessMetrics.register(in: registry)
    registerCaches(of: backend, in: registry)
    registerPool(of: backend, in: registry)
    registerEventFeed(of: backend, in: registry)
    registerLogins(of: backend, in: registry)
    return registry
  }

  private static func registerLogins(of backend: LaunchBackend, in registry: MetricsRegistry) {
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_logins_total",
        help: "Logins, by result (rate_limited: refused by --login-rate, answered 429).", type: .counter,
        labelNames: ["result"]
      ) {
        let statistics = backend.loginStatistics
        return [(["admitted"], Double(statistics.admitted)), (["rate_limited"], Double(statistics.refused))]
      })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_sessions_pruned_total",
        help: "Sessions deleted because they were older than --session-max-age.", type: .counter
      ) { Double(backend.loginStatistics.sessionsPruned) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_login_rate_addresses",
        help: "Client addresses with a login rate bucket now."
      ) { Double(backend.loginStatistics.trackedAddresses) })
    let limits = backend.loginLimits
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_login_rate_per_minute",
        help: "The logins one client address may make per minute (--login-rate; 0: no limit)."
      ) { Double(limits.loginsPerMinute) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_login_burst",
        help: "The logins one client address may make at once before the rate applies."
      ) { Double(limits.burst) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_session_max_age_seconds",
        help: "How long a login's session is accepted (--session-max-age)."
      ) { Double(limits.sessionMaxAgeSeconds) })
  }

  private static func registerCaches(of backend: LaunchBackend, in registry: MetricsRegistry) {
    let cache = backend.documentCache
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_document_cache_lookups_total",
        help: "Lookups of query texts in the parsed-and-validated document cache, by result.", type: .counter,
        labelNames: ["result"]
      ) {
        let statistics = cache.statistics
        return [(["hit"], Double(statistics.hits)), (["miss"], Double(statistics.misses))]
      })
    registry.register(
      GaugeFamily(name: "rocket_reserver_document_cache_entries", help: "Documents in the document cache.") {
        Double(cache.count)
      })
    let persisted = backend.persistedQueryStatistics
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_apq_lookups_total",
        help:
          "Automatic persisted queries sent as a hash alone, by result (miss: answered PersistedQueryNotFound).",
        type: .counter, labelNames: ["result"]
      ) { [(["hit"], Double(persisted.hits)), (["miss"], Double(persisted.misses))] })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_apq_registrations_total",
        help: "Automatic persisted query texts registered under their hash.", type: .counter
      ) { Double(persisted.registrations) })
  }

  private static func registerPool(of backend: LaunchBackend, in registry: MetricsRegistry) {
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_db_pool_max_connections",
        help: "The most database connections the pool opens (PostgreSQL --database-pool; absent for SQLite).",
        labelNames: []
      ) { backend.poolStatistics?.maxConnections.map { [([], Double($0))] } ?? [] })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_db_pool_connections",
        help: "Database connections open now, by state.", labelNames: ["state"]
      ) {
        guard let pool = backend.poolStatistics else { return [] }
        return [
          (["in_use"], Double(pool.inUse)), (["idle"], Double(max(0, pool.openConnections - pool.inUse))),
        ]
      })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_db_pool_waits_total",
        help:
          "Database calls that found no connection free and waited (SQLite: writes that waited for the writer).",
        type: .counter
      ) { Double(backend.poolStatistics?.waits ?? 0) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_db_pool_timeouts_total",
        help: "Waits for a database connection that gave up (the pool stayed exhausted).", type: .counter
      ) { Double(backend.poolStatistics?.timeouts ?? 0) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_db_connect_failures_total",
        help: "Database connections that could not be opened.", type: .counter
      ) { Double(backend.poolStatistics?.connectFailures ?? 0) })
  }

  private static func registerEventFeed(of backend: LaunchBackend, in registry: MetricsRegistry) {
    // `serve` opens its store before it listens, so the feed is there (only a store opened on
    // first use, as the one-shot client's, can fail to give it).
    guard let feed = try? backend.tripEventFeed else { return }
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_event_feed_subscribers", help: "Subscribers of the tripsBooked event feed now."
      ) { Double(feed.subscriberCount) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_event_feed_lag_seconds",
        help:
          "How long the tripsBooked subscriber furthest behind has had committed events waiting for it "
          + "(0: every subscriber has all the feed read; grows while one is paused or the log cannot be read)."
      ) { feed.lagSeconds })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_event_feed_delivered_events_total",
        help: "tripsBooked events handed to subscribers (one per subscriber and event).", type: .counter
      ) { Double(feed.deliveredEvents) })
    registry.register(
      GaugeFamily(
        name: "rocket_reserver_event_feed_read_failures_total",
        help: "Passes of the tripsBooked event feed that could not read the event log (database away).",
        type: .counter
      ) { Double(feed.readFailures) })
  }
}
