import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The history file against a full disk, a symbolic link and a file in another format.
@Suite struct HistoryFileSafetyTests {
  private static let upArrow = "\u{1B}[A"

  @Test func aFullDiskKeepsTheOldHistory() throws {
    let fixture = try ShellFixture()
    try FileManager.default.createDirectory(
      at: fixture.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    let entries = (0..<400).map { "launch \($0) # an entry long enough to fill a few kilobytes" }
    try ("_HiStOrY_V2_\n" + entries.map { $0.replacing(" ", with: "\\040") + "\n" }.joined())
      .write(to: fixture.historyFile, atomically: false, encoding: .utf8)
    let before = try Data(contentsOf: fixture.historyFile)
    #expect(before.count > 8192)
    // A file size limit of 4 KB (ulimit -f counts 512- or 1024-byte blocks) fails writes as a
    // full disk does; SIGXFSZ is ignored so the write returns an error instead.
    let script = #"trap '' XFSZ; ulimit -f 4; exec "$0""#
    let terminal = try PseudoTerminal(
      URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, BuiltProduct.rocketReserver.path],
      environment: fixture.environment())
    try fixture.expectPrompt(terminal)
    terminal.send("help quit\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains("warning: cannot save history file"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    #expect(try Data(contentsOf: fixture.historyFile) == before)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: fixture.historyFile.deletingLastPathComponent().path)
    #expect(leftovers == ["history"])
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
    let fixture = try ShellFixture()
    let target = fixture.root.appendingPathComponent("shared-history")
    try "_HiStOrY_V2_\nhelp\n".write(to: target, atomically: false, encoding: .utf8)
    #expect(chmod(target.path, 0o644) == 0)
    try FileManager.default.createDirectory(
      at: fixture.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: fixture.historyFile, withDestinationURL: target)
    let terminal = try PseudoTerminal(BuiltProduct.rocketReserver, environment: fixture.environment())
    let start = try fixture.expectPrompt(terminal)
    #expect(start.contains("is a symbolic link"))
    terminal.send("help quit\n")
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o644)
    #expect(try String(contentsOf: target, encoding: .utf8) == "_HiStOrY_V2_\nhelp\n")
  }

  @Test func aHistoryInAnotherFormatIsReadAndSavedAgain() throws {
    let fixture = try ShellFixture()
    try FileManager.default.createDirectory(
      at: fixture.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    // readline's and bash's format: one entry per line, no header.
    try "launch 1\nhelp quit\n".write(to: fixture.historyFile, atomically: false, encoding: .utf8)
    let terminal = try fixture.startShell()
    terminal.send(Self.upArrow)
    try terminal.expect("help quit", timeout: ShellFixture.patience)
    terminal.send("\n")
    try terminal.expect("usage: quit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("total\n")
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let saved = try String(contentsOf: fixture.historyFile, encoding: .utf8)
    #expect(saved.hasPrefix("_HiStOrY_V2_\n"))
    #expect(saved.contains("launch\\0401"))
    #expect(saved.contains("total"))
  }
}
