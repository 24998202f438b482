import Foundation
import TestSupport
import Testing

/// A GraphQL server of `Tests/Peers` run by Python (`script` with `arguments`, the pinned Python
/// peers on its path), which prints its port first and writes what it was sent to standard error.
final class PythonPeer {
  let process: WatchProcess
  let endpoint: String

  init(_ script: String, _ arguments: [String], home: String) throws {
    let peers = RepositoryRoot.url.appendingPathComponent("Tests/Peers")
    process = try WatchProcess(
      [peers.appendingPathComponent(script).path] + arguments, home: home,
      executable: URL(fileURLWithPath: "/usr/bin/python3"),
      extraEnvironment: ["PYTHONPATH": RepositoryRoot.url.appendingPathComponent(".build/python-peers").path])
    let port = try #require(process.nextLine(timeout: 30), "the peer printed its port")
    endpoint = "http://127.0.0.1:\(port)/graphql"
  }

  /// The lines the peer wrote to standard error since the last call. It writes each before it
  /// answers, so after a command has ended its lines are in the pipe already: the wait only ends
  /// the collection.
  func errorLines() -> [String] {
    var lines: [String] = []
    while let line = process.nextErrorLine(timeout: 0.5) { lines.append(line) }
    return lines
  }

  /// Kills the peer.
  func stop() { _ = process.stop(with: SIGKILL) }
}
