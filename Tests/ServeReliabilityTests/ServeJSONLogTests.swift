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
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), host: nil, options: ["--log-format", "json", "--drain", "0"],
      errors: .file(logPath))

    let body =
      #"{"query":"query LaunchList { launches(pageSize: 100) { launches { id site } } }","operationName":"LaunchList"}"#
    let answer = try await server.post(body, headers: ["X-Request-ID": "lb-7f3a-0001"])
    #expect(answer.headers["x-request-id"] == "lb-7f3a-0001")

    let bad = try await TestHTTP.send(
      server.url("/graphql?query=%7B%20nope%20%7D"), headers: ["X-Request-ID": "not a usable id"])
    let madeID = try #require(bad.headers["x-request-id"])
    #expect(madeID != "not a usable id" && !madeID.isEmpty)

    #expect(server.stop(SIGINT).status == 0)
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
