import Foundation
import TestSupport

/// A real `rocket-reserver ... watch` process (or another subscriber, such as a Python client) whose standard output and error are read line by
/// line, with a bound on each wait.
final class WatchProcess: @unchecked Sendable {
  // Invariant: `process` and the pipes are set in init and only read afterwards; the buffers
  // are touched by the calling test only.
  let process: Process
  private let output = Pipe()
  private let errors = Pipe()
  private var outputBuffer: [UInt8] = []
  private var errorBuffer: [UInt8] = []

  /// Starts `rocket-reserver ARGUMENTS` (or another `executable`) with XDG folders under `home`.
  /// `extraEnvironment` is added to the environment (such as `PYTHONPATH`).
  init(
    _ arguments: [String], home: String, executable: URL = BuiltProduct.rocketReserver,
    extraEnvironment: [String: String] = [:]
  ) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = home + "/config"
    environment["XDG_STATE_HOME"] = home + "/state"
    environment["XDG_CACHE_HOME"] = home + "/cache"
    environment.merge(extraEnvironment) { $1 }
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// The next line of standard output, or nil when none came within `timeout` seconds.
  func nextLine(timeout: Double = 15) -> String? {
    Self.line(from: output.fileHandleForReading.fileDescriptor, buffer: &outputBuffer, timeout: timeout)
  }

  /// The next line of standard error, or nil when none came within `timeout` seconds.
  func nextErrorLine(timeout: Double = 15) -> String? {
    Self.line(from: errors.fileHandleForReading.fileDescriptor, buffer: &errorBuffer, timeout: timeout)
  }

  /// Everything left on standard output and error once the process has ended.
  func remainingOutput() -> (output: String, errors: String) {
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    let errorRest = errors.fileHandleForReading.readDataToEndOfFile()
    return (
      String(decoding: outputBuffer + rest, as: UTF8.self),
      String(decoding: errorBuffer + errorRest, as: UTF8.self)
    )
  }

  /// Sends `signal` and waits for the exit status.
  func stop(with signal: Int32 = SIGTERM) -> Int32 {
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Waits up to `timeout` seconds for the process to end by itself; its status, or nil (and
  /// the process killed) when it did not.
  func waitForExit(timeout: Double = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    guard !process.isRunning else {
      _ = stop(with: SIGKILL)
      return nil
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  private static func line(from descriptor: Int32, buffer: inout [UInt8], timeout: Double) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return nil }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }
}
