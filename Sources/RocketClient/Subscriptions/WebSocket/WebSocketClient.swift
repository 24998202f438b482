import CCrypto
import CWslay
import FoundationEssentials
import GraphQLWire
import POSIXThreads
import Synchronization

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

/// A WebSocket client connection (RFC 6455) over plain TCP: wslay does the framing, masking,
/// ping answers and the closing handshake.
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

  /// Connects to `endpoint` and opens a WebSocket offering `subprotocols`.
  ///
  /// - Throws: ``WebSocketSocket/Failure``: `.transport` when no TCP connection could be made,
  ///   `.refused` when the server answered the handshake with something else.
  static func connect(
    endpoint: URL, subprotocols: [String], headers: HTTPHeaders, timeout: Duration
  ) async throws(WebSocketSocket.Failure) -> WebSocketClient {
    if let problem = cwslay_open_error() {
      throw .transport(.failed(endpoint: endpoint, detail: "cannot load wslay: " + String(cString: problem)))
    }
    let result: Result<WebSocketSocket.Opened, WebSocketSocket.Failure> = await withCheckedContinuation {
      continuation in
      let started = POSIXThread.startDetached {
        continuation.resume(
          returning: WebSocketSocket.open(
            endpoint: endpoint, subprotocols: subprotocols, headers: headers, timeout: timeout))
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

  /// The socket, the wslay context and the thread's work queue.
  ///
  /// Thread safety (`@unchecked Sendable`): `outbox` is in a `Mutex` and the pipe's write end is
  /// only written; everything else is used on the connection's thread alone, including inside
  /// wslay's callbacks.
  private final class Core: @unchecked Sendable {
    struct Outbox {
      var texts: [[UInt8]] = []
      var close: UInt16?
      var stopping = false
    }

    private let descriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let outbox = Mutex(Outbox())
    private let events: AsyncStream<WebSocketEvent>.Continuation
    private var pendingInput: [UInt8]
    private var failed = false
    private var receivedClose = false
    private var incoming: [[UInt8]] = []

    init?(opened: WebSocketSocket.Opened, events: AsyncStream<WebSocketEvent>.Continuation) {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return nil }
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      descriptor = opened.descriptor
      wakeRead = ends[0]
      wakeWrite = ends[1]
      pendingInput = opened.leftover
      self.events = events
    }

    /// Changes the outbox, then wakes the thread.
    func post(_ change: (inout Outbox) -> Void) {
      outbox.withLock { change(&$0) }
      var byte: UInt8 = 1
      // A full pipe already holds a wake-up.
      _ = Glibc.write(wakeWrite, &byte, 1)
    }

    /// Releases everything when the thread never started.
    func abandon() {
      Glibc.close(descriptor)
      Glibc.close(wakeRead)
      Glibc.close(wakeWrite)
      events.finish()
    }

    /// The thread's body.
    func run() {
      var callbacks = wslay_event_callbacks()
      callbacks.recv_callback = { context, buffer, length, _, user in
        guard let user, let buffer else { return -1 }
        return Unmanaged<Core>.fromOpaque(user).takeUnretainedValue().read(
          context, into: buffer, length: length)
      }
      callbacks.send_callback = { context, data, length, _, user in
        guard let user, let data else { return -1 }
        return Unmanaged<Core>.fromOpaque(user).takeUnretainedValue().write(context, data, length: length)
      }
      callbacks.genmask_callback = { _, buffer, length, _ in
        guard let buffer else { return -1 }
        return ccrypto_random_bytes(buffer, Int32(clamping: length)) == 1 ? 0 : -1
      }
      callbacks.on_msg_recv_callback = { _, argument, user in
        guard let user, let argument else { return }
        let core = Unmanaged<Core>.fromOpaque(user).takeUnretainedValue()
        if cwslay_is_text(argument) != 0 {
          core.incoming.append(
            Array(UnsafeBufferPointer(start: argument.pointee.msg, count: argument.pointee.msg_length)))
        } else if cwslay_is_close(argument) != 0 {
          core.receivedClose = true
        }
      }
      var context: wslay_event_context_ptr?
      // `self` outlives the context: this function frees it before returning.
      guard
        wslay_event_context_client_init(&context, &callbacks, Unmanaged.passUnretained(self).toOpaque()) == 0,
        let context
      else {
        finish(code: nil)
        return
      }
      wslay_event_config_set_max_recv_msg_length(context, 1 << 20)
      var closeDeadline: ContinuousClock.Instant?
      var stopping = false
      while !stopping {
        let work = outbox.withLock { outbox in
          defer { outbox.texts = [] }
          return outbox
        }
        for text in work.texts {
          _ = text.withUnsafeBufferPointer { cwslay_queue_text(context, $0.baseAddress, $0.count) }
        }
        if let code = work.close, closeDeadline == nil {
          _ = wslay_event_queue_close(context, code, nil, 0)
          closeDeadline = .now + .seconds(2)
        }
        if work.stopping { break }
        if wslay_event_want_write(context) != 0, wslay_event_send(context) != 0 || failed { break }
        let wantsRead = wslay_event_want_read(context) != 0
        let wantsWrite = wslay_event_want_write(context) != 0
        if !wantsRead && !wantsWrite { break }
        if wantsRead && !pendingInput.isEmpty {
          if wslay_event_recv(context) != 0 || failed { break }
          deliver()
          continue
        }
        var entries = [
          pollfd(
            fd: descriptor, events: (wantsRead ? Int16(POLLIN) : 0) | (wantsWrite ? Int16(POLLOUT) : 0),
            revents: 0),
          pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        var timeout: Int32 = -1
        if let closeDeadline {
          let remaining = closeDeadline - .now
          if remaining <= .zero { break }
          timeout = Int32(clamping: remaining.components.seconds * 1000 + 1)
        }
        let ready = poll(&entries, 2, timeout)
        if ready < 0 && errno != EINTR { break }
        if entries[1].revents != 0 {
          var buffer = [UInt8](repeating: 0, count: 64)
          while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
        }
        if entries[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 && wantsRead {
          if wslay_event_recv(context) != 0 || failed {
            deliver()
            stopping = true
            continue
          }
          deliver()
        }
      }
      deliver()
      let code = receivedClose ? wslay_event_get_status_code_received(context) : nil
      wslay_event_context_free(context)
      finish(code: code)
    }

    /// Hands received messages to the reader.
    private func deliver() {
      for message in incoming { events.yield(.text(message)) }
      incoming = []
    }

    private func finish(code: UInt16?) {
      Glibc.close(descriptor)
      Glibc.close(wakeRead)
      Glibc.close(wakeWrite)
      events.yield(.closed(code: code))
      events.finish()
    }

    private func read(
      _ context: wslay_event_context_ptr?, into buffer: UnsafeMutablePointer<UInt8>, length: Int
    )
      -> Int
    {
      if !pendingInput.isEmpty {
        let count = min(length, pendingInput.count)
        pendingInput.withUnsafeBufferPointer { input in
          if let base = input.baseAddress { buffer.update(from: base, count: count) }
        }
        pendingInput.removeFirst(count)
        return count
      }
      var ended: Int32 = 0
      defer { if ended != 0 { failed = true } }
      return cwslay_socket_read(context, descriptor, buffer, length, &ended)
    }

    private func write(_ context: wslay_event_context_ptr?, _ data: UnsafePointer<UInt8>, length: Int) -> Int
    {
      var ended: Int32 = 0
      defer { if ended != 0 { failed = true } }
      return cwslay_socket_write(context, descriptor, data, length, &ended)
    }
  }
}
