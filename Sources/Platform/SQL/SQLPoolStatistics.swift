/// What a database's connections are doing, for an operator's metrics.
public struct SQLPoolStatistics: Sendable, Equatable {
  /// The most connections the pool opens at once; nil when it has no fixed bound.
  public var maxConnections: Int?
  /// Connections open now (idle or in use).
  public var openConnections: Int
  /// Connections in use now.
  public var inUse: Int
  /// Callers that found no connection free and waited for one, since the pool opened.
  public var waits: Int
  /// Waits that gave up (no connection came free in time).
  public var timeouts: Int
  /// Connections that could not be opened.
  public var connectFailures: Int

  /// - Parameters: the fields, as documented on each property.
  public init(
    maxConnections: Int?, openConnections: Int, inUse: Int, waits: Int, timeouts: Int, connectFailures: Int
  ) {
    self.maxConnections = maxConnections
    self.openConnections = openConnections
    self.inUse = inUse
    self.waits = waits
    self.timeouts = timeouts
    self.connectFailures = connectFailures
  }
}
