import CommandLineKit
import Testing

@testable import RocketReserverCLI

/// A command that only has a name, for registry tests.
private struct NamedCommand: Command {
  let declaration: RocketReserverCLI.CommandDeclaration
  init(name: String, aliases: [String] = []) {
    declaration = CommandDeclaration(name, aliases: aliases, summary: "the \(name) command")
  }
  func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome { .success }
}

@Suite struct CommandRegistryTests {
  private let registry = CommandRegistry([
    NamedCommand(name: "launches"), NamedCommand(name: "launch"), NamedCommand(name: "book"),
    NamedCommand(name: "cancel"), NamedCommand(name: "login", aliases: ["signin"]),
    HelpCommand(), QuitCommand(),
  ])

  @Test func findsCommandsByNameAndAlias() {
    #expect(registry.command(named: "book")?.name == "book")
    #expect(registry.command(named: "signin")?.name == "login")
    #expect(registry.command(named: "exit")?.name == "quit")
    #expect(registry.command(named: "nope") == nil)
    #expect(
      registry.commands.map(\.name) == ["book", "cancel", "help", "launch", "launches", "login", "quit"])
  }

  @Test func suggestsTheClosestCommand() {
    #expect(
      registry.unknownCommandMessage("lauches") == "unknown command 'lauches' (did you mean 'launches'?)")
    #expect(registry.suggestion(for: "hlep") == "help")
    #expect(registry.suggestion(for: "bok") == "book")
    #expect(registry.suggestion(for: "HELP") == "help")
    #expect(registry.suggestion(for: "sigin") == "login")
    #expect(registry.suggestion(for: "canc") == "cancel")
  }

  @Test func suggestsNothingForFarOffWords() {
    #expect(registry.suggestion(for: "xyzzy") == nil)
    #expect(registry.suggestion(for: "z") == nil)
    #expect(registry.suggestion(for: "x") == nil)
    #expect(registry.unknownCommandMessage("zap") == "unknown command 'zap' (type 'help' for the list)")
  }

  @Test func editDistanceCountsSwapsAsOneEdit() {
    #expect(editDistance("kitten", "sitting") == 3)
    #expect(editDistance("hlep", "help") == 1)
    #expect(editDistance("", "abc") == 3)
    #expect(editDistance("ünï", "uni") == 2)
  }

  @Test func completesCommandWordsThenDelegatesToTheCommand() {
    let context = CommandContext(registry: registry)
    #expect(registry.completions(line: "la", cursor: 2, context: context) == ["launch", "launches"])
    // Names and word aliases (exit, signin), not the short ones (q, \\q, ?).
    #expect(registry.completions(line: "", cursor: 0, context: context).count == 9)
    #expect(registry.completions(line: "help lo", cursor: 7, context: context) == ["login"])
    #expect(
      registry.completions(line: "help ", cursor: 5, context: context).filter { !$0.hasPrefix("-") }.count
        == 7)
    #expect(registry.completions(line: "help --f", cursor: 8, context: context) == ["--format"])
    #expect(registry.completions(line: "book 4", cursor: 6, context: context) == [])
    // The cursor, not the end of the line, decides the word.
    #expect(registry.completions(line: "he quit", cursor: 2, context: context) == ["help"])
  }
}
