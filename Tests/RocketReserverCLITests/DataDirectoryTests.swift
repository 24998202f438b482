import Foundation
import TestSupport
import Testing

/// `--data-dir`: a missing directory is an error for a client command (never a new, empty
/// database); `serve` creates it and says so.
@Suite struct DataDirectoryTests {
  @Test func aMissingDirectoryIsAnErrorNamingIt() throws {
    let fixture = try ShellFixture()
    let missing = fixture.root.appendingPathComponent("typo")
    let run = try fixture.run(["--data-dir", missing.path, "launches"])
    #expect(run.status == 78)
    #expect(run.standardError.contains("the data directory \(missing.path) (--data-dir) does not exist"))
    #expect(!FileManager.default.fileExists(atPath: missing.path))
    let trailing = try fixture.run(["launch", "1", "--data-dir", missing.path])
    #expect(trailing.status == 78)
    let existing = fixture.root.appendingPathComponent("data-here")
    try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
    #expect(try fixture.run(["--data-dir", existing.path, "total"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: existing.appendingPathComponent("backend.sqlite").path))
  }

  @Test func serveCreatesItAndSaysSo() throws {
    let fixture = try ShellFixture()
    let fresh = fixture.root.appendingPathComponent("fresh/data")
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["serve", "--port", "0", "--data-dir", fresh.path],
      environment: fixture.environment())
    try terminal.expect("creating the data directory \(fresh.path)", timeout: ShellFixture.patience)
    try terminal.expect("listening on", timeout: ShellFixture.patience)
    #expect(FileManager.default.fileExists(atPath: fresh.path))
  }
}
