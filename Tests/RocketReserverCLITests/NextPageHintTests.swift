import Foundation
import TestSupport
import Testing

/// The one-shot `launches` hint names a command that shows the next page as this one was shown.
@Suite struct NextPageHintTests {
  @Test func theHintKeepsThePageSizeAndTheServer() throws {
    let fixture = try ShellFixture()
    let data = fixture.root.appendingPathComponent("my data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["--data-dir", data.path, "launches", "--page-size", "5"],
      environment: fixture.environment())
    try terminal.expect(
      "next page: rocket-reserver --data-dir '\(data.path)' launches --page-size 5 --after ",
      timeout: ShellFixture.patience)
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
