import GraphQL
import GraphQLWire

/// How the shell reads a GraphQL document line by line, the same at the prompt and in a script:
/// a line that starts a document is joined with the next ones while a bracket or block string is
/// open or no `{` has come yet (`query Q` alone on a line).
enum DocumentLines {
  /// A document read to its end, or the lines read when the input (or Ctrl-C) stopped inside it.
  enum Joined: Equatable {
    case complete(String)
    case unfinished(String)
  }

  /// Whether `text`, the lines so far joined with `\n`, needs another line.
  static func needsMoreLines(_ text: String) -> Bool {
    isUnfinishedDocument(text) || !text.contains("{")
  }

  /// Joins `firstLine` with the lines `next` gives while the document needs more; `next` is told
  /// the text so far, and gives nil when the input ends or the user abandons the document.
  static func join(firstLine: String, next: (_ soFar: String) -> String?) -> Joined {
    var text = firstLine
    while needsMoreLines(text) {
      guard let line = next(text) else { return .unfinished(text) }
      text += "\n" + line
    }
    return .complete(text)
  }

  /// The error for a document the input ended inside: at the innermost bracket still open (or
  /// the block string not closed), else at the end when no `{` came.
  static func endedInside(_ text: String) -> SourceDiagnostic {
    let source = Source(text, name: "query")
    guard let open = unclosedDelimiter(in: text) else {
      return SourceDiagnostic(
        path: "query", location: source.location(ofOffset: source.utf8.count),
        message: "the input ends before the document's selection set: expected '{'")
    }
    let message =
      open.delimiter == "\"\"\""
      ? "the input ends inside this block string: close it with \"\"\""
      : "the input ends before this '\(open.delimiter)' is closed"
    return SourceDiagnostic(path: "query", location: source.location(ofOffset: open.offset), message: message)
  }

  /// Diagnostics of a document, with its line and a caret each: `query:2:5: error: ...`, or in a
  /// script whose line `scriptLine` starts the document, `rocket-reserver: line 7:5: error: ...`.
  static func report(_ diagnostics: [SourceDiagnostic], document: String, scriptLine: Int?) -> String {
    diagnostics.map { diagnostic in
      guard let scriptLine else { return diagnostic.excerpt(of: document) }
      let place =
        diagnostic.location.map { "\(scriptLine + $0.line - 1):\($0.column)" } ?? "\(scriptLine)"
      return diagnostic.excerpt(
        of: document, heading: "rocket-reserver: line \(place): error: \(diagnostic.message)")
    }.joined(separator: "\n")
  }
}
