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
  case text([UInt8])
  /// The connection is over: the close code the server sent, or nil when it broke without one.
  case closed(code: UInt16?)
  /// The client ended the connection because the server went past what it may make the client
  /// hold (``WebSocketClient/Limits``); why, for the user.
  case overwhelmed(String)
}

/// A WebSocket client connection (RFC 6455) over TCP or TLS (``TLSConnection``), wslay doing the
/// framing. One thread per connection sleeps in `poll(2)` on the socket and a wake pipe, and alone
/// touches wslay; messages arrive on ``events``; ``send(_:)`` and ``close(code:)`` may be called
/// from any task.
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
  /// `tls` says for `https://` and `wss://`; `.refused` when the server answered the handshake
  /// with something else.
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

  /// What a server may make the client hold: frames that carry nothing (pings, empty messages,
  /// keep-alives) spend a budget refilled at `idlePerSecond` up to `idleBurst`; messages the reader
  /// has not taken hold at most `maxPendingBytes`; wslay's queued answers at most `maxQueuedBytes`
  /// before reading pauses. Past the first two the connection ends, ``WebSocketEvent/overwhelmed(_:)``.
  enum Limits {
    static let idlePerSecond = 100.0
    static let idleBurst = 1000.0
    static let maxPendingBytes = 8 << 20
    static let maxQueuedBytes = 256 << 10
    /// Read per turn of the connection's thread, so that the budgets are checked as it reads.
    static let messagesPerTurn = 64
    static let bytesPerTurn = 64 << 10
  }

  /// Tells the connection that the reader took `count` bytes of the messages it was handed.
  func consumed(_ count: Int) {
    core.pendingBytes.subtract(count, ordering: .relaxed)
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

  /// The socket, its framing and the thread's work queue (`@unchecked Sendable`: `outbox` is in a
  /// `Mutex`, the pipe's write end only written, the rest used on the connection's thread alone).
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
    /// Bytes of messages handed to the reader and not yet consumed.
    let pendingBytes = Atomic<Int>(0)
    /// The budget of frames that carry nothing, and when it was last refilled.
    private var idleBudget = Limits.idleBurst
    private var refilled = ContinuousClock.now
    private var countedControlFrames = 0
    /// Why the connection was ended for the server's excess, once it was.
    private var overwhelmed: String?

    init?(opened: WebSocketSocket.Opened, events: AsyncStream<WebSocketEvent>.Continuation) {
      guard
        let framing = WebSocketFraming(
          role: .client, socket: opened.descriptor, stream: opened.tls, pendingInput: opened.leftover,
          maxMessageBytes: 1 << 20, maxQueuedBytes: Limits.maxQueuedBytes, readChunkBytes: 4096)
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
        if overwhelmed != nil { break }
        if wantsRead && framing.hasPendingInput {
          if !receive() { break }
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
          stopping = !receive()
        }
      }
      deliver()
      let code = framing.closeCodeReceived
      framing.free()
      tls?.shutdown()
      Glibc.close(framing.socket)
      events.yield(overwhelmed.map { .overwhelmed($0) } ?? .closed(code: code))
      events.finish()
    }

    /// Reads one turn's worth (`Limits.messagesPerTurn`, `bytesPerTurn`) and hands it over;
    /// false when the connection is over.
    private func receive() -> Bool {
      framing.messageBudget = Limits.messagesPerTurn
      framing.readBudget = Limits.bytesPerTurn
      let open = framing.receive()
      deliver()
      return open && overwhelmed == nil
    }

    /// Hands received text messages to the reader, within the limits: empty ones are dropped
    /// (and counted, as control frames and keep-alives are).
    private func deliver() {
      spendIdleBudget(framing.controlFramesReceived - countedControlFrames)
      countedControlFrames = framing.controlFramesReceived
      for case .text(let message) in framing.incoming where overwhelmed == nil {
        if Self.carriesNothing(message) {
          spendIdleBudget(1)
          if message.isEmpty { continue }
        }
        if pendingBytes.add(message.count, ordering: .relaxed).newValue > Limits.maxPendingBytes {
          overwhelmed =
            "the WebSocket server sent more than \(Limits.maxPendingBytes >> 20) MB the reader "
            + "had not taken yet; the connection was closed"
          break
        }
        events.yield(.text(message))
      }
      framing.incoming = []
    }

    /// Whether a message is empty or a protocol keep-alive (`ka`, `ping`, `pong`): the kind a
    /// flood is made of.
    static func carriesNothing(_ message: [UInt8]) -> Bool {
      guard message.count <= 64 else { return false }
      let text = String(decoding: message, as: UTF8.self)
      return message.isEmpty || text.contains(#""ka""#) || text.contains(#""ping""#)
        || text.contains(#""pong""#)
    }

    private func spendIdleBudget(_ count: Int) {
      guard count > 0, overwhelmed == nil else { return }
      let now = ContinuousClock.now
      let elapsed = now - refilled
      refilled = now
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      idleBudget = min(Limits.idleBurst, idleBudget + seconds * Limits.idlePerSecond) - Double(count)
      if idleBudget < 0 {
        overwhelmed =
          "the WebSocket server sent more than \(Int(Limits.idleBurst)) control frames, empty "
          + "messages or keep-alives at once (at most \(Int(Limits.idlePerSecond)) a second are allowed); the "
          + "connection was closed"
      }
    }
  }
}
