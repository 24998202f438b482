import FoundationEssentials
import GraphQLWire
import POSIXThreads
import Synchronization
import WebSocket

#if canImport(Glibc)
  import Glibc
#endif

/// What a ``WebSocketClient`` receives.
enum WebSocketEvent: Sendable, Equatable {
  /// A text message.
  case text([UInt8])
  /// The connection is over: the close code the server sent, or nil when it broke without one.
  case closed(code: UInt16?)
}

/// A WebSocket client connection (RFC 6455) over TCP, or TLS over TCP (``TLSConnection``): wslay
/// does the framing, masking, ping answers and the closing handshake.
///
/// One thread per connection sleeps in `poll(2)` on the socket and a wake pipe, so an idle
/// connection costs no CPU; wslay is only touched on that thread. Messages arrive on
/// ``events``; ``send(_:)`` and ``close(code:)`` may be called from any task.
///
/// Thread safety: the outbox is in a `Mutex`; everything else belongs to the connection's thread.
final class WebSocketClient: Sendable {
  /// The subprotocol the server chose.
  let subprotocol: String
  /// What arrives, ending with one `.closed`.
  let events: AsyncStream<WebSocketEvent>
  private let core: Core

  private init(subprotocol: String, events: AsyncStream<WebSocketEvent>, core: Core) {
    self.subprotocol = subprotocol
    self.events = events
    self.core = core
  }

  deinit {
    core.post { $0.stopping = true }
  }

  /// Connects to `endpoint` and opens a WebSocket offering `subprotocols`, over TLS checked as
  /// `tls` says for `https://` and `wss://`.
  ///
  /// - Throws: ``WebSocketSocket/Failure``: `.transport` when no TCP connection (or no TLS
  ///   session) could be made, `.refused` when the server answered the handshake with something else.
  static func connect(
    endpoint: URL, subprotocols: [String], headers: HTTPHeaders, timeout: Duration,
    tls: TLSOptions = TLSOptions()
  ) async throws(WebSocketSocket.Failure) -> WebSocketClient {
    if let problem = WebSocketFraming.libraryError {
      throw .transport(.failed(endpoint: endpoint, detail: "cannot load wslay: " + problem))
    }
    let result: Result<WebSocketSocket.Opened, WebSocketSocket.Failure> = await withCheckedContinuation {
      continuation in
      let started = POSIXThread.startDetached {
        continuation.resume(
          returning: WebSocketSocket.open(
            endpoint: endpoint, subprotocols: subprotocols, headers: headers, timeout: timeout, tls: tls))
      }
      if !started {
        continuation.resume(
          returning: .failure(.transport(.failed(endpoint: endpoint, detail: "cannot start a thread"))))
      }
    }
    let opened = try result.get()
    let (events, continuation) = AsyncStream.makeStream(of: WebSocketEvent.self)
    guard let core = Core(opened: opened, events: continuation) else {
      Glibc.close(opened.descriptor)
      throw .transport(.failed(endpoint: endpoint, detail: "cannot set up the WebSocket"))
    }
    guard POSIXThread.startDetached({ core.run() }) else {
      core.abandon()
      throw .transport(.failed(endpoint: endpoint, detail: "cannot start a thread"))
    }
    return WebSocketClient(subprotocol: opened.subprotocol, events: events, core: core)
  }

  /// Queues a text message.
  func send(_ text: [UInt8]) {
    core.post { $0.texts.append(text) }
  }

  /// Starts the closing handshake with `code` (1000: normal); the connection ends once the
  /// server answers, or after 2 s.
  func close(code: UInt16 = 1000) {
    core.post { if $0.close == nil { $0.close = code } }
  }

  /// Ends the connection at once, without a closing handshake.
  func abort() {
    core.post { $0.stopping = true }
  }

  /// The socket, its framing and the thread's work queue.
  ///
  /// Thread safety (`@unchecked Sendable`): `outbox` is in a `Mutex` and the pipe's write end is
  /// only written; everything else is used on the connection's thread alone.
  private final class Core: @unchecked Sendable {
    struct Outbox {
      var texts: [[UInt8]] = []
      var close: UInt16?
      var stopping = false
    }

    private let framing: WebSocketFraming
    /// The TLS session under the framing, ended with close_notify before the socket is closed.
    private let tls: TLSConnection?
    private let wakePipe = WakePipe()
    private let outbox = Mutex(Outbox())
    private let events: AsyncStream<WebSocketEvent>.Continuation

    init?(opened: WebSocketSocket.Opened, events: AsyncStream<WebSocketEvent>.Continuation) {
      guard
        let framing = WebSocketFraming(
          role: .client, socket: opened.descriptor, stream: opened.tls, pendingInput: opened.leftover,
          maxMessageBytes: 1 << 20)
      else { return nil }
      self.framing = framing
      tls = opened.tls
      self.events = events
      guard wakePipe.descriptor >= 0 else { return nil }
    }

    /// Changes the outbox, then wakes the thread.
    func post(_ change: (inout Outbox) -> Void) {
      outbox.withLock { change(&$0) }
      wakePipe.wake()
    }

    /// Releases everything when the thread never started.
    func abandon() {
      framing.free()
      Glibc.close(framing.socket)
      events.finish()
    }

    /// The thread's body.
    func run() {
      var closeDeadline: ContinuousClock.Instant?
      var stopping = false
      while !stopping {
        let work = outbox.withLock { outbox in
          defer { outbox.texts = [] }
          return outbox
        }
        for text in work.texts { _ = framing.queue(text) }
        if let code = work.close, closeDeadline == nil {
          framing.queueClose(code: code)
          closeDeadline = .now + .seconds(2)
        }
        if work.stopping { break }
        if framing.wantsWrite, !framing.flush() { break }
        let wantsRead = framing.wantsRead
        let wantsWrite = framing.wantsWrite
        if !wantsRead && !wantsWrite { break }
        if wantsRead && framing.hasPendingInput {
          if !framing.receive() { break }
          deliver()
          continue
        }
        var entries = [
          pollfd(fd: framing.socket, events: framing.pollEvents, revents: 0),
          pollfd(fd: wakePipe.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        var timeout: Int32 = -1
        if let closeDeadline {
          let remaining = closeDeadline - .now
          if remaining <= .zero { break }
          timeout = Int32(clamping: remaining.components.seconds * 1000 + 1)
        }
        let ready = poll(&entries, 2, timeout)
        if ready < 0 && errno != EINTR { break }
        if entries[1].revents != 0 { wakePipe.drain() }
        // A TLS read may wait for the socket to take the session's own output first.
        let readable =
          Int16(POLLIN | POLLHUP | POLLERR) | (tls?.readWaitsForWritable == true ? Int16(POLLOUT) : 0)
        if entries[0].revents & readable != 0 && wantsRead {
          stopping = !framing.receive()
          deliver()
        }
      }
      deliver()
      let code = framing.closeCodeReceived
      framing.free()
      tls?.shutdown()
      Glibc.close(framing.socket)
      events.yield(.closed(code: code))
      events.finish()
    }

    /// Hands received text messages to the reader.
    private func deliver() {
      for case .text(let message) in framing.incoming { events.yield(.text(message)) }
      framing.incoming = []
    }
  }
}
