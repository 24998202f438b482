/// A JSON value whose objects keep their keys in insertion order, as GraphQL responses must
/// (fields appear in selection order).
///
/// Integers and floating-point numbers are kept apart so that `1` and `1.0` survive a round
/// trip the way GraphQL's `Int` and `Float` expect.
public enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSON])
  case object(JSONObject)

  /// The member `key` of an object, or nil for a missing key or a non-object.
  public subscript(key: String) -> JSON? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The element at `index` of an array, or nil when out of range or not an array.
  public subscript(index: Int) -> JSON? {
    if case .array(let array) = self, array.indices.contains(index) { return array[index] }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool { if case .null = self { true } else { false } }

  /// The string, or nil for another kind of value.
  public var stringValue: String? { if case .string(let value) = self { value } else { nil } }

  /// The integer, or nil for another kind of value.
  public var intValue: Int? { if case .int(let value) = self { value } else { nil } }

  /// The boolean, or nil for another kind of value.
  public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }

  /// The array, or nil for another kind of value.
  public var arrayValue: [JSON]? { if case .array(let value) = self { value } else { nil } }

  /// The object, or nil for another kind of value.
  public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
}

/// A JSON object: string keys in insertion order, each at most once.
///
/// Small objects (GraphQL results are mostly small) are searched linearly, which beats hashing
/// for a handful of keys.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// The keys, in insertion order.
  public private(set) var keys: [String]
  /// The values, in the order of `keys`.
  public private(set) var values: [JSON]

  /// An empty object.
  public init() {
    keys = []
    values = []
  }

  /// The members in literal order (a repeated key keeps its first place and its last value).
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self.init()
    reserveCapacity(elements.count)
    for (key, value) in elements { self[key] = value }
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// Whether there are no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// Makes room for `capacity` members.
  public mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  /// Appends a member without checking for an existing key; the caller guarantees uniqueness
  /// (the executor does, since response keys are merged before execution).
  public mutating func appendUnchecked(_ key: String, _ value: JSON) {
    keys.append(key)
    values.append(value)
  }

  /// Replaces the value of the member at `position` (its key stays, and so does its place).
  package mutating func replaceValue(at position: Int, with value: JSON) {
    values[position] = value
  }

  /// The value for `key`; setting nil removes the member, setting a new key appends it.
  public subscript(key: String) -> JSON? {
    get {
      guard let index = keys.firstIndex(of: key) else { return nil }
      return values[index]
    }
    set {
      if let index = keys.firstIndex(of: key) {
        if let newValue {
          values[index] = newValue
        } else {
          keys.remove(at: index)
          values.remove(at: index)
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
      }
    }
  }

  /// The members as (key, value) pairs, in insertion order.
  public func makeIterator() -> Zip2Sequence<[String], [JSON]>.Iterator {
    zip(keys, values).makeIterator()
  }
}
