import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// The explorer in a real browser: Debian's Chromium, headless, driven over the DevTools
/// protocol by `Tests/Peers/explorer_browser.py` against a real `serve` (one browser, every step
/// in one page). Skipped, saying so, only where Chromium is not installed or cannot start; the
/// Makefile's test set-up installs it.
@Suite(.serialized)
struct ExplorerBrowserTests {
  static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Peers/explorer_browser.py")
  static let chromium = "/usr/bin/chromium"

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: chromium), "Chromium is not installed (make test-deps)"
    ))
  func theExplorerLoadsCompletesRunsValidatesBooksAndFollowsASubscription() throws {
    let directory = try TemporaryDirectory(prefix: "explorer-browser")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    // Kept after the test, so that the screenshots can be looked at.
    let screenshots = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rocket-explorer-screenshots-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
    print("explorer screenshots: \(screenshots.path)")
    let origin = "http://\(server.endpoint.host ?? "127.0.0.1"):\(server.endpoint.port ?? 0)"
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/python3"), [Self.peer.path, Self.chromium, origin, screenshots.path])
    print(result.standardOutput)
    if result.status == 77 {
      print("skipped: \(result.standardError)")
      return
    }
    let last = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    guard result.status == 0, let figures = try? JSON(parsing: last) else {
      Issue.record("the browser check failed (\(result.status)): \(result.standardError.suffix(3000))")
      return
    }
    print("explorer: \(String(decoding: figures.encoded(), as: UTF8.self))")
    #expect(figures["screenshots"]?.arrayValue?.count == 9)
    let weight = figures["page_weight_gzip_bytes"]?.intValue ?? .max
    #expect(weight <= 300_000, "the page weighs \(weight) bytes in gzip")
  }
}
