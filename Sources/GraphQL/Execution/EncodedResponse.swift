/// A request processed for the wire (`GraphQLRequestProcessor.processSyncEncoded`): how it ended,
/// which operation ran, and the response as compact UTF-8 JSON text.
public struct EncodedResponse: Sendable {
  /// How far the request got.
  public let outcome: ProcessedRequest.Outcome
  /// The selected operation's type; nil when none was selected.
  public let operationType: OperationType?
  /// The name of the operation that ran; nil for an anonymous one or when none ran.
  public let operationName: String?
  /// `{"errors":[...],"data":...}`, byte for byte what `ExecutionResult.encoded()` gives.
  public let body: [UInt8]

  public init(
    outcome: ProcessedRequest.Outcome, operationType: OperationType?, operationName: String?, body: [UInt8]
  ) {
    self.outcome = outcome
    self.operationType = operationType
    self.operationName = operationName
    self.body = body
  }

  /// Whether the request failed before execution (no `data` in the body).
  public var isRequestError: Bool { outcome != .executed }
}
