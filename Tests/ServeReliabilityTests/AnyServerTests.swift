import Foundation
import TestSupport
import Testing

/// The real binary against servers that take neither persisted queries nor GET: a Python
/// `http.server` in front of a real `serve` (`Tests/Peers/post_only_graphql_server.py`) that
/// answers GET with 501 (http.server's own answer to a method it does not implement), with 405,
/// or a hash-only POST with express-graphql's 400. Every command works, and the requests are
/// counted: one spent on finding out, per endpoint, then the cache file remembers it and every
/// later command goes straight to POST with the text.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
struct AnyServerTests {
  @Test(arguments: ["501", "405", "express"])
  func everyCommandWorksWithOneRequestSpentOnFindingOut(mode: String) throws {
    let directory = try TemporaryDirectory(prefix: "any-server")
    let serve = try ServeProcess(dataDirectory: directory.child("serve"))
    let peer = try PythonPeer(
      "post_only_graphql_server.py", [mode, serve.endpoint.absoluteString], home: directory.path)
    defer { peer.stop() }
    let endpoint = peer.endpoint
    let home = directory.child("home")

    let first = try ClientHome.run(["-v", "--endpoint", endpoint, "launch", "5"], home: home)
    #expect(first.status == 0, "\(mode): \(first.standardError)")
    #expect(first.standardOutput.contains("launch:   5"))
    let said = first.standardError.components(separatedBy: "does not take persisted queries").count - 1
    #expect(said == 1, "\(mode): said once under -v: \(first.standardError)")
    // The hash by GET is refused, then the text goes by POST, twice: the serve behind the peer
    // refuses the onError value no server defines, and answers onError NULL.
    let found = peer.errorLines()
    #expect(found.count == 3, "\(mode): \(found)")
    #expect(found.first?.hasPrefix("GET /graphql?") == true, "\(mode): the hash by GET, refused")
    #expect(found.dropFirst() == ["POST /graphql", "POST /graphql"], "\(mode): then the text by POST")

    var later: [String] = []
    let commands: [[String]] = [
      ["launches", "--page-size", "3"], ["login", "ada@example.com"], ["book", "5", "6"], ["trips"],
      ["total"], ["cancel", "6"], ["launch", "6"], ["whoami"],
    ]
    for command in commands {
      let run = try ClientHome.run(["--endpoint", endpoint] + command, home: home)
      #expect(run.status == 0, "\(mode) \(command): \(run.standardError)")
      #expect(!run.standardError.contains("persisted"), "\(mode) \(command): silent without -v")
      later += peer.errorLines()
    }
    #expect(later.count >= commands.count)
    #expect(later.allSatisfy { $0 == "POST /graphql" }, "\(mode): no GET, no hash-only attempt: \(later)")

    // Under -v the remembered finding is said, once, and costs no request.
    let recalled = try ClientHome.run(["-v", "--endpoint", endpoint, "total"], home: home)
    #expect(recalled.status == 0)
    #expect(recalled.standardError.contains("took no persisted queries when last asked"))
    #expect(peer.errorLines() == ["POST /graphql"])
  }
}
