import CommandLineKit
import GraphQLWire
import RocketClient

/// Prints an incremental answer (`@defer`, `@stream`) as it arrives: each payload as the server
/// sent it, then the merged result.
///
/// As text, each payload is indented JSON under a line `payload N (more to come):` or
/// `payload N (the last):`, and the result under `merged result:`. With `--json`, each payload
/// is one line of compact JSON and the merged result the last line (NDJSON), so a reader can
/// act on each as it comes. With `--jq`, only the merged result goes through the filter.
struct StagePrinter {
  let context: CommandContext
  let style: TextStyle

  /// Prints one payload.
  func write(_ stage: IncrementalStage) {
    if context.jq != nil { return }
    if context.json {
      context.output.write(PrettyJSON.escaping(stage.payload.encodedString, forTerminal: false) + "\n")
      return
    }
    let heading = "payload \(stage.index) (\(stage.hasNext ? "more to come" : "the last")):"
    context.output.write(
      style.dim(heading) + "\n"
        + PrettyJSON.format(stage.payload, style: style, forTerminal: context.outputIsTerminal) + "\n")
  }

  /// Prints the merged result after the last payload.
  func writeMerged(_ result: JSON) {
    if context.writeFiltered(result) { return }
    if context.json {
      context.output.write(PrettyJSON.escaping(result.encodedString, forTerminal: false) + "\n")
      return
    }
    context.output.write(
      style.dim("merged result:") + "\n"
        + PrettyJSON.format(result, style: style, forTerminal: context.outputIsTerminal) + "\n")
  }
}
