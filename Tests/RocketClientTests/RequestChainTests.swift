import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Synchronization
import TestSupport
import Testing

/// Records what passes through it, both ways.
private final class Recorder: RequestInterceptor {
  let seen = Mutex<[String]>([])

  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let name = request.operation.operationName ?? "-"
    seen.withLock { $0.append("request \(name) \(request.operationType.rawValue)") }
    do {
      let response = try await chain.proceed(request)
      seen.withLock {
        $0.append("response \(response.status.map(String.init) ?? "-") \(response.byteCount ?? -1 > 0)")
      }
      return response
    } catch {
      seen.withLock { $0.append("error \(error)") }
      throw error
    }
  }
}

/// What one call hands its interceptors: a tag.
private struct CallTag: RequestContext {
  let name: String
}

/// Notes each request's tag and cache policy: what its call gave, nothing inherited.
private final class CallRecorder: RequestInterceptor {
  let seen = Mutex<[String]>([])

  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let tag = (request.context as? CallTag)?.name ?? "none"
    seen.withLock { $0.append("\(tag) \(request.cachePolicy.rawValue)") }
    return try await chain.proceed(request)
  }
}

/// The request chain: interceptors see requests and responses (or errors), in order; retries,
/// headers and the auth step are interceptors.
@Suite struct RequestChainTests {
  private let answer = #"{"data":{"totalTripsBooked":4}}"#

  @Test func interceptorsSeeTheRequestAndTheResponse() async throws {
    let stub = try LoopbackHTTPStub(response: .json(answer))
    let recorder = Recorder()
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil, interceptors: [recorder])
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 4)
    #expect(recorder.seen.withLock { $0 } == ["request TotalTripsBooked query", "response 200 true"])
  }

  @Test func eachCallHandsItsOwnContextAndPolicyToTheInterceptors() async throws {
    let stub = try LoopbackHTTPStub(response: .json(answer))
    let recorder = CallRecorder()
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil, interceptors: [recorder])
    async let first = client.fetch(
      TotalTripsBookedQuery(), cachePolicy: .cacheFirst, context: CallTag(name: "a"))
    async let second = client.fetch(
      TotalTripsBookedQuery(), cachePolicy: .networkOnly, context: CallTag(name: "b"))
    _ = try await (first, second)
    _ = try await client.fetch(TotalTripsBookedQuery())
    _ = try await client.execute(GraphQLRequest(TotalTripsBookedQuery()), context: CallTag(name: "c"))
    let seen = recorder.seen.withLock { $0 }
    #expect(Set(seen.prefix(2)) == ["a cache-first", "b network-only"])
    #expect(Array(seen.dropFirst(2)) == ["none network-first", "c network-first"])
  }

  @Test func interceptorsSeeTheError() async throws {
    let port = try LoopbackHTTPStub.closedPort()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))
    let recorder = Recorder()
    let client = RocketClient.http(endpoint: url, credentials: nil, interceptors: [recorder])
    _ = try await clientError { try await client.fetch(TotalTripsBookedQuery()) }
    #expect(
      recorder.seen.withLock { $0 } == [
        "request TotalTripsBooked query",
        "error cannot reach http://127.0.0.1:\(port)/graphql: connection refused",
      ])
  }

  /// A server whose first connection drops without an answer; later ones answer `answer`.
  private func droppingFirstConnection() throws -> LoopbackTCPServer {
    let answer = answer
    return try LoopbackTCPServer { client, number in
      guard LoopbackTCPServer.readRequest(client) != nil, number > 0 else { return }
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(answer.utf8.count)\r\n\r\n"
      LoopbackTCPServer.sendAll(client, Array((head + answer).utf8))
    }
  }

  @Test func aQueryOnADroppedConnectionIsRetriedOnce() async throws {
    let server = try droppingFirstConnection()
    let recorder = Recorder()
    // The recorder sits inside the retry step, so it sees both attempts.
    let client = RocketClient.http(
      endpoint: server.url(), credentials: nil, interceptors: [RetryInterceptor(), recorder])
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 4)
    #expect(server.acceptedConnections == 2)
    #expect(
      recorder.seen.withLock { $0 } == [
        "request TotalTripsBooked query",
        "error cannot reach \(server.url()): the connection was lost before a response arrived",
        "request TotalTripsBooked query", "response 200 true",
      ])
  }

  @Test func aMutationIsNeverRetried() async throws {
    let server = try droppingFirstConnection()
    let client = RocketClient.http(endpoint: server.url(), credentials: nil)
    let error = try await clientError {
      try await client.perform(BookTripsMutation(ids: ["1"]))
    }
    #expect(error == .transport(.connectionLost(endpoint: server.url())))
    #expect(error.isUnreachable)
    #expect(server.acceptedConnections == 1)
  }

  @Test func headersAreAddedAndAnExplicitAuthorizationWins() async throws {
    let store = MemoryCredentialStore()
    let stub = try LoopbackHTTPStub(response: .json(answer))
    try store.save(Credential(endpoint: stub.url().absoluteString, email: "ada@example.com", token: "stored"))
    let client = RocketClient.http(
      endpoint: stub.url(), credentials: store,
      interceptors: [HeaderInterceptor(headers: ["X-Trace": "1", "X-Trace": "2"])])
    _ = try await client.fetch(TotalTripsBookedQuery())
    let explicit = RocketClient.http(
      endpoint: stub.url(), credentials: store,
      interceptors: [HeaderInterceptor(headers: ["authorization": "mine"])])
    _ = try await explicit.fetch(TotalTripsBookedQuery())
    #expect(stub.requests.map { $0.header("x-trace") } == ["1, 2", nil])
    #expect(stub.requests.map { $0.header("authorization") } == ["stored", "mine"])
  }

  @Test func theTokenIsNotSentWhereARedirectPoints() async throws {
    let store = MemoryCredentialStore()
    let elsewhere = try LoopbackHTTPStub(response: .json(answer))
    let stub = try LoopbackHTTPStub(
      response: LoopbackHTTPStub.Response(status: 302, headers: ["Location": elsewhere.url().absoluteString]))
    try store.save(Credential(endpoint: stub.url().absoluteString, email: "ada@example.com", token: "secret"))
    let client = RocketClient.http(endpoint: stub.url(), credentials: store)
    let error = try await clientError { try await client.fetch(TotalTripsBookedQuery()) }
    #expect(
      error
        == .transport(
          .redirected(endpoint: stub.url(), status: 302, location: elsewhere.url().absoluteString)))
    #expect(stub.requests.first?.header("authorization") == "secret")
    #expect(elsewhere.requests.isEmpty)
    #expect(!error.description.contains("secret"))
  }

  @Test func theLoggingStepReportsStatusSizeAndTimeButNoToken() async throws {
    let stub = try LoopbackHTTPStub(response: .json(answer))
    let lines = Mutex<[String]>([])
    let logging = LoggingInterceptor(target: "POST \(stub.url())") { line in
      lines.withLock { $0.append(line) }
    }
    let client = RocketClient.http(
      endpoint: stub.url(), credentials: nil,
      interceptors: [logging, HeaderInterceptor(headers: ["Authorization": "secret"])])
    _ = try await client.fetch(TotalTripsBookedQuery())
    let line = try #require(lines.withLock { $0 }.first)
    let prefix = "POST \(stub.url()) TotalTripsBooked: 200, \(answer.utf8.count) bytes, "
    #expect(line.hasPrefix(prefix))
    // The time in either of the interceptor's units: a loaded machine can take over a second.
    let time = line.dropFirst(prefix.count)
    #expect(time.wholeMatch(of: /[0-9]+\.[0-9] ms|[0-9]+\.[0-9]{2} s/) != nil, "\(line)")
    #expect(!line.contains("secret"))
  }
}
