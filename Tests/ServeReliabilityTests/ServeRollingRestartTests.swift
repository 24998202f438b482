import Foundation
import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A rolling restart behind a load balancer loses no request: two `serve` instances on one
/// SQLite file behind `ReadinessProxy`, clients sending without pause; SIGTERM one, start a
/// replacement, SIGTERM the other. The drain keeps each stopping instance answering until the
/// proxy has seen its `/ready` turn 503 and stopped sending to it. The proxy keeps probing the
/// instances that exited, so its threads connect and fail while others forward requests
/// (`RawHTTPConnectionTests` covers the double close that once lost a request here).
@Suite struct ServeRollingRestartTests {
  final class Load: Sendable {
    let running = Atomic<Bool>(true)
    let succeeded = Atomic<Int>(0)
    let failures = Mutex<[String]>([])
    let finishedClients = Atomic<Int>(0)
  }

  @Test
  func aRollingRestartUnderLoadLosesNoRequest() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-rolling")
    // One data directory: the instances share its SQLite file, as restarts of one service do.
    let data = directory.child("data")
    let proxy = try ReadinessProxy()
    let first = try ServeProcess(dataDirectory: data)
    let second = try ServeProcess(dataDirectory: data)
    proxy.add(port: first.port)
    proxy.add(port: second.port)
    #expect(
      await waitUntil(within: .seconds(30)) {
        proxy.isRouting(to: first.port) && proxy.isRouting(to: second.port)
      })

    let load = Load()
    let endpoint = proxy.endpoint
    // The clients are threads, not tasks: a run of the whole suite in parallel can hold every
    // thread of Swift's cooperative pool in blocking calls for many seconds, and the load must
    // keep coming meanwhile.
    for client in 0..<3 {
      Thread.detachNewThread {
        defer { load.finishedClients.add(1, ordering: .relaxed) }
        let session = TestHTTP.Transport.session(TestHTTP.makeSession())
        // Paced (at most about a hundred a second each) and bounded, however long the restart takes.
        let deadline = ContinuousClock.now + .seconds(300)
        var step = 0
        while load.running.load(ordering: .relaxed) && ContinuousClock.now < deadline {
          usleep(10_000)
          step += 1
          let body = #"{"query":"{ totalTripsBooked launches(pageSize: 2) { cursor } }"}"#
          do {
            let answer = try TestHTTP.sendWaiting(
              endpoint, method: "POST", headers: ["Content-Type": "application/json"], body: Array(body.utf8),
              over: session)
            let json = try? JSON(parsing: answer.body)
            if answer.status == 200, json?["data"]?["totalTripsBooked"] == .int(0) {
              load.succeeded.add(1, ordering: .relaxed)
            } else {
              load.failures.withLock {
                $0.append("client \(client) step \(step): \(answer.status) \(answer.text)")
              }
            }
          } catch {
            load.failures.withLock { $0.append("client \(client) step \(step): \(error)") }
          }
        }
      }
    }
    func succeeded() -> Int { load.succeeded.load(ordering: .relaxed) }

    #expect(await waitUntil(within: .seconds(60)) { succeeded() >= 50 })
    first.signal(SIGTERM)
    let replacement = try ServeProcess(dataDirectory: data)
    proxy.add(port: replacement.port)
    #expect(await waitUntil(within: .seconds(60)) { proxy.isRouting(to: replacement.port) })
    #expect(!proxy.isRouting(to: first.port))
    let beforeSecond = succeeded()
    #expect(await waitUntil(within: .seconds(60)) { succeeded() >= beforeSecond + 30 })
    second.signal(SIGTERM)
    #expect(await first.exitStatus(within: .seconds(60)) == 0)
    #expect(await second.exitStatus(within: .seconds(60)) == 0)
    let afterBoth = succeeded()
    #expect(await waitUntil(within: .seconds(60)) { succeeded() >= afterBoth + 30 })
    load.running.store(false, ordering: .relaxed)
    #expect(await waitUntil(within: .seconds(120)) { load.finishedClients.load(ordering: .relaxed) == 3 })

    let failures = load.failures.withLock { $0 }
    #expect(
      failures.isEmpty,
      "\(failures.count) failed: \(failures.prefix(5)); first \(first.port), second \(second.port), replacement \(replacement.port); \(proxy.history)"
    )
    #expect(succeeded() >= 200)
    for port in [first.port, second.port, replacement.port] {
      #expect(proxy.served(by: port) > 0, "instance \(port) served nothing")
    }
  }
}
