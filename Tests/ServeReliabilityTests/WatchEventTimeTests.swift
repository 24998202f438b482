import Foundation
import SQLite
import TestSupport
import Testing

/// `watch` prints each event at the time the server committed it (`extensions.eventTime`), so
/// events replayed by `--since` show when they happened, not when they arrived; a server that
/// does not say gets lines without a time. `--trace` and `--print-curl` show watch's request.
@Suite(.serialized) struct WatchEventTimeTests {
  static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"

  @Test func replayedEventsShowTheirOwnCommitTimes() async throws {
    let directory = try TemporaryDirectory(prefix: "watch-time")
    let data = directory.child("data")
    let serve = try ServeProcess(dataDirectory: data)
    let token = try await serve.logIn("ada@example.com")
    _ = try await serve.send(Self.book, variables: ["ids": .array([.string("3")])], token: token)
    _ = try await serve.send(Self.book, variables: ["ids": .array([.string("4")])], token: token)
    // The first booking happened long ago: 2020-01-02T03:04:05Z.
    let database = try Connection(path: data + "/backend.sqlite", busyTimeout: .seconds(5))
    try database.execute(
      "UPDATE trip_events SET logged_at = 1577934245 WHERE id = (SELECT min(id) FROM trip_events)")
    database.close()

    for transport in ["multipart", "websocket"] {
      let watcher = try WatchProcess(
        [
          "--endpoint", serve.endpoint.absoluteString, "watch", "--since", "0", "--count", "2", "--transport",
          transport,
        ],
        home: directory.path, extraEnvironment: ["TZ": "UTC"])
      #expect(watcher.nextLine(timeout: 30) == "2020-01-02 03:04:05  +1 trip booked", "\(transport)")
      let today = try #require(watcher.nextLine(timeout: 30))
      #expect(today.wholeMatch(of: /\d\d:\d\d:\d\d  \+1 trip booked/) != nil, "\(transport): \(today)")
      #expect(watcher.waitForExit(timeout: 30) == 0)
    }
  }

  /// A multipart answer with one event whose extensions carry only its id.
  static func streamWithoutTimes() throws -> LoopbackHTTPStub {
    let part = #"{"payload":{"data":{"tripsBooked":2},"extensions":{"eventId":"7"}}}"#
    let body = "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n\(part)\r\n--graphql--\r\n"
    return try LoopbackHTTPStub(
      response: LoopbackHTTPStub.Response(
        headers: ["Content-Type": #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#],
        body: Data(body.utf8)))
  }

  @Test func aServerThatDoesNotSayGetsLinesWithoutATime() throws {
    let directory = try TemporaryDirectory(prefix: "watch-time")
    let stub = try Self.streamWithoutTimes()
    let watcher = try WatchProcess(
      ["--endpoint", stub.url().absoluteString, "watch", "--count", "1", "--transport", "multipart"],
      home: directory.path)
    #expect(watcher.nextLine(timeout: 30) == "+2 trips booked")
    #expect(watcher.waitForExit(timeout: 30) == 0)
  }

  @Test func traceAndPrintCurlShowWatchsRequest() throws {
    let directory = try TemporaryDirectory(prefix: "watch-time")
    let stub = try Self.streamWithoutTimes()
    let watcher = try WatchProcess(
      [
        "--endpoint", stub.url().absoluteString, "--trace", "--print-curl", "--header", "X-Api-Key: k3y",
        "watch", "--count", "1", "--transport", "multipart",
      ], home: directory.path)
    #expect(watcher.waitForExit(timeout: 30) == 0)
    let errors = watcher.remainingOutput().errors
    #expect(errors.contains("curl -sS -N \(stub.url().absoluteString) -H"), "\(errors)")
    #expect(errors.contains("> POST \(stub.url().absoluteString)"))
    #expect(errors.contains("> Accept: multipart/mixed;subscriptionSpec=1.0, application/json"))
    #expect(errors.contains("> Content-Type: application/json"))
    #expect(errors.contains("> X-Api-Key: ***"))
    #expect(!errors.contains("k3y"))
    #expect(errors.contains(#"< {"data":{"tripsBooked":2},"extensions":{"eventId":"7"}}"#))
  }
}
