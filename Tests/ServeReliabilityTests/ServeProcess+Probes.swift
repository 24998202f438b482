import Foundation
import TestSupport

extension ServeProcess {
  /// The port `serve` listens on.
  var port: UInt16 { UInt16(clamping: endpoint.port ?? 0) }

  /// `GET path` on a connection of its own: the status and body, or nil when the server cannot
  /// be reached or does not answer.
  func get(_ path: String) -> (status: Int, body: String)? {
    guard let connection = try? RawHTTPConnection(port: port, readTimeoutSeconds: 30) else { return nil }
    connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    return connection.readResponse().map { ($0.status, $0.body) }
  }

  /// Sends `signal` without waiting for the process to end.
  func signal(_ number: Int32) { _ = Glibc.kill(process.processIdentifier, number) }

  /// Waits (bounded) for the process to end; nil when it is still running after `limit`.
  func exitStatus(within limit: Duration) async -> Int32? {
    guard await waitUntil(within: limit, { !process.isRunning }) else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
