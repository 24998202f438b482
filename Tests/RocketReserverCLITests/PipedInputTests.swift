import Foundation
import TestSupport
import Testing

/// Lines piped on standard input, and one-shot commands from argv.
@Suite struct PipedInputTests {
  @Test func pipedLinesRunWithoutPromptAndSucceed() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run([], input: "# a comment\n\nhelp\n   \nhelp quit\n")
    #expect(result.status == 0)
    #expect(!result.standardOutput.contains(fixture.prompt))
    #expect(result.standardOutput.contains("Commands:"))
    #expect(result.standardOutput.contains("usage: quit"))
    #expect(result.standardError.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.historyFile.path))
  }

  @Test func exitStatusIsThatOfTheFirstFailingCommand() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run([], input: "help\nhlep\nhelp 'unterminated\nhelp\n")
    #expect(result.status == 2)
    #expect(
      result.standardError
        == """
        rocket-reserver: line 2: unknown command 'hlep' (did you mean 'help'?)
        rocket-reserver: line 3: unterminated ' quote

        """)
    // The line after the failures still ran.
    #expect(result.standardOutput.components(separatedBy: "Commands:").count == 3)
  }

  @Test func quitStopsReadingLines() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run([], input: "quit\nhlep\n")
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
  }

  @Test func oneShotHelpWorks() throws {
    let fixture = try ShellFixture()
    let list = try fixture.run(["help"])
    #expect(list.status == 0)
    #expect(list.standardOutput.contains("Commands:"))
    let one = try fixture.run(["help", "quit"])
    #expect(one.status == 0)
    #expect(one.standardOutput.hasPrefix("usage: quit"))
  }

  @Test func oneShotUnknownCommandIsAUsageError() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["--no-color", "hepl"])
    #expect(result.status == 2)
    #expect(result.standardError == "rocket-reserver: unknown command 'hepl' (did you mean 'help'?)\n")
  }
}
