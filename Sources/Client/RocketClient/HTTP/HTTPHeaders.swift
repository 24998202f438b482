/// Header fields in the order they were added, names matched case-insensitively: interceptors
/// and `--header` add or replace fields. A name may repeat (``add(_:_:)``); the subscript
/// replaces every field of that name.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field.
  public struct Field: Sendable, Equatable {
    /// The name as given, such as `Content-Type`.
    public var name: String
    /// The value.
    public var value: String

    /// A field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  private var fields: [Field] = []

  /// No fields.
  public init() {}

  /// The given fields, in order.
  public init(dictionaryLiteral elements: (String, String)...) {
    for (name, value) in elements { add(name, value) }
  }

  /// The first value of field `name` (any case); setting replaces every field of that name,
  /// and nil removes them.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
    set {
      fields.removeAll { $0.name.lowercased() == name.lowercased() }
      if let newValue { fields.append(Field(name: name, value: newValue)) }
    }
  }

  /// Adds a field, keeping any others of the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Adds `fields` in order, replacing every field of their names.
  public mutating func replace(with fields: some Sequence<Field>) {
    let names = Set(fields.map { $0.name.lowercased() })
    self.fields.removeAll { names.contains($0.name.lowercased()) }
    self.fields += fields
  }

  /// Whether there is a field named `name` (any case).
  public func contains(_ name: String) -> Bool { self[name] != nil }

  /// The number of fields.
  public var count: Int { fields.count }

  /// The fields in order, repeated names included.
  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}
