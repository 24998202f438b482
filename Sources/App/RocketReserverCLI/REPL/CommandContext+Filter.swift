import CommandLineKit
import GraphQLWire
import JQ

extension CommandContext {
  /// With `--jq`: prints what the filter makes of `document`, one result a line (strings raw,
  /// other values as compact JSON, as gh's `--jq` prints them), and returns true; a filter that
  /// fails prints jq's message on standard error and fails the command. Without `--jq`: false,
  /// nothing printed.
  /// - Parameter streamed: one document of several (a subscription's events), printed as it
  ///   comes, never through the pager.
  @discardableResult
  func writeFiltered(_ document: JSON, streamed: Bool = false) -> Bool {
    guard let jq else { return false }
    let run = jq.run(onJSONText: document.encodedString)
    let text = Self.filteredText(run.results, forTerminal: outputIsTerminal)
    if !text.isEmpty {
      if streamed { output.write(text) } else { writeResult(text) }
    }
    if let failure = run.failure {
      self.document.recordFilterFailure()
      output.writeError(
        errorPrefix + errorStyle.error("--jq: " + TerminalText.safe(failure.description)) + "\n")
    }
    return true
  }

  /// The filter's results as printed: each on its own line; on a terminal, control characters
  /// of a string escaped (server text is never interpreted by the terminal).
  static func filteredText(_ results: [JQResult], forTerminal: Bool) -> String {
    var text = ""
    for result in results {
      switch result {
      case .string(let string): text += (forTerminal ? TerminalText.safeLines(string) : string) + "\n"
      case .json(let json): text += PrettyJSON.escaping(json, forTerminal: forTerminal) + "\n"
      }
    }
    return text
  }
}
