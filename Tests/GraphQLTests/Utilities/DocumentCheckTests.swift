import GraphQLWire
import Testing

@testable import GraphQL

/// Local checks of ad-hoc documents: `query:LINE:COL: error: MESSAGE`, the line and a caret.
@Suite struct DocumentCheckTests {
  let schema: GraphQLSchema

  init() throws {
    schema = try buildSchema(
      """
      type Query { launch(id: ID!): Launch  launches: [Launch!]! }
      type Launch { id: ID!  site: String }
      """)
  }

  @Test func aParseErrorPointsAtTheUnexpectedToken() {
    let text = "{\n  launch(id: 1) {\n    site\n  }}}"
    let check = DocumentCheck(text, schema: schema)
    #expect(
      check.report(for: text) == """
        query:4:5: error: Syntax Error: Unexpected "}".
          }}}
            ^
        """)
  }

  @Test func aValidationErrorInAMultiLineDocumentHasItsLineColumnAndCaret() {
    let text = "query Launch {\n\tlaunch(id: 1) {\n\t\tsite\n\t\tpads\n\t}\n}"
    let check = DocumentCheck(text, schema: schema)
    #expect(
      check.report(for: text) == """
        query:4:3: error: Cannot query field "pads" on type "Launch".
        \t\tpads
        \t\t^
        """)
  }

  @Test func everyValidationErrorIsReported() {
    let text = "{ launch { site } nope }"
    guard case .invalid(let diagnostics) = DocumentCheck(text, schema: schema) else {
      Issue.record("expected errors")
      return
    }
    #expect(diagnostics.map(\.description).count == 2)
    #expect(
      diagnostics.map(\.description).contains(
        #"query:1:19: error: Cannot query field "nope" on type "Query"."#))
  }

  @Test func aValidDocumentHasNoReport() {
    let text = "{ launches { id site } }"
    guard case .valid = DocumentCheck(text, schema: schema) else {
      Issue.record("expected a valid document")
      return
    }
    #expect(DocumentCheck(text, schema: schema).report(for: text).isEmpty)
  }

  @Test func theCaretCountsUTF16Columns() {
    let diagnostic = SourceDiagnostic(path: "q", location: SourceLocation(line: 1, column: 6), message: "m")
    #expect(diagnostic.excerpt(of: "\"é😀\" x") == "q:1:6: error: m\n\"é😀\" x\n    ^")
  }

  @Test func aLineThatDoesNotExistGivesOnlyTheFirstLine() {
    let diagnostic = SourceDiagnostic(path: "q", location: SourceLocation(line: 9, column: 1), message: "m")
    #expect(diagnostic.excerpt(of: "{ a }") == "q:9:1: error: m")
    #expect(SourceDiagnostic.line(2, of: "a\r\nb\rc") == "b")
    #expect(SourceDiagnostic.line(3, of: "a\r\nb\rc") == "c")
  }
}

/// The operation and variables checks run before a request is sent.
@Suite struct DocumentOperationCheckTests {
  let schema: GraphQLSchema

  init() throws {
    schema = try buildSchema("type Query { launch(id: ID!): Launch }\ntype Launch { id: ID! }")
  }

  @Test func aRequiredVariableThatIsMissingIsReportedAtItsDefinition() {
    let text = "query Launch($id: ID!) {\n  launch(id: $id) { id }\n}"
    let result = DocumentCheck(text, schema: schema).operation(named: nil, variables: [:], schema: schema)
    guard case .failure(let failure) = result else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      failure.report(for: text) == """
        query:1:14: error: Variable "$id" has invalid value: Expected a value of non-null type "ID!" to be provided.
        query Launch($id: ID!) {
                     ^
        """)
  }

  @Test func theNamedOperationIsChosenAndAnUnknownNameIsReported() {
    let text = "query A { launch(id: 1) { id } }\nquery B { launch(id: 2) { id } }"
    let check = DocumentCheck(text, schema: schema)
    if case .success(let operation) = check.operation(named: "B", variables: [:], schema: schema) {
      #expect(operation.name?.value == "B")
    } else {
      Issue.record("expected operation B")
    }
    guard case .failure(let failure) = check.operation(named: nil, variables: [:], schema: schema) else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      failure.report(for: text)
        == "query: error: Must provide operation name if query contains multiple operations.")
  }

  @Test func givenVariablesOfTheRightTypePass() {
    let text = "query Launch($id: ID!) { launch(id: $id) { id } }"
    let result = DocumentCheck(text, schema: schema).operation(
      named: nil, variables: ["id": .string("3")], schema: schema)
    guard case .success = result else {
      Issue.record("expected success")
      return
    }
  }
}
