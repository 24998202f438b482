import GraphQLWire

/// What one mutation's answer changes in the cache beyond the objects it returns (Apollo's
/// cache `update` functions): a booking adds the launch to the user's cached trips list and to
/// the total. Declared once per mutation and given to the ``CacheStore``, which runs it whenever
/// it writes that mutation's answer, whoever sent it.
public struct CacheUpdate: Sendable {
  /// The mutation's operation name (`BookTrips`).
  public let operation: String
  let apply: @Sendable (JSONObject, inout CacheEdit) -> Void

  /// `apply` reads the answer's `data` and edits the records it changes, seeing the cache as it
  /// was before the answer's own objects were written.
  public init(
    operation: String, _ apply: @escaping @Sendable (_ data: JSONObject, _ edit: inout CacheEdit) -> Void
  ) {
    self.operation = operation
    self.apply = apply
  }
}

/// The records a ``CacheUpdate`` reads and the fields it changes, written in the same merge as
/// the answer. A changed field keeps the max-age its stored stamp had.
public struct CacheEdit {
  private let load: (String) -> StoredRecord?
  private var loaded: [String: StoredRecord?] = [:]
  /// The fields set, by record key.
  private(set) var changes: [String: CacheRecord] = [:]
  /// The max-ages of the fields set, as their stamps had them.
  private(set) var maxAges: [String: [String: Int]] = [:]

  init(load: @escaping (String) -> StoredRecord?) {
    self.load = load
  }

  /// The record `key` as the update sees it (its own changes included); nil when not cached.
  public mutating func record(_ key: String) -> CacheRecord? {
    let stored = stored(key)
    guard var record = stored?.record ?? changes[key].map({ _ in CacheRecord(key: key) }) else { return nil }
    if let change = changes[key] { record = record.merging(change) }
    return record
  }

  /// Sets `field` of the record `key` to `value`.
  public mutating func set(_ field: String, of key: String, to value: CacheValue) {
    changes[key, default: CacheRecord(key: key)].fields[field] = value
    if let maxAge = stored(key)?.stamp(of: field).maxAge { maxAges[key, default: [:]][field] = maxAge }
  }

  private mutating func stored(_ key: String) -> StoredRecord? {
    if let known = loaded[key] { return known }
    let found = load(key)
    loaded[key] = found
    return found
  }
}
