import GraphQLWire
import Testing

@testable import GraphQL

/// OneOf Input Objects in the type system (graphql-js 16.9, spec September 2025): the built-in
/// `@oneOf` directive, SDL building, schema validation, printing, introspection and
/// `buildClientSchema`; and the other schema rules graphql-js added in 16.7-16.11. Documents and
/// expectations follow graphql-js's own tests.
@Suite struct OneOfSchemaTests {
  static let sdl = """
    type Query {
      test(by: Selector): String
      other(filter: Filter): String
    }

    "Exactly one way to pick."
    input Selector @oneOf {
      id: ID
      name: String
      filter: Filter
    }

    input Filter {
      name: String
    }
    """

  @Test func oneOfIsABuiltInDirective() throws {
    let schema = try buildSchema(Self.sdl)
    #expect(schema.directives.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
    let oneOf = try #require(schema.directives.last)
    #expect(oneOf.locations == [.inputObject])
    #expect(oneOf.arguments.isEmpty)
    #expect(!oneOf.isRepeatable)
    #expect(
      oneOf.description == "Indicates exactly one field must be supplied and this field must not be `null`.")
  }

  @Test func buildsOneOfInputObjectsFromTheirDefinitionOnly() throws {
    let schema = try buildSchema(
      Self.sdl + "\ninput Extended { a: Int }\nextend input Extended @oneOf\n"
        + "extend type Query { e(x: Extended): Int }")
    guard case .inputObject(let selector)? = schema.type(named: "Selector"),
      case .inputObject(let filter)? = schema.type(named: "Filter"),
      case .inputObject(let extended)? = schema.type(named: "Extended")
    else {
      Issue.record("input types missing")
      return
    }
    #expect(selector.isOneOf)
    #expect(!filter.isOneOf)
    // As graphql-js (`extendSchemaImpl` reads only the definition node's directives).
    #expect(!extended.isOneOf)
  }

  @Test func sdlMayNotPutOneOfElsewhere() throws {
    #expect(
      try schemaValidationErrors("type Query @oneOf { a: Int }")
        == ["Directive \"@oneOf\" may not be used on OBJECT. [\"1:12\"]"])
  }

  /// graphql-js `validation-test.ts`, "OneOf Input Object fields must be nullable".
  @Test func rejectsNonNullableFields() throws {
    let sdl = """

            type Query {
              test(arg: SomeInputObject): String
            }

            input SomeInputObject @oneOf {
              a: String
              b: String!
            }

      """
    #expect(
      try schemaValidationErrors(sdl) == ["OneOf input field SomeInputObject.b must be nullable. [\"8:12\"]"])
  }

  @Test func rejectsFieldsWithDefaultValues() throws {
    let sdl = """

            type Query {
              test(arg: SomeInputObject): String
            }

            input SomeInputObject @oneOf {
              a: String
              b: String = "foo"
            }

      """
    #expect(
      try schemaValidationErrors(sdl) == [
        "OneOf input field SomeInputObject.b cannot have a default value. [\"8:9\"]"
      ])
  }

  /// graphql-js 16.10 (#4137): "rejects a Schema whose directives have empty locations".
  @Test func rejectsDirectivesWithoutLocations() throws {
    let query = GraphQLObjectType(
      name: "Query", fields: GraphQLFieldMap([GraphQLField(name: "f", type: .named("String"))]))
    let bad = GraphQLDirective(name: "BadDirective", locations: [])
    let schema = GraphQLSchema(
      queryType: query, mutationType: nil, subscriptionType: nil,
      types: [.object(query), .scalar(.string)] + IntrospectionTypes.all, directives: [bad])
    #expect(
      validateSchema(schema).map(\.message) == ["Directive @BadDirective must include 1 or more locations."])
  }

  /// graphql-js `printSchema-test.ts`: a OneOf input prints ` @oneOf`; the directive itself is
  /// built in and not printed.
  @Test func printsOneOf() throws {
    let printed = printSchema(try buildSchema(Self.sdl))
    #expect(printed.contains("\"\"\"Exactly one way to pick.\"\"\"\ninput Selector @oneOf {\n  id: ID\n"))
    #expect(printed.contains("input Filter {\n"))
    #expect(!printed.contains("directive @oneOf"))
    #expect(printSchema(try buildSchema(printed)) == printed)
  }

  /// graphql-js `introspection-test.ts`: `isOneOf` is true or false on input objects and null on
  /// every other kind of type.
  @Test func introspectsIsOneOf() throws {
    let executable = ExecutableSchema<Void>(schema: try buildSchema(Self.sdl), resolvers: [:])
    let query = """
      { selector: __type(name: "Selector") { isOneOf } filter: __type(name: "Filter") { isOneOf }
        query: __type(name: "Query") { isOneOf } string: __type(name: "String") { isOneOf }
        __schema { directives { name locations args { name } } } }
      """
    let result = executeSync(schema: executable, document: try parse(query), context: ())
    #expect(result.errors.isEmpty, "\(result.errors)")
    let data = try #require(result.data)
    #expect(data["selector"] == .object(["isOneOf": .bool(true)]))
    #expect(data["filter"] == .object(["isOneOf": .bool(false)]))
    #expect(data["query"] == .object(["isOneOf": .null]))
    #expect(data["string"] == .object(["isOneOf": .null]))
    #expect(
      data["__schema"]?["directives"]?.arrayValue?.last
        == .object([
          "name": .string("oneOf"), "locations": .array([.string("INPUT_OBJECT")]), "args": .array([]),
        ]))
  }

  /// The standard introspection query asks for `isOneOf`, and `buildClientSchema` keeps it.
  @Test func buildClientSchemaRoundTripsOneOf() throws {
    let schema = try buildSchema(Self.sdl)
    let executable = ExecutableSchema<Void>(schema: schema, resolvers: [:])
    let result = executeSync(schema: executable, document: try parse(introspectionQuery), context: ())
    #expect(result.errors.isEmpty, "\(result.errors)")
    let client = try buildClientSchema(try #require(result.data))
    guard case .inputObject(let selector)? = client.type(named: "Selector"),
      case .inputObject(let filter)? = client.type(named: "Filter")
    else {
      Issue.record("input types missing")
      return
    }
    #expect(selector.isOneOf)
    #expect(!filter.isOneOf)
    #expect(client.directives.map(\.name).contains("oneOf"))
    #expect(printSchema(client) == printSchema(schema))
    // A server that predates `isOneOf` leaves it out: the input object is a plain one.
    let types = try #require(result.data?["__schema"]?["types"]?.arrayValue)
    let stripped = types.map { type -> JSON in
      guard var object = type.objectValue else { return type }
      object["isOneOf"] = nil
      return .object(object)
    }
    var schemaObject = try #require(result.data?["__schema"]?.objectValue)
    schemaObject["types"] = .array(stripped)
    let old = try buildClientSchema(.object(["__schema": .object(schemaObject)]))
    guard case .inputObject(let oldSelector)? = old.type(named: "Selector") else {
      Issue.record("Selector missing")
      return
    }
    #expect(!oldSelector.isOneOf)
  }
}
