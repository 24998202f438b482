import Foundation
import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

@testable import GraphQLHTTP

extension BlockingSocketSuites {
  /// `@defer`/`@stream` answers over HTTP, in front of the real engine: `multipart/mixed` in both
  /// formats clients use (graphql-js 17's `incrementalSpec=v0.2`, Apollo's `deferSpec=20220824`),
  /// framed as Apollo Server frames them, and SSE. Read from a raw socket and parsed here, by an
  /// RFC 2046 parser of this file's own, byte for byte.
  @Suite struct IncrementalDeliveryHTTPTests {
    /// What a raw read of one streamed answer saw: the `Content-Type`, the body when `marker` first
    /// appeared (before `then` ran), and the whole body at the end.
    struct Reading: Sendable {
      var contentType: String?
      var early: [UInt8] = []
      var sawMarker = false
      var body: [UInt8] = []
      var ended = false
    }

    /// Reads a streamed answer on a thread of its own (the raw reader blocks, and the server's
    /// tasks need the cooperative pool): until `marker`, then runs `then`, then to `end`.
    static func read(
      port: UInt16, accept: String, query: String, marker: String? = nil,
      then: @escaping @Sendable () -> Void = {},
      end: String
    ) async throws -> Reading {
      try await withCheckedThrowingContinuation { continuation in
        Thread {
          continuation.resume(
            with: Result {
              let reader = try StreamedSubscriptionTests.ChunkedReader(
                port: port, accept: accept, query: query)
              var reading = Reading(contentType: reader.header("content-type"))
              // Each read gives up after the connection's 15 s timeout; reading again waits on
              // (other suites may hold the cooperative threads the server's tasks need for a while).
              func read(until text: String) -> Bool {
                let deadline = ContinuousClock.now + .seconds(120)
                while !reader.read(until: text) {
                  if reader.ended || ContinuousClock.now > deadline { return false }
                }
                return true
              }
              if let marker {
                reading.sawMarker = read(until: marker)
                reading.early = reader.body
              }
              then()
              reading.ended = read(until: end)
              reading.body = reader.body
              return reading
            })
        }.start()
      }
    }

    /// Holds the deferred resolver back until the test opens it.
    final class Gate: Sendable {
      private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>], waiting: Int)>(
        (false, [], 0))

      func wait() async {
        await withCheckedContinuation { continuation in
          let resumeNow = state.withLock { state in
            state.waiting += 1
            if state.open { return true }
            state.waiters.append(continuation)
            return false
          }
          if resumeNow { continuation.resume() }
        }
      }

      var waiting: Int { state.withLock { $0.waiting } }

      func open() {
        let waiters = state.withLock { state in
          state.open = true
          defer { state.waiters = [] }
          return state.waiters
        }
        for waiter in waiters { waiter.resume() }
      }
    }

    static let sdl = """
      directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
      directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
      type Query { fast: String, me: User, list: [Int] }
      type User { name: String, trips: [String] }
      """

    /// A server whose `User.trips` (the part that needs the database in the real API) waits for
    /// `gate`.
    static func makeServer(gate: Gate) throws -> TestServer {
      let resolvers: [String: [String: FieldResolver<Void>]] = [
        "Query": [
          "fast": .sync { _ in "now" },
          "me": .sync { _ in JSON.object(["name": .string("Ann")]) },
          "list": .sync { _ in [1, 2, 3] },
        ],
        "User": [
          "trips": .async { _ in
            await gate.wait()
            return ["T1", "T2"]
          }
        ],
      ]
      let schema = ExecutableSchema(schema: try buildSchema(sdl), resolvers: resolvers)
      let service = GraphQLProcessorService(processor: GraphQLRequestProcessor(schema: schema)) { _ in () }
      return try TestServer(service: service)
    }

    /// A multipart body (RFC 2046) split at boundary `-`: the parts' headers and JSON texts, and
    /// whether it ended with the close delimiter and nothing after it.
    static func multipart(_ body: [UInt8]) -> (parts: [(headers: String, json: String)], closed: Bool) {
      let text = String(decoding: body, as: UTF8.self)
      let close = "\r\n-----\r\n"
      let closed = text.hasSuffix(close)
      let content = closed ? String(text.dropLast(close.count)) : text
      // Each part starts with the delimiter CRLF "---" CRLF; there is no preamble.
      var pieces = content.components(separatedBy: "\r\n---\r\n")
      guard pieces.first == "" else { return ([], false) }
      pieces.removeFirst()
      let parts = pieces.compactMap { piece -> (String, String)? in
        guard let split = piece.range(of: "\r\n\r\n") else { return nil }
        return (String(piece[..<split.lowerBound]), String(piece[split.upperBound...]))
      }
      return (parts, closed)
    }

    /// Apollo iOS's rule for `deferSpec=20220824` parts: an object with `hasNext` and either `data`
    /// or `incremental`.
    static func followsApolloRule(_ json: String) -> Bool {
      guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
        return false
      }
      return object["hasNext"] is Bool && (object["data"] != nil || object["incremental"] is [Any])
    }

    @Test func incrementalSpecPartsLeaveBeforeTheDeferredResolverAnswers() async throws {
      let gate = Gate()
      let server = try Self.makeServer(gate: gate)
      let reading = try await Self.read(
        port: server.port,
        accept:
          "multipart/mixed;incrementalSpec=v0.2,multipart/mixed;deferSpec=20220824,application/json;q=0.9",
        query: #"{ fast me { name ... @defer(label: \"trips\") { trips } } }"#,
        marker: #""hasNext":true}"# + "\r\n---", then: { gate.open() }, end: "\r\n-----\r\n")
      #expect(reading.contentType == #"multipart/mixed; boundary="-"; incrementalSpec=v0.2"#)
      // The first part arrived while `trips` was still held back (the gate opened after), with
      // the delimiter that ends it, which RFC 2046 readers wait for.
      #expect(reading.sawMarker)
      #expect(Self.multipart(reading.early).parts.count == 1)
      #expect(reading.ended)
      let (parts, closed) = Self.multipart(reading.body)
      #expect(closed)
      #expect(
        parts.map(\.headers) == [
          "content-type: application/json; charset=utf-8", "content-type: application/json; charset=utf-8",
        ])
      #expect(
        parts.map(\.json) == [
          #"{"data":{"fast":"now","me":{"name":"Ann"}},"pending":[{"id":"0","path":["me"],"label":"trips"}],"hasNext":true}"#,
          #"{"hasNext":false,"incremental":[{"data":{"trips":["T1","T2"]},"id":"0"}],"completed":[{"id":"0"}]}"#,
        ])
      // Byte for byte: the parts as framed, then the close delimiter, nothing else.
      let framed = parts.map { "\r\n---\r\n\($0.headers)\r\n\r\n\($0.json)" }.joined() + "\r\n-----\r\n"
      #expect(reading.body == Array(framed.utf8))
    }

    @Test func deferSpecPartsFollowApolloIOSRule() async throws {
      let gate = Gate()
      gate.open()
      let server = try Self.makeServer(gate: gate)
      for (query, expected) in [
        (
          #"{ fast me { name ... @defer(label: \"trips\") { trips } } }"#,
          [
            #"{"data":{"fast":"now","me":{"name":"Ann"}},"hasNext":true}"#,
            #"{"incremental":[{"data":{"trips":["T1","T2"]},"path":["me"],"label":"trips"}],"hasNext":false}"#,
          ]
        ),
        (
          "{ list @stream(initialCount: 1) }",
          [
            #"{"data":{"list":[1]},"hasNext":true}"#,
            #"{"incremental":[{"items":[2,3],"path":["list",1]}],"hasNext":false}"#,
          ]
        ),
        (
          "{ list @stream(initialCount: 3) }",
          [#"{"data":{"list":[1,2,3]},"hasNext":true}"#, #"{"incremental":[],"hasNext":false}"#]
        ),
        // Nothing deferred in the end (`if: false`): one part, the whole answer.
        ("{ me { ... @defer(if: false) { name } } }", [#"{"data":{"me":{"name":"Ann"}},"hasNext":false}"#]),
      ] {
        let reading = try await Self.read(
          port: server.port, accept: "multipart/mixed;deferSpec=20220824,application/json", query: query,
          end: "\r\n-----\r\n")
        #expect(reading.contentType == #"multipart/mixed; boundary="-"; deferSpec=20220824"#)
        #expect(reading.ended)
        let (parts, closed) = Self.multipart(reading.body)
        #expect(closed)
        #expect(parts.map(\.json) == expected, "\(query)")
        #expect(parts.allSatisfy { Self.followsApolloRule($0.json) }, "\(query)")
      }
    }

    @Test func withoutDeferTheAnswerIsOrdinaryJSON() async throws {
      let gate = Gate()
      gate.open()
      let server = try Self.makeServer(gate: gate)
      let response = try await server.post(
        #"{"query":"{ fast }"}"#, accept: "multipart/mixed;deferSpec=20220824,application/json")
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "application/json; charset=utf-8")
      #expect(response.text == #"{"data":{"fast":"now"}}"#)
      // And a deferring query that does not accept multipart is one answer with everything.
      let plain = try await server.post(#"{"query":"{ fast ... @defer { list @stream } }"}"#)
      #expect(plain.text == #"{"data":{"fast":"now","list":[1,2,3]}}"#)
    }

    @Test func serverSentEventsCarryOnePayloadPerEvent() async throws {
      let gate = Gate()
      gate.open()
      let server = try Self.makeServer(gate: gate)
      let reading = try await Self.read(
        port: server.port, accept: "text/event-stream", query: "{ fast me { ... @defer { trips } } }",
        end: "event: complete")
      #expect(reading.ended)
      let events = StreamedSubscriptionTests.events(reading.body)
      #expect(events.map(\.event) == ["next", "next", "complete"])
      #expect(
        events.prefix(2).map(\.data) == [
          #"{"data":{"fast":"now","me":{}},"pending":[{"id":"0","path":["me"]}],"hasNext":true}"#,
          #"{"hasNext":false,"incremental":[{"data":{"trips":["T1","T2"]},"id":"0"}],"completed":[{"id":"0"}]}"#,
        ])
    }

    @Test func graphQLTransportWSSendsOneNextPerPayload() async throws {
      let gate = Gate()
      gate.open()
      let server = try Self.makeServer(gate: gate)
      let port = server.port
      let messages: [String] = try await withCheckedThrowingContinuation { continuation in
        // The client's reads block: off the cooperative threads the server's tasks need.
        Thread {
          continuation.resume(
            with: Result {
              let client = try WebSocketTestClient(port: port, subprotocols: "graphql-transport-ws")
              client.setReadTimeout(seconds: 30)
              client.send(text: #"{"type":"connection_init","payload":{}}"#)
              var messages: [String] = []
              client.send(
                text:
                  #"{"id":"1","type":"subscribe","payload":{"query":"{ fast me { ... @defer { trips } } }"}}"#
              )
              // A receive gives up after 30 s; waiting on (other suites may hold the cooperative
              // threads the server's operation tasks need for a while).
              let deadline = ContinuousClock.now + .seconds(120)
              while ContinuousClock.now < deadline {
                guard case .text(let text)? = client.receive() else { continue }
                messages.append(text)
                if text.contains(#""type":"complete""#) { break }
              }
              return messages
            })
        }.start()
      }
      #expect(
        messages == [
          #"{"type":"connection_ack"}"#,
          #"{"id":"1","type":"next","payload":{"data":{"fast":"now","me":{}},"pending":[{"id":"0","path":["me"]}],"hasNext":true}}"#,
          #"{"id":"1","type":"next","payload":{"hasNext":false,"incremental":[{"data":{"trips":["T1","T2"]},"id":"0"}],"completed":[{"id":"0"}]}}"#,
          #"{"id":"1","type":"complete"}"#,
        ])
    }
  }
}
