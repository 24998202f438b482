import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The shell's history file across runs.
@Suite struct HistoryPersistenceTests {
  private static let upArrow = "\u{1B}[A"

  @Test func historyPersistsAcrossRunsInAPrivateFile() throws {
    let fixture = try ShellFixture()
    let first = try fixture.startShell()
    first.send("help quit\n")
    try first.expect("usage: quit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(first)
    first.send(" help\n")  // a leading blank keeps a line out of history
    try first.expect("Commands:", timeout: ShellFixture.patience)
    try fixture.expectPrompt(first)
    first.sendControl("d")
    #expect(try first.waitForExit(timeout: ShellFixture.patience) == 0)

    let attributes = try FileManager.default.attributesOfItem(atPath: fixture.historyFile.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let directory = try FileManager.default.attributesOfItem(
      atPath: fixture.historyFile.deletingLastPathComponent().path)
    #expect((directory[.posixPermissions] as? Int) == 0o700)

    let second = try fixture.startShell()
    second.send(Self.upArrow)
    try second.expect("help quit", timeout: ShellFixture.patience)
    second.send("\n")
    try second.expect("usage: quit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(second)
    second.sendControl("d")
    #expect(try second.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func unreadableHistoryWarnsOnceAndIsLeftAlone() throws {
    let fixture = try ShellFixture()
    // A directory where the file should be cannot be read as history.
    try FileManager.default.createDirectory(at: fixture.historyFile, withIntermediateDirectories: true)
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: fixture.environment())
    let start = try fixture.expectPrompt(terminal)
    #expect(start.contains("warning: cannot read history file"))
    terminal.send("help quit\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(!output.contains("warning"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: fixture.historyFile.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test(.disabled(if: getuid() == 0, "root ignores directory permissions"))
  func failedSaveWarnsOnceAndKeepsTheOldFile() throws {
    let fixture = try ShellFixture()
    let first = try fixture.startShell()
    first.send("help\n")
    try fixture.expectPrompt(first)
    first.sendControl("d")
    #expect(try first.waitForExit(timeout: ShellFixture.patience) == 0)
    let before = try Data(contentsOf: fixture.historyFile)

    let directory = fixture.historyFile.deletingLastPathComponent().path
    #expect(chmod(directory, 0o500) == 0)
    defer { chmod(directory, 0o700) }
    let second = try fixture.startShell()
    second.send("help quit\n")
    let output = try fixture.expectPrompt(second)
    #expect(output.contains("warning: cannot save history file"))
    second.send("help help\n")
    let next = try fixture.expectPrompt(second)
    #expect(!next.contains("warning"))
    second.sendControl("d")
    #expect(try second.waitForExit(timeout: ShellFixture.patience) == 0)
    #expect(try Data(contentsOf: fixture.historyFile) == before)
  }
}
