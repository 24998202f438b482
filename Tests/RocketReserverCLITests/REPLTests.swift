import CommandLineKit
import Synchronization
import Testing

@testable import RocketReserverCLI

/// A command that records its arguments and fails when asked to.
private struct EchoCommand: Command {
  static let words = Positional("WORDS", type: .text, optional: true, repeats: true, help: "the words")
  let declaration = CommandDeclaration(
    "echo", summary: "print the words", arguments: [words.declaration])

  func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let words = arguments.all(Self.words)
    if words.first == "fail" { return context.fail("asked to fail", status: 77) }
    context.output.write(words.joined(separator: "|") + "\n")
    return .success
  }
}

@Suite struct REPLTests {
  private func makeREPL(_ captured: CapturedOutput) -> REPL {
    REPL(
      registry: CommandRegistry([EchoCommand(), HelpCommand(), QuitCommand()]),
      output: captured.commandOutput)
  }

  private func lines(_ text: String) -> () -> String? {
    let remaining = Mutex(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    return { remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
  }

  @Test func runsLinesSplittingQuotesAndSkippingComments() async {
    let captured = CapturedOutput()
    let status = await makeREPL(captured).runLines(lines("echo 'a b' c\n# echo no\n\n  echo \"d\"  # e"))
    #expect(status == 0)
    #expect(captured.output == "a b|c\nd\n")
    #expect(captured.error.isEmpty)
  }

  @Test func statusIsTheFirstFailureAndLaterLinesStillRun() async {
    let captured = CapturedOutput()
    let status = await makeREPL(captured).runLines(lines("echo fail\nnope\necho after"))
    #expect(status == 77)
    #expect(captured.output == "after\n")
    #expect(
      captured.error
        == "rocket-reserver: line 1: asked to fail\nrocket-reserver: line 2: unknown command 'nope' (type 'help' for the list)\n"
    )
  }

  @Test func quitEndsTheInput() async {
    let captured = CapturedOutput()
    let status = await makeREPL(captured).runLines(lines("echo one\nexit\necho two"))
    #expect(status == 0)
    #expect(captured.output == "one\n")
  }

  @Test func oneShotReturnsTheCommandStatus() async {
    let captured = CapturedOutput()
    let repl = makeREPL(captured)
    #expect(await repl.runOneShot(["echo", "x y"]) == 0)
    #expect(await repl.runOneShot(["echo", "fail"]) == 77)
    #expect(await repl.runOneShot(["ehco"]) == 2)
    #expect(captured.output == "x y\n")
    #expect(captured.error.hasSuffix("rocket-reserver: unknown command 'ehco' (did you mean 'echo'?)\n"))
  }

  @Test func helpDescribesOneCommandAndRejectsUnknownOnes() async {
    let captured = CapturedOutput()
    let repl = makeREPL(captured)
    #expect(await repl.runOneShot(["help", "echo"]) == 0)
    #expect(captured.output.hasPrefix("usage: echo [WORDS ...]\n\nprint the words\n"))
    #expect(await repl.runOneShot(["help", "ünïcödé"]) == 2)
    #expect(captured.error == "rocket-reserver: unknown command 'ünïcödé' (type 'help' for the list)\n")
    #expect(await repl.runOneShot(["help", "echo", "b"]) == 2)
    #expect(captured.error.hasSuffix("help: unexpected 'b' (usage: help [COMMAND])\n"))
  }

  @Test func helpListsEveryCommandWithItsSummary() async {
    let captured = CapturedOutput()
    #expect(await makeREPL(captured).runOneShot(["help"]) == 0)
    #expect(captured.output.contains("  echo [WORDS ...]  print the words\n"))
    #expect(captured.output.contains("  help [COMMAND]    list the commands"))
    #expect(captured.output.contains("  quit              leave the shell"))
  }
}
