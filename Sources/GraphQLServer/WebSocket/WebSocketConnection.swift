import CEventPoll
import CWslay
import Glibc

/// One upgraded socket: its wslay context, its GraphQL session and its running operations.
///
/// Not Sendable: it belongs to the `WebSocketLoop`'s thread, which alone calls it (wslay's
/// callbacks run inside `wslay_event_recv`/`wslay_event_send`, on that thread too).
final class WebSocketConnection {
  /// What a read from the socket delivered, in order.
  enum Incoming {
    case text([UInt8])
    case binary
    case close
  }

  /// The serial number of each running operation and the task that runs it: results of a
  /// stopped operation (whose id the client may reuse) are recognised by their old serial.
  struct Operation {
    let serial: Int
    let task: Task<Void, Never>
  }

  let id: Int
  let socket: Int32
  /// libmicrohttpd's handle for the upgraded connection; closing goes through it.
  let upgrade: OpaquePointer
  var session: any GraphQLSocketSession
  var operations: [String: Operation] = [:]
  /// Bytes libmicrohttpd read after the handshake, delivered before the socket's (`pendingUsed`
  /// of them so far).
  let pendingInput: [UInt8]
  private var pendingUsed = 0
  var hasPendingInput: Bool { pendingUsed < pendingInput.count }
  var incoming: [Incoming] = []
  /// Set once the socket failed or reached its end.
  var failed = false
  /// A close to send once the messages queued before it are written: wslay sends control
  /// frames ahead of queued messages, which would drop the last `complete`s.
  var pendingClose: (code: UInt16, reason: String)?
  /// When the closing handshake must be over (set when the server queued its close).
  var closeDeadline: ContinuousClock.Instant?
  /// What the loop's epoll watches the socket for (`CEP_READABLE`, and `CEP_WRITABLE` while
  /// wslay has something to send); registration starts with readable.
  var watchedInterest = UInt32(CEP_READABLE)
  /// How far the operations' results may run ahead of what the client read.
  let window: SendWindow
  /// Input bytes this connection may still read in the loop's current turn: one socket never
  /// holds the loop for more than a slice, and reading stops while the output backs up.
  var readBudget = 0
  /// Messages (control frames included) this connection may still deliver in the current
  /// turn: a slice of tiny messages (`{"type":"ping"}` is 20 bytes on the wire) would otherwise
  /// be thousands of them, each answered, before the next socket's turn.
  var messageBudget = 0
  /// The most bytes queued for the client before reading stops (and the loop closes with 1008).
  let maxQueuedBytes: Int
  /// Bytes written to the socket so far (progress of a client that reads).
  private(set) var bytesWritten = 0
  /// Set when the server began closing on its own (a policy or protocol violation, a message too
  /// big, a client too slow): input is then read and dropped, so that closing the socket with
  /// input unread does not reset the connection before the client read the close frame.
  var draining = false
  /// Bytes read and dropped while draining.
  private var drainedBytes = 0
  /// Draining read all it may: the socket is no longer read.
  var drainExhausted: Bool { drainedBytes >= Self.maxDrainedBytes }
  /// The most bytes drained after a close the server began: the rest of a message too big,
  /// with room to spare.
  static let maxDrainedBytes = 2 << 20
  /// The client half-closed or closed while the connection was draining.
  private(set) var peerEnded = false
  /// The write half was shut down after the close frame went out.
  var shutDownWrite = false
  /// Whether the client has stopped reading what is queued for it.
  var stall = StallWatch()
  /// The most bytes handed to wslay per read: wslay parses all it has before asking again, so
  /// this bounds the messages delivered after the message budget is spent.
  static let readChunkBytes = 4096
  /// Catches forbidden control frames before wslay does.
  private var scanner = FrameScanner()
  private(set) var context: wslay_event_context_ptr?

  init(
    id: Int, socket: Int32, upgrade: OpaquePointer, session: any GraphQLSocketSession, pendingInput: [UInt8],
    window: SendWindow, maxQueuedBytes: Int
  ) {
    self.id = id
    self.socket = socket
    self.upgrade = upgrade
    self.session = session
    self.pendingInput = pendingInput
    self.window = window
    self.maxQueuedBytes = maxQueuedBytes
  }

  /// Why the client's input broke the protocol in a way wslay would close without a status
  /// code (see `FrameScanner`), if it did.
  var protocolViolation: String? { scanner.violation }

  /// Whether wslay received the client's close frame (the client began the closing handshake).
  var closeReceived: Bool { context.map { wslay_event_get_close_received($0) != 0 } ?? false }
  /// Whether the close frame went out.
  var closeSent: Bool { context.map { wslay_event_get_close_sent($0) != 0 } ?? false }

  /// Creates the wslay server context; false when out of memory.
  func open(maxMessageBytes: Int) -> Bool {
    var callbacks = wslay_event_callbacks()
    callbacks.recv_callback = { context, buffer, length, _, user in
      guard let user, let buffer else { return -1 }
      return Unmanaged<WebSocketConnection>.fromOpaque(user).takeUnretainedValue()
        .read(context, into: buffer, length: length)
    }
    callbacks.send_callback = { context, data, length, _, user in
      guard let user, let data else { return -1 }
      return Unmanaged<WebSocketConnection>.fromOpaque(user).takeUnretainedValue()
        .write(context, data, length: length)
    }
    callbacks.on_msg_recv_callback = { _, argument, user in
      guard let user, let argument else { return }
      let connection = Unmanaged<WebSocketConnection>.fromOpaque(user).takeUnretainedValue()
      connection.messageBudget -= 1
      if cwslay_is_text(argument) != 0 {
        connection.incoming.append(
          .text(Array(UnsafeBufferPointer(start: argument.pointee.msg, count: argument.pointee.msg_length))))
      } else if cwslay_is_close(argument) != 0 {
        connection.incoming.append(.close)
      } else if argument.pointee.opcode == 0x2 {
        connection.incoming.append(.binary)
      }
    }
    // The context holds an unretained pointer: the loop keeps the connection alive until it
    // frees the context.
    guard
      wslay_event_context_server_init(&context, &callbacks, Unmanaged.passUnretained(self).toOpaque()) == 0
    else { return false }
    wslay_event_config_set_max_recv_msg_length(context, UInt64(maxMessageBytes))
    return true
  }

  /// Reads what the socket has, up to `readBudget` bytes; false when the connection is over.
  func receive() -> Bool {
    guard let context, !failed else { return false }
    if draining { return discardInput() }
    return wslay_event_recv(context) == 0 && !failed
  }

  /// Reads and drops up to `readBudget` bytes, and at most `maxDrainedBytes` in all (a client
  /// still flooding after the close is then no longer read: it waits, costing nothing, until
  /// the close deadline); false when the socket failed.
  private func discardInput() -> Bool {
    var scratch = [UInt8](repeating: 0, count: 16 << 10)
    while readBudget > 0, !drainExhausted {
      let count = Glibc.read(socket, &scratch, min(scratch.count, readBudget))
      if count > 0 {
        readBudget -= count
        drainedBytes += count
        continue
      }
      if count == 0 {
        peerEnded = true
      } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
        failed = true
        return false
      }
      break
    }
    return true
  }

  /// Writes what is queued as far as the socket takes it; false when the connection is over.
  func flush() -> Bool {
    guard let context, !failed else { return false }
    return wslay_event_send(context) == 0 && !failed
  }

  /// Queues a text message; false when the connection no longer sends.
  func queue(_ text: [UInt8]) -> Bool {
    guard let context else { return false }
    return text.withUnsafeBufferPointer { cwslay_queue_text(context, $0.baseAddress, $0.count) } == 0
  }

  /// Queues the close frame.
  func queueClose(code: UInt16, reason: String) {
    guard let context else { return }
    let bytes = Array(reason.utf8.prefix(120))
    _ = bytes.withUnsafeBufferPointer { wslay_event_queue_close(context, code, $0.baseAddress, $0.count) }
  }

  var wantsRead: Bool { context.map { wslay_event_want_read($0) != 0 } ?? false }
  var wantsWrite: Bool { context.map { wslay_event_want_write($0) != 0 } ?? false }
  /// Bytes queued and not yet written: what a client that does not read has left unread.
  var queuedBytes: Int { context.map { Int(wslay_event_get_queued_msg_length($0)) } ?? 0 }
  /// Messages queued and not yet written.
  var queuedMessages: Int { context.map { Int(wslay_event_get_queued_msg_count($0)) } ?? 0 }

  /// Frees the wslay context (the loop closes the socket through libmicrohttpd).
  func free() {
    if let context { wslay_event_context_free(context) }
    context = nil
  }

  private func read(
    _ context: wslay_event_context_ptr?, into buffer: UnsafeMutablePointer<UInt8>, length: Int
  ) -> Int {
    // wslay reads until the socket is empty; a flood of pings (each answered with a queued pong)
    // would keep it reading and queueing without end. So stop at the turn's budget, while the
    // output is backed up, and at a forbidden frame.
    guard readBudget > 0, messageBudget > 0, queuedBytes <= maxQueuedBytes, scanner.violation == nil else {
      return cwslay_read_paused(context)
    }
    var ended: Int32 = 0
    defer { if ended != 0 { failed = true } }
    let count = pendingInput.withUnsafeBufferPointer { pending in
      cwslay_socket_read(
        context, socket, buffer, min(length, readBudget, Self.readChunkBytes), pending.baseAddress,
        pending.count,
        &pendingUsed,
        &ended)
    }
    guard count > 0 else { return count }
    readBudget -= count
    let allowed = scanner.scan(UnsafeBufferPointer(start: buffer, count: count))
    return allowed > 0 ? allowed : cwslay_read_paused(context)
  }

  private func write(_ context: wslay_event_context_ptr?, _ data: UnsafePointer<UInt8>, length: Int) -> Int {
    var ended: Int32 = 0
    defer { if ended != 0 { failed = true } }
    let count = cwslay_socket_write(context, socket, data, length, &ended)
    if count > 0 { bytesWritten += count }
    return count
  }
}
