import Foundation
import GraphQLWire
import RocketReserverAPI
import TestSupport
import Testing

@testable import RocketClient

/// The client against a real incremental server (`Tests/Peers/incremental_server.py`,
/// graphql-core 3.3 framed as Apollo Server frames it), in both formats: the first stage comes
/// while the deferred field is still held, the rest after its release, and the merged result
/// is the whole answer; `execute` returns that result; and against a stub, an answer cut before
/// its last payload is a lost connection, and a generated query decodes a multipart answer.
@Suite(.enabled(if: IncrementalPeer.isAvailable)) struct IncrementalPeerTests {
  static let document = #"{ greeting ... @defer(label: "slow") { held } names @stream(initialCount: 1) }"#

  static func client(_ peer: IncrementalPeer, accept: String?) -> RocketClient {
    var interceptors: [any RequestInterceptor] = []
    if let accept { interceptors.append(HeaderInterceptor(headers: ["Accept": accept])) }
    return RocketClient.http(endpoint: peer.endpoint, credentials: nil, interceptors: interceptors)
  }

  @Test(arguments: [nil, "multipart/mixed;deferSpec=20220824"])
  func stagesArriveAsTheServerSendsThem(accept: String?) async throws {
    let peer = try IncrementalPeer()
    let client = Self.client(peer, accept: accept)
    var stages = client.stages(of: GraphQLRequest(query: Self.document)).makeAsyncIterator()
    // `held` is not released yet: the first payload must come without it.
    let first = try #require(try await stages.next())
    #expect(first.index == 1 && first.hasNext)
    #expect(first.result == (try JSON(parsing: #"{"data":{"greeting":"hello","names":["a"]}}"#)))
    if accept == nil {
      #expect(first.payload["pending"]?.arrayValue?.count == 2, "v0.2 is the first format asked for")
    } else {
      #expect(first.payload["pending"] == nil)
    }
    let second = try #require(try await stages.next())
    #expect(second.result == (try JSON(parsing: #"{"data":{"greeting":"hello","names":["a","b","c"]}}"#)))
    #expect(second.hasNext)
    peer.release()
    let last = try #require(try await stages.next())
    #expect(!last.hasNext && last.index == 3)
    #expect(
      last.result
        == (try JSON(parsing: #"{"data":{"greeting":"hello","names":["a","b","c"],"held":"released"}}"#)))
    #expect(last.payload["incremental"]?[0]?["data"] == .object(["held": .string("released")]))
    #expect(try await stages.next() == nil)
  }

  @Test func executeReturnsTheMergedResult() async throws {
    let peer = try IncrementalPeer()
    peer.release()
    let answer = try await Self.client(peer, accept: nil).execute(
      GraphQLRequest(query: #"{ greeting ... @defer { held failing } }"#))
    #expect(answer["data"] == .object(["greeting": .string("hello")]))
    #expect(answer["errors"]?[0]?["message"] == .string("failing cannot be resolved"))
  }
}

/// Incremental answers from a stub: the `Accept` a query sends, a typed query decoded from the
/// merged stages, and an answer cut short.
@Suite struct IncrementalStubTests {
  static func multipart(_ payloads: [String], closed: Bool = true) -> LoopbackHTTPStub.Response {
    var body = ""
    for payload in payloads {
      body += "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n" + payload
    }
    if closed { body += "\r\n-----\r\n" }
    return LoopbackHTTPStub.Response(
      headers: ["Content-Type": #"multipart/mixed; boundary="-"; deferSpec=20220824"#], body: Data(body.utf8))
  }

  @Test func aQueryAsksForIncrementalDeliveryAndAMutationDoesNot() async throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":1}}"#))
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil)
    _ = try await client.fetch(TotalTripsBookedQuery())
    _ = try await client.execute(GraphQLRequest(query: "mutation { x }"), operationType: .mutation)
    #expect(
      stub.requests.map { $0.header("accept") } == [
        "multipart/mixed;incrementalSpec=v0.2,multipart/mixed;deferSpec=20220824,"
          + "application/graphql-response+json,application/json;q=0.9",
        "application/graphql-response+json, application/json",
      ])
  }

  @Test func aGeneratedQueryDecodesTheMergedAnswer() async throws {
    let stub = try LoopbackHTTPStub(
      response: Self.multipart([
        #"{"data":{},"hasNext":true}"#,
        #"{"incremental":[{"data":{"totalTripsBooked":4},"path":[]}],"hasNext":false}"#,
      ]))
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil)
    let result = try await client.fetch(TotalTripsBookedQuery())
    #expect(result.data?.totalTripsBooked == 4)
  }

  @Test func anAnswerEndingBeforeItsLastPayloadIsALostConnection() async throws {
    let stub = try LoopbackHTTPStub(
      response: Self.multipart([#"{"data":{"a":1},"hasNext":true}"#], closed: false))
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil, interceptors: [])
    var seen: [IncrementalStage] = []
    await #expect {
      for try await stage in client.stages(of: GraphQLRequest(query: "{ a }")) { seen.append(stage) }
    } throws: { error in
      guard case RocketClientError.transport(.connectionLost) = error else { return false }
      return true
    }
    #expect(seen.map(\.index) == [1])
  }
}

/// `stages(of:)` over an ordinary answer, and over the embedded backend: one final stage.
@Suite struct PlainStageTests {
  @Test func anOrdinaryAnswerIsOneFinalStage() async throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"a":1}}"#))
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil)
    var stages: [IncrementalStage] = []
    for try await stage in client.stages(of: GraphQLRequest(query: "{ a }")) { stages.append(stage) }
    let answer = try JSON(parsing: #"{"data":{"a":1}}"#)
    #expect(stages == [IncrementalStage(payload: answer, result: answer, hasNext: false, index: 1)])
  }
}
