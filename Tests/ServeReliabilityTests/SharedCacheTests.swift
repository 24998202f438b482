import Foundation
import SQLite
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One cache file, outbox and embedded database shared by a shell and one-shot commands: the
/// shell keeps its SQLite locks whatever the others do (a descriptor of the file closed outside
/// its connection would drop them, and the next process to exit would delete the `-wal` under
/// it), and every process sees what the others wrote.
@Suite struct SharedCacheTests {
  /// What the test checks after each step of the shell: it holds its lock on `file`, and no
  /// `-wal` or `-shm` it has open was deleted.
  private static func expectHeld(
    _ file: String, by terminal: PseudoTerminal, after step: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let pid = terminal.processIdentifier
    #expect(
      !ClientHome.locks(of: pid, on: file).isEmpty, "the shell lost its lock on \(file) after \(step)",
      sourceLocation: sourceLocation)
    #expect(
      ClientHome.deletedFiles(of: pid).isEmpty,
      "after \(step) the shell uses deleted files: \(ClientHome.deletedFiles(of: pid))",
      sourceLocation: sourceLocation)
  }

  @Test func aShellKeepsItsLocksBesideOneShotCommandsAndSeesTheirWrites() async throws {
    let fixture = try OutboxTests.Fixture("shared-cache")
    try fixture.start()
    let client = try ClientHome("shared-cache", endpoint: fixture.endpoint)
    #expect(try client.run(["login", "ada@example.com"]).status == 0)
    let shell = try client.startShell()
    defer { shell.sendControl("d") }

    #expect(try ClientHome.type("launch 23", into: shell).contains("launch:   23"))
    Self.expectHeld(client.cacheFile, by: shell, after: "launch 23")
    #expect(try ClientHome.type("cache show Launch:23", into: shell).contains("record Launch:23"))
    Self.expectHeld(client.cacheFile, by: shell, after: "cache show")
    #expect(try client.run(["launch", "24"]).status == 0)
    Self.expectHeld(client.cacheFile, by: shell, after: "another process's launch 24")
    #expect(try ClientHome.type("launch 25", into: shell).contains("launch:   25"))
    Self.expectHeld(client.cacheFile, by: shell, after: "launch 25")
    let seen = try client.run(["cache", "show", "Launch:25"])
    #expect(seen.status == 0, "the shell's write is seen by another process: \(seen.standardError)")
    #expect(try ClientHome.type("cache show Launch:24", into: shell).contains("record Launch:24"))
    #expect(try ClientHome.type("cache", into: shell).contains("records:"))
    Self.expectHeld(client.cacheFile, by: shell, after: "cache")

    // The server goes away: a booking waits in the outbox, which the shell now has open too.
    fixture.stop()
    #expect(try ClientHome.type("book 30", into: shell).contains("queued: book 30"))
    Self.expectHeld(client.cacheFile, by: shell, after: "a queued book")
    Self.expectHeld(client.outboxFile, by: shell, after: "a queued book")
    let listed = try client.run(["outbox"])
    #expect(listed.standardOutput.contains("book 30"), "\(listed)")
    Self.expectHeld(client.outboxFile, by: shell, after: "another process's outbox")
    try fixture.start()
    let sent = try client.run(["trips"])
    #expect(sent.standardError.contains("sent: book 30"), "\(sent)")
    #expect(try ClientHome.type("outbox", into: shell).contains("the outbox is empty"))
    Self.expectHeld(client.cacheFile, by: shell, after: "the outbox sent by another process")
    Self.expectHeld(client.outboxFile, by: shell, after: "the outbox sent by another process")
    #expect(try ClientHome.type("launch 30", into: shell).contains("booked:   yes"))
    fixture.stop()
  }

  @Test func aShellOnTheEmbeddedBackendKeepsItsLockBesideOneShotCommands() async throws {
    let client = try ClientHome("shared-embedded", endpoint: "")
    let arguments: [String] = []
    func run(_ words: [String]) throws -> ProcessResult {
      try runProcess(BuiltProduct.rocketReserver, arguments + words, environment: client.environment)
    }
    #expect(try run(["login", "ada@example.com"]).status == 0)
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: client.environment, columns: 200)
    defer { terminal.sendControl("d") }
    try terminal.expect(")> ", timeout: .seconds(60))
    try terminal.waitForRawMode(timeout: .seconds(60))
    let database = client.home + "/data/rocket-reserver/backend.sqlite"
    #expect(try ClientHome.type("book 3", into: terminal).contains("launch 3: booked"))
    Self.expectHeld(database, by: terminal, after: "book 3")
    #expect(try run(["book", "4"]).status == 0)
    Self.expectHeld(database, by: terminal, after: "another process's book 4")
    #expect(try ClientHome.type("trips", into: terminal).contains("4 "))
    Self.expectHeld(database, by: terminal, after: "trips")
    #expect(try run(["--format", "ids", "trips"]).standardOutput == "4\n3\n")
  }

  /// Four processes at once (two shells in ptys that live through the storm, two loops of
  /// one-shot commands that start and end beside them), each running random commands a bounded
  /// number of times; then the file is sound and every launch any of them was shown is cached.
  @Test func aStormOfProcessesLosesNoWrite() async throws {
    let directory = try TemporaryDirectory(prefix: "cache-storm")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let client = try ClientHome("storm", endpoint: server.endpoint.absoluteString)
    #expect(try client.run(["launch", "1"]).status == 0)
    let seed =
      ProcessInfo.processInfo.environment["STORM_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
    let commands = 24

    func randomCommands(_ generator: inout SeededGenerator) -> [[String]] {
      (0..<commands).map { _ in
        let id = String(Int.random(in: 1...110, using: &generator))
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return ["launches", "--page-size", "3"]
        case 1: return ["cache", "show", "Launch:\(id)"]
        case 2: return ["cache"]
        case 3: return ["total"]
        default: return ["launch", id]
        }
      }
    }
    /// The launch ids a run was shown (`launch:   N` lines).
    @Sendable func shown(_ output: String) -> Set<String> {
      Set(
        output.replacing("\r\n", with: "\n").split(separator: "\n").compactMap { line in
          line.hasPrefix("launch:   ") ? String(line.dropFirst("launch:   ".count)) : nil
        })
    }
    // Threads of their own: the workers block on their processes.
    let results = Mutex<(ids: Set<String>, failures: [String])>(([], []))
    let group = DispatchGroup()
    for worker in 0..<4 {
      var generator = SeededGenerator(seed: seed &+ UInt64(worker))
      let words = randomCommands(&generator)
      group.enter()
      Thread {
        defer { group.leave() }
        var ids: Set<String> = []
        do {
          if worker < 2 {
            let shell = try client.startShell()
            for command in words {
              ids.formUnion(shown(try ClientHome.type(command.joined(separator: " "), into: shell)))
            }
            shell.sendControl("d")
            _ = try shell.waitForExit(timeout: .seconds(60))
          } else {
            for command in words { ids.formUnion(shown(try client.run(command).standardOutput)) }
          }
          results.withLock { $0.ids.formUnion(ids) }
        } catch {
          results.withLock { $0.failures.append("worker \(worker): \(error)") }
        }
      }.start()
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        group.wait()
        continuation.resume()
      }
    }
    let (runs, failures) = results.withLock { $0 }
    #expect(failures.isEmpty, "seed \(seed): \(failures)")
    #expect(!runs.isEmpty)
    let db = try Connection(path: client.cacheFile)
    defer { db.close() }
    let check = try db.query("PRAGMA integrity_check") { try $0.column(0, as: String.self) }
    #expect(check == ["ok"], "seed \(seed)")
    let cached = Set(
      try db.query("SELECT key FROM records WHERE key LIKE 'Launch:%'") { try $0.column(0, as: String.self) })
    let lost = runs.filter { !cached.contains("Launch:\($0)") }
    #expect(lost.isEmpty, "seed \(seed): \(lost.count) of \(runs.count) answers lost: \(lost.sorted())")
    _ = server.terminate()
  }
}
