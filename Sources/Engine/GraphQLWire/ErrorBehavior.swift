/// The request's `onError` parameter (graphql-spec's `onError` proposal): what an execution error
/// does to the response.
///
/// - `PROPAGATE`: the failed position is `null` when its type allows it; otherwise the error
///   propagates to the nearest nullable parent (up to `data: null`). What a server does when the
///   request has no `onError`, and what one that does not know the parameter always does.
/// - `NULL`: the failed position is `null` whatever its type, its error is in `errors`, and
///   nothing propagates.
/// - `HALT`: execution stops at the first error; the response is `data: null` with that error.
///
/// A value the request carries as it was sent: any other text is held too, and the engine answers
/// it with a request error (`isKnown` is false).
public struct ErrorBehavior: RawRepresentable, Hashable, Sendable {
  /// The value as the request spells it (`"NULL"`).
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// Errors propagate to the nearest nullable position (the default).
  public static let propagate = ErrorBehavior(rawValue: "PROPAGATE")
  /// The failed position is `null`, whatever its type; nothing propagates.
  public static let null = ErrorBehavior(rawValue: "NULL")
  /// Execution stops at the first error; `data` is `null`.
  public static let halt = ErrorBehavior(rawValue: "HALT")

  /// Whether the value is one of the three the proposal defines.
  public var isKnown: Bool { self == .propagate || self == .null || self == .halt }
}
