import Foundation
import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A rolling restart on one port, with no load balancer: `serve --reuse-port` starts on the port
/// of a running `serve`, the old one gets SIGTERM, and clients sending without pause (over
/// kept-alive connections and over a new connection per request) see no refusal, no reset and
/// no error, on SQLite and on PostgreSQL.
@Suite(.serialized) struct ServeReusePortTests {
  final class Load: Sendable {
    let running = Atomic<Bool>(true)
    let succeeded = Atomic<Int>(0)
    let failures = Mutex<[String]>([])
    let finishedClients = Atomic<Int>(0)

    func record(_ failure: String) { failures.withLock { $0.append(failure) } }
  }

  static let body = #"{"query":"{ totalTripsBooked launches(pageSize: 2) { cursor } }"}"#

  /// One client: kept-alive connections (URLSession) or a new connection per request.
  static func client(_ index: Int, port: UInt16, freshConnections: Bool, load: Load) {
    defer { load.finishedClients.add(1, ordering: .relaxed) }
    let transport: TestHTTP.Transport =
      freshConnections ? .socket(readTimeoutSeconds: 60) : .session(TestHTTP.makeSession())
    guard let endpoint = URL(string: "http://127.0.0.1:\(port)/graphql") else { return }
    let deadline = ContinuousClock.now + .seconds(300)
    var step = 0
    while load.running.load(ordering: .relaxed) && ContinuousClock.now < deadline {
      usleep(5_000)
      step += 1
      do {
        let answer = try TestHTTP.sendWaiting(
          endpoint, method: "POST", headers: ["Content-Type": "application/json"], body: Array(body.utf8),
          over: transport
        )
        let json = try? JSON(parsing: answer.body)
        if answer.status == 200, json?["data"]?["totalTripsBooked"] == .int(0) {
          load.succeeded.add(1, ordering: .relaxed)
        } else {
          load.record("client \(index) step \(step): \(answer.status) \(answer.text)")
        }
      } catch {
        load.record("client \(index) step \(step): \(error)")
      }
    }
  }

  @Test(arguments: ["sqlite", "postgresql"])
  func aRollingRestartOnOnePortRefusesNothing(storage: String) async throws {
    let directory = try TemporaryDirectory(prefix: "serve-reuse-port")
    let database = storage == "postgresql" ? try PostgresCluster.shared().createDatabase() : nil
    let data = directory.child("data")
    let options = ["--reuse-port", "--drain", "1"]
    let old = try ServeProcess(dataDirectory: data, database: database, options: options)
    let port = old.port
    let load = Load()
    // Threads, not tasks: the clients block, and must keep sending whatever the pool is doing.
    for index in 0..<3 {
      Thread.detachNewThread {
        Self.client(index, port: port, freshConnections: index == 2, load: load)
      }
    }
    func succeeded() -> Int { load.succeeded.load(ordering: .relaxed) }
    #expect(await waitUntil(within: .seconds(60)) { succeeded() >= 50 })
    let new = try ServeProcess(dataDirectory: data, database: database, port: port, options: options)
    #expect(new.port == port)
    let beforeStop = succeeded()
    #expect(await waitUntil(within: .seconds(60)) { succeeded() >= beforeStop + 50 })
    old.signal(SIGTERM)
    #expect(await old.exitStatus(within: .seconds(60)) == 0)
    let afterStop = succeeded()
    #expect(await waitUntil(within: .seconds(60)) { succeeded() >= afterStop + 50 })
    load.running.store(false, ordering: .relaxed)
    #expect(await waitUntil(within: .seconds(120)) { load.finishedClients.load(ordering: .relaxed) == 3 })
    let failures = load.failures.withLock { $0 }
    #expect(
      failures.isEmpty, "\(failures.count) failed of \(succeeded() + failures.count): \(failures.prefix(5))")
    new.signal(SIGTERM)
    #expect(await new.exitStatus(within: .seconds(60)) == 0)
  }

  @Test func withoutReusePortASecondServeOnThePortIsRefused() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-no-reuse-port")
    let first = try ServeProcess(dataDirectory: directory.child("data"))
    #expect(throws: ServeProcess.StartFailure.self) {
      _ = try ServeProcess(
        dataDirectory: directory.child("data"), port: first.port, options: ["--reuse-port"])
    }
  }
}
