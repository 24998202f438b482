import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

@testable import GraphQLHTTP

extension BlockingSocketSuites {
  /// `onError` over every transport, in front of the real engine: a POST body, a GET query
  /// string, multipart, SSE and graphql-transport-ws, for queries (a resolver failing at a
  /// non-null field, a nullable field, a list item and inside a deferred fragment) and
  /// subscriptions. Each answer must be the engine's own for the same request: what
  /// `ErrorBehaviorTests` holds to the proposal, so a transport that dropped `onError` would give
  /// `PROPAGATE`'s answer instead.
  @Suite struct ErrorBehaviorHTTPTests {
    static let sdl = """
      directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
      type Query { launch: Launch  numbers: [Int!]  other: String }
      type Subscription { launchUpdated: Launch }
      type Launch { id: ID!  site: String  rocket: Rocket! }
      type Rocket { name: String }
      """

    struct Failure: Error, CustomStringConvertible {
      let description: String
    }

    static func processor() throws -> GraphQLRequestProcessor<Void> {
      let launch: [String: any Sendable] = ["id": "5"]
      let schema = ExecutableSchema<Void>(
        schema: try buildSchema(sdl),
        resolvers: [
          "Query": [
            "launch": .sync { _ in launch },
            "numbers": .sync { _ in [1, "two", 3] as [any Sendable] },
            "other": .sync { _ in "ok" },
          ],
          "Subscription": ["launchUpdated": .sync { _ in launch }],
          "Launch": [
            "site": .sync { _ in throw Failure(description: "site unavailable") },
            "rocket": .sync { _ in throw Failure(description: "rocket failed") },
          ],
        ])
      return GraphQLRequestProcessor(schema: schema)
    }

    /// The engine behind the server, with subscriptions of one event each, every event executed
    /// as the backend executes its events (the request run again with the event as root value).
    struct Service: GraphQLService {
      let base: GraphQLProcessorService<Void>

      func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
        -> GraphQLResponse
      {
        try base.execute(request, authorization: authorization, allowMutations: allowMutations)
      }

      func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
        -> AsyncStream<IncrementalPayload>?
      {
        base.startIncremental(request, authorization: authorization, format: format)
      }

      func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart {
        let first = base.processor.process(request, context: (), admission: .streaming)
        guard first.outcome == .executed, first.operationType == .subscription else {
          return .single(first)
        }
        let event = base.processor.process(request, context: (), admission: .streaming)
        let (stream, source) = SubscriptionStream<SubscriptionResult>.makeStream(
          capacity: 4, onDemand: {}, onTermination: {})
        _ = source.offer(SubscriptionResult(body: event.body))
        source.finish()
        return .stream(stream)
      }
    }

    static func makeServer() throws -> TestServer {
      let processor = try processor()
      return try TestServer(service: Service(base: GraphQLProcessorService(processor: processor) { _ in () }))
    }

    static let queries = [
      "{ launch { id rocket { name } } other }", "{ launch { id site } other }", "{ numbers other }",
      "{ launch { id ... @defer { rocket { name } } } other }",
    ]
    static let subscription = "subscription { launchUpdated { id site rocket { name } } }"
    static let behaviors: [ErrorBehavior] = [.propagate, .null, .halt]

    /// The request's JSON body.
    static func body(_ query: String, _ behavior: ErrorBehavior) -> String {
      GraphQLRequest(query: query, onError: behavior).json.encodedString
    }

    /// What the engine answers `query` with, payload by payload.
    static func engine(_ query: String, _ behavior: ErrorBehavior, incremental: Bool) async throws -> [String]
    {
      let processor = try processor()
      let request = GraphQLRequest(query: query, onError: behavior)
      guard incremental,
        let stream = processor.processIncrementally(
          request, context: (), admission: .streaming, format: .incrementalSpecV0_2)
      else {
        let response = await processor.process(request, context: (), admission: .streaming)
        return [String(decoding: response.body, as: UTF8.self)]
      }
      var payloads: [String] = []
      for await payload in stream { payloads.append(String(decoding: payload.body, as: UTF8.self)) }
      return payloads
    }

    /// A raw connection of its own for each streamed answer, read to its end, off the cooperative
    /// pool, which the server's streams need.
    static let socket = TestHTTP.Transport.socket(readTimeoutSeconds: 60)

    /// The payloads of a multipart or SSE answer (an ordinary JSON answer is one payload).
    static func payloads(head: String, body: [UInt8]) -> [String] {
      let lowered = head.lowercased()
      if lowered.contains("content-type: multipart/mixed") {
        return IncrementalDeliveryHTTPTests.multipart(body).parts.map(\.json)
      }
      if lowered.contains("content-type: text/event-stream") {
        return StreamedSubscriptionTests.events(body).filter { $0.event == "next" }.map(\.data)
      }
      return [String(decoding: body, as: UTF8.self)]
    }

    @Test(arguments: behaviors)
    func postAndGetCarryIt(behavior: ErrorBehavior) async throws {
      let server = try Self.makeServer()
      for query in Self.queries {
        let expected = try await Self.engine(query, behavior, incremental: false)
        let post = try await server.post(Self.body(query, behavior))
        #expect([post.text] == expected, "POST \(query)")
        let get = try await server.get([("query", query), ("onError", behavior.rawValue)])
        #expect([get.text] == expected, "GET \(query)")
      }
    }

    @Test(arguments: behaviors)
    func multipartAndServerSentEventsCarryIt(behavior: ErrorBehavior) async throws {
      let server = try Self.makeServer()
      for query in Self.queries {
        let expected = try await Self.engine(query, behavior, incremental: true)
        for accept in ["multipart/mixed;incrementalSpec=v0.2", "text/event-stream"] {
          let answer = try await server.post(Self.body(query, behavior), accept: accept, over: Self.socket)
          #expect(Self.payloads(head: answer.head, body: answer.body) == expected, "\(accept) \(query)")
        }
      }
      // A subscription's event over SSE.
      let expected = try await Self.engine(Self.subscription, behavior, incremental: false)
      let answer = try await server.post(
        Self.body(Self.subscription, behavior), accept: "text/event-stream", over: Self.socket)
      #expect(Self.payloads(head: answer.head, body: answer.body) == expected)
    }

    @Test(arguments: behaviors)
    func graphQLTransportWSCarriesIt(behavior: ErrorBehavior) async throws {
      let server = try Self.makeServer()
      let port = server.port
      for query in Self.queries + [Self.subscription] {
        let expected = try await Self.engine(query, behavior, incremental: query != Self.subscription)
        let subscribe = #"{"id":"1","type":"subscribe","payload":\#(Self.body(query, behavior))}"#
        let payloads: [String] = try await withCheckedThrowingContinuation { continuation in
          Thread {
            continuation.resume(
              with: Result {
                let client = try WebSocketTestClient(port: port, subprotocols: "graphql-transport-ws")
                client.setReadTimeout(seconds: 30)
                client.send(text: #"{"type":"connection_init","payload":{}}"#)
                client.send(text: subscribe)
                var payloads: [String] = []
                let deadline = ContinuousClock.now + .seconds(120)
                while ContinuousClock.now < deadline {
                  guard case .text(let text)? = client.receive() else { continue }
                  if text.contains(#""type":"complete""#) { break }
                  let prefix = #"{"id":"1","type":"next","payload":"#
                  if text.hasPrefix(prefix) {
                    payloads.append(String(text.dropFirst(prefix.count).dropLast()))
                  }
                }
                return payloads
              })
          }.start()
        }
        #expect(payloads == expected, "\(query)")
      }
    }

    @Test func anUnknownValueIsARequestErrorOnEveryTransport() async throws {
      let server = try Self.makeServer()
      let message = "Unsupported `onError` value; supported values are `NULL`, `PROPAGATE` and `HALT`."
      let post = try await server.post(#"{"query":"{ other }","onError":"ABORT"}"#)
      #expect(post.status == 200)
      #expect(post.json?["data"] == nil)
      #expect(post.json?["errors"]?[0]?["message"]?.stringValue == message)
      let strict = try await server.post(
        #"{"query":"{ other }","onError":"ABORT"}"#, accept: "application/graphql-response+json")
      #expect(strict.status == 400)
      let get = try await server.get([("query", "{ other }"), ("onError", "null")])
      #expect(get.json?["errors"]?[0]?["message"]?.stringValue == message)
      // Not a string at all: the parameter has the wrong type.
      let wrongType = try await server.post(#"{"query":"{ other }","onError":1}"#)
      #expect(wrongType.status == 400)
      #expect(wrongType.text.contains(#"The \"onError\" parameter must be a string or null."#))
      let answer = try await server.post(
        #"{"query":"{ other }","onError":"ABORT"}"#, accept: "text/event-stream", over: Self.socket)
      #expect(Self.payloads(head: answer.head, body: answer.body).joined().contains(message))
    }
  }
}
