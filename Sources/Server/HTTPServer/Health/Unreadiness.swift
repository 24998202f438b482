/// Why a server would not answer requests that need its backend now (`GET /ready`'s 503).
public struct Unreadiness: Sendable, Equatable {
  /// A short code for machines, such as `database_unreachable`, `database_pool_exhausted` or
  /// `draining`.
  public var reason: String
  /// One line for an operator, such as `the booking database is unavailable: ...`.
  public var message: String

  /// A reason (lowercase words joined by `_`) and a message (never a password or a token).
  public init(reason: String, message: String) {
    self.reason = reason
    self.message = message
  }

  /// Draining before a stop: a load balancer should send requests elsewhere.
  public static let draining = Unreadiness(
    reason: "draining", message: "the server is stopping; it answers requests until its drain period ends")
}
