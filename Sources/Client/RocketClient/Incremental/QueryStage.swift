import GraphQLAPI

/// One stage of a generated query's answer, decoded: what arrived so far as the query's `Data`
/// (its deferred fragments pending until their part arrives).
public struct QueryStage<Data: SelectionSetData>: Sendable {
  /// The data and errors merged so far.
  public var result: GraphQLResult<Data>
  /// Whether more payloads are to come; false for the last stage, the answer
  /// ``RocketClient/fetch(_:cachePolicy:context:)`` returns.
  public var hasNext: Bool
  /// The stage's number, from 1.
  public var index: Int

  /// A stage.
  public init(result: GraphQLResult<Data>, hasNext: Bool, index: Int) {
    self.result = result
    self.hasNext = hasNext
    self.index = index
  }
}
