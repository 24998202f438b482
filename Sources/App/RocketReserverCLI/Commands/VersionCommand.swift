import CommandLineKit
import GraphQLWire

/// `version`: the program's version, as `--version` prints it.
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

  static var line: String { "rocket-reserver \(Version.current)\n" }

  static var json: JSON { .object(["version": .string(Version.current)]) }
}
