import CommandLineKit
import GraphQLWire

/// `version`: the program's version; `--json` prints `{"version": "0.1.0"}`, as `--version
/// --json` does.
public struct VersionCommand: Command {
  public let declaration = CommandDeclaration("version", summary: "show the program's version")

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    if context.json {
      context.writeJSON(Self.json)
    } else {
      context.output.write(Self.line)
    }
    return .success
  }

  /// `rocket-reserver 0.1.0` and a newline.
  static var line: String { "rocket-reserver \(Version.current)\n" }

  /// `{"version": "0.1.0"}`.
  static var json: JSON { .object(["version": .string(Version.current)]) }
}
