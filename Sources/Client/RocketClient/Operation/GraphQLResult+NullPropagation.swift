import GraphQLAPI
import GraphQLWire

extension GraphQLResult {
  /// Decodes `data` as `Data`, its fields reading `errors` as their `@catch` says. A null at a
  /// field read as non-null that an error explains (an answer to `onError: NULL`) moves up to the
  /// nearest nullable position, as `PROPAGATE` would have placed it.
  static func decodeData(_ data: JSONObject, errors: [GraphQLError]) throws -> Data? {
    var data = data
    // Each round nulls one position nearer the root; the depth bounds the rounds.
    for _ in 0..<256 {
      do {
        return try Data(object: data, path: [], errors: ResponseErrors(errors))
      } catch let failure as ResponseDecodingError {
        // A `@catch(to: THROW)` throws by request: that failure is not moved to a parent.
        guard !failure.isCaughtToThrow, !failure.path.isEmpty,
          Self.value(at: failure.path, in: .object(data)) == .null,
          errors.contains(where: { $0.path.map { $0.starts(with: failure.path) } == true })
        else { throw failure }
        let parent = Array(failure.path.dropLast())
        if parent.isEmpty { return nil }
        guard case .object(let nulled) = Self.setting(.null, at: parent, in: .object(data)) else {
          throw failure
        }
        data = nulled
      }
    }
    return nil
  }

  /// The value at `path` in `json`, or nil when the path leads nowhere.
  static func value(at path: some Collection<PathComponent>, in json: JSON) -> JSON? {
    guard let first = path.first else { return json }
    switch first {
    case .key(let key): return json[key].flatMap { value(at: path.dropFirst(), in: $0) }
    case .index(let index): return json[index].flatMap { value(at: path.dropFirst(), in: $0) }
    }
  }

  /// `json` with `replacement` at `path` (unchanged when the path leads nowhere).
  static func setting(_ replacement: JSON, at path: some Collection<PathComponent>, in json: JSON) -> JSON {
    guard let first = path.first else { return replacement }
    switch (first, json) {
    case (.key(let key), .object(var object)):
      guard let member = object[key] else { return json }
      object[key] = setting(replacement, at: path.dropFirst(), in: member)
      return .object(object)
    case (.index(let index), .array(var items)) where items.indices.contains(index):
      items[index] = setting(replacement, at: path.dropFirst(), in: items[index])
      return .array(items)
    default:
      return json
    }
  }
}
