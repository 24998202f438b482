/// A mock of any object type: the value of a field whose schema type is an interface or a union,
/// which objects of several types may fill (`AnyMock(Mock<Rocket>(...))`).
public struct AnyMock: Sendable, Hashable, MockFieldConvertible {
  /// The object's schema type name.
  public var typename: String
  /// Its fields, by schema field name.
  public var fields: [String: MockValue]

  /// Wraps `mock`.
  public init<Object: MockObject>(_ mock: Mock<Object>) {
    typename = Object.__typename
    fields = mock.__fields
  }

  /// The value as a field value.
  public var mockValue: MockValue { .object(typename: typename, fields: fields) }

  /// The object a value holds, or nil when it holds no object.
  public init?(mockValue: MockValue) {
    guard case .object(let typename, let fields) = mockValue else { return nil }
    self.typename = typename
    self.fields = fields
  }
}
