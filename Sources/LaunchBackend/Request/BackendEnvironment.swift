/// What every request of one backend shares: the launch catalog (as resolver-ready nodes), the
/// booking store, and where internal errors are reported.
///
/// Immutable after construction; shared by all requests on all threads.
final class BackendEnvironment: Sendable {
  /// The catalog and its launches as nodes.
  let launches: LaunchIndex
  /// The users, sessions and trips.
  let store: BookingStore
  /// Receives every unexpected error before the client is told only "internal error".
  let reportInternalError: @Sendable (any Error) -> Void

  init(
    launches: LaunchIndex, store: BookingStore, reportInternalError: @escaping @Sendable (any Error) -> Void
  ) {
    self.launches = launches
    self.store = store
    self.reportInternalError = reportInternalError
  }
}
