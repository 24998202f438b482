import Dispatch
import Glibc
import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

@testable import GraphQLHTTP

/// Executions run off libmicrohttpd's threads, in turn between client addresses, and one address
/// never runs more than its share: a client at 127.0.0.1 with many expensive requests in flight
/// leaves an execution thread for a client at 127.0.0.2. The expensive requests here block until
/// the test lets them go, so what is asserted is who gets answered while they run, never a speed.
@Suite(.serialized) struct FairExecutionTests {
  /// Answers at once, except `slow` queries, which each wait for one `release`; counts how many
  /// run at once and keeps the order they started in.
  final class BlockingService: GraphQLService {
    private let semaphore = DispatchSemaphore(value: 0)
    private let counts = Mutex((running: 0, most: 0, order: [String]()))

    var running: Int { counts.withLock { $0.running } }
    var mostAtOnce: Int { counts.withLock { $0.most } }
    var started: Int { counts.withLock { $0.order.count } }
    /// The slow queries in the order they started.
    var order: [String] { counts.withLock { $0.order } }

    /// Lets `count` slow queries finish.
    func release(_ count: Int) { for _ in 0..<count { semaphore.signal() } }

    /// Queries naming `brief` are said to be brief (whether or not they are also slow).
    func isBrief(_ request: GraphQLRequest) -> Bool { request.query.contains("brief") }

    func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
      -> GraphQLResponse
    {
      if request.query.contains("slow") {
        counts.withLock {
          $0.running += 1
          $0.most = max($0.most, $0.running)
          $0.order.append(request.query)
        }
        semaphore.wait()
        counts.withLock { $0.running -= 1 }
      }
      return .fake(.object(["data": .object(["ok": .bool(true)])]), .executed)
    }
  }

  private static func post(_ query: String) -> String {
    let body = #"{"query":"\#(query)"}"#
    return "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  /// Waits (bounded) until `condition` holds; the test then asserts it.
  private static func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<1000 {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  private static func configuration(threads: Int, perAddress: Int, mhdThreads: Int = 1)
    -> GraphQLHTTPServer.Configuration
  {
    // One libmicrohttpd thread: executed there, a single blocked request would stop every client.
    var configuration = GraphQLHTTPServer.Configuration(connectionTimeoutSeconds: 30, threads: mhdThreads)
    configuration.executionThreads = threads
    configuration.maxExecutionsPerAddress = perAddress
    return configuration
  }

  /// Opens `count` connections from 127.0.0.1, sends a slow query on each, and waits (bounded)
  /// until `running` of them execute.
  private static func slowClients(
    _ count: Int, server: TestServer, service: BlockingService, running: Int,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [RawHTTPConnection] {
    let clients = try (0..<count).map { _ in try RawHTTPConnection(port: server.port, source: "127.0.0.1") }
    for client in clients { client.send(post("{ slow }")) }
    #expect(eventually { service.running == running }, sourceLocation: sourceLocation)
    return clients
  }

  @Test func oneAddressFullOfBlockedExecutionsLeavesOthersServed() throws {
    let service = BlockingService()
    let server = try TestServer(
      service: service, configuration: Self.configuration(threads: 3, perAddress: 2))
    let busy = try Self.slowClients(6, server: server, service: service, running: 2)

    // 127.0.0.1 has its two executions running and four waiting; 127.0.0.2 is answered, by POST
    // and by GET, and so is a request of 127.0.0.1 that needs no execution.
    let other = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    other.send(Self.post("{ ok }"))
    #expect(other.readResponse()?.status == 200)
    other.send("GET /graphql?query=%7Bok%7D HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(other.readResponse()?.status == 200)
    let home = try RawHTTPConnection(port: server.port, source: "127.0.0.1")
    home.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(home.readResponse()?.status == 200)
    #expect(service.running == 2)
    #expect(service.started == 2)

    service.release(6)
    for connection in busy { #expect(connection.readResponse()?.status == 200) }
    #expect(service.started == 6)
    #expect(service.mostAtOnce == 2)
  }

  @Test func addressesTakeTurnsForTheExecutionThreads() throws {
    let service = BlockingService()
    // Two threads, and each address may use both: 127.0.0.1 fills them, then both addresses wait.
    let server = try TestServer(
      service: service, configuration: Self.configuration(threads: 2, perAddress: 2))
    let first = try Self.slowClients(4, server: server, service: service, running: 2)
    let second = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    second.send(Self.post("{ slow second }"))
    // Nothing runs past the two threads; once one frees up, 127.0.0.2's request goes before the
    // two of 127.0.0.1 that waited longer (round robin between addresses, not arrival order).
    #expect(Self.eventually { server.server.executionsPending == 5 })
    #expect(service.running == 2)
    service.release(1)
    #expect(Self.eventually { service.started == 3 })
    #expect(service.order.last == "{ slow second }")
    service.release(4)
    #expect(second.readResponse()?.status == 200)
    for connection in first { #expect(connection.readResponse()?.status == 200) }
    #expect(service.mostAtOnce == 2)
  }

  @Test func briefRequestsRunOnTheThreadThatReadThemUntilOneTakesLong() throws {
    let service = BlockingService()
    var configuration = Self.configuration(threads: 2, perAddress: 1)
    configuration.http.briefAnswerPauseSeconds = 600
    let server = try TestServer(service: service, configuration: configuration)
    let client = try RawHTTPConnection(port: server.port, source: "127.0.0.1")
    // Said to be brief: computed inline, and answered; the executor never sees it.
    client.send(Self.post("{ brief }"))
    #expect(client.readResponse()?.status == 200)
    #expect(server.server.inlineAnswers == (1, 0))
    // Brief by promise, slow in fact: it runs inline (the executor holds nothing while it blocks)
    // and, having waited past the limit, pauses inline answers.
    client.send(Self.post("{ brief slow }"))
    #expect(Self.eventually { service.running == 1 })
    #expect(server.server.executionsPending == 0)
    // Held past five times the 5 ms limit (a wait that long is the answer's own).
    usleep(60_000)
    service.release(1)
    #expect(client.readResponse()?.status == 200)
    #expect(server.server.inlineAnswers == (2, 1))
    // Paused: the next one goes to the executor.
    client.send(Self.post("{ brief slow }"))
    #expect(Self.eventually { service.running == 1 })
    #expect(server.server.executionsPending == 1)
    service.release(1)
    #expect(client.readResponse()?.status == 200)
    #expect(server.server.inlineAnswers == (2, 1))
  }

  @Test func noRequestRunsInlineWhenTheLimitIsOff() throws {
    let service = BlockingService()
    var configuration = Self.configuration(threads: 2, perAddress: 1)
    configuration.http.briefAnswerMilliseconds = nil
    let server = try TestServer(service: service, configuration: configuration)
    let client = try RawHTTPConnection(port: server.port, source: "127.0.0.1")
    client.send(Self.post("{ brief slow }"))
    #expect(Self.eventually { service.running == 1 })
    #expect(server.server.executionsPending == 1)
    service.release(1)
    #expect(client.readResponse()?.status == 200)
    #expect(server.server.inlineAnswers == (0, 0))
  }

  @Test func aClientThatHalfClosesAfterItsRequestIsAnswered() throws {
    // The end of stream is there before the request executes: libmicrohttpd must not read it
    // before the answer is queued (the next test has it arrive during the execution).
    let server = try TestServer(
      service: BlockingService(), configuration: Self.configuration(threads: 2, perAddress: 1))
    let post = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    post.send(Self.post("{ ok }"))
    post.finishSending()
    #expect(post.readResponse()?.status == 200)
    let get = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    get.send("GET /graphql?query=%7Bok%7D HTTP/1.1\r\nHost: x\r\n\r\n")
    get.finishSending()
    #expect(get.readResponse()?.status == 200)
  }

  /// The client's end of stream arrives while its request executes (the connection suspended):
  /// resumed, libmicrohttpd 0.9.75 polls it for what it waited for before the suspension (input),
  /// finds the end of stream and, reading it, drops the connection whatever its state. Here the
  /// service holds the execution until the test has half-closed, so the order is certain. Found
  /// by the http-body fuzzer (Fuzz/corpus/http-body/crash-4f5efe8a-half-close-during-execution).
  @Test(arguments: [1, 3]) func aClientThatHalfClosesDuringItsExecutionIsAnswered(mhdThreads: Int) throws {
    let service = BlockingService()
    let server = try TestServer(
      service: service, configuration: Self.configuration(threads: 2, perAddress: 2, mhdThreads: mhdThreads))
    let requests = [
      Self.post("{ slow post }"), "GET /graphql?query=%7Bslow%7D HTTP/1.1\r\nHost: x\r\n\r\n",
      Self.post("{ slow pipelined }") + "GET /graphql?query=%7Bslow%7D HTTP/1.1\r\nHost: x\r\n\r\n",
    ]
    for (index, request) in requests.enumerated() {
      let client = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
      let before = service.started
      client.send(request)
      #expect(Self.eventually { service.running == 1 }, "request \(index)")
      client.finishSending()
      // A request on the same connection as another: the next one too, once the first is answered.
      let answers = request.components(separatedBy: "HTTP/1.1\r\n").count - 1
      service.release(answers)
      for _ in 0..<answers { #expect(client.readResponse()?.status == 200, "request \(index)") }
      #expect(client.closedWithin(milliseconds: 5000), "request \(index)")
      #expect(service.started == before + answers)
    }
  }

  @Test func stoppingWithQueuedExecutionsAnswersThemAll() throws {
    let service = BlockingService()
    let server = try TestServer(
      service: service, configuration: Self.configuration(threads: 2, perAddress: 1))
    let waiting = try Self.slowClients(4, server: server, service: service, running: 1)
    // stop() waits for in-flight requests; the gate opens while it waits.
    let opener = DispatchQueue(label: "opener")
    opener.asyncAfter(deadline: .now() + .milliseconds(200)) { service.release(4) }
    server.server.stop()
    for connection in waiting { #expect(connection.readResponse()?.status == 200) }
    #expect(service.started == 4)
  }
}
