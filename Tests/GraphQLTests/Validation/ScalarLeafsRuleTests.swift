import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct ScalarLeafsRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .scalarLeafs,
      #"""
      { dog { name barkVolume owner { iq } } catOrDog { __typename } }
      """#)
  }

  @Test func reportsMissingSubselections() throws {
    try expectErrors(
      .scalarLeafs,
      #"""
      { dog human(id: 1) pets }
      """#,
      [
        (
          "Field \"dog\" of type \"Dog\" must have a selection of subfields. Did you mean \"dog { ... }\"?",
          ["1:3"]
        ),
        (
          "Field \"human\" of type \"Human\" must have a selection of subfields. Did you mean \"human { ... }\"?",
          ["1:7"]
        ),
        (
          "Field \"pets\" of type \"[Pet!]!\" must have a selection of subfields. Did you mean \"pets { ... }\"?",
          ["1:20"]
        ),
      ])
  }

  @Test func reportsSelectionsOnLeaves() throws {
    try expectErrors(
      .scalarLeafs,
      #"""
      { dog { name { first } barkVolume { x } } cat { furColor { y } lives { z } } }
      """#,
      [
        (
          "Field \"name\" must not have a selection since type \"String\" has no subfields.",
          ["1:14"]
        ),
        (
          "Field \"barkVolume\" must not have a selection since type \"Int\" has no subfields.",
          ["1:35"]
        ),
        (
          "Field \"furColor\" must not have a selection since type \"FurColor\" has no subfields.",
          ["1:58"]
        ),
        (
          "Field \"lives\" must not have a selection since type \"Int!\" has no subfields.",
          ["1:70"]
        ),
      ])
  }

  /// graphql-js 16.10 (#4291), "object type having only one selection": a document built in code
  /// with an empty selection set (no text can say that; the parser refuses `{}`).
  @Test func reportsAnEmptySelectionSetBuiltInCode() throws {
    let schema = try #require(ValidationTestSchema.schema)
    let field = Field(name: Name("human"), selectionSet: SelectionSet(selections: []))
    let document = Document(
      definitions: [
        .operation(
          OperationDefinition(operation: .query, selectionSet: SelectionSet(selections: [.field(field)])))
      ])
    #expect(
      validate(schema: schema, document: document, rules: [.scalarLeafs]).map(\.message) == [
        "Field \"human\" of type \"Human\" must have at least one field selected."
      ])
  }
}
