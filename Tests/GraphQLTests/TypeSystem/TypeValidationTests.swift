import GraphQLWire
import Testing

@testable import GraphQL

/// The type system rules (graphql-js `validateSchema`) with graphql-js 16's messages and locations
/// for the same SDL (expectations computed once with node).
@Suite struct TypeValidationTests {
  @Test func noQueryType() throws {
    let sdl = "type Foo { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Query root type must be provided. []"
      ])
  }

  @Test func queryNotObject() throws {
    let sdl = "schema { query: Q }\ninput Q { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Query root type must be Object type, it cannot be Q. [\"1:17\"]"
      ])
  }

  @Test func mutationNotObject() throws {
    let sdl = "type Query { a: Int }\nunion Mutation = Query"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Mutation root type must be Object type if provided, it cannot be Mutation. [\"2:1\"]"
      ])
  }

  @Test func reservedNames() throws {
    let sdl =
      "type Query { __a: Int b(__c: Int): Int }\ntype __Bad { a: Int }\nenum E { __V }\ndirective @__d on FIELD"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Name \"__d\" must not begin with \"__\", which is reserved by GraphQL introspection. [\"4:1\"]",
        "Name \"__a\" must not begin with \"__\", which is reserved by GraphQL introspection. [\"1:14\"]",
        "Name \"__c\" must not begin with \"__\", which is reserved by GraphQL introspection. [\"1:25\"]",
        "Name \"__Bad\" must not begin with \"__\", which is reserved by GraphQL introspection. [\"2:1\"]",
        "Name \"__V\" must not begin with \"__\", which is reserved by GraphQL introspection. [\"3:10\"]",
      ])
  }

  @Test func emptyTypes() throws {
    let sdl =
      "type Query\ninterface I\nunion U\nenum E\ninput In\nextend type Query @d\ndirective @d on OBJECT"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Type Query must define one or more fields. [\"1:1\", \"6:1\"]",
        "Type I must define one or more fields. [\"2:1\"]",
        "Union type U must define one or more member types. [\"3:1\"]",
        "Enum type E must define one or more values. [\"4:1\"]",
        "Input Object type In must define one or more fields. [\"5:1\"]",
      ])
  }

  @Test func outputAndInputTypes() throws {
    let sdl = "type Query { a: In b(x: Query): Int }\ninput In { q: Query }\ndirective @d(x: Query) on FIELD"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "The type of @d(x:) must be Input Type but got: Query. [\"3:14\"]",
        "The type of Query.a must be Output Type but got: In. [\"1:17\"]",
        "The type of Query.b(x:) must be Input Type but got: Query. [\"1:25\"]",
        "The type of In.q must be Input Type but got: Query. [\"2:15\"]",
      ])
  }

  @Test func requiredDeprecated() throws {
    let sdl =
      "type Query { a(x: Int! @deprecated): Int }\ninput In { f: Int! @deprecated(reason: \"x\") }\ndirective @d(y: String! @deprecated) on FIELD"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Required argument @d(y:) cannot be deprecated. [\"3:25\", \"3:17\"]",
        "Required argument Query.a(x:) cannot be deprecated. [\"1:24\", \"1:19\"]",
        "Required input field In.f cannot be deprecated. [\"2:20\", \"2:15\"]",
      ])
  }

  @Test func implementsNonInterface() throws {
    let sdl = "type Query implements Query & Other { a: Int }\ntype Other { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Type Query must only implement Interface types, it cannot implement Query. [\"1:23\"]",
        "Type Query must only implement Interface types, it cannot implement Other. [\"1:31\"]",
      ])
  }

  @Test func implementsTwice() throws {
    let sdl = "interface I { a: Int }\ntype Query implements I & I { a: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Type Query can only implement I once. [\"2:23\", \"2:27\"]"
      ])
  }

  @Test func interfaceImplementsItself() throws {
    let sdl = "interface I implements I { a: Int }\ntype Query { i: I }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Type I cannot implement itself because it would create a circular reference. [\"1:24\"]"
      ])
  }

  @Test func missingInterfaceField() throws {
    let sdl =
      "interface I { a: Int b(x: Int): String }\ntype Query implements I { a: Int }\nextend type Query { c: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Interface field I.b expected but Query does not provide it. [\"1:22\", \"2:1\", \"3:1\"]"
      ])
  }

  @Test func wrongFieldType() throws {
    let sdl = "interface I { a: Int b: [I] c: I! }\ntype Query implements I { a: String b: [Query] c: Query }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Interface field I.a expects type Int but Query.a is type String. [\"1:18\", \"2:30\"]",
        "Interface field I.c expects type I! but Query.c is type Query. [\"1:32\", \"2:51\"]",
      ])
  }

  @Test func argumentMismatch() throws {
    let sdl =
      "interface I { f(a: Int, b: String): Int }\ntype Query implements I { f(a: String, c: Int!): Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Interface field argument I.f(a:) expects type Int but Query.f(a:) is type String. [\"1:20\", \"2:32\"]",
        "Interface field argument I.f(b:) expected but Query.f does not provide it. [\"1:25\", \"2:27\"]",
        "Object field Query.f includes required argument c that is missing from the Interface field I.f. [\"2:40\", \"1:15\"]",
      ])
  }

  @Test func transitiveInterfaces() throws {
    let sdl =
      "interface A { x: Int }\ninterface B implements A { x: Int }\ntype Query implements B { x: Int }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Type Query must implement A because it is implemented by B. [\"2:24\", \"3:23\"]"
      ])
  }

  @Test func interfaceCycle() throws {
    let sdl = "interface A implements B { x: Int }\ninterface B implements A { x: Int }\ntype Query { a: A }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Type A cannot implement B because it would create a circular reference. [\"2:24\", \"1:24\"]",
        "Type B cannot implement A because it would create a circular reference. [\"1:24\", \"2:24\"]",
      ])
  }

  @Test func unionMembers() throws {
    let sdl = "type Query { u: U }\ninterface I { a: Int }\nunion U = Query | Query | I | String"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Union type U can only include type Query once. [\"3:11\", \"3:19\"]",
        "Union type U can only include Object types, it cannot include I. [\"3:27\"]",
        "Union type U can only include Object types, it cannot include String. [\"3:31\"]",
      ])
  }

  @Test func inputCycles() throws {
    let sdl =
      "type Query { a(x: A): Int }\ninput A { b: B! self: A }\ninput B { a: A! c: C! }\ninput C { c: C! }"
    let actual = try schemaValidationErrors(sdl)
    #expect(
      actual == [
        "Cannot reference Input Object \"A\" within itself through a series of non-null fields: \"b.a\". [\"2:11\", \"3:11\"]",
        "Cannot reference Input Object \"C\" within itself through a series of non-null fields: \"c\". [\"4:11\"]",
      ])
  }

  @Test func validSchemaHasNoErrors() throws {
    let sdl = "type Query { a(x: Int! = 1 @deprecated): Int }\ninput In { f: In }"
    #expect(try schemaValidationErrors(sdl).isEmpty)
  }
}
