import Foundation
import TestSupport

/// A `rocket-reserver serve` on an ephemeral loopback port and a temporary data directory, for
/// one test: stopped (and its directory removed) when the test lets go of it.
final class ServeForTests {
  let endpoint: URL
  private let directory: TemporaryDirectory
  private let process: Process

  struct StartFailure: Error, CustomStringConvertible {
    var description: String
  }

  init() throws {
    directory = try TemporaryDirectory(prefix: "error-aware")
    process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    process.arguments = [
      "serve", "--host", "127.0.0.1", "--port", "0", "--drain", "0", "--data-dir", directory.path,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = directory.path + "/config"
    environment["XDG_STATE_HOME"] = directory.path + "/state"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard line.hasPrefix("listening on "),
      let url = URL(string: String(line.dropFirst("listening on ".count)))
    else {
      process.terminate()
      throw StartFailure(description: "serve printed \(line.debugDescription) instead of its address")
    }
    endpoint = url
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
  }
}
