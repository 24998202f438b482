import GraphQLWire

/// Where a server keeps the documents of automatic persisted queries (Apollo's APQ), by the
/// lowercase hex SHA-256 of their text. Implementations are shared by every request thread.
public protocol PersistedQueryStore: Sendable {
  /// The document registered under `hash`, nil when unknown (evicted or never sent).
  func query(forHash hash: String) -> String?
  /// Registers `query` under `hash`, which the pipeline has checked is its SHA-256.
  func register(_ query: String, forHash hash: String)
}

/// A bounded in-process `PersistedQueryStore`: at most `maxEntries` documents and `maxBytes` bytes
/// of their text, the least recently used out first, so what clients register cannot grow a
/// server's memory.
public final class InMemoryPersistedQueryStore: PersistedQueryStore {
  private let entries: LRUCache<String, String>

  /// - Parameters:
  ///   - maxEntries: the most documents held (default 1000, at least 1).
  ///   - maxBytes: the most bytes of document text held (default 8 MiB); a longer document is
  ///     never registered, so a client sending it always sends it whole.
  public init(maxEntries: Int = 1000, maxBytes: Int = 8 << 20) {
    entries = LRUCache(capacity: maxEntries, maxTotalCost: maxBytes)
  }

  public func query(forHash hash: String) -> String? { entries.value(for: hash) }

  public func register(_ query: String, forHash hash: String) {
    entries.store(query, for: hash, cost: query.utf8.count)
  }

  /// The number of documents held.
  public var count: Int { entries.count }

  /// The bytes of document text held.
  public var byteCount: Int { entries.totalCost }
}

/// The request pipeline's first stage: the document of a request, from its `query`, from the
/// trusted documents, or, with `extensions.persistedQuery = {"version":1,"sha256Hash":…}`, from
/// the persisted-query store, as Apollo's clients and servers speak it: a hash alone is looked up
/// (a miss answers `PersistedQueryNotFound`, and the client sends the text with the hash); a hash
/// with the text registers the text once its SHA-256 matches. A request without the extension
/// passes as it is, unless only trusted documents may run.
enum PersistedQueryStage {
  /// What the stage decides: the text to run, a trusted document ready to run, or the answer that
  /// ends the request here.
  enum Decision {
    case run(String)
    case prepared(CachedDocument)
    case answer(GraphQLResponse)
  }

  static func query(of request: GraphQLRequest, operations: PersistedOperations) -> Decision {
    guard let persisted = request.extensions?["persistedQuery"] else {
      return operations.trustedOnly ? notInList : .run(request.query)
    }
    guard case .object(let fields) = persisted, fields["version"] == .int(1) else {
      return .answer(
        .requestError(.persistedQueryInvalid, nil, [GraphQLError("Unsupported persisted query version")]))
    }
    guard case .string(let hash)? = fields["sha256Hash"] else {
      return .answer(
        .requestError(
          .persistedQueryInvalid, nil,
          [GraphQLError("The persisted query extension needs a sha256Hash string")]))
    }
    if let trusted = operations.trusted?.documents[hash] {
      guard request.query.isEmpty || request.query == trusted.body else { return shaMismatch }
      return .prepared(trusted.cached)
    }
    if operations.trustedOnly { return notInList }
    guard let store = operations.automatic else {
      return .answer(
        .requestError(.persistedQueryNotSupported, nil, [GraphQLError("PersistedQueryNotSupported")]))
    }
    if request.query.isEmpty {
      guard let query = store.query(forHash: hash) else {
        operations.statistics.miss()
        return .answer(.requestError(.persistedQueryNotFound, nil, [GraphQLError("PersistedQueryNotFound")]))
      }
      operations.statistics.hit()
      return .run(query)
    }
    // Hash only what is not known yet: a client that keeps sending text and hash costs a lookup.
    if store.query(forHash: hash) != request.query {
      guard SHA256.hexDigest(request.query) == hash else { return shaMismatch }
      store.register(request.query, forHash: hash)
      operations.statistics.registered()
    }
    return .run(request.query)
  }

  private static var shaMismatch: Decision {
    .answer(.requestError(.persistedQueryInvalid, nil, [GraphQLError("provided sha does not match query")]))
  }

  private static var notInList: Decision {
    .answer(
      .requestError(
        .persistedQueryNotInList, nil,
        [GraphQLError("This server runs only its trusted documents, and this operation is not one of them.")])
    )
  }
}
