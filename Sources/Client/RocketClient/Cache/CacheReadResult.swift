import GraphQLWire

/// What a cache read found.
package struct CacheReadResult: Sendable {
  /// The whole answer's `data`, or nil when something is missing.
  package var data: JSONObject?
  /// `record.field` for each missing field.
  package var missing: [String]
  /// The records the read depended on.
  package var keysRead: Set<String>
  /// When the oldest field used was written (seconds since 1970).
  package var writtenAt: Int64?
  /// `record.field` for each field used that is past its max-age: the answer is stale.
  package var stale: [String] = []
}
