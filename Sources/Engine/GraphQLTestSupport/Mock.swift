/// A stand-in for one object of the schema, built in a test instead of fetched from a server
/// (apollo-ios's `Mock<Launch>` of ApolloTestSupport): set the fields a test needs, nest mocks and
/// lists of mocks, then build any generated operation's `Data` from it with
/// `SelectionSetData.from(_:)`.
///
/// ```swift
/// let launch = Mock<Launch>(id: "109", site: "KSC LC 39A", isBooked: false)
/// let query = Mock<Query>(launches: Mock<LaunchConnection>(cursor: "109", hasMore: true, launches: [launch]))
/// let data = try LaunchListQuery.Data.from(query)
/// ```
///
/// A field left unset reads as null when the schema lets it be null; building data that selects
/// an unset non-null field throws ``MockDataError``. A value type: copies are independent.
public struct Mock<Object: MockObject>: Sendable, Hashable {
  /// The fields set so far, by schema field name (not alias): what the generated properties
  /// read and write.
  public var __fields: [String: MockValue]

  /// A mock with no field set.
  public init() {
    __fields = [:]
  }

  /// The field `name` as the Swift type `Value`, or nil when it is not set; setting nil unsets it.
  /// The generated properties go through here.
  public subscript<Value: MockFieldConvertible>(field name: String) -> Value? {
    get { __fields[name].flatMap(Value.init(mockValue:)) }
    set { __fields[name] = newValue?.mockValue }
  }
}

extension Mock: MockFieldConvertible {
  /// The mock as a field value: an object with its type name and fields.
  public var mockValue: MockValue { .object(typename: Object.__typename, fields: __fields) }

  /// The mock an object value of the same type holds, or nil for any other value.
  public init?(mockValue: MockValue) {
    guard case .object(let typename, let fields) = mockValue, typename == Object.__typename else {
      return nil
    }
    __fields = fields
  }
}
