/// What every request of one backend shares: the launch catalog (as resolver-ready nodes), the
/// booking store, and where internal errors and trip changes are reported.
///
/// Immutable after construction; shared by all requests on all threads.
final class BackendEnvironment: Sendable {
  /// The catalog and its launches as nodes.
  let launches: LaunchIndex
  /// The users, sessions and trips.
  let store: any BookingStore
  /// Receives every unexpected error before the client is told only "internal error".
  let reportInternalError: @Sendable (any Error) -> Void
  /// Receives `+n` after a booking added n trips and `-1` after a cancellation (the values
  /// `Subscription.tripsBooked` emits), once the change is committed.
  let tripsBookedChanged: @Sendable (Int) -> Void
  /// The login rate per address and the sessions' lifetime.
  let login: LoginGate

  init(
    launches: LaunchIndex, store: any BookingStore, login: LoginGate = LoginGate(limits: .unlimited),
    reportInternalError: @escaping @Sendable (any Error) -> Void,
    tripsBookedChanged: @escaping @Sendable (Int) -> Void
  ) {
    self.launches = launches
    self.store = store
    self.login = login
    self.reportInternalError = reportInternalError
    self.tripsBookedChanged = tripsBookedChanged
  }
}
