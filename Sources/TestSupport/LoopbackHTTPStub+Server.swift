import Foundation
import Glibc
import Synchronization

/// The stub's listening socket, accept loop and connection bookkeeping.
///
/// Sendable because its only mutable state is inside `state`. Connection threads hold this
/// object, not the public ``LoopbackHTTPStub``, so releasing the stub stops the server.
final class StubServer: Sendable {
  private struct State {
    var requests: [LoopbackHTTPStub.Request] = []
    /// Open client descriptors; a descriptor is only closed after leaving this set, under the
    /// lock, so `stop()` never shuts down a number the kernel has reused.
    var clients: Set<Int32> = []
    var isStopped = false
  }

  let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (LoopbackHTTPStub.Request) -> LoopbackHTTPStub.Response
  private let state = Mutex(State())

  init(handler: @escaping @Sendable (LoopbackHTTPStub.Request) -> LoopbackHTTPStub.Response) throws {
    let socket = try LoopbackSocket.listening(backlog: 64)
    listener = socket.descriptor
    port = socket.port
    self.handler = handler
  }

  var recordedRequests: [LoopbackHTTPStub.Request] { state.withLock { $0.requests } }

  /// Starts the accept loop on its own thread.
  func start() {
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Wakes the accept loop and every connection so their threads end; idempotent.
  func stop() {
    state.withLock { state in
      guard !state.isStopped else { return }
      state.isStopped = true
      // shutdown (not close) wakes a thread blocked in accept/recv/poll on the descriptor.
      _ = shutdown(listener, Int32(SHUT_RDWR))
      for client in state.clients { _ = shutdown(client, Int32(SHUT_RDWR)) }
    }
  }

  private func acceptLoop() {
    defer { _ = close(listener) }
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      // Test processes spawn children; they must not inherit (and hold open) a connection.
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let accepted = state.withLock { state in
        guard !state.isStopped else { return false }
        state.clients.insert(client)
        return true
      }
      guard accepted else {
        _ = close(client)
        return
      }
      Thread.detachNewThread { [self] in serve(client) }
    }
  }

  /// Reads one request, records it, waits the response's delay, answers and closes.
  private func serve(_ client: Int32) {
    defer {
      state.withLock { state in
        state.clients.remove(client)
        _ = close(client)
      }
    }
    let connection = StubConnection(descriptor: client)
    let request: LoopbackHTTPStub.Request
    switch connection.readRequest() {
    case .request(let received): request = received
    case .closed: return
    case .malformed:
      connection.respond(with: LoopbackHTTPStub.Response(status: 400))
      return
    }
    state.withLock { $0.requests.append(request) }
    let response = handler(request)
    if response.delay > .zero {
      guard connection.waitWhileConnected(for: response.delay) else { return }
    }
    connection.respond(with: response)
  }
}
