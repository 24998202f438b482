import Foundation
import RocketClient
import TestSupport
import Testing

/// `HTTPClient` against the loopback stub: bodies for every status, headers, and each failure.
@Suite struct HTTPClientTests {
  private let body = Data(#"{"query":"{ totalTripsBooked }"}"#.utf8)

  /// Runs `operation`, expecting an `HTTPTransportError`, and returns it.
  private func transportError(
    _ operation: () async throws -> HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> HTTPTransportError {
    do {
      let response = try await operation()
      Issue.record("expected an error, got HTTP \(response.status)", sourceLocation: sourceLocation)
      throw CancellationError()
    } catch let error as HTTPTransportError {
      return error
    }
  }

  @Test func returnsTheBodyOfA400Response() async throws {
    let answer = #"{"errors":[{"message":"Syntax Error: Unexpected <EOF>."}]}"#
    let stub = try LoopbackHTTPStub(response: .json(answer, status: 400))
    let response = try await HTTPClient().post(url: stub.url(), body: body)
    #expect(response.status == 400)
    #expect(String(decoding: response.body, as: UTF8.self) == answer)
    #expect(response.header("Content-Type") == "application/json")
    #expect(response.bodyKind == .json)
    #expect(HTTPTransportError.classify(response, from: stub.url()) == nil)
  }

  @Test func sendsMethodPathHeadersAndBody() async throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{}}"#))
    let headers: HTTPHeaders = [
      "Content-Type": "application/json", "Authorization": "Bearer abc123",
      "X-Apollo-Operation-Name": "Launches",
    ]
    _ = try await HTTPClient().post(url: stub.url(path: "/graphql?x=1"), body: body, headers: headers)
    let request = try #require(stub.requests.first)
    #expect(stub.requests.count == 1)
    #expect(request.method == "POST")
    #expect(request.path == "/graphql?x=1")
    #expect(request.header("content-type") == "application/json")
    #expect(request.header("Authorization") == "Bearer abc123")
    #expect(request.header("x-apollo-operation-name") == "Launches")
    #expect(request.header("cookie") == nil)
    #expect(request.body == body)
  }

  @Test func readsALargeBodyBothWays() async throws {
    let large = Data(("[" + String(repeating: "1,", count: 300_000) + "1]").utf8)
    let stub = try LoopbackHTTPStub { request in
      LoopbackHTTPStub.Response(
        status: 200, headers: ["Content-Type": "application/json"], body: request.body)
    }
    let response = try await HTTPClient().post(url: stub.url(), body: large)
    #expect(stub.requests.first?.body.count == large.count)
    #expect(response.body == large)
  }

  @Test func stubAnswersInOrderAndRepeatsTheLastResponse() async throws {
    let stub = try LoopbackHTTPStub(responses: [.json("[1]"), .json("[2]", status: 500)])
    let client = HTTPClient()
    var answers: [String] = []
    for _ in 0..<3 {
      let response = try await client.post(url: stub.url(), body: body)
      answers.append("\(response.status) " + String(decoding: response.body, as: UTF8.self))
    }
    #expect(answers == ["200 [1]", "500 [2]", "500 [2]"])
    #expect(stub.requests.count == 3)
  }

  @Test func connectionRefusedNamesTheEndpoint() async throws {
    let port = try LoopbackHTTPStub.closedPort()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))
    let error = try await transportError { try await HTTPClient().post(url: url, body: body) }
    #expect(error == .connectionRefused(endpoint: url))
    #expect(error.description == "cannot reach http://127.0.0.1:\(port)/graphql: connection refused")
    #expect(error.isUnreachable)
  }

  @Test func unknownHostNamesTheHost() async throws {
    let url = try #require(URL(string: "http://nonexistent.invalid/graphql"))
    let error = try await transportError { try await HTTPClient().post(url: url, body: body) }
    #expect(
      error.description == "cannot reach http://nonexistent.invalid/graphql: unknown host nonexistent.invalid"
    )
    #expect(error.isUnreachable)
  }

  @Test func slowServerTimesOut() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}", delay: .seconds(120)))
    let client = HTTPClient(timeout: .milliseconds(300))
    let start = ContinuousClock.now
    let error = try await transportError { try await client.post(url: stub.url(), body: body) }
    // A hang guard, not a speed check: the stub would answer only after 120 s.
    #expect(ContinuousClock.now - start < .seconds(60))
    #expect(error == .timedOut(endpoint: stub.url(), after: .milliseconds(300)))
    #expect(error.description == "cannot reach \(stub.url()): no response within 0.3 s (timed out)")
    #expect(error.isUnreachable)
  }

  @Test func cancellingTheTaskCancelsTheRequest() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}", delay: .seconds(120)))
    let client = HTTPClient()
    let url = stub.url()
    let start = ContinuousClock.now
    let task = Task { try await client.post(url: url, body: body) }
    #expect(await stub.waitForRequests())
    task.cancel()
    let error = try await transportError { try await task.value }
    // A hang guard, not a speed check: the stub would answer only after 120 s.
    #expect(ContinuousClock.now - start < .seconds(60))
    #expect(error == .cancelled(endpoint: url))
    #expect(error.description == "request to \(url) was cancelled")
    #expect(!error.isUnreachable)
  }

  @Test func alreadyCancelledTaskSendsNothing() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}"))
    let client = HTTPClient()
    let url = stub.url()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.post(url: url, body: body)
    }
    let error = try await transportError { try await task.value }
    #expect(error == .cancelled(endpoint: url))
    try await Task.sleep(for: .milliseconds(50))
    #expect(stub.requests.isEmpty)
  }

  @Test func tlsToAPlainHTTPServerIsATLSFailure() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}"))
    let url = try #require(URL(string: "https://127.0.0.1:\(stub.port)/graphql"))
    let error = try await transportError { try await HTTPClient().post(url: url, body: body) }
    guard case .tlsFailure = error else {
      Issue.record("expected a TLS failure, got \(error)")
      return
    }
    #expect(
      error.description
        == "cannot reach \(url): TLS handshake failed (the server does not speak TLS; try http:// instead of https://)"
    )
    #expect(error.isUnreachable)
  }

  @Test func nonHTTPURLIsRefusedBeforeSending() async throws {
    let url = try #require(URL(string: "ftp://example.org/graphql"))
    let error = try await transportError { try await HTTPClient().post(url: url, body: body) }
    #expect(error.description == "ftp://example.org/graphql is not an http:// or https:// URL")
  }

  @Test func ipv6LiteralEndpointIsTriedNotRefused() async throws {
    // Nothing listens on port 9 of ::1: the connection is refused (or, without IPv6, cannot be
    // made), but the URL itself is accepted.
    let url = try #require(URL(string: "http://[::1]:9/graphql"))
    let error = try await transportError { try await HTTPClient().post(url: url, body: body) }
    #expect(error.description.hasPrefix("cannot reach http://[::1]:9/graphql: "))
    #expect(error.isUnreachable)
  }
}
