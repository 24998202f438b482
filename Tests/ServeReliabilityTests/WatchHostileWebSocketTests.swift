import Foundation
import TestSupport
import Testing

/// `watch --transport websocket` against a server that floods it with frames carrying nothing
/// (WebSocket pings, empty text frames, legacy `ka` keep-alives), bounded in count, while it
/// reads everything the client writes: the client holds a bounded amount (its resident memory
/// stays under 50 MB) and ends with an error that names the endpoint, instead of growing by
/// gigabytes.
@Suite(.serialized) struct WatchHostileWebSocketTests {
  static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Peers/hostile_websocket_server.py")

  /// The resident memory of `pid` in bytes (`VmRSS` in `/proc/PID/status`), or 0 once it is gone.
  static func residentBytes(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return 0
  }

  @Test(arguments: ["ping", "empty", "ka"])
  func aFloodEndsWatchWithAnErrorNamingTheEndpointAndBoundedMemory(mode: String) throws {
    let directory = try TemporaryDirectory(prefix: "watch-hostile-\(mode)")
    let server = try WatchProcess(
      [Self.peer.path, mode, "3000000"], home: directory.path,
      executable: URL(fileURLWithPath: "/usr/bin/python3"))
    let port = try #require(server.nextLine(timeout: 30))
    let endpoint = "http://127.0.0.1:\(port)/graphql"
    let watcher = try WatchProcess(
      ["--endpoint", endpoint, "watch", "--transport", "websocket"], home: directory.path)
    var most = 0
    // Sampled until it exits (bounded: a client that never ends fails the test).
    for _ in 0..<3000 where watcher.process.isRunning {
      most = max(most, Self.residentBytes(watcher.process.processIdentifier))
      usleep(20_000)
    }
    let status = watcher.waitForExit(timeout: 1)
    #expect(status != nil && status != 0, "watch did not end with an error")
    #expect(most < 50 << 20, "watch grew to \(most >> 20) MB")
    let errors = watcher.remainingOutput().errors
    #expect(errors.contains("127.0.0.1:\(port)"), "\(errors)")
    #expect(errors.contains("control frames, empty messages or keep-alives"), "\(errors)")
  }
}
