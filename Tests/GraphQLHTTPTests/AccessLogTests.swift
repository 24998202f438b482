import Foundation
import GraphQL
import GraphQLWire
import HTTPServer
import TestSupport
import Testing

@testable import GraphQLHTTP

@Suite struct AccessLogTests {
  /// Waits for the completion callback, which runs after the response went out (a hang guard:
  /// one second was not always enough on a loaded machine).
  private func entries(_ server: TestServer, count: Int) async throws -> [AccessLogEntry] {
    _ = await waitUntil { server.log.entries.count >= count }
    return server.log.entries
  }

  @Test func oneLinePerRequestWithTheDocumentedFields() async throws {
    let server = try TestServer()
    _ = try await server.post(
      #"{"query":"query LaunchList { launches { id } }","operationName":"LaunchList"}"#)
    _ = try await server.send("GET", "/missing?secret=1")
    let logged = try await entries(server, count: 2)
    #expect(logged.count == 2)
    let graphQL = try #require(logged.first { $0.path == "/graphql" })
    #expect(graphQL.method == "POST")
    #expect(graphQL.status == 200)
    #expect(graphQL.operationName == "LaunchList")
    #expect(graphQL.client == "127.0.0.1")
    let pattern =
      #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST /graphql 200 LaunchList \d+\.\d{3}ms$/#
    #expect(graphQL.line.wholeMatch(of: pattern) != nil, "\(graphQL.line)")
    let missing = try #require(logged.first { $0.path != "/graphql" })
    #expect(missing.path == "/missing")
    #expect(missing.line.contains(" GET /missing 404 - "))
  }

  @Test func neverLogsAuthorizationQueryOrVariables() async throws {
    let server = try TestServer()
    let token = "tok_9f8e7d6c5b4a"
    _ = try await server.post(
      #"{"query":"mutation { login(email: \"someone@example.com\") { token } }","variables":{"v":"hidden@x.io"}}"#,
      headers: ["Authorization": "Bearer \(token)"])
    _ = try await server.get([("query", "{ me { email } }"), ("variables", #"{"e":"get@example.com"}"#)])
    let logged = try await entries(server, count: 2)
    #expect(logged.count == 2)
    for entry in logged {
      for secret in [token, "someone@example.com", "hidden@x.io", "get@example.com", "email", "Bearer"] {
        #expect(!entry.line.contains(secret))
        #expect(!"\(entry)".contains(secret))
      }
    }
  }

  @Test func clientTextCannotSplitOrForgeLines() {
    let entry = AccessLogEntry(
      time: WallClockTime(secondsSinceEpoch: 0, nanoseconds: 5_000_000), method: "GET",
      path: "/a b\n2026 FAKE", status: nil, operationName: "Op\r\nX", durationMilliseconds: 12.3456)
    #expect(entry.line == "1970-01-01T00:00:00.005Z - GET /a_b_2026_FAKE - Op__X 12.346ms")
  }

  @Test func timestampIsISO8601UTC() {
    let time = WallClockTime(secondsSinceEpoch: 1_796_000_000, nanoseconds: 999_999_999)
    #expect(time.iso8601 == "2026-11-30T00:53:20.999Z")
  }
}
