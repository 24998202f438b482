import Foundation
import Glibc
import TestSupport
import Testing

/// The normalized cache through the real binary against a real `serve` on an ephemeral port:
/// the offline fallback once the server is stopped, write-through of book and cancel, pages
/// merged, `cache` and `cache clear`, a shell and one-shot commands sharing the file, and a
/// process killed in the middle of a cache write.
@Suite struct CacheCommandTests {
  static func run(_ fixture: ShellFixture, _ endpoint: URL, _ words: [String]) throws -> ProcessResult {
    try fixture.run(["--endpoint", endpoint.absoluteString] + words)
  }

  static func cacheFile(_ fixture: ShellFixture) -> String {
    fixture.root.appendingPathComponent("cache/rocket-reserver/cache.sqlite").path
  }

  static func size(_ path: String) -> Int {
    var info = stat()
    let main = stat(path, &info) == 0 ? Int(info.st_size) : 0
    return main + (stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0)
  }

  @Test func aStoppedServerIsAnsweredFromTheCacheWithOneLineOnStandardError() throws {
    let fixture = try ShellFixture()
    var served: ServeProcess? = try fixture.serve()
    let endpoint = try #require(served?.endpoint)
    let online = try Self.run(fixture, endpoint, ["launch", "42"])
    #expect(online.status == 0)
    #expect(online.standardError == "")
    served = nil  // stopped: nothing listens on its port any more

    let offline = try Self.run(fixture, endpoint, ["launch", "42"])
    #expect(offline.status == 0)
    #expect(offline.standardOutput == online.standardOutput)
    #expect(offline.standardError.hasPrefix("rocket-reserver: offline: showing what was cached "))
    // Launch 42's fields keep 60 seconds: fresh, unless this machine took a minute since.
    #expect(offline.standardError.hasSuffix(" ago\n") || offline.standardError.hasSuffix(" ago (stale)\n"))
    #expect(offline.standardError.split(separator: "\n").count == 1)
    let json = try Self.run(fixture, endpoint, ["launch", "42", "--json"])
    #expect(json.status == 0)
    #expect(json.standardOutput.contains("\"mission\""))

    let never = try Self.run(fixture, endpoint, ["launch", "41"])
    #expect(never.status == 69)
    #expect(never.standardError.contains("cannot reach \(endpoint.absoluteString)"))
    let cacheOnly = try Self.run(fixture, endpoint, ["launch", "41", "--cache", "cache-only"])
    #expect(cacheOnly.status == 69)
    #expect(cacheOnly.standardError.contains("nothing cached for launch details"))
    let networkOnly = try Self.run(fixture, endpoint, ["--cache", "network-only", "launch", "42"])
    #expect(networkOnly.status == 69)
  }

  @Test func bookAndCancelAreWrittenThroughSoTheCacheSaysBooked() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint
    #expect(try Self.run(fixture, endpoint, ["login", "cache@example.com"]).status == 0)
    #expect(try Self.run(fixture, endpoint, ["launch", "42"]).standardOutput.contains("booked:   no"))
    #expect(try Self.run(fixture, endpoint, ["book", "42"]).status == 0)
    let booked = try Self.run(fixture, endpoint, ["launch", "42", "--cache", "cache-only"])
    #expect(booked.status == 0)
    #expect(booked.standardOutput.contains("booked:   yes"))
    #expect(try Self.run(fixture, endpoint, ["cancel", "42"]).status == 0)
    let cancelled = try Self.run(fixture, endpoint, ["launch", "42", "--cache", "cache-only"])
    #expect(cancelled.standardOutput.contains("booked:   no"))
    // Another user's part of the cache does not have it; logout drops this user's.
    #expect(try Self.run(fixture, endpoint, ["logout"]).status == 0)
    #expect(try Self.run(fixture, endpoint, ["login", "other@example.com"]).status == 0)
    #expect(try Self.run(fixture, endpoint, ["launch", "42", "--cache", "cache-only"]).status == 69)
  }

  @Test func everyLaunchSeenIsListedFromTheCacheInListOrder() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint
    let walked = try Self.run(fixture, endpoint, ["-c", "launches --page-size 5; more; more"])
    #expect(walked.status == 0)
    let expected = (96...110).reversed().map(String.init).joined(separator: "\n") + "\n"
    let cached = try Self.run(fixture, endpoint, ["launches", "--cache", "cache-only", "--format", "ids"])
    #expect(cached.status == 0)
    #expect(cached.standardOutput == expected)
    let all = try Self.run(
      fixture, endpoint, ["launches", "--all", "--cache", "cache-only", "--format", "ids"])
    #expect(all.status == 0)
    #expect(all.standardOutput == expected)
  }

  @Test func cacheShowsTheFileAndCacheClearEmptiesItAndShrinksIt() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint
    #expect(try Self.run(fixture, endpoint, ["launches", "--all"]).status == 0)
    let file = Self.cacheFile(fixture)
    let shown = try Self.run(fixture, endpoint, ["cache"])
    #expect(shown.status == 0)
    #expect(shown.standardOutput.contains("file:     \(file)\n"))
    let records = shown.standardOutput.split(separator: "\n").first { $0.hasPrefix("records:") }
    #expect((records.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0) > 110)
    // All written within a second or over a few: one age, or a range.
    #expect(shown.standardOutput.contains("ages:     ") || shown.standardOutput.contains("age:      "))
    let mode = { (path: String) -> mode_t in
      var info = stat()
      return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }
    #expect(mode(file) == 0o600)
    #expect(mode(URL(fileURLWithPath: file).deletingLastPathComponent().path) == 0o700)

    let before = Self.size(file)
    let cleared = try Self.run(fixture, endpoint, ["cache", "clear"])
    #expect(cleared.status == 0)
    #expect(cleared.standardOutput.hasPrefix("cache cleared: "))
    #expect(Self.size(file) < before / 2, "\(Self.size(file)) bytes after clear, \(before) before")
    let empty = try Self.run(fixture, endpoint, ["cache", "--json"])
    #expect(
      empty.standardOutput.contains("\"records\" : 0") || empty.standardOutput.contains("\"records\": 0"))
    let bad = try Self.run(fixture, endpoint, ["cache", "flush"])
    #expect(bad.status == 2)
  }

  @Test func aCorruptCacheFileIsMovedAsideWithOneWarningAndTheCommandWorks() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let file = Self.cacheFile(fixture)
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path, withIntermediateDirectories: true)
    try Data(repeating: 0xA5, count: 4096).write(to: URL(fileURLWithPath: file))
    let run = try Self.run(fixture, served.endpoint, ["launch", "42"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("launch:   42"))
    #expect(run.standardError.hasPrefix("rocket-reserver: warning: the cache file \(file) could not be used"))
    #expect(run.standardError.split(separator: "\n").count == 1)
    let again = try Self.run(fixture, served.endpoint, ["launch", "42", "--cache", "cache-only"])
    #expect(again.status == 0)
    #expect(again.standardError == "")
  }

  @Test func aShellAndFourOneShotCommandsShareTheCacheAtOnce() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let terminal = try fixture.startShell(["PAGER": ""], arguments: ["--endpoint", endpoint])
    terminal.send("launches --all --page-size 3; launch 7; launch 8; total\n")
    // Four one-shot processes at the same time as the shell's requests.
    let processes = try (1...4).map { index -> (Process, Pipe) in
      let process = Process()
      let errors = Pipe()
      process.executableURL = BuiltProduct.rocketReserver
      process.arguments = [
        "--endpoint", endpoint, "-c", "launches --page-size 7; launch \(index * 10); launch 42",
      ]
      process.environment = fixture.environment()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
      return (process, errors)
    }
    for (process, errors) in processes {
      let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(stderr)")
      #expect(stderr == "")
    }
    try terminal.expect("trips booked in all", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("launch 20 --cache cache-only\n")
    try terminal.expect("launch:   20", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    #expect(!terminal.transcript.contains("warning"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    for id in ["7", "8", "10", "40", "42"] {
      let cached = try Self.run(fixture, served.endpoint, ["launch", id, "--cache", "cache-only"])
      #expect(cached.status == 0, "launch \(id): \(cached.standardError)")
    }
    let listed = try Self.run(
      fixture, served.endpoint, ["launches", "--cache", "cache-only", "--format", "ids"])
    #expect(listed.standardOutput.split(separator: "\n").count == 110)
  }

  @Test func aProcessKilledDuringACacheWriteLeavesAUsableCache() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let file = Self.cacheFile(fixture)
    // One page of one launch per request: 110 cache writes in a row.
    let process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    process.arguments = ["--endpoint", endpoint, "launches", "--all", "--page-size", "1"]
    process.environment = fixture.environment()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Kill it once the write-ahead log has grown past a few pages: mid-way through the writes
    // (past the first page's, and the endpoint's capabilities the first request records).
    var polls = 0
    while Self.size(file + "-wal") < 128 * 1024 && process.isRunning && polls < 100_000 {
      polls += 1
      usleep(1000)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    let shown = try Self.run(fixture, served.endpoint, ["cache"])
    #expect(shown.status == 0)
    #expect(shown.standardError == "")
    let list = try Self.run(
      fixture, served.endpoint, ["launches", "--cache", "cache-only", "--format", "ids"])
    #expect(list.status == 0)
    #expect(list.standardError == "")
    #expect(list.standardOutput.hasPrefix("110\n109\n"))
    let again = try Self.run(fixture, served.endpoint, ["launch", "42"])
    #expect(again.status == 0)
    #expect(again.standardError == "")
    #expect(try Self.run(fixture, served.endpoint, ["launch", "42", "--cache", "cache-only"]).status == 0)
  }
}
