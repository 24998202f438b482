import GraphQLWire
import Testing

@testable import GraphQL

/// Descriptions on operations, fragments and variable definitions (spec September 2025;
/// graphql-js 16.12 #4482 for parsing and printing, 16.13 #4517 for validation).
@Suite struct ExecutableDescriptionTests {
  static let document = """
    "Finds one launch."
    query Launch(
      "The launch id."
      $id: ID!
      $withSite: Boolean = false
    ) {
      launch(id: $id) { id site @include(if: $withSite) }
    }

    \"\"\"
    What every launch row shows.
    \"\"\"
    fragment Row on Launch { id }
    """

  @Test func parsesDescriptions() throws {
    let document = try parse(Self.document)
    let operation = try #require(document.operations.first)
    #expect(operation.description?.value == "Finds one launch.")
    #expect(operation.description?.block == false)
    #expect(operation.variableDefinitions.map(\.description?.value) == ["The launch id.", nil])
    // A variable definition starts at its description, as graphql-js's location does.
    let source = try #require(document.source)
    let id = operation.variableDefinitions[0]
    #expect(id.range.map { source.location(ofOffset: $0.start).description } == "3:3")
    let fragment = try #require(document.fragments.first)
    #expect(fragment.description?.value == "What every launch row shows.")
    #expect(fragment.description?.block == true)
  }

  /// graphql-js 16.12's printer: the description on the line before; described variables make
  /// the variable list one per line.
  @Test func printsDescriptions() throws {
    let printed = print(try parse(Self.document))
    #expect(
      printed == """
        "Finds one launch."
        query Launch(
        "The launch id."
        $id: ID!
        $withSite: Boolean = false
        ) {
          launch(id: $id) {
            id
            site @include(if: $withSite)
          }
        }

        \"\"\"What every launch row shows.\"\"\"
        fragment Row on Launch {
          id
        }
        """)
    let bare = ParseOptions(noLocation: true)
    #expect(try parse(printed, options: bare) == (try parse(Self.document, options: bare)))
    let compact = printCompact(try parse(Self.document))
    #expect(compact.hasPrefix(#""Finds one launch." query Launch("The launch id."$id:ID!"#))
    #expect(try parse(compact, options: bare) == (try parse(Self.document, options: bare)))
  }

  @Test func refusesDescriptionsWhereTheyCannotBe() throws {
    do {
      _ = try parse("\"\"\"Invalid\"\"\"\n        { __typename }")
      Issue.record("parsed")
    } catch {
      #expect(
        error.message
          == "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.")
      #expect(error.locations.map(\.description) == ["1:1"])
    }
    #expect(throws: GraphQLError.self) { try parse(#"query ($a: Int "late") { a }"#) }
  }

  /// graphql-js 16.13 (#4517) stopped rules from taking a variable's description for a value.
  @Test func validationIgnoresDescriptions() throws {
    let schema = try buildSchema("type Query { launch(id: ID!, count: Int): String }")
    let document = try parse(
      #"""
      "Described" query Q("the id" $id: ID!, """count""" $count: Int = 2) { launch(id: $id, count: $count) }
      """#)
    #expect(validate(schema: schema, document: document).map(\.message) == [])
  }
}
