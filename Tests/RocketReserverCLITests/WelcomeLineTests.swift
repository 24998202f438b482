import Foundation
import TestSupport
import Testing

/// The interactive shell starts with one line naming the version and the server and how to get
/// help, as psql does; `-q` leaves it out, and scripts never print it.
@Suite struct WelcomeLineTests {
  @Test func theShellSaysWhereItIsUnlessQuiet() throws {
    let fixture = try ShellFixture()
    let terminal = try PseudoTerminal(BuiltProduct.rocketReserver, environment: fixture.environment())
    let start = try fixture.expectPrompt(terminal)
    #expect(start.contains("rocket-reserver 0.1.0 on the embedded backend: type 'help' for the commands"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let quiet = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["-q"], environment: fixture.environment())
    let quietStart = try fixture.expectPrompt(quiet)
    #expect(!quietStart.contains("type 'help'"))
    quiet.sendControl("d")
    #expect(try quiet.waitForExit(timeout: ShellFixture.patience) == 0)
    let piped = try fixture.run([], input: "total\n")
    #expect(!piped.standardError.contains("type 'help'"))
  }
}
