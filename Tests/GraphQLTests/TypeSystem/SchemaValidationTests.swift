import GraphQLWire
import Testing

@testable import GraphQL

/// Every SDL validation message, with its locations, as graphql-js 16 reports it for
/// the same SDL (`validateSDL`; expectations computed once with node).
@Suite struct SchemaValidationTests {
  @Test func duplicateSchema() throws {
    let sdl = "schema { query: Q }\nschema { query: Q }\ntype Q { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Must provide only one schema definition. [\"2:1\"]",
        "There can be only one query type in schema. [\"1:10\", \"2:10\"]",
      ])
  }

  @Test func duplicateOperationType() throws {
    let sdl = "schema { query: Q query: Q }\ntype Q { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "There can be only one query type in schema. [\"1:10\", \"1:19\"]"
      ])
  }

  @Test func duplicateTypeName() throws {
    let sdl = "type Query { a: Int }\ntype Query { b: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "There can be only one type named \"Query\". [\"1:6\", \"2:6\"]"
      ])
  }

  @Test func duplicateEnumValue() throws {
    let sdl = "type Query { a: E }\nenum E { A B A }\nextend enum E { B }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Enum value \"E.A\" can only be defined once. [\"2:10\", \"2:14\"]",
        "Enum value \"E.B\" can only be defined once. [\"2:12\", \"3:17\"]",
      ])
  }

  @Test func duplicateField() throws {
    let sdl = "type Query { a: Int a: String }\nextend type Query { a: Int }\ninput I { x: Int x: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Field \"Query.a\" can only be defined once. [\"1:14\", \"1:21\"]",
        "Field \"Query.a\" can only be defined once. [\"1:14\", \"2:21\"]",
        "Field \"I.x\" can only be defined once. [\"3:11\", \"3:18\"]",
      ])
  }

  @Test func duplicateArgument() throws {
    let sdl = "type Query { a(x: Int, x: Int): Int }\ndirective @d(y: Int, y: Int) on FIELD"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Argument \"Query.a(x:)\" can only be defined once. [\"1:16\", \"1:24\"]",
        "Argument \"@d(y:)\" can only be defined once. [\"2:14\", \"2:22\"]",
      ])
  }

  @Test func duplicateDirective() throws {
    let sdl = "directive @d on FIELD\ndirective @d on QUERY\ntype Query { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "There can be only one directive named \"@d\". [\"1:12\", \"2:12\"]"
      ])
  }

  @Test func unknownType() throws {
    let sdl =
      "type Query { a: Strin b: [Lauch!] c(x: Input): Int }\ntype Launch { id: ID }\ninput Inputs { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Unknown type \"Strin\". Did you mean \"String\"? [\"1:17\"]",
        "Unknown type \"Lauch\". Did you mean \"Launch\"? [\"1:27\"]",
        "Unknown type \"Input\". Did you mean \"Inputs\" or \"Int\"? [\"1:40\"]",
      ])
  }

  @Test func unknownDirective() throws {
    let sdl = "type Query { a: Int @unknown b: Int @skip(if: true) }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Unknown directive \"@unknown\". [\"1:21\"]",
        "Directive \"@skip\" may not be used on FIELD_DEFINITION. [\"1:37\"]",
      ])
  }

  @Test func directiveOnWrongLocation() throws {
    let sdl = "type Query @deprecated { a: Int }\nscalar S @include(if: true)"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Directive \"@deprecated\" may not be used on OBJECT. [\"1:12\"]",
        "Directive \"@include\" may not be used on SCALAR. [\"2:10\"]",
      ])
  }

  @Test func nonRepeatableDirectiveTwice() throws {
    let sdl =
      "directive @d on OBJECT\ntype Query @d @d { a: Int @deprecated @deprecated }\nextend type Query @d"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "The directive \"@d\" can only be used once at this location. [\"2:12\", \"2:15\"]",
        "The directive \"@deprecated\" can only be used once at this location. [\"2:27\", \"2:39\"]",
        "The directive \"@d\" can only be used once at this location. [\"2:12\", \"3:19\"]",
      ])
  }

  /// Suggestions tie-break in graphql-js's natural order, where a leading zero ends a number
  /// (`T01` before `T1`): the schema rules share validation's `SuggestionList`.
  @Test func unknownTypeSuggestionsInNaturalOrder() throws {
    let actual = try schemaValidationErrors("type Query { a: T11 }\ntype T1 { x: Int }\ntype T01 { x: Int }")
    #expect(actual == ["Unknown type \"T11\". Did you mean \"T01\" or \"T1\"? [\"1:17\"]"])
  }

  @Test func extendUndefinedType() throws {
    let sdl = "type Query { a: Int }\nextend type Querry { b: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Cannot extend type \"Querry\" because it is not defined. Did you mean \"Query\"? [\"2:13\"]"
      ])
  }

  @Test func extendWrongKind() throws {
    let sdl = "type Query { a: Int }\nextend interface Query { b: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Cannot extend non-interface type \"Query\". [\"1:1\", \"2:1\"]"
      ])
  }

  @Test func directiveArguments() throws {
    let sdl =
      "type Query { a: Int @deprecated(reasn: \"x\") b: Int @deprecated(reason: \"x\", reason: \"y\") }\nscalar S @specifiedBy\ndirective @d(x: I = {a: 1, a: 2}) on FIELD\ninput I { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Unknown argument \"reasn\" on directive \"@deprecated\". Did you mean \"reason\"? [\"1:33\"]",
        "There can be only one argument named \"reason\". [\"1:64\", \"1:77\"]",
        "Argument \"@specifiedBy(url:)\" of type \"String!\" is required, but it was not provided. [\"2:10\"]",
        "There can be only one input field named \"a\". [\"3:22\", \"3:28\"]",
      ])
  }
}
