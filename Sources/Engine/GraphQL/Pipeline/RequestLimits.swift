import GraphQLWire

/// The bounds one request must stay within, so that no request can hold a server thread or its
/// memory for long: a static cost limit checked before anything runs, a deadline checked inside
/// validation and execution loops, and a bound on the response's size checked while it is written.
///
/// A value type, `Sendable`. `RequestLimits()` bounds nothing.
public struct RequestLimits: Sendable {
  /// The highest static cost (see `CostModel`) an operation may have; nil: no limit. Above it the
  /// request gets `QUERY_TOO_COMPLEX`, with `extensions.cost` and `extensions.maxCost`, and
  /// nothing runs.
  public var maxCost: Int?
  /// How cost is counted for this schema.
  public var costModel: CostModel
  /// The most bytes the response's `data` may take; nil: no bound. Past it execution stops and
  /// the response is `data: null` with `RESPONSE_TOO_LARGE`.
  public var maxResponseBytes: Int?
  /// How long validation and execution together may take; nil: no deadline. Past it the work
  /// stops and the response is `data: null` with `REQUEST_TIMEOUT`.
  public var timeout: Duration?

  public init(
    maxCost: Int? = nil, costModel: CostModel = CostModel(), maxResponseBytes: Int? = nil,
    timeout: Duration? = nil
  ) {
    self.maxCost = maxCost
    self.costModel = costModel
    self.maxResponseBytes = maxResponseBytes
    self.timeout = timeout
  }

  /// The error for an operation whose cost is above the limit.
  static func tooComplex(cost: Int, maxCost: Int) -> GraphQLError {
    GraphQLError(
      "The operation's cost \(cost) is above this server's limit of \(maxCost). "
        + "Ask for fewer fields, smaller pages or fewer aliases.",
      extensions: ["code": .string("QUERY_TOO_COMPLEX"), "cost": .int(cost), "maxCost": .int(maxCost)])
  }

  /// The error for a response that outgrew `maxResponseBytes`.
  static func tooLarge(maxBytes: Int) -> GraphQLError {
    GraphQLError(
      "The response would be larger than this server's limit of \(maxBytes) bytes.",
      extensions: ["code": .string("RESPONSE_TOO_LARGE"), "maxResponseBytes": .int(maxBytes)])
  }

  /// The error for a request that ran past its deadline.
  static func timedOut(_ timeout: Duration) -> GraphQLError {
    let milliseconds = Int(
      timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    return GraphQLError(
      "The request took longer than this server's limit of \(milliseconds) ms.",
      extensions: ["code": .string("REQUEST_TIMEOUT"), "timeoutMs": .int(milliseconds)])
  }
}

/// The bounds of one execution, checked inside its loops (see `ExecutionContext.checkLimits`).
struct ExecutionLimits {
  var maxResponseBytes: Int?
  var deadline: ContinuousClock.Instant?
  var timeout: Duration
}
