import Foundation
import Glibc
import RocketClient
import TestSupport
import Testing

@testable import RocketReserverCLI

/// Drives `FileCredentialStore` from another process: a different umask, and SIGKILL mid-write.
@Suite struct CredentialWriterProcessTests {
  private var writer: URL { BuiltProduct.directory.appendingPathComponent("credential-writer") }

  @Test func umask000DoesNotWidenTheModes() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.child("config/rocket-reserver/credentials.json")
    for token in ["first", "second"] {
      let result = try runProcess(writer, ["save", path, "embedded", "ada@example.com", token, "000"])
      #expect(result.status == 0, "\(result.standardError)")
    }
    #expect(permissions(temporary.child("config")) == 0o700)
    #expect(permissions(temporary.child("config/rocket-reserver")) == 0o700)
    #expect(permissions(path) == 0o600)
    #expect(permissions(path + ".lock") == 0o600)
    #expect(try FileCredentialStore(path: path).credential(for: "embedded")?.token == "second")
  }

  @Test func writerReportsARefusalOnStandardError() throws {
    let temporary = try TemporaryDirectory()
    let path = temporary.child("credentials.json")
    try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o600) == 0)
    let result = try runProcess(writer, ["save", path, "embedded", "ada@example.com", "token"])
    #expect(result.status == 1)
    #expect(result.standardError.contains("is not valid JSON; refusing to read or overwrite it"))
  }

  /// SIGKILLs a writer that alternates two contents, many times at random moments; after every
  /// kill the file must be one of the two complete contents and at most one temporary file may
  /// be left (the next save removes it).
  @Test func killedWritersNeverLeaveATornFile() throws {
    let temporary = try TemporaryDirectory()
    let directory = temporary.child("rocket-reserver")
    let path = directory + "/credentials.json"
    // Long tokens make a torn or partial write visible as a parse failure or a wrong value.
    let first = Credential(
      endpoint: "embedded", email: "a@example.com", token: String(repeating: "A", count: 8000))
    let second = Credential(
      endpoint: "embedded", email: "b@example.com", token: String(repeating: "B", count: 8000))
    let store = FileCredentialStore(path: path)
    var seen: Set<String> = []
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let process = Process()
      process.executableURL = writer
      process.arguments = ["loop", path, "embedded", first.email, first.token, second.email, second.token]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let ready = output.fileHandleForReading.availableData
      #expect(String(decoding: ready, as: UTF8.self) == "ready\n")
      usleep(UInt32.random(in: 0...20_000, using: &generator))
      #expect(kill(process.processIdentifier, SIGKILL) == 0)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)

      let saved = try #require(try store.credential(for: "embedded"))
      #expect(saved == first || saved == second)
      seen.insert(saved.email)
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasPrefix("credentials.json.tmp-") }
      #expect(leftovers.count <= 1, "\(leftovers)")
      #expect(permissions(path) == 0o600)
    }
    #expect(seen.count == 2, "the kills landed at different points of the loop")
    try store.save(first)
    let remaining = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(remaining == ["credentials.json", "credentials.json.lock"], "the next save cleans up")
  }
}
