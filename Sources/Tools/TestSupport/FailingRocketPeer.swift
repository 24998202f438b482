import Foundation

/// A running `Tests/Peers/failing_rocket_graphql_server.py`: the RocketReserver API on
/// graphql-core 3.3, over the launches of `Fixtures/launches.json`, whose `Launch.rocket`
/// resolver raises for the launches given (its message carries an escape sequence, as a broken
/// or hostile server's text can).
///
/// Needs `/usr/bin/python3` and graphql-core under `.build/python-peers` (`make test-deps`):
/// see ``IncrementalPeer/isAvailable``. The process is killed when the value goes away.
public final class FailingRocketPeer: @unchecked Sendable {
  // Invariant: every stored property is set in init and only read afterwards.
  private let process = Process()
  /// `http://127.0.0.1:PORT/graphql`.
  public let endpoint: URL

  /// Starts the server, whose `rocket` fails for the launches `failing`, and waits for its port.
  ///
  /// - Throws: when Python cannot start or the server printed no port.
  public init(failing: [String]) throws {
    process.executableURL = IncrementalPeer.python
    process.arguments = [
      IncrementalPeer.root.appendingPathComponent("Tests/Peers/failing_rocket_graphql_server.py").path,
      failing.joined(separator: ","),
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONPATH"] = IncrementalPeer.peers.path
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
    guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)),
      let endpoint = URL(string: "http://127.0.0.1:\(port)/graphql")
    else {
      process.terminate()
      throw IncrementalPeer.PeerFailure(message: "failing_rocket_graphql_server.py printed no port: \(line)")
    }
    self.endpoint = endpoint
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
