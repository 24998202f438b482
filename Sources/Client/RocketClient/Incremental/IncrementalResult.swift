import GraphQLWire

/// One growing GraphQL result merged from the payloads of an incremental answer (`@defer`,
/// `@stream`), in either format servers send: `incrementalSpec=v0.2` (graphql-js 17, Apollo
/// Server 5.1+: `pending` records, `incremental` entries naming a pending `id`, `completed`
/// records) or `deferSpec=20220824` (Apollo iOS and Router: entries with their own `path` and
/// `label`). `hasNext: false` (or none) ends it; `errors` accumulate in order and `extensions`
/// merge. Feed it each payload in order with ``apply(_:)``.
public struct IncrementalResult: Sendable, Equatable {
  /// Why a payload cannot be merged: the answer is not a well-formed incremental answer.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// What is wrong, such as `an incremental entry names unknown id "3"`.
    public let reason: String
    /// The reason, for the user.
    public var description: String { reason }
  }

  /// A part still to come, as a v0.2 `pending` record announced it.
  public struct Pending: Sendable, Equatable {
    /// Where its data goes (for a stream: the list).
    public var path: [JSON]
    /// Its `label`, when the directive had one.
    public var label: String?
  }

  /// The result's `data` so far; nil before the first payload with `data`.
  public private(set) var data: JSON?
  /// Every GraphQL error so far, in the order the payloads brought them.
  public private(set) var errors: [JSON] = []
  /// The merged `extensions`, nil when no payload had any.
  public private(set) var extensions: JSONObject?
  /// Whether more payloads are to come: true until a payload says `hasNext: false`.
  public private(set) var hasNext = true
  /// How many payloads were merged.
  public private(set) var payloadCount = 0
  /// The v0.2 parts announced and not yet completed, by id.
  public private(set) var pending: [String: Pending] = [:]

  /// An empty result, waiting for its first payload.
  public init() {}

  /// The result as an ordinary GraphQL response: `data`, then `errors` and `extensions` when
  /// there are any.
  public var json: JSON {
    var object = JSONObject()
    object["data"] = data ?? .null
    if !errors.isEmpty { object["errors"] = .array(errors) }
    if let extensions { object["extensions"] = .object(extensions) }
    return .object(object)
  }

  /// Merges the next payload.
  public mutating func apply(_ payload: JSON) throws(Failure) {
    guard case .object(let object) = payload else {
      throw Failure(reason: "a payload that is not a JSON object")
    }
    payloadCount += 1
    if let value = object["data"] {
      if data == nil || !value.isObject { data = value } else { try merge(value, at: []) }
    }
    appendErrors(object["errors"])
    mergeExtensions(object["extensions"])
    for record in object["pending"]?.arrayValue ?? [] {
      guard let id = Self.id(record["id"]) else { throw Failure(reason: "a pending record without an id") }
      pending[id] = Pending(path: record["path"]?.arrayValue ?? [], label: record["label"]?.stringValue)
    }
    for entry in object["incremental"]?.arrayValue ?? [] {
      guard case .object(let fields) = entry else {
        throw Failure(reason: "an incremental entry that is not an object")
      }
      try mergeEntry(fields)
    }
    for record in object["completed"]?.arrayValue ?? [] {
      appendErrors(record["errors"])
      if let id = Self.id(record["id"]) { pending[id] = nil }
    }
    hasNext = object["hasNext"]?.boolValue ?? false
  }

  /// Merges one `incremental` entry.
  private mutating func mergeEntry(_ entry: JSONObject) throws(Failure) {
    var path: [JSON]
    var isV02 = false
    if let id = Self.id(entry["id"]) {
      guard let record = pending[id] else {
        throw Failure(reason: "an incremental entry names unknown id \"\(id)\"")
      }
      path = record.path + (entry["subPath"]?.arrayValue ?? [])
      isV02 = true
    } else {
      path = entry["path"]?.arrayValue ?? []
    }
    if let items = entry["items"]?.arrayValue {
      var start: Int?
      if !isV02, case .int(let index) = path.last {
        // deferSpec=20220824 names the index of the first item.
        path.removeLast()
        start = index
      }
      try append(items, toListAt: path, from: start)
    } else if let value = entry["data"], case .object = value {
      try merge(value, at: path)
    }
    appendErrors(entry["errors"])
    mergeExtensions(entry["extensions"])
  }

  private mutating func appendErrors(_ list: JSON?) {
    if let list = list?.arrayValue { errors += list }
  }

  private mutating func mergeExtensions(_ value: JSON?) {
    guard case .object(let more)? = value else { return }
    var merged = extensions ?? JSONObject()
    for (key, value) in more { merged[key] = value }
    extensions = merged
  }

  /// Deep-merges the object `value` into the object at `path`.
  private mutating func merge(_ value: JSON, at path: [JSON]) throws(Failure) {
    guard var root = data else { throw Failure(reason: "deferred data before any data") }
    try Self.update(&root, at: path[...]) { target in Self.deepMerge(value, into: &target) }
    data = root
  }

  /// Appends stream `items` to the list at `path` (from index `start` when given).
  private mutating func append(_ items: [JSON], toListAt path: [JSON], from start: Int?) throws(Failure) {
    guard var root = data else { throw Failure(reason: "streamed items before any data") }
    var malformed = false
    try Self.update(&root, at: path[...]) { target in
      guard case .array(var list) = target else {
        malformed = true
        return
      }
      var index = start ?? list.count
      for item in items {
        if index < list.count { list[index] = item } else { list.append(item) }
        index += 1
      }
      target = .array(list)
    }
    if malformed { throw Failure(reason: "streamed items for a path that is not a list") }
    data = root
  }

  /// Runs `body` on the value at `path` inside `value`; a null on the way (a field an error
  /// nulled) leaves the deferred part nowhere to go, as the specification asks.
  private static func update(
    _ value: inout JSON, at path: ArraySlice<JSON>, _ body: (inout JSON) -> Void
  ) throws(Failure) {
    guard let step = path.first else {
      if !value.isNull { body(&value) }
      return
    }
    switch (value, step) {
    case (.null, _):
      return
    case (.object(var object), .string(let key)):
      guard var child = object[key] else { throw Failure(reason: "a path through missing field \"\(key)\"") }
      try update(&child, at: path.dropFirst(), body)
      object[key] = child
      value = .object(object)
    case (.array(var list), .int(let index)):
      guard list.indices.contains(index) else {
        throw Failure(reason: "a path through missing index \(index)")
      }
      try update(&list[index], at: path.dropFirst(), body)
      value = .array(list)
    default:
      throw Failure(reason: "a path that does not match the result's shape")
    }
  }

  /// Merges `source` into `target`: objects member by member (lists of equal length element by
  /// element, as overlapping fragments send them), anything else replaced.
  private static func deepMerge(_ source: JSON, into target: inout JSON) {
    switch (target, source) {
    case (.object(var object), .object(let more)):
      for (key, value) in more {
        if var existing = object[key] {
          deepMerge(value, into: &existing)
          object[key] = existing
        } else {
          object[key] = value
        }
      }
      target = .object(object)
    case (.array(var list), .array(let more)) where list.count == more.count:
      for index in list.indices { deepMerge(more[index], into: &list[index]) }
      target = .array(list)
    default:
      target = source
    }
  }

  /// An `id` as servers send it: a string (a number is accepted too).
  private static func id(_ value: JSON?) -> String? {
    switch value {
    case .string(let text)?: text
    case .int(let number)?: String(number)
    default: nil
    }
  }
}

extension JSON {
  fileprivate var isObject: Bool { if case .object = self { true } else { false } }
}
