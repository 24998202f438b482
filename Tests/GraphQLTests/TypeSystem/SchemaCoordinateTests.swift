import GraphQL
import GraphQLWire
import Testing

/// Schema coordinates (spec September 2025; graphql-js 16.12 `parseSchemaCoordinate` and
/// `resolveSchemaCoordinate`), with graphql-js's messages.
@Suite struct SchemaCoordinateTests {
  static let schema = try? buildSchema(
    """
    directive @tag(name: String!) on FIELD_DEFINITION

    input ReviewInput {
      stars: Int!
    }

    enum Episode {
      NEW_HOPE
    }

    type Query {
      reviews(input: ReviewInput): [String] @tag(name: "reviews")
      episode: Episode
    }

    union Anything = Query
    """)

  @Test func parsesEveryForm() throws {
    #expect(try SchemaCoordinate(parsing: "Query") == .type("Query"))
    #expect(try SchemaCoordinate(parsing: "Query.reviews") == .member(type: "Query", member: "reviews"))
    #expect(
      try SchemaCoordinate(parsing: "Query.reviews(input:)")
        == .argument(type: "Query", field: "reviews", argument: "input"))
    #expect(try SchemaCoordinate(parsing: "@tag") == .directive("tag"))
    #expect(
      try SchemaCoordinate(parsing: "@tag(name:)") == .directiveArgument(directive: "tag", argument: "name"))
    for text in ["Query", "Query.reviews", "Query.reviews(input:)", "@tag", "@tag(name:)"] {
      #expect(try SchemaCoordinate(parsing: text).description == text)
    }
  }

  @Test func rejectsWhatTheGrammarDoesNot() throws {
    let cases: [(String, String)] = [
      ("Query. reviews", "Syntax Error: Invalid character: \" \". (1:7)"),
      ("", "Syntax Error: Expected Name, found <EOF>. (1:1)"),
      ("Query.", "Syntax Error: Expected Name, found <EOF>. (1:7)"),
      ("Query.reviews.x", "Syntax Error: Expected <EOF>, found \".\". (1:14)"),
      ("Query(input:)", "Syntax Error: Expected <EOF>, found \"(\". (1:6)"),
      ("@tag.name", "Syntax Error: Expected <EOF>, found \".\". (1:5)"),
      ("Query.reviews(input)", "Syntax Error: Expected \":\", found \")\". (1:20)"),
      ("Query.reviews(input:", "Syntax Error: Expected \")\", found <EOF>. (1:21)"),
      ("Query#x", "Syntax Error: Invalid character: \"#\". (1:6)"),
    ]
    for (text, message) in cases {
      #expect(throws: GraphQLError.self) { try SchemaCoordinate(parsing: text) }
      do {
        _ = try SchemaCoordinate(parsing: text)
      } catch {
        #expect(error.description == message, "\(text)")
      }
    }
  }

  @Test func resolvesElements() throws {
    let schema = try #require(Self.schema)
    guard case .namedType(let query)? = try schema.resolve("Query") else { Issue.record("Query"); return }
    #expect(query.name == "Query")
    guard case .field(_, let field)? = try schema.resolve("Query.reviews") else {
      Issue.record("field"); return
    }
    #expect(field.name == "reviews")
    guard case .fieldArgument(_, _, let argument)? = try schema.resolve("Query.reviews(input:)") else {
      Issue.record("argument"); return
    }
    #expect(argument.name == "input")
    guard case .inputField(_, let inputField)? = try schema.resolve("ReviewInput.stars") else {
      Issue.record("input field"); return
    }
    #expect(inputField.name == "stars")
    guard case .enumValue(_, let value)? = try schema.resolve("Episode.NEW_HOPE") else {
      Issue.record("enum value"); return
    }
    #expect(value.name == "NEW_HOPE")
    guard case .directive(let directive)? = try schema.resolve("@tag") else {
      Issue.record("directive"); return
    }
    #expect(directive.name == "tag")
    guard case .directiveArgument(_, let directiveArgument)? = try schema.resolve("@tag(name:)") else {
      Issue.record("directive argument"); return
    }
    #expect(directiveArgument.name == "name")
    // Built-ins resolve too.
    guard case .directive? = try schema.resolve("@oneOf") else { Issue.record("@oneOf"); return }
  }

  @Test func missingLastNamesResolveToNothing() throws {
    let schema = try #require(Self.schema)
    for text in [
      "Unknown", "Query.missing", "Query.reviews(missing:)", "@missing", "@tag(missing:)", "Episode.OLD",
    ] {
      #expect(try schema.resolve(text) == nil, "\(text)")
    }
  }

  @Test func missingContainersAreErrors() throws {
    let schema = try #require(Self.schema)
    let cases: [(String, String)] = [
      ("Unknown.field", "Expected \"Unknown\" to be defined as a type in the schema."),
      ("String.field", "Expected \"String\" to be an Enum, Input Object, Object or Interface type."),
      ("Anything.field", "Expected \"Anything\" to be an Enum, Input Object, Object or Interface type."),
      ("Unknown.field(arg:)", "Expected \"Unknown\" to be defined as a type in the schema."),
      ("ReviewInput.stars(arg:)", "Expected \"ReviewInput\" to be an object type or interface type."),
      ("Query.missing(arg:)", "Expected \"missing\" to exist as a field of type \"Query\" in the schema."),
      ("@missing(arg:)", "Expected \"missing\" to be defined as a directive in the schema."),
    ]
    for (text, message) in cases {
      do {
        _ = try schema.resolve(text)
        Issue.record("\(text) resolved")
      } catch {
        #expect(error.message == message)
      }
    }
  }
}
