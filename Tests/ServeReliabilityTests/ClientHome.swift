import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A client's home (XDG folders in a temporary directory) for running the real binary against
/// one endpoint: one-shot commands, piped sessions and a shell in a pty, and what the kernel says
/// of a process's hold on the client's SQLite files (`/proc/locks`, `/proc/PID/fd`).
final class ClientHome: @unchecked Sendable {
  // Invariant: every property is set in init and only read afterwards.
  let directory: TemporaryDirectory
  let home: String
  let endpoint: String

  init(_ name: String, endpoint: String) throws {
    directory = try TemporaryDirectory(prefix: "client-\(name)")
    home = directory.child("home")
    self.endpoint = endpoint
  }

  var cacheFile: String { home + "/cache/rocket-reserver/cache.sqlite" }
  var outboxFile: String { home + "/state/rocket-reserver/outbox.sqlite" }

  var environment: [String: String] {
    [
      "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
      "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "NO_COLOR": "1",
      "TERM": "xterm", "LC_ALL": "C.UTF-8", "PAGER": "", "NO_IMAGES": "1",
    ]
  }

  /// Runs the binary with `arguments` and only the XDG folders of `home` set.
  static func run(_ arguments: [String], home: String) throws -> ProcessResult {
    try runProcess(
      BuiltProduct.rocketReserver, arguments,
      environment: [
        "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
        "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/data",
      ])
  }

  /// Runs one command (`--endpoint` first), or with `input` a piped session of its lines.
  func run(_ arguments: [String], input: String = "") throws -> ProcessResult {
    try runProcess(
      BuiltProduct.rocketReserver, ["--endpoint", endpoint] + arguments, environment: environment,
      input: input)
  }

  /// Starts the shell on the endpoint in a pty and waits for its prompt.
  func startShell() throws -> PseudoTerminal {
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["--endpoint", endpoint], environment: environment, columns: 200
    )
    try terminal.expect(")> ", timeout: .seconds(60))
    try terminal.waitForRawMode(timeout: .seconds(60))
    return terminal
  }

  /// Types `line` into the shell and returns what it printed up to its next prompt.
  static func type(_ line: String, into terminal: PseudoTerminal) throws -> String {
    terminal.send(line + "\n")
    let output = try terminal.expect(")> ", timeout: .seconds(60))
    try terminal.waitForRawMode(timeout: .seconds(60))
    // The echoed line, then the answer, then the next prompt's start.
    let lines = output.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
    return lines.dropFirst().dropLast().joined(separator: "\n")
  }

  // MARK: - What the kernel says

  /// The POSIX locks process `pid` holds on the file at `path` (its `/proc/locks` lines), found by
  /// the file's inode.
  static func locks(of pid: pid_t, on path: String) -> [String] {
    var info = stat()
    guard stat(path, &info) == 0,
      let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
    else { return [] }
    // `1: POSIX  ADVISORY  READ 1234 08:01:5678 1073741826 1073742335`
    return table.split(separator: "\n").map(String.init).filter { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 6, fields[1] == "POSIX", fields[4] == "\(pid)" else { return false }
      return fields[5].split(separator: ":").last == "\(info.st_ino)"
    }
  }

  /// The files process `pid` has open that were deleted under it (`(deleted)` in `/proc/PID/fd`).
  static func deletedFiles(of pid: pid_t) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) }
      .filter { $0.hasSuffix("(deleted)") }
  }
}
