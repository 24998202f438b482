import GraphQLWire
import Testing

@testable import GraphQL

/// SDL documents with several errors: every error, in graphql-js 16's order, with its locations
/// (expectations computed once with node).
@Suite struct SchemaValidationOrderTests {
  @Test func typeDirectiveAndExtensionErrorsInDocumentOrder() throws {
    let sdl =
      "type Query @foo { a: Int @skip(if: true) a: Strin }\nextend type Q { b: Int }\ndirective @d(x: Int, x: Int) on FIELD\ndirective @d on FIELD"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Field \"Query.a\" can only be defined once. [\"1:19\", \"1:42\"]",
        "Unknown directive \"@foo\". [\"1:12\"]",
        "Directive \"@skip\" may not be used on FIELD_DEFINITION. [\"1:26\"]",
        "Unknown type \"Strin\". Did you mean \"String\"? [\"1:45\"]",
        "Cannot extend type \"Q\" because it is not defined. [\"2:13\"]",
        "Argument \"@d(x:)\" can only be defined once. [\"3:14\", \"3:22\"]",
        "There can be only one directive named \"@d\". [\"3:12\", \"4:12\"]",
      ])
  }

  @Test func schemaInputAndEnumErrorsInDocumentOrder() throws {
    let sdl =
      "schema @deprecated { query: Query query: Query }\ntype Query { a(x: In = {a: 1, a: 2}): Int }\ninput In { a: Int a: Int }\nenum E { A A }\nextend enum E { A }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "There can be only one query type in schema. [\"1:22\", \"1:35\"]",
        "Directive \"@deprecated\" may not be used on SCHEMA. [\"1:8\"]",
        "There can be only one input field named \"a\". [\"2:25\", \"2:31\"]",
        "Field \"In.a\" can only be defined once. [\"3:12\", \"3:19\"]",
        "Enum value \"E.A\" can only be defined once. [\"4:10\", \"4:12\"]",
        "Enum value \"E.A\" can only be defined once. [\"4:10\", \"5:17\"]",
      ])
  }

  @Test func interfaceAndUnionErrorsAcrossExtensions() throws {
    let sdl =
      "type Query implements I { a: Int }\ninterface I { b: Int }\ninterface J implements I { c: Int }\nunion U = Query | J\nextend union U = Query"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Interface field I.b expected but Query does not provide it. [\"2:15\", \"1:1\"]",
        "Interface field I.b expected but J does not provide it. [\"2:15\", \"3:1\"]",
        "Union type U can only include Object types, it cannot include J. [\"4:19\"]",
        "Union type U can only include type Query once. [\"4:11\", \"5:18\"]",
      ])
  }

  @Test func directiveValuesAreNotTypeCheckedInSDL() throws {
    let sdl =
      "type Query { a: [In] b(x: Query, y: In!): Int }\ninput In { self: In! q: Query @deprecated }\nscalar S @specifiedBy(url: 1) @specifiedBy(url: \"x\")"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "The directive \"@specifiedBy\" can only be used once at this location. [\"3:10\", \"3:31\"]"
      ])
  }

  @Test func repeatableAndNonRepeatableDirectives() throws {
    let sdl =
      "directive @r repeatable on OBJECT | FIELD_DEFINITION\ntype Query @r @r { a: Int @r @r @deprecated(reason: \"a\") @deprecated }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "The directive \"@deprecated\" can only be used once at this location. [\"2:33\", \"2:58\"]"
      ])
  }

  @Test func extensionTargetsBeforeTheirDirectives() throws {
    let sdl =
      "type Query { a: Int }\nextend scalar Query @deprecated\nextend input Nope { a: Int }\nextend interface Quer { b: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Cannot extend non-scalar type \"Query\". [\"1:1\", \"2:1\"]",
        "Directive \"@deprecated\" may not be used on SCALAR. [\"2:21\"]",
        "Cannot extend type \"Nope\" because it is not defined. [\"3:14\"]",
        "Cannot extend type \"Quer\" because it is not defined. Did you mean \"Query\"? [\"4:18\"]",
      ])
  }
}
