import Postgres

/// Why the booking database cannot serve requests right now, as a readiness probe reports it.
public struct DatabaseProblem: Error, Sendable, Equatable {
  /// What kind of problem it is.
  public enum Kind: String, Sendable {
    /// The server cannot be reached (down, restarting, refusing connections).
    case unreachable = "database_unreachable"
    /// Every pooled connection stayed busy past the pool's wait.
    case poolExhausted = "database_pool_exhausted"
    /// The database answered with an error (a full disk, a closed store, a broken schema).
    case failed = "database_failed"
  }

  /// The kind; its raw value is the probe's `reason` code.
  public var kind: Kind
  /// One line for an operator, without SQL, values or a password.
  public var message: String

  /// The problem a failed ``BookingStore/ping()`` shows.
  init(_ error: any Error) {
    switch error {
    case BookingStoreError.unavailable(let underlying) where underlying.kind == .poolExhausted:
      kind = .poolExhausted
    case BookingStoreError.unavailable:
      kind = .unreachable
    default:
      kind = .failed
    }
    message = (error as? BookingStoreError)?.description ?? "the booking database failed"
  }
}
