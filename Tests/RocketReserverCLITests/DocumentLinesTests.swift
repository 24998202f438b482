import GraphQL
import GraphQLWire
import Testing

@testable import RocketReserverCLI

/// Joining a document's lines, at the prompt and in a script alike, and where its errors point.
@Suite struct DocumentLinesTests {
  /// Joins `lines` as the shell does, first line first.
  private func join(_ lines: [String]) -> (DocumentLines.Joined, used: Int) {
    var rest = lines.dropFirst()
    let joined = DocumentLines.join(firstLine: lines[0]) { _ in rest.popFirst() }
    return (joined, lines.count - rest.count)
  }

  @Test func linesAreJoinedUntilEveryBracketCloses() {
    let (joined, used) = join(["query Q", "{", "  launches {", "    cursor", "  }", "}", "total"])
    #expect(joined == .complete("query Q\n{\n  launches {\n    cursor\n  }\n}"))
    #expect(used == 6)
    let (single, usedOne) = join(["{ me { email } }", "total"])
    #expect(single == .complete("{ me { email } }"))
    #expect(usedOne == 1)
  }

  @Test func theEndOfInputInsideADocumentNamesTheOpenBracket() {
    let (joined, _) = join(["{", "  launch(id: 1) {", "    site"])
    #expect(joined == .unfinished("{\n  launch(id: 1) {\n    site"))
    let diagnostic = DocumentLines.endedInside("{\n  launch(id: 1) {\n    site")
    #expect(diagnostic.location == SourceLocation(line: 2, column: 17))
    #expect(diagnostic.message == "the input ends before this '{' is closed")
    let report = DocumentLines.report([diagnostic], document: "{\n  launch(id: 1) {\n    site", scriptLine: 4)
    #expect(
      report == "rocket-reserver: line 5:17: error: the input ends before this '{' is closed\n"
        + "  launch(id: 1) {\n                ^")
    let keyword = DocumentLines.endedInside("query Q")
    #expect(keyword.location == SourceLocation(line: 1, column: 8))
    #expect(keyword.message.contains("expected '{'"))
  }

  @Test func diagnosticsOutsideAScriptCountTheDocumentsLines() {
    let diagnostic = SourceDiagnostic(
      path: "query", location: SourceLocation(line: 2, column: 3), message: "Cannot query field \"x\".")
    #expect(
      DocumentLines.report([diagnostic], document: "{\n  x\n}", scriptLine: nil)
        == "query:2:3: error: Cannot query field \"x\".\n  x\n  ^")
    #expect(
      DocumentLines.report([diagnostic], document: "{\n  x\n}", scriptLine: 10)
        == "rocket-reserver: line 11:3: error: Cannot query field \"x\".\n  x\n  ^")
  }
}
