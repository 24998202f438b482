import CommandLineKit
import GraphQLWire
import RocketClient

/// Prints an incremental answer (`@defer`, `@stream`) as it arrives: each payload as indented
/// JSON under `payload N (more to come):`, then the result under `merged result:`; with `--json`
/// one line of compact JSON each (NDJSON); with `--jq`, only the merged result, filtered.
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
