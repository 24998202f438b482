import GraphQLWire
import Testing

@testable import GraphQL

/// When the shell asks for another line of a document, and which lines start one.
@Suite struct DocumentContinuationTests {
  @Test(arguments: [
    "{", "query {", "{ launch(", "{ launch(id: [1", "query Q($a: Int) {\n  launch(id: 1) {",
    "{ a(s: \"\"\"", "{ a(s: \"\"\"\n text \\\"\"\" still open", "{ a # } closed?",
  ])
  func openBracketsOrBlockStringsNeedMore(text: String) {
    #expect(isUnfinishedDocument(text))
  }

  @Test(arguments: [
    "", "{ a }", "query { launch(id: 1) { site } }", "{ a(s: \"}\") }", "{ a(s: \"\"\" { \"\"\") }",
    "{ a }\n# {", "{ a(s: \"unterminated ) }", "}}", "{ a } }",
  ])
  func closedDocumentsAreFinished(text: String) {
    #expect(!isUnfinishedDocument(text))
  }

  @Test func theInnermostOpenBracketOrBlockStringIsNamed() {
    #expect(unclosedDelimiter(in: "{ launches {\n  cursor }") == UnclosedDelimiter(delimiter: "{", offset: 0))
    #expect(unclosedDelimiter(in: "{ a(x: [1") == UnclosedDelimiter(delimiter: "[", offset: 7))
    #expect(unclosedDelimiter(in: "{ a(s: \"\"\" {") == UnclosedDelimiter(delimiter: "\"\"\"", offset: 7))
    #expect(unclosedDelimiter(in: "{ a } }") == nil)
  }

  @Test func documentStarts() {
    for line in [
      "{ me { email } }", "  query {", "query", "mutation Book($id: ID!) {", "subscription{",
      "fragment F on Launch {", "query@a",
    ] {
      #expect(startsGraphQLDocument(line), "\(line)")
    }
    for line in [
      "launches", "queryx", "login me@example.com", "", "help query", "query '{ me { id } }'",
      "query -f q.graphql", "query \"{ me }\"",
    ] {
      #expect(!startsGraphQLDocument(line), "\(line)")
    }
  }
}
