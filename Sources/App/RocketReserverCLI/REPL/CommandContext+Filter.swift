import CommandLineKit
import GraphQLWire
import JQ

extension CommandContext {
  /// With `--jq`: prints what the filter makes of `document` (one result a line, as gh's `--jq`)
  /// and returns true; a failing filter's message fails the command. `streamed`: one document of
  /// several, never through the pager. Without `--jq`: false.
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

  /// The filter's results a line each; on a terminal, a string's control characters escaped.
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
