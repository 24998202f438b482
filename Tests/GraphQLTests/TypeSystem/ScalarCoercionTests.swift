import GraphQLWire
import Testing

@testable import GraphQL

/// The built-in scalars against graphql-js 16 (results and messages taken from node).
@Suite struct ScalarCoercionTests {
  /// The coerced JSON, or `ERR <message>`.
  private func outcome(_ body: () throws -> JSON) -> String {
    do {
      return String(describing: try body())
    } catch let error as GraphQLError {
      return "ERR " + error.message
    } catch {
      return "ERR (not a GraphQLError) \(error)"
    }
  }

  @Test func serializeMatchesGraphQLJS() {
    let cases: [(GraphQLScalarType, any Sendable, JSON?, String?)] = [
      (.int, 1, .int(1), nil),
      (.int, Int32(7), .int(7), nil),
      (.int, Int64(-7), .int(-7), nil),
      (.int, true, .int(1), nil),
      (.int, "123", .int(123), nil),
      (.int, 3.0, .int(3), nil),
      (.int, JSON.int(5), .int(5), nil),
      (.int, "abc", nil, "Int cannot represent non-integer value: \"abc\""),
      (.int, "", nil, "Int cannot represent non-integer value: \"\""),
      (.int, 1.5, nil, "Int cannot represent non-integer value: 1.5"),
      (.int, 2_147_483_648, nil, "Int cannot represent non 32-bit signed integer value: 2147483648"),
      (.int, "2147483648", nil, "Int cannot represent non 32-bit signed integer value: \"2147483648\""),
      (.int, JSON.null, nil, "Int cannot represent non-integer value: null"),
      (.int, JSON.array([.int(1), .int(2)]), nil, "Int cannot represent non-integer value: [1, 2]"),
      (.int, 1e21, nil, "Int cannot represent non 32-bit signed integer value: 1e+21"),
      (.float, true, .double(1), nil),
      (.float, "1.5", .double(1.5), nil),
      (.float, 2, .double(2), nil),
      (.float, Float(0.5), .double(0.5), nil),
      (.float, "x", nil, "Float cannot represent non numeric value: \"x\""),
      (.float, Double.infinity, nil, "Float cannot represent non numeric value: Infinity"),
      (.string, "s", .string("s"), nil),
      (.string, 1, .string("1"), nil),
      (.string, 1.5, .string("1.5"), nil),
      (.string, 2.0, .string("2"), nil),
      (.string, true, .string("true"), nil),
      (.string, JSON.array([.int(1)]), nil, "String cannot represent value: [1]"),
      (.string, JSON.object(["a": .int(1)]), nil, "String cannot represent value: { a: 1 }"),
      (.boolean, false, .bool(false), nil),
      (.boolean, 0, .bool(false), nil),
      (.boolean, 2.5, .bool(true), nil),
      (.boolean, "true", nil, "Boolean cannot represent a non boolean value: \"true\""),
      (.id, 5, .string("5"), nil),
      (.id, "x", .string("x"), nil),
      (.id, JSON.string("y"), .string("y"), nil),
      (.id, 1.5, nil, "ID cannot represent value: 1.5"),
      (.id, true, nil, "ID cannot represent value: true"),
    ]
    for (scalar, value, expected, message) in cases {
      let result = outcome { try scalar.serialize(value) }
      if let expected {
        #expect(result == String(describing: expected), "\(scalar.name).serialize(\(value))")
      } else {
        #expect(result == "ERR " + (message ?? ""), "\(scalar.name).serialize(\(value))")
      }
    }
  }

  @Test func parseValueMatchesGraphQLJS() {
    let cases: [(GraphQLScalarType, JSON, String)] = [
      (.int, .int(1), "int(1)"),
      (.int, .double(1.0), "int(1)"),
      (.int, .double(1.5), "ERR Int cannot represent non-integer value: 1.5"),
      (.int, .string("1"), "ERR Int cannot represent non-integer value: \"1\""),
      (.int, .int(2_147_483_648), "ERR Int cannot represent non 32-bit signed integer value: 2147483648"),
      (.int, .int(-2_147_483_649), "ERR Int cannot represent non 32-bit signed integer value: -2147483649"),
      (.int, .null, "ERR Int cannot represent non-integer value: null"),
      (
        .int, .array((1...12).map { .int($0) }),
        "ERR Int cannot represent non-integer value: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items]"
      ),
      (.float, .int(1), "double(1.0)"),
      (.float, .string("1"), "ERR Float cannot represent non numeric value: \"1\""),
      (.string, .int(1), "ERR String cannot represent a non string value: 1"),
      (
        .string, .object(["a": .array([.int(1), .object(["b": .int(2)])])]),
        "ERR String cannot represent a non string value: { a: [1, [Object]] }"
      ),
      (.boolean, .int(1), "ERR Boolean cannot represent a non boolean value: 1"),
      (.boolean, .bool(true), "bool(true)"),
      (.id, .int(7), "string(\"7\")"),
      (.id, .bool(true), "ERR ID cannot represent value: true"),
      (.id, .double(1.5), "ERR ID cannot represent value: 1.5"),
    ]
    for (scalar, value, expected) in cases {
      #expect(outcome { try scalar.parseValue(value) } == expected, "\(scalar.name).parseValue(\(value))")
    }
  }

  @Test func parseLiteralMatchesGraphQLJS() throws {
    let cases: [(GraphQLScalarType, String, String)] = [
      (.int, "1", "int(1)"),
      (.int, "-2147483648", "int(-2147483648)"),
      (.int, "2147483648", "ERR Int cannot represent non 32-bit signed integer value: 2147483648"),
      (.int, "1.5", "ERR Int cannot represent non-integer value: 1.5"),
      (.int, "\"a\"", "ERR Int cannot represent non-integer value: \"a\""),
      (.int, "$v", "ERR Int cannot represent non-integer value: $v"),
      (.float, "1", "double(1.0)"),
      (.float, "true", "ERR Float cannot represent non numeric value: true"),
      (.string, "1", "ERR String cannot represent a non string value: 1"),
      (.string, "[1, 2]", "ERR String cannot represent a non string value: [1, 2]"),
      (.string, "{a: 1}", "ERR String cannot represent a non string value: { a: 1 }"),
      (.boolean, "null", "ERR Boolean cannot represent a non boolean value: null"),
      (.id, "123", "string(\"123\")"),
      (.id, "\"abc\"", "string(\"abc\")"),
      (.id, "1.5", "ERR ID cannot represent a non-string and non-integer value: 1.5"),
      (.id, "FOO", "ERR ID cannot represent a non-string and non-integer value: FOO"),
    ]
    for (scalar, text, expected) in cases {
      let literal = try parseValue(text)
      #expect(
        outcome { try scalar.parseLiteral(literal) } == expected, "\(scalar.name).parseLiteral(\(text))")
    }
  }

  @Test func customScalarsPassValuesThrough() throws {
    let upload = GraphQLScalarType.custom(name: "Upload")
    #expect(try upload.serialize("file") == .string("file"))
    #expect(try upload.serialize(["a": 1] as [String: any Sendable]) == .object(["a": .int(1)]))
    #expect(try upload.parseValue(.object(["x": .bool(true)])) == .object(["x": .bool(true)]))
    #expect(
      try upload.parseLiteral(try parseValue("{a: [1, 2.5, B]}"))
        == .object(["a": .array([.int(1), .double(2.5), .string("B")])]))
    struct Opaque: Sendable {}
    #expect(throws: GraphQLError.self) { try upload.serialize(Opaque()) }
  }

  @Test func builtInsAreListedInGraphQLJSOrder() {
    #expect(GraphQLScalarType.specified.map(\.name) == ["String", "Int", "Float", "Boolean", "ID"])
    #expect(
      GraphQLDirective.specified.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
    #expect(
      GraphQLDirective.deprecated.arguments.first?.defaultValue
        == .string("No longer supported", block: false, range: nil))
  }
}
