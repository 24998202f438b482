import Foundation
import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

@testable import GraphQLHTTP

/// The server in front of the real engine (`GraphQLProcessorService` over a small schema).
@Suite struct EngineServiceTests {
  struct FieldFailure: Error, CustomStringConvertible {
    var description: String { "disk I/O error in /var/lib/secret.sqlite" }
  }

  static let sdl = """
    type Query { hello(name: String): String  whoami: String  count: Int }
    type Mutation { bump: Int }
    type Subscription { ticks: Int }
    """

  /// A server whose mutation counter the test can read.
  static func makeServer() throws -> (TestServer, Counter) {
    let counterBox = Counter()
    let resolvers: [String: [String: FieldResolver<String?>]] = [
      "Query": [
        "hello": .sync { "Hello, \($0.arguments["name"]?.stringValue ?? "world")" },
        "whoami": .sync { $0.context },
        "count": .sync { _ in counterBox.value },
      ],
      "Mutation": ["bump": .sync { _ in counterBox.increment() }],
    ]
    let schema = ExecutableSchema(schema: try buildSchema(sdl), resolvers: resolvers)
    let service = GraphQLProcessorService(processor: GraphQLRequestProcessor(schema: schema)) { $0 }
    return (try TestServer(service: service), counterBox)
  }

  @Test func queriesRunThroughTheEngine() async throws {
    let (server, _) = try Self.makeServer()
    let post = try await server.post(#"{"query":"{ hello(name: \"Ada\") }"}"#)
    #expect(post.status == 200)
    #expect(post.text == #"{"data":{"hello":"Hello, Ada"}}"#)
    let get = try await server.get([("query", "query Who { whoami }")])
    #expect(get.text == #"{"data":{"whoami":null}}"#)
    let authorized = try await server.post(#"{"query":"{ whoami }"}"#, headers: ["Authorization": "t0k"])
    #expect(authorized.text == #"{"data":{"whoami":"t0k"}}"#)
  }

  @Test(arguments: [
    (#"{ hello("#, "GRAPHQL_PARSE_FAILED"), ("{ nope }", "GRAPHQL_VALIDATION_FAILED"),
    ("query A { hello } query B { count }", "OPERATION_RESOLUTION_FAILURE"),
    ("query ($n: String!) { hello(name: $n) }", "BAD_USER_INPUT"),
  ])
  func requestErrorsGetTheirStatusPerMediaType(query: String, code: String?) async throws {
    let (server, _) = try Self.makeServer()
    let body = JSON.object(["query": .string(query)]).encodedString
    let json = try await server.post(body)
    #expect(json.status == 200)
    #expect(json.json?["data"] == nil)
    #expect(json.json?["errors"]?[0]?["extensions"]?["code"]?.stringValue == code)
    let gql = try await server.post(body, accept: "application/graphql-response+json")
    #expect(gql.status == 400)
    #expect(gql.json?["data"] == nil)
  }

  @Test func aSubscriptionAsPlainJSONGets406NamingTheStreamingAcceptValues() async throws {
    let (server, _) = try Self.makeServer()
    let response = try await server.post(#"{"query":"subscription { ticks }"}"#)
    #expect(response.status == 406)
    let message = response.json?["errors"]?[0]?["message"]?.stringValue ?? ""
    #expect(message.contains("multipart/mixed;subscriptionSpec=1.0"))
    #expect(message.contains("text/event-stream"))
  }

  @Test func mutationsOnlyRunOverPost() async throws {
    let (server, counter) = try Self.makeServer()
    let get = try await server.get([("query", "mutation { bump }")])
    #expect(get.status == 405)
    #expect(get.header("Allow") == "POST")
    #expect(
      get.json?["errors"]?[0]?["message"]
        == .string("Can only perform a mutation operation from a POST request."))
    #expect(counter.value == 0)
    let post = try await server.post(#"{"query":"mutation { bump }"}"#)
    #expect(post.text == #"{"data":{"bump":1}}"#)
    #expect(counter.value == 1)
  }

  @Test func operationNameSelectsAndIsLogged() async throws {
    let (server, _) = try Self.makeServer()
    let response = try await server.post(
      #"{"query":"query A { hello } query B { count }","operationName":"B"}"#)
    #expect(response.text == #"{"data":{"count":0}}"#)
    _ = await waitUntil { !server.log.entries.isEmpty }
    #expect(server.log.entries.first?.operationName == "B")
  }

  @Test func theLogNamesTheOperationThatRanWhenTheClientNamedNone() async throws {
    let (server, _) = try Self.makeServer()
    let response = try await server.post(#"{"query":"query Counting { count }"}"#)
    #expect(response.text == #"{"data":{"count":0}}"#)
    _ = await waitUntil { !server.log.entries.isEmpty }
    #expect(server.log.entries.first?.operationName == "Counting")
  }
}

/// A counter shared by resolvers (which must be Sendable) and the test.
final class Counter: Sendable {
  private let counter = Mutex(0)

  var value: Int { counter.withLock { $0 } }

  func increment() -> Int {
    counter.withLock { value in
      value += 1
      return value
    }
  }
}
