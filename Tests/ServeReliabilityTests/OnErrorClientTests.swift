import Foundation
import TestSupport
import Testing

/// The real binary sends `onError: NULL` to servers that honour it and nothing elsewhere,
/// having found out with the first query to each endpoint (sent with a value no server
/// defines: refused by a server that reads the parameter, ignored by one that does not) and kept
/// the finding in its cache file for a day: against a real `serve` (which honours it), against a
/// graphql-core 3.3 server (`Tests/Peers/failing_rocket_graphql_server.py`, which does not know
/// it, leniently or refusing unknown keys), and against a `serve` that turns strict behind the
/// same URL (`Tests/Peers/post_only_graphql_server.py strict`): the request then refused goes
/// again without the parameter, and the endpoint is remembered as not honouring it.
@Suite(.serialized, .enabled(if: IncrementalPeer.isAvailable)) struct OnErrorClientTests {
  /// The `--trace` lines of the request bodies (`> {...}`) and GET URLs a run sent.
  static func sent(_ run: ProcessResult) -> [String] {
    run.standardError.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("> {") || $0.contains("GET http")
    }
  }

  static func count(_ text: String, in output: String) -> Int {
    output.components(separatedBy: text).count - 1
  }

  @Test func serveIsAskedOnceThenSentNullOverPOSTAndGET() throws {
    let directory = try TemporaryDirectory(prefix: "on-error-serve")
    let serve = try ServeProcess(dataDirectory: directory.child("serve"))
    let endpoint = serve.endpoint.absoluteString
    let home = directory.child("home")

    let first = try ClientHome.run(
      ["-v", "--trace", "--no-apq", "--endpoint", endpoint, "launch", "5"], home: home)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardOutput.contains("launch:   5"))
    #expect(
      Self.count("honours onError (it refused a value no server defines)", in: first.standardError) == 1,
      "\(first.standardError)")
    let details = Self.sent(first).filter { $0.contains("LaunchDetails") }
    #expect(details.count == 2, "\(details)")
    #expect(details.first?.contains(#""onError":"ROCKET_RESERVER_PROBE""#) == true, "\(details)")
    #expect(details.last?.contains(#""onError":"NULL""#) == true, "\(details)")

    // The next process recalls it from the cache file: no probe, NULL by GET too (a hashed
    // query), and said once under -v.
    let second = try ClientHome.run(
      ["-v", "--trace", "--endpoint", endpoint, "launches", "--page-size", "2"], home: home)
    #expect(second.status == 0, "\(second.standardError)")
    #expect(Self.count("honoured onError when last asked", in: second.standardError) == 1)
    let sent = Self.sent(second)
    #expect(!sent.contains { $0.contains("ROCKET_RESERVER_PROBE") }, "\(sent)")
    #expect(sent.contains { $0.contains("GET http") && $0.contains("onError=NULL") }, "\(sent)")

    // A subscription takes what the queries found: its WebSocket request carries NULL.
    let watch = try WatchProcess(
      ["--endpoint", endpoint, "--trace", "watch", "--transport", "websocket"], home: home)
    defer { _ = watch.stop(with: SIGKILL) }
    var subscribe: String?
    while subscribe == nil, let line = watch.nextErrorLine(timeout: 30) {
      if line.hasPrefix("> {") { subscribe = line }
    }
    #expect(subscribe?.contains("TripsBooked") == true, "\(subscribe ?? "no request traced")")
    #expect(subscribe?.contains(#""onError":"NULL""#) == true, "\(subscribe ?? "no request traced")")

    // Without -v nothing is said.
    let quiet = try ClientHome.run(["--endpoint", endpoint, "launch", "6"], home: home)
    #expect(quiet.status == 0)
    #expect(!quiet.standardError.contains("onError"), "\(quiet.standardError)")
  }

  @Test(arguments: ["lenient", "strict"])
  func aServerThatDoesNotKnowItGetsNothing(mode: String) throws {
    let directory = try TemporaryDirectory(prefix: "on-error-peer")
    let peer = try PythonPeer("failing_rocket_graphql_server.py", ["", mode], home: directory.path)
    defer { peer.stop() }
    let endpoint = peer.endpoint
    let home = directory.child("home")

    let first = try ClientHome.run(["-v", "--endpoint", endpoint, "launch", "2"], home: home)
    #expect(first.status == 0, "\(mode): \(first.standardError)")
    #expect(first.standardOutput.contains("mission:  DemoSat"))
    let how = mode == "strict" ? "refuses the onError parameter" : "does not honour onError"
    #expect(Self.count(how, in: first.standardError) == 1, "\(first.standardError)")
    let bodies = peer.errorLines()
    #expect(bodies.contains { $0.contains("ROCKET_RESERVER_PROBE") }, "\(mode): \(bodies)")
    if mode == "strict" {
      // Refused with the value no server defines, and with NULL: the answer came without either.
      #expect(bodies.contains { $0.contains(#""onError": "NULL""#) || $0.contains(#""onError":"NULL""#) })
      #expect(
        bodies.last?.contains("LaunchDetails") == true && bodies.last?.contains("onError") == false,
        "\(mode): \(bodies)")
    } else {
      // The value no server defines was ignored: that answer is the query's, and NULL never went.
      #expect(!bodies.contains { $0.contains("NULL") }, "\(mode): \(bodies)")
    }

    let second = try ClientHome.run(["-v", "--endpoint", endpoint, "launch", "3"], home: home)
    #expect(second.status == 0)
    #expect(Self.count("did not honour onError when last asked", in: second.standardError) == 1)
    let later = peer.errorLines()
    #expect(!later.isEmpty && !later.contains { $0.contains("onError") }, "\(mode): \(later)")
  }

  @Test func aServerThatTurnsStrictIsAnsweredWithoutItAndRemembered() throws {
    let directory = try TemporaryDirectory(prefix: "on-error-strict")
    let serve = try ServeProcess(dataDirectory: directory.child("serve"))
    let peer = try PythonPeer(
      "post_only_graphql_server.py", ["strict", serve.endpoint.absoluteString, directory.child("strict")],
      home: directory.path)
    defer { peer.stop() }
    let endpoint = peer.endpoint
    let home = directory.child("home")

    let first = try ClientHome.run(["-v", "--endpoint", endpoint, "launch", "2"], home: home)
    #expect(first.status == 0, "\(first.standardError)")
    #expect(first.standardError.contains("honours onError (it refused"), "\(first.standardError)")

    // The server behind the URL is replaced by one that refuses parameters it does not know.
    #expect(FileManager.default.createFile(atPath: directory.child("strict"), contents: Data()))
    let refused = try ClientHome.run(["-v", "--trace", "--endpoint", endpoint, "launch", "3"], home: home)
    #expect(refused.status == 0, "\(refused.standardError)")
    #expect(refused.standardOutput.contains("launch:   3"))
    #expect(
      refused.standardError.contains(
        #"now refuses onError (HTTP 400 "Unknown request parameter \"onError\".")"#),
      "\(refused.standardError)")

    let later = try ClientHome.run(["-v", "--trace", "--endpoint", endpoint, "launch", "4"], home: home)
    #expect(later.status == 0, "\(later.standardError)")
    #expect(later.standardError.contains("did not honour onError when last asked"))
    #expect(!Self.sent(later).contains { $0.contains("onError") }, "\(later.standardError)")
  }
}
