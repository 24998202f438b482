/// Why a server would not answer requests that need its backend now: what `GET /ready` says with
/// its 503.
public struct Unreadiness: Sendable, Equatable {
  /// A short code for machines, such as `database_unreachable`, `database_pool_exhausted` or
  /// `draining`.
  public var reason: String
  /// One line for an operator, such as `the booking database is unavailable: ...`.
  public var message: String

  /// - Parameters:
  ///   - reason: a short code (lowercase words joined by `_`).
  ///   - message: one line for an operator; never a password or a token.
  public init(reason: String, message: String) {
    self.reason = reason
    self.message = message
  }

  /// The server is draining before it stops (SIGTERM): a load balancer should send its requests
  /// elsewhere, while the ones that still come are answered.
  public static let draining = Unreadiness(
    reason: "draining", message: "the server is stopping; it answers requests until its drain period ends")
}
