import Foundation
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Synchronization
import TestSupport
import Testing

/// Persisted queries against servers that do not speak them: every answer that is not a GraphQL
/// answer to the hash or the GET sends the text by POST, and the endpoint is remembered (in the
/// process and in the cache file, for a day), so at most one request per endpoint per day is
/// spent on finding out.
@Suite struct AnyServerPersistedQueryTests {
  private static let total = LoopbackHTTPStub.Response.json(#"{"data":{"totalTripsBooked":3}}"#)
  private static let booked = LoopbackHTTPStub.Response.json(
    #"{"data":{"bookTrips":{"success":true,"message":"ok","launches":[]}}}"#)

  /// How a server that takes only full texts by POST answers everything else.
  static let refusals: [(String, LoopbackHTTPStub.Response)] = [
    ("404 HTML", .html("<html><body>Not Found</body></html>", status: 404)),
    ("405", LoopbackHTTPStub.Response(status: 405, headers: ["Allow": "POST"])),
    ("501 HTML (Python's http.server)", .html("<html><title>Error response</title></html>", status: 501)),
    ("express-graphql's 400", .mustProvideQuery),
    ("graphql-http's 400", .json(#"{"errors":[{"message":"Missing query"}]}"#, status: 400)),
    ("200 with an empty body", LoopbackHTTPStub.Response(status: 200)),
    ("200 with an HTML page", .html("<!doctype html><p>GraphiQL</p>", status: 200)),
    ("404 with JSON that is no GraphQL answer", .json(#"{"message":"no route"}"#, status: 404)),
    ("200 with errors and no data", .json(#"{"errors":[{"message":"query is required"}]}"#)),
  ]

  /// A stub that answers a POST carrying the text with `answer`, anything else with `refusal`.
  private static func postOnlyServer(
    refusal: LoopbackHTTPStub.Response, answer: LoopbackHTTPStub.Response = total
  )
    throws -> LoopbackHTTPStub
  {
    try LoopbackHTTPStub { request in
      request.method == "POST" && request.carriesQueryText ? answer : refusal
    }
  }

  private func client(_ stub: LoopbackHTTPStub, apq: AutomaticPersistedQueryInterceptor) -> RocketClient {
    let url = stub.url()
    return RocketClient(
      transport: HTTPTransport(endpoint: url, client: HTTPClient(timeout: .seconds(10))), credentials: nil,
      endpointKey: url.absoluteString, interceptors: [apq, RetryInterceptor()])
  }

  @Test(arguments: refusals.indices)
  func anyNonGraphQLAnswerSendsTheTextAndIsRememberedAcrossProcesses(index: Int) async throws {
    let (name, refusal) = Self.refusals[index]
    let stub = try Self.postOnlyServer(refusal: refusal)
    let directory = try TemporaryDirectory(prefix: "any-server")
    let notes = Mutex<[String]>([])
    let file = SQLiteNormalizedCache(path: directory.child("cache.sqlite")) { _ in }
    let first = AutomaticPersistedQueryInterceptor(memory: file) { note, _ in
      notes.withLock { $0.append(note) }
    }
    let session = client(stub, apq: first)
    for _ in 0..<3 {
      #expect(try await session.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3, "\(name)")
    }
    // One hashed GET, then the text by POST, three times.
    #expect(stub.requests.map(\.method) == ["GET", "POST", "POST", "POST"], "\(name)")
    #expect(first.isDisabled(for: stub.url().absoluteString))
    #expect(notes.withLock { $0.count } == 1, "\(name): said once")
    #expect(notes.withLock { $0.first?.contains("does not take persisted queries") ?? false })

    // Another process with the same cache file goes straight to POST.
    let later = SQLiteNormalizedCache(path: directory.child("cache.sqlite")) { _ in }
    let second = AutomaticPersistedQueryInterceptor(memory: later) { note, _ in
      notes.withLock { $0.append(note) }
    }
    let nextSession = client(stub, apq: second)
    for _ in 0..<2 {
      #expect(try await nextSession.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    }
    #expect(stub.requests.count == 6, "\(name): no request spent on asking again")
    #expect(stub.requests.suffix(2).allSatisfy { $0.method == "POST" && $0.carriesQueryText })
    #expect(notes.withLock { $0.count } == 2, "\(name): the recalled finding said once")
  }

  @Test func aMutationsHashRefusedWithExpressGraphQLsWordsSendsTheText() async throws {
    let stub = try Self.postOnlyServer(refusal: .mustProvideQuery, answer: Self.booked)
    let apq = AutomaticPersistedQueryInterceptor()
    let session = client(stub, apq: apq)
    #expect(try await session.perform(BookTripsMutation(ids: ["1"])).requireData().bookTrips.success)
    #expect(try await session.perform(BookTripsMutation(ids: ["2"])).requireData().bookTrips.success)
    #expect(stub.requests.map(\.method) == ["POST", "POST", "POST"])
    #expect(stub.requests.map(\.carriesQueryText) == [false, true, true])
  }

  @Test func theFindingIsForgottenAfterADay() async throws {
    let stub = try Self.postOnlyServer(refusal: .html("<p>no</p>", status: 501))
    let directory = try TemporaryDirectory(prefix: "any-server")
    let clock = Atomic<Int64>(1_000_000)
    let file = SQLiteNormalizedCache(
      path: directory.child("cache.sqlite"), now: { clock.load(ordering: .relaxed) }
    ) {
      _ in
    }
    _ = try await client(stub, apq: AutomaticPersistedQueryInterceptor(memory: file)).fetch(
      TotalTripsBookedQuery())
    #expect(file.recall(.persistedQueries, at: stub.url().absoluteString) == false)
    clock.store(1_000_000 + 86_399, ordering: .relaxed)
    #expect(file.recall(.persistedQueries, at: stub.url().absoluteString) == false)
    clock.store(1_000_000 + 86_400, ordering: .relaxed)
    #expect(file.recall(.persistedQueries, at: stub.url().absoluteString) == nil)
    _ = try await client(stub, apq: AutomaticPersistedQueryInterceptor(memory: file)).fetch(
      TotalTripsBookedQuery())
    #expect(stub.requests.map(\.method) == ["GET", "POST", "GET", "POST"], "asked again after a day")
  }

  @Test(arguments: [502, 503, 504, 429])
  func anOverloadedOrDownServerIsNotTakenForOneWithoutAPQ(status: Int) async throws {
    let stub = try LoopbackHTTPStub(responses: [.html("<p>busy</p>", status: status), Self.total])
    let apq = AutomaticPersistedQueryInterceptor()
    await #expect(throws: RocketClientError.self) {
      try await client(stub, apq: apq).fetch(TotalTripsBookedQuery())
    }
    #expect(!apq.isDisabled(for: stub.url().absoluteString))
    #expect(stub.requests.count == 1)
  }

  @Test func aPasswordInTheEndpointIsNotKeptInTheFile() async throws {
    let directory = try TemporaryDirectory(prefix: "any-server")
    let file = SQLiteNormalizedCache(path: directory.child("cache.sqlite")) { _ in }
    await file.remember(.persistedQueries, at: "http://ada:s3cret@127.0.0.1:1/graphql", supported: false)
    #expect(file.recall(.persistedQueries, at: "http://ada:s3cret@127.0.0.1:1/graphql") == false)
    let bytes =
      try Data(contentsOf: URL(fileURLWithPath: directory.child("cache.sqlite")))
      + ((try? Data(contentsOf: URL(fileURLWithPath: directory.child("cache.sqlite-wal")))) ?? Data())
    #expect(bytes.range(of: Data("s3cret".utf8)) == nil)
  }
}
