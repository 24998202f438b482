import GraphQLWire

/// One stage of an answer as it arrives: the payload the server just sent and everything merged
/// so far.
///
/// An ordinary (not incremental) answer is one stage whose payload is the whole response and
/// whose ``hasNext`` is false.
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
  ///
  /// - Parameters:
  ///   - payload: the payload just received.
  ///   - result: the merged response so far.
  ///   - hasNext: whether more are to come.
  ///   - index: its number, from 1.
  public init(payload: JSON, result: JSON, hasNext: Bool, index: Int) {
    self.payload = payload
    self.result = result
    self.hasNext = hasNext
    self.index = index
  }
}
