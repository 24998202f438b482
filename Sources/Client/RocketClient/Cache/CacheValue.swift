import GraphQLWire

/// One field's value in a normalized record: a leaf value, a reference to another record, or a
/// list of either.
public enum CacheValue: Hashable, Sendable {
  /// A scalar or enum value, null, or a list of them.
  case scalar(JSON)
  /// The key of the record holding the object (`Launch:42`, `Launch:42.mission`).
  case reference(String)
  /// A list of objects (or nested lists of them).
  case list([CacheValue])

  /// The value as stored: leaves as themselves, references as `{"$ref": key}`, lists as arrays;
  /// a leaf that is itself a list or an object is wrapped as `{"$json": value}` so it cannot be
  /// mistaken for either.
  package var storedJSON: JSON {
    switch self {
    case .scalar(let json):
      switch json {
      case .array, .object: return .object(["$json": json])
      default: return json
      }
    case .reference(let key):
      return .object(["$ref": .string(key)])
    case .list(let items):
      return .array(items.map(\.storedJSON))
    }
  }

  /// Reads a value written by ``storedJSON``.
  init(storedJSON json: JSON) {
    switch json {
    case .array(let items):
      self = .list(items.map(CacheValue.init(storedJSON:)))
    case .object(let object):
      if let key = object["$ref"]?.stringValue, object.count == 1 {
        self = .reference(key)
      } else {
        self = .scalar(object["$json"] ?? json)
      }
    default:
      self = .scalar(json)
    }
  }
}

/// One normalized record: the fields of one object, by field key (`name`,
/// `missionPatch({"size":"LARGE"})`).
public struct CacheRecord: Hashable, Sendable {
  /// `Launch:42`, `QUERY_ROOT`, or a path below the nearest keyed parent.
  public var key: String
  /// The values by field key.
  public var fields: [String: CacheValue]

  /// A record of `fields` (default none) under `key`.
  public init(key: String, fields: [String: CacheValue] = [:]) {
    self.key = key
    self.fields = fields
  }

  /// The fields as one JSON object, keys sorted so equal records store equal text.
  var storedText: String {
    var object = JSONObject()
    object.reserveCapacity(fields.count)
    for key in fields.keys.sorted() {
      if let value = fields[key] { object.appendUnchecked(key, value.storedJSON) }
    }
    return JSON.object(object).encodedString
  }

  /// Reads fields written by ``storedText``; nil when the text is not such an object.
  init?(key: String, storedText: String) {
    guard case .object(let object)? = try? JSON(parsing: storedText) else { return nil }
    var fields: [String: CacheValue] = [:]
    fields.reserveCapacity(object.count)
    for (name, value) in object { fields[name] = CacheValue(storedJSON: value) }
    self.init(key: key, fields: fields)
  }

  /// This record with `other`'s fields written over its own.
  func merging(_ other: CacheRecord) -> CacheRecord {
    var merged = self
    merged.fields.merge(other.fields) { _, new in new }
    return merged
  }
}
