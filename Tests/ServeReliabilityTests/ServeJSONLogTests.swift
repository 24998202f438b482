import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `serve --log-format json` on the real binary: every access-log line on standard error is one
/// JSON object with the documented fields, and the request id is the client's or a made one,
/// echoed in the answer.
@Suite struct ServeJSONLogTests {
  @Test func eachRequestIsOneJSONLineWithItsID() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-json-log")
    let logPath = directory.child("stderr.log")
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    let process = Process()
    process.executableURL = BuiltProduct.rocketReserver
    process.arguments = [
      "serve", "--port", "0", "--data-dir", directory.child("data"), "--log-format", "json", "--drain", "0",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = directory.child("config")
    environment["XDG_STATE_HOME"] = directory.child("state")
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = log
    try process.run()
    defer { if process.isRunning { process.interrupt() } }
    let line = output.fileHandleForReading.readFirstLine()
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let endpoint = try #require(URL(string: String(text.dropFirst("listening on ".count))))

    var request = URLRequest(url: endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("lb-7f3a-0001", forHTTPHeaderField: "X-Request-ID")
    let body =
      #"{"query":"query LaunchList { launches(pageSize: 100) { launches { id site } } }","operationName":"LaunchList"}"#
    request.httpBody = Data(body.utf8)
    let (_, answer) = try await URLSession.shared.data(for: request)
    #expect((answer as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-ID") == "lb-7f3a-0001")

    var bad = URLRequest(url: try #require(URL(string: endpoint.absoluteString + "?query=%7B%20nope%20%7D")))
    bad.setValue("not a usable id", forHTTPHeaderField: "X-Request-ID")
    let (_, badAnswer) = try await URLSession.shared.data(for: bad)
    let madeID = try #require((badAnswer as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Request-ID"))
    #expect(madeID != "not a usable id" && !madeID.isEmpty)

    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("rocket-reserver: ") }
    #expect(lines.count == 2, "\(lines)")
    var objects: [[String: Any]] = []
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(
        Set(object.keys)
          == [
            "time", "address", "method", "path", "status", "operationName", "durationMs", "bytesIn",
            "bytesOut", "errors", "requestId",
          ])
      objects.append(object)
    }
    let post = try #require(objects.first { $0["method"] as? String == "POST" })
    #expect(post["requestId"] as? String == "lb-7f3a-0001")
    #expect(post["operationName"] as? String == "LaunchList")
    #expect(post["status"] as? Int == 200)
    #expect(post["address"] as? String == "127.0.0.1")
    #expect(post["path"] as? String == "/graphql")
    #expect(post["bytesIn"] as? Int == body.utf8.count)
    // As sent: URLSession accepts gzip, so the page went out compressed.
    #expect((post["bytesOut"] as? Int ?? 0) > 100)
    #expect(post["errors"] as? Int == 0)
    #expect((post["durationMs"] as? Double ?? -1) >= 0)
    #expect((post["time"] as? String)?.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil)
    let get = try #require(objects.first { $0["method"] as? String == "GET" })
    #expect(get["requestId"] as? String == madeID)
    #expect(get["errors"] as? Int == 1)
    #expect(get["bytesIn"] as? Int == 0)
  }
}
