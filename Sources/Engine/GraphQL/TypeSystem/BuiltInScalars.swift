/// The five scalars every schema has (spec 3.5), with graphql-js 16's coercion rules and messages.
///
/// Result coercion accepts Swift `Int` (and the other fixed-width integers), `Double`, `Float`,
/// `String`, `Substring`, `Bool` and `JSON`. All coercion failures throw `GraphQLError`.
extension GraphQLScalarType {
  /// `Int`: a signed 32-bit integer.
  public static let int = GraphQLScalarType(
    name: "Int",
    description:
      "The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.",
    serialize: { try BuiltInCoercion.serializeInt($0) },
    parseValue: { try BuiltInCoercion.parseIntValue($0) },
    parseLiteral: { try BuiltInCoercion.parseIntLiteral($0) })

  /// `Float`: a double-precision number.
  public static let float = GraphQLScalarType(
    name: "Float",
    description:
      "The `Float` scalar type represents signed double-precision fractional values as specified by [IEEE 754](https://en.wikipedia.org/wiki/IEEE_floating_point).",
    serialize: { try BuiltInCoercion.serializeFloat($0) },
    parseValue: { try BuiltInCoercion.parseFloatValue($0) },
    parseLiteral: { try BuiltInCoercion.parseFloatLiteral($0) })

  /// `String`: UTF-8 text.
  public static let string = GraphQLScalarType(
    name: "String",
    description:
      "The `String` scalar type represents textual data, represented as UTF-8 character sequences. The String type is most often used by GraphQL to represent free-form human-readable text.",
    serialize: { try BuiltInCoercion.serializeString($0) },
    parseValue: { try BuiltInCoercion.parseStringValue($0) },
    parseLiteral: { try BuiltInCoercion.parseStringLiteral($0) })

  /// `Boolean`: `true` or `false`.
  public static let boolean = GraphQLScalarType(
    name: "Boolean",
    description: "The `Boolean` scalar type represents `true` or `false`.",
    serialize: { try BuiltInCoercion.serializeBoolean($0) },
    parseValue: { try BuiltInCoercion.parseBooleanValue($0) },
    parseLiteral: { try BuiltInCoercion.parseBooleanLiteral($0) })

  /// `ID`: an opaque identifier, serialized as a string; accepts strings and integers as input.
  public static let id = GraphQLScalarType(
    name: "ID",
    description:
      "The `ID` scalar type represents a unique identifier, often used to refetch an object or as key for a cache. The ID type appears in a JSON response as a String; however, it is not intended to be human-readable. When expected as an input type, any string (such as `\"4\"`) or integer (such as `4`) input value will be accepted as an ID.",
    serialize: { try BuiltInCoercion.serializeID($0) },
    parseValue: { try BuiltInCoercion.parseIDValue($0) },
    parseLiteral: { try BuiltInCoercion.parseIDLiteral($0) })

  /// The built-in scalars in graphql-js's order (`String`, `Int`, `Float`, `Boolean`, `ID`).
  public static let specified: [GraphQLScalarType] = [.string, .int, .float, .boolean, .id]

  /// Whether `name` is one of the five built-in scalar names.
  public static func isSpecified(_ name: String) -> Bool { specified(named: name) != nil }

  /// The built-in scalar called `name`, if there is one.
  public static func specified(named name: String) -> GraphQLScalarType? {
    specified.first { $0.name == name }
  }

  /// A custom scalar (such as `Upload`) whose values pass through unchanged: results are
  /// converted to `JSON` as they are, inputs are accepted as given.
  ///
  /// - Parameters:
  ///   - specifiedByURL: the `@specifiedBy(url:)` value, if any.
  ///   - definition: the SDL node it was built from, if any.
  public static func custom(
    name: String, description: String? = nil, specifiedByURL: String? = nil,
    definition: ScalarTypeDefinition? = nil
  ) -> GraphQLScalarType {
    GraphQLScalarType(
      name: name, description: description, specifiedByURL: specifiedByURL,
      serialize: { try BuiltInCoercion.passThrough($0, scalarName: name) },
      parseValue: { $0 },
      parseLiteral: { BuiltInCoercion.untypedValue($0) },
      definition: definition)
  }
}
