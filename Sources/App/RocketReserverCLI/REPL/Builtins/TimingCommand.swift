import CommandLineKit
import GraphQLWire

/// `timing on|off` (psql's `\timing`): whether `CommandTiming` prints each command's time.
public struct TimingCommand: Command {
  enum Switch: String, CaseIterable, Sendable {
    case on
    case off
  }

  static let state = Positional(
    "on|off", type: .choice(Switch.self, noun: "setting"), optional: true,
    help: "on: print each command's time after its output; off: do not; left out: say which")

  public let declaration = CommandDeclaration(
    "timing", summary: "print each command's time after its output (psql's \\timing), or say whether it does",
    details: """
      With timing on, each command and document prints its elapsed time after its output, as
      psql does: Time: 12.345 ms on standard output, or on standard error when the command
      prints --json or --format rows, so that they stay as they are. It lasts for the session.
      """,
    arguments: [state.declaration], availability: .shellOnly)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    if let chosen = arguments[Self.state] { context.memory.timing = chosen == .on }
    let on = context.memory.timing
    if context.json {
      context.writeJSON(.object(["timing": .string(on ? "on" : "off")]))
    } else {
      context.output.write("timing is \(on ? "on" : "off")\n")
    }
    return .success
  }
}
