import GraphQL
import GraphQLWire
import SQL

extension LaunchBackend {
  /// The parsed-and-validated document cache every request goes through (hits, misses, size).
  public var documentCache: DocumentCache { processor.cache }

  /// What the automatic persisted queries did (hits, misses, registrations).
  public var persistedQueryStatistics: PersistedQueryStatistics { processor.persistedOperations.statistics }

  /// What the booking database's connections are doing; nil when the store keeps no account.
  public var poolStatistics: SQLPoolStatistics? { environment.store.poolStatistics }

  /// Logins let through and refused by the per-address rate, and expired sessions pruned.
  public var loginStatistics: LoginStatistics { environment.login.statistics }

  /// How long sessions last and how often one client address may log in.
  public var loginLimits: LoginLimits { environment.login.limits }

  /// The live `tripsBooked` event feed (subscribers, lag, events delivered).
  /// - Throws: ``BookingStoreError`` when the store opens on first use and cannot be opened.
  public var tripEventFeed: TripEventFeed {
    get throws { try environment.store.events }
  }
}
