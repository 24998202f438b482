import GraphQLAPI
import GraphQLWire

/// A Swift type a mock field may hold: scalars, generated enums, `Mock<Object>`, ``AnyMock``, and
/// optionals and arrays of these. The generated properties of a mock use exactly the field's
/// schema type, so a value of another type does not compile.
public protocol MockFieldConvertible: Sendable {
  /// The value as a mock field holds it.
  var mockValue: MockValue { get }
  /// The Swift value `mockValue` holds, or nil when it holds something else.
  init?(mockValue: MockValue)
}

extension MockFieldConvertible where Self: GraphQLScalarDecodable & GraphQLInputValueConvertible {
  /// A scalar or enum: its JSON, as a server would send it.
  public var mockValue: MockValue { .scalar(inputJSON) }

  /// The scalar decoded from the JSON, as a response field would be.
  public init?(mockValue: MockValue) {
    guard case .scalar(let json) = mockValue else { return nil }
    self.init(scalarJSON: json)
  }
}

extension String: MockFieldConvertible {}
extension Int: MockFieldConvertible {}
extension Double: MockFieldConvertible {}
extension Bool: MockFieldConvertible {}

extension Optional: MockFieldConvertible where Wrapped: MockFieldConvertible {
  /// nil is an explicit null.
  public var mockValue: MockValue { self?.mockValue ?? .null }

  /// nil for null, else the wrapped value.
  public init?(mockValue: MockValue) {
    if case .null = mockValue {
      self = .none
      return
    }
    guard let wrapped = Wrapped(mockValue: mockValue) else { return nil }
    self = .some(wrapped)
  }
}

extension Array: MockFieldConvertible where Element: MockFieldConvertible {
  /// A list of the elements' values.
  public var mockValue: MockValue { .list(map(\.mockValue)) }

  /// The elements, or nil when the value is not a list of `Element`.
  public init?(mockValue: MockValue) {
    guard case .list(let items) = mockValue else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(items.count)
    for item in items {
      guard let element = Element(mockValue: item) else { return nil }
      elements.append(element)
    }
    self = elements
  }
}
