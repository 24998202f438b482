import Foundation
import Synchronization
import TestSupport

/// A small load balancer on 127.0.0.1 for rolling-restart tests: it forwards each request, round
/// robin, to the `serve` instances whose `/ready` last answered 200, polling every instance's
/// `/ready` every 50 ms on a thread of its own. It never retries: a request that fails at an
/// instance fails at the client, so only the instances' draining can keep failures at zero.
final class ReadinessProxy: Sendable {
  private struct Backend {
    var ready = false
    var served = 0
  }

  private final class Pool: Sendable {
    let backends = Mutex<[UInt16: Backend]>([:])
    let turn = Atomic<Int>(0)
    let polling = Atomic<Bool>(true)
    let log = Mutex<[String]>([])
    let start = ContinuousClock.now
    func note(_ text: String) { log.withLock { $0.append("\(ContinuousClock.now - start): \(text)") } }

    /// The next ready instance in turn, counted as serving one more request.
    func pick() -> UInt16? {
      backends.withLock { backends in
        let ready = backends.filter(\.value.ready).keys.sorted()
        guard !ready.isEmpty else { return nil }
        let port = ready[turn.add(1, ordering: .relaxed).oldValue % ready.count]
        backends[port]?.served += 1
        return port
      }
    }
  }

  private let pool = Pool()
  private let front: LoopbackHTTPStub

  /// Starts listening and polling (no instance yet).
  init() throws {
    let pool = pool
    front = try LoopbackHTTPStub { request in Self.forward(request, pool: pool) }
    Thread {
      while pool.polling.load(ordering: .relaxed) {
        for port in pool.backends.withLock({ Array($0.keys) }) {
          let (ready, why) = Self.readiness(port)
          let changed = pool.backends.withLock { backends in
            defer { backends[port]?.ready = ready }
            return backends[port]?.ready != ready
          }
          if changed { pool.note("\(port) ready \(ready) \(why)") }
        }
        usleep(50_000)
      }
    }.start()
  }

  deinit {
    pool.polling.store(false, ordering: .relaxed)
    front.stop()
  }

  var history: [String] { pool.log.withLock { $0 } }

  /// The GraphQL endpoint clients use.
  var endpoint: URL { front.url() }

  /// Adds an instance; it gets requests once its `/ready` answers 200.
  func add(port: UInt16) { pool.backends.withLock { $0[port] = Backend() } }

  /// Whether the instance on `port` is taking requests now.
  func isRouting(to port: UInt16) -> Bool { pool.backends.withLock { $0[port]?.ready == true } }

  /// How many requests went to the instance on `port`.
  func served(by port: UInt16) -> Int { pool.backends.withLock { $0[port]?.served ?? 0 } }

  /// Whether the instance on `port` answers `/ready` with 200, and what it answered (or why it
  /// did not), for the history.
  private static func readiness(_ port: UInt16) -> (Bool, String) {
    let connection: RawHTTPConnection
    do {
      connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 5)
    } catch {
      return (false, "\(error)")
    }
    connection.send("GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    guard let answer = connection.readResponse() else { return (false, "no answer") }
    return (answer.status == 200, "\(answer.status) \(answer.body)")
  }

  private static func forward(_ request: LoopbackHTTPStub.Request, pool: Pool) -> LoopbackHTTPStub.Response {
    guard let port = pool.pick() else { return .json(#"{"proxy":"no ready instance"}"#, status: 502) }
    let connection: RawHTTPConnection
    do {
      connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 60)
    } catch {
      pool.note("cannot connect to \(port): \(error)")
      return .json(#"{"proxy":"cannot connect to \#(port)"}"#, status: 502)
    }
    var head = "\(request.method) \(request.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for name in ["content-type", "accept", "authorization"] {
      if let value = request.header(name) { head += "\(name): \(value)\r\n" }
    }
    head += "Content-Length: \(request.body.count)\r\n\r\n"
    guard connection.send(Array(head.utf8) + Array(request.body)), let answer = connection.readResponse()
    else {
      pool.note("no answer from \(port)")
      return .json(#"{"proxy":"no answer from \#(port)"}"#, status: 502)
    }
    return .json(answer.body, status: answer.status)
  }
}
