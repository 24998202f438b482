/// How long sessions last and how fast one client address may open them (`serve
/// --session-max-age`, `serve --login-rate`).
public struct LoginLimits: Sendable, Equatable {
  /// How long a session is accepted after its login; older sessions are refused and pruned.
  public var sessionMaxAge: Duration
  /// The logins one client address may make per minute, sustained (its token bucket's refill);
  /// 0 for no limit.
  public var loginsPerMinute: Int
  /// The logins one client address may make at once before the rate applies (the bucket's size).
  public var burst: Int

  /// Thirty days.
  public static let defaultSessionMaxAge = Duration.seconds(30 * 24 * 3600)
  /// One login a second, sustained.
  public static let defaultLoginsPerMinute = 60

  /// - Parameters:
  ///   - sessionMaxAge: default ``defaultSessionMaxAge``.
  ///   - loginsPerMinute: default ``defaultLoginsPerMinute``; 0 for no limit.
  ///   - burst: default: a sixth of a minute's logins, between 1 and 10.
  public init(
    sessionMaxAge: Duration = Self.defaultSessionMaxAge, loginsPerMinute: Int = Self.defaultLoginsPerMinute,
    burst: Int? = nil
  ) {
    self.sessionMaxAge = sessionMaxAge
    self.loginsPerMinute = max(0, loginsPerMinute)
    self.burst = max(1, burst ?? min(10, loginsPerMinute / 6))
  }

  /// No rate limit, sessions for the default age: the in-process client (one user, one address).
  public static let unlimited = LoginLimits(loginsPerMinute: 0)

  /// The session age in whole seconds (at least 1).
  public var sessionMaxAgeSeconds: Int { max(1, Int(sessionMaxAge.components.seconds)) }
}
