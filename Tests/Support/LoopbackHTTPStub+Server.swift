import Foundation
import Glibc
import Synchronization

/// The stub's server: a ``LoopbackTCPServer`` whose connections each read one request, record
/// it, wait the response's delay, answer and close.
///
/// Sendable: the recorded requests are behind a `Mutex`. Connection threads hold the log and the
/// handler, not the public ``LoopbackHTTPStub``, so releasing the stub stops the server.
final class StubServer: Sendable {
  /// The recorded requests, shared with the connection threads.
  private final class RequestLog: Sendable {
    let requests = Mutex<[LoopbackHTTPStub.Request]>([])
  }

  private let tcp: LoopbackTCPServer
  private let log = RequestLog()

  init(handler: @escaping @Sendable (LoopbackHTTPStub.Request) -> LoopbackHTTPStub.Response) throws {
    let log = log
    tcp = try LoopbackTCPServer { client, _ in Self.serve(client, log: log, handler: handler) }
  }

  var port: UInt16 { tcp.port }

  var recordedRequests: [LoopbackHTTPStub.Request] { log.requests.withLock { $0 } }

  /// Wakes the accept loop and every connection so their threads end; idempotent.
  func stop() { tcp.stop() }

  private static func serve(
    _ client: Int32, log: RequestLog, handler: (LoopbackHTTPStub.Request) -> LoopbackHTTPStub.Response
  ) {
    let connection = StubConnection(descriptor: client)
    let request: LoopbackHTTPStub.Request
    switch connection.readRequest() {
    case .request(let received): request = received
    case .closed: return
    case .malformed:
      connection.respond(with: LoopbackHTTPStub.Response(status: 400))
      return
    }
    log.requests.withLock { $0.append(request) }
    let response = handler(request)
    if response.delay > .zero {
      guard connection.waitWhileConnected(for: response.delay) else { return }
    }
    connection.respond(with: response)
  }
}
