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
  private let process: Process
  /// `http://127.0.0.1:PORT/graphql`.
  public let endpoint: URL

  /// Starts the server, whose `rocket` fails for the launches `failing`, and waits for its port.
  ///
  /// - Throws: when Python cannot start or the server printed no port.
  public init(failing: [String]) throws {
    (process, _, endpoint) = try IncrementalPeer.start(
      "failing_rocket_graphql_server.py", [failing.joined(separator: ",")])
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
