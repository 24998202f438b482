import Foundation
import TestSupport
import Testing

/// Subscriptions by GET over server-sent events, as a browser's `EventSource` makes them
/// (graphql-sse's distinct connections mode): the parameters in the URL, `Last-Event-ID` on a
/// reconnection resuming after that event with nothing lost or repeated; a mutation by GET is
/// refused; a `resumeAfter` beyond the newest event is a request error naming it.
@Suite(.serialized) struct ServeEventSourceTests {
  /// A GET for `query` with `Accept: text/event-stream` and `headers`, read as it arrives.
  final class EventSourceRequest {
    let connection: RawHTTPConnection
    private(set) var text = ""

    init(port: UInt16, query: String, headers: [String] = []) throws {
      connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 1)
      var allowed = CharacterSet.urlQueryAllowed
      allowed.remove(charactersIn: "&=+?")
      let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
      connection.send(
        "GET /graphql?query=\(encoded) HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n"
          + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// Reads until `text` holds `marker` (30 s at most).
    func read(until marker: String) -> Bool {
      let deadline = Date().addingTimeInterval(30)
      while !text.contains(marker), Date() < deadline {
        if let bytes = connection.receiveSome() { text += String(decoding: bytes, as: UTF8.self) }
      }
      return text.contains(marker)
    }

    /// The `id:` lines of the events read so far, in order.
    var eventIDs: [String] { text.matches(of: /id: (\d+)\n/).map { String($0.1) } }
  }

  @Test func anEventSourceSubscribesByGetAndResumesAfterItsLastEventID() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-event-source")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 1...2)
    let first = try EventSourceRequest(port: server.port, query: "subscription { tripsBooked }")
    #expect(first.read(until: ":\n\n"))
    #expect(first.text.hasPrefix("HTTP/1.1 200"))
    #expect(first.text.lowercased().contains("content-type: text/event-stream"))
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 3...4)
    #expect(first.read(until: "\nid: 4\n"))
    #expect(first.eventIDs == ["3", "4"])
    // The connection drops; the browser reconnects with the last id it got. Meanwhile events
    // were committed: each arrives once.
    first.connection.finishSending()
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 5...6)
    let again = try EventSourceRequest(
      port: server.port, query: "subscription { tripsBooked }", headers: ["Last-Event-ID: 4"])
    #expect(again.read(until: "\nid: 6\n"))
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 7...7)
    #expect(again.read(until: "\nid: 7\n"))
    #expect(again.eventIDs == ["5", "6", "7"])
  }

  @Test func aMutationByGetIsRefusedAndAQueryIsOneEvent() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-event-source-get")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let mutation = try EventSourceRequest(
      port: server.port, query: #"mutation { login(email: "x@example.com") { token } }"#)
    #expect(mutation.read(until: "POST"))
    #expect(mutation.text.hasPrefix("HTTP/1.1 405"))
    let query = try EventSourceRequest(port: server.port, query: "{ totalTripsBooked }")
    #expect(query.read(until: "event: complete"))
    #expect(query.text.contains(#"event: next"# + "\n" + #"data: {"data":{"totalTripsBooked":0}}"#))
  }

  @Test func aLastEventIDBeyondTheNewestEventIsARequestErrorNamingIt() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-event-source-ahead")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 1...2)
    let ahead = try EventSourceRequest(
      port: server.port, query: "subscription { tripsBooked }",
      headers: ["Last-Event-ID: 9223372036854775807"])
    #expect(ahead.read(until: "event: complete"))
    #expect(ahead.text.contains("BAD_USER_INPUT"))
    #expect(ahead.text.contains(#""newestEventId":"2""#))
  }
}
