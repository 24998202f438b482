import GraphQLWire
import Testing

@testable import GraphQL

/// `buildSchema`: every kind of definition, extensions, roots, directives and the type map order.
@Suite struct BuildSchemaTests {
  @Test func buildsEveryKindWithExtensionsApplied() throws {
    let schema = try buildSchema(PrintSchemaTests.everyKindSDL)
    #expect(schema.description == "The schema's own description.")
    #expect(schema.queryType.name == "Root")
    #expect(schema.mutationType?.name == "Changes")
    #expect(schema.subscriptionType?.name == "Events")  // from `extend schema`

    guard case .object(let other)? = schema.type(named: "Other") else {
      Issue.record("Other is not an object type")
      return
    }
    #expect(other.interfaces == ["Node"])
    #expect(other.fields.ordered.map(\.name) == ["x", "id", "more"])
    guard case .union(let result)? = schema.type(named: "Result") else {
      Issue.record("Result is not a union")
      return
    }
    #expect(result.types == ["Root", "Other", "Third"])
    guard case .enumeration(let sort)? = schema.type(named: "Sort"),
      case .inputObject(let filter)? = schema.type(named: "Filter"),
      case .scalar(let json)? = schema.type(named: "JSON"),
      case .interface(let named)? = schema.type(named: "Named")
    else {
      Issue.record("missing kinds")
      return
    }
    #expect(sort.values.map(\.name) == ["ASC", "DESC", "RANDOM", "NONE"])
    #expect(sort.values[0].description == "ascending")
    #expect(sort.values[1].deprecationReason == "sorted")
    #expect(filter.fields.map(\.name) == ["text", "sort", "limit", "nested", "ratio", "extra"])
    #expect(filter.fields[2].deprecationReason == "unused")
    #expect(filter.description == "Filter input")
    #expect(json.specifiedByURL == "https://tools.ietf.org/html/rfc7159")
    #expect(named.interfaces == ["Node"])
    #expect(schema.possibleTypes(of: "Node").map(\.name) == ["Root", "Other"])
    #expect(schema.isPossibleType("Third", of: "Result"))
  }

  @Test func readsDeprecationReasons() throws {
    let schema = try buildSchema(PrintSchemaTests.everyKindSDL)
    let root = try #require(schema.type(named: "Root")?.fields)
    #expect(root["old"]?.deprecationReason == "No longer supported")
    #expect(root["older"]?.deprecationReason == "Use `new`.")
    #expect(root["id"]?.deprecationReason == nil)
    #expect(root["name"]?.argument("suffix")?.deprecationReason == "no more")
    guard case .boolean(false, _)? = root["name"]?.argument("upper")?.defaultValue else {
      Issue.record("upper: Boolean = false lost its default")
      return
    }
  }

  @Test func ordersTheTypeMapAsGraphQLJS() throws {
    let schema = try buildSchema(PrintSchemaTests.everyKindSDL)
    #expect(
      schema.typeNames == [
        "Root", "ID", "String", "Boolean", "Int", "Changes", "Node", "Named", "Result", "Other", "Sort",
        "Filter", "Float", "JSON", "Third", "Events", "__Schema", "__Type", "__TypeKind", "__Field",
        "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation",
      ])
    #expect(
      schema.directives.map(\.name) == [
        "custom", "tag", "include", "skip", "deprecated", "specifiedBy", "oneOf",
      ])
  }

  @Test func usesDefaultRootNamesAndKeepsRedefinedDirectives() throws {
    let schema = try buildSchema(
      "directive @skip(if: Int) on FIELD\ntype Query { a: Int }\ntype Mutation { b: Int }")
    #expect(schema.queryType.name == "Query")
    #expect(schema.mutationType?.name == "Mutation")
    #expect(schema.subscriptionType == nil)
    #expect(schema.directives.map(\.name) == ["skip", "include", "deprecated", "specifiedBy", "oneOf"])
    #expect(schema.directive(named: "skip")?.arguments.first?.type == .named("Int"))
    // Only the built-in scalars in use, plus the two introspection needs.
    #expect(schema.type(named: "ID") == nil)
    #expect(schema.type(named: "String") != nil)
  }

  @Test func usesTheStandardScalarsEvenWhenRedeclared() throws {
    let schema = try buildSchema("scalar String\ntype Query { a: String }")
    guard case .scalar(let string)? = schema.type(named: "String") else {
      Issue.record("String is not a scalar")
      return
    }
    #expect(string === GraphQLScalarType.string)
    #expect(printSchema(schema) == "type Query {\n  a: String\n}")
  }

  @Test func ignoresExecutableDefinitions() throws {
    let schema = try buildSchema("type Query { a: Int }\nquery Q { a }\nfragment F on Query { a }")
    #expect(schema.queryType.fields.count == 1)
  }

  @Test func reportsSyntaxErrorsAsGraphQLErrors() {
    #expect(throws: GraphQLError.self) { try buildSchema("type Query {") }
  }

  @Test func joinsAllErrorMessages() throws {
    do {
      _ = try buildSchema("type Query { a: Nope b: Nada }")
      Issue.record("expected an error")
    } catch let error as SchemaValidationError {
      #expect(error.errors.count == 2)
      #expect(error.message == "Unknown type \"Nope\".\n\nUnknown type \"Nada\".")
      #expect(error.description.contains("(1:17)"))
    }
  }

  @Test func validatesASchemaBuiltInCode() {
    let query = GraphQLObjectType(
      name: "Query", fields: GraphQLFieldMap([GraphQLField(name: "__bad", type: .named("Int"))]))
    let schema = GraphQLSchema(
      queryType: query, mutationType: nil, subscriptionType: nil,
      types: [.object(query), .scalar(.int)], directives: GraphQLDirective.specified)
    #expect(
      validateSchema(schema).map(\.message) == [
        "Name \"__bad\" must not begin with \"__\", which is reserved by GraphQL introspection."
      ])
  }
}
