import GraphQLAPI
import GraphQLWire

/// What the cache needs to know of a request made from a generated operation: its selections,
/// the types keyed by id, the variables, and whether its answer may be stored.
public struct CacheableOperation: Sendable {
  /// The operation's name, for errors.
  public var name: String
  /// Query or mutation: a mutation's own root is never stored.
  public var operationType: GraphQLOperationType
  /// The root selection set's `__selections`.
  public var selections: [Selection]
  /// The types keyed `Typename:id`.
  public var keyedTypes: Set<String>
  /// The request's variables.
  public var variables: JSONObject
  /// False for an answer that must never be stored (the `login` result carries a token).
  public var storesResult: Bool
  /// The schema's `@cacheControl` hints: each field's max-age.
  public var hints: CacheHints

  /// The description of a generated operation; `storesResult` false keeps its answer out.
  public init<Operation: GraphQLOperation>(_ operation: Operation, storesResult: Bool = true) {
    name = Operation.operationName
    operationType = Operation.operationType
    selections = Operation.Data.__selections
    keyedTypes = Operation.cacheKeyedTypes
    variables = operation.variables
    self.storesResult = storesResult
    hints = Operation.cacheHints
  }

  /// `QUERY_ROOT` for a query, `MUTATION_ROOT` for a mutation.
  var rootKey: String { operationType == .query ? CacheKeys.queryRoot : CacheKeys.mutationRoot }
}

/// Says that a response came from the cache, and how old it is.
public struct CachedAnswer: Sendable, Equatable {
  /// When its oldest record was written (seconds since 1970).
  public var writtenAt: Int64
  /// True when it stands in for a server that could not be reached (network-first).
  public var isOfflineFallback: Bool
  /// True when a field of it is past its max-age (served only offline, or by cache-only).
  public var isStale: Bool = false
}
