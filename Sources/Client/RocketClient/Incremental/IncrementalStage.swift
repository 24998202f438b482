import GraphQLWire

/// One stage of an answer as it arrives: the payload the server just sent and everything merged
/// so far (an ordinary answer is one stage with ``hasNext`` false).
public struct IncrementalStage: Sendable, Equatable {
  /// The payload as the server sent it (`data`/`pending`/`incremental`/`completed`/`hasNext`).
  public var payload: JSON
  /// The response merged so far (`data`, and `errors`/`extensions` when there are any), as
  /// ``IncrementalResult/json`` gives it.
  public var result: JSON
  /// Whether more payloads are to come.
  public var hasNext: Bool
  /// The stage's number, from 1.
  public var index: Int

  /// A stage.
  public init(payload: JSON, result: JSON, hasNext: Bool, index: Int) {
    self.payload = payload
    self.result = result
    self.hasNext = hasNext
    self.index = index
  }
}
