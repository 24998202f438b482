extension LaunchBackend {
  /// Checks that the booking database answers a trivial statement now, through the same
  /// connections requests use (so an exhausted PostgreSQL pool shows, after the pool's wait).
  /// Blocks for one round trip; call it off any thread that answers requests, and not more
  /// than about once a second (a readiness monitor caches it).
  ///
  /// - Returns: nil when the database answered, otherwise what is wrong.
  public func databaseProblem() -> DatabaseProblem? {
    do {
      try environment.store.ping()
      return nil
    } catch {
      return DatabaseProblem(error)
    }
  }
}
