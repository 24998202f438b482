import Foundation
import Glibc

/// A real `rocket-reserver serve` process on an ephemeral loopback port, for tests that need
/// the whole program: requests over HTTP, signals, SIGKILL and restart. Killed when released.
public final class ServeProcess: @unchecked Sendable {
  // Invariant: every property is set once in init and only read afterwards.
  public let process: Process
  /// The GraphQL endpoint `serve` printed.
  public let endpoint: URL
  /// With `json` and `--metrics-address`: the metrics URL of the ready line.
  public let metricsURL: URL?
  /// With ``ErrorOutput/captured``: the pipe standard error goes into.
  private let errorPipe: Pipe?

  /// Where the process's standard error goes.
  public enum ErrorOutput {
    /// Nowhere.
    case discarded
    /// Into a pipe, read by ``stop(_:)`` when the process has ended.
    case captured
    /// Into the file at this path (created or truncated).
    case file(String)
  }

  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
  }

  /// Starts `serve --host HOST --port PORT` (port 0: a free one; host nil: no `--host`, the
  /// default) on `dataDirectory` (or, given `database`, on that PostgreSQL URL), with `options`
  /// added, and waits (bounded) for its first line: `listening on URL`, or with `json` (`--json`
  /// before `serve`) the ready object.
  /// - Parameter environment: the process's environment; by default this process's, with the
  ///   XDG configuration and state folders in `dataDirectory`.
  public init(
    dataDirectory: String, database: String? = nil, host: String? = "127.0.0.1", port: UInt16 = 0,
    options: [String] = [], json: Bool = false, environment: [String: String]? = nil,
    errors: ErrorOutput = .discarded
  ) throws {
    process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    let storage = database.map { ["--database", $0] } ?? ["--data-dir", dataDirectory]
    process.arguments =
      (json ? ["--json"] : []) + ["serve"] + (host.map { ["--host", $0] } ?? []) + ["--port", String(port)]
      + storage + options
    process.environment =
      environment
      ?? ProcessInfo.processInfo.environment.merging([
        "XDG_CONFIG_HOME": dataDirectory + "/config", "XDG_STATE_HOME": dataDirectory + "/state",
      ]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    errorPipe = if case .captured = errors { Pipe() } else { nil }
    switch errors {
    case .discarded: process.standardError = FileHandle.nullDevice
    case .captured: process.standardError = errorPipe
    case .file(let path):
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }
    try process.run()
    let line = output.fileHandleForReading.readFirstLine()
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let ready = json ? (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] : nil
    let address =
      json ? ready?["url"] as? String : text.hasPrefix("listening on ") ? String(text.dropFirst(13)) : nil
    guard let url = address.flatMap(URL.init(string:)) else {
      process.terminate()
      throw StartFailure(description: "serve printed \(text.debugDescription) instead of its address")
    }
    endpoint = url
    metricsURL = (ready?["metrics"] as? String).flatMap(URL.init(string:))
  }

  deinit {
    if process.isRunning { kill() }
  }

  /// The port `serve` listens on.
  public var port: UInt16 { UInt16(clamping: endpoint.port ?? 0) }

  /// `path` (with its query) on the server, such as `/ready` or `/graphql?query=...`.
  public func url(_ path: String) -> URL { URL(string: path, relativeTo: endpoint)?.absoluteURL ?? endpoint }

  /// The CPU time the process has used so far (user and system, from `/proc/PID/stat`), in seconds.
  public func cpuSeconds() -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    // Fields after the command name: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Sends SIGKILL and waits for the process to end.
  public func kill() {
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Sends SIGTERM and waits for the process to end; returns its exit status.
  public func terminate() -> Int32 { stop(SIGTERM).status }

  /// Sends `signal`, waits for the process to end, and returns its exit status and, when
  /// captured, its standard error.
  public func stop(_ signal: Int32) -> (status: Int32, errors: String) {
    Glibc.kill(process.processIdentifier, signal)
    process.waitUntilExit()
    let log = errorPipe.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    return (process.terminationStatus, log ?? "")
  }

  /// Sends `signal` without waiting for the process to end.
  public func signal(_ number: Int32) { _ = Glibc.kill(process.processIdentifier, number) }

  /// Waits (bounded) for the process to end; nil when it is still running after `limit`.
  public func exitStatus(within limit: Duration) async -> Int32? {
    guard await waitUntil(within: limit, { !process.isRunning }) else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
