import CCrypto
import CWslay
import Glibc

/// One WebSocket's framing (RFC 6455) over a non-blocking socket, for either end: the one glue
/// between wslay (framing, masking, pings, the closing handshake) and the socket. Not Sendable:
/// only the thread that drives it calls it (wslay's callbacks run inside `receive` and `flush`).
package final class WebSocketFraming {
  /// Which end of the connection this is: a client masks what it sends.
  package enum Role {
    case server, client
  }

  /// What a read from the socket delivered, in order.
  package enum Incoming: Equatable {
    case text([UInt8])
    case binary
    case close
  }

  package let socket: Int32
  /// The TLS session the bytes go through, or nil for the socket itself.
  package let stream: (any WebSocketByteStream)?
  private let role: Role
  /// Bytes read with the handshake, delivered before the socket's (`pendingUsed` of them so far).
  private let pendingInput: [UInt8]
  private var pendingUsed = 0
  /// Messages received and not yet taken.
  package var incoming: [Incoming] = []
  /// Set once the socket failed or reached its end.
  package var failed = false
  /// Bytes written to the socket so far (progress of a peer that reads).
  package private(set) var bytesWritten = 0
  /// The writes made so far: one per frame while the socket takes what it is given.
  package private(set) var writeCalls = 0
  /// Bytes read from the socket (and the handshake's leftovers) so far.
  package private(set) var bytesRead = 0
  /// Input bytes that may still be read before the owner's next turn; reading pauses at 0.
  package var readBudget = Int.max
  /// Ping and pong frames received so far (wslay answers pings itself).
  package private(set) var controlFramesReceived = 0
  /// Messages (control frames included) that may still be delivered before the owner's next turn.
  package var messageBudget = Int.max
  /// Reading pauses while more than this is queued for the peer.
  private let maxQueuedBytes: Int
  /// The most bytes handed to wslay per read, which bounds the messages past the budget.
  private let readChunkBytes: Int
  /// A frame's header, held to go with its payload in one write (alone, it is a segment).
  private var heldHeader: [UInt8] = []
  /// On a server, catches the control frames a client may not send before wslay does.
  private var scanner = FrameScanner()
  private var context: wslay_event_context_ptr?

  /// Why wslay cannot be used (the library is opened on first use), or nil when it can.
  package static var libraryError: String? { cwslay_open_error().map { String(cString: $0) } }

  /// Sets up wslay over `socket` (or `stream`, TLS), reading `pendingInput` first; nil when out
  /// of memory. A message over `maxMessageBytes` closes with 1009.
  package init?(
    role: Role, socket: Int32, stream: (any WebSocketByteStream)? = nil, pendingInput: [UInt8],
    maxMessageBytes: Int, maxQueuedBytes: Int = .max, readChunkBytes: Int = .max
  ) {
    self.role = role
    self.socket = socket
    self.stream = stream
    self.pendingInput = pendingInput
    self.maxQueuedBytes = maxQueuedBytes
    self.readChunkBytes = readChunkBytes
    var callbacks = wslay_event_callbacks()
    callbacks.recv_callback = { context, buffer, length, _, user in
      guard let user, let buffer else { return -1 }
      return Unmanaged<WebSocketFraming>.fromOpaque(user).takeUnretainedValue()
        .read(context, into: buffer, length: length)
    }
    callbacks.send_callback = { context, data, length, flags, user in
      guard let user, let data else { return -1 }
      return Unmanaged<WebSocketFraming>.fromOpaque(user).takeUnretainedValue()
        .write(context, data, length: length, moreFollows: cwslay_more_follows(flags) != 0)
    }
    callbacks.genmask_callback = { _, buffer, length, _ in
      guard let buffer else { return -1 }
      return ccrypto_random_bytes(buffer, Int32(clamping: length)) == 1 ? 0 : -1
    }
    callbacks.on_msg_recv_callback = { _, argument, user in
      guard let user, let argument else { return }
      let framing = Unmanaged<WebSocketFraming>.fromOpaque(user).takeUnretainedValue()
      framing.messageBudget -= 1
      if cwslay_is_text(argument) != 0 {
        framing.incoming.append(
          .text(Array(UnsafeBufferPointer(start: argument.pointee.msg, count: argument.pointee.msg_length))))
      } else if cwslay_is_close(argument) != 0 {
        framing.incoming.append(.close)
      } else if argument.pointee.opcode == 0x2 {
        framing.incoming.append(.binary)
      } else if argument.pointee.opcode == 0x9 || argument.pointee.opcode == 0xA {
        framing.controlFramesReceived += 1
      }
    }
    // Unretained: the context is freed (`free`, or `deinit`) before this object goes.
    let user = Unmanaged.passUnretained(self).toOpaque()
    let created =
      switch role {
      case .server: wslay_event_context_server_init(&context, &callbacks, user)
      case .client: wslay_event_context_client_init(&context, &callbacks, user)
      }
    guard created == 0, let context else { return nil }
    wslay_event_config_set_max_recv_msg_length(context, UInt64(maxMessageBytes))
    // Each small frame is awaited: under Nagle (which libmicrohttpd leaves on) one sent while
    // the previous is unacknowledged waits for the peer's delayed ACK (~40 ms).
    _ = cwslay_set_nodelay(socket)
  }

  deinit { free() }

  /// Whether bytes that came with the handshake, or that the stream holds, wait to be read.
  package var hasPendingInput: Bool { pendingUsed < pendingInput.count || stream?.hasBufferedInput == true }

  /// The `poll(2)` events to wait for on the socket: what wslay wants, as the stream needs it.
  package var pollEvents: Int16 {
    let input = Int16(POLLIN)
    let output = Int16(POLLOUT)
    var events: Int16 = 0
    if wantsRead { events |= stream?.readWaitsForWritable == true ? output : input }
    if wantsWrite { events |= stream?.writeWaitsForReadable == true ? input : output }
    return events
  }
  /// How the peer broke the protocol where wslay would close without a status (`FrameScanner`).
  package var protocolViolation: String? { scanner.violation }
  /// Whether wslay received the peer's close frame.
  package var closeReceived: Bool { context.map { wslay_event_get_close_received($0) != 0 } ?? false }
  /// Whether the close frame went out.
  package var closeSent: Bool { context.map { wslay_event_get_close_sent($0) != 0 } ?? false }
  /// The status code of the peer's close frame, once received.
  package var closeCodeReceived: UInt16? {
    closeReceived ? context.map { wslay_event_get_status_code_received($0) } : nil
  }
  package var wantsRead: Bool { context.map { wslay_event_want_read($0) != 0 } ?? false }
  package var wantsWrite: Bool { context.map { wslay_event_want_write($0) != 0 } ?? false }
  /// Bytes queued and not yet written: what a peer that does not read has left unread.
  package var queuedBytes: Int { context.map { Int(wslay_event_get_queued_msg_length($0)) } ?? 0 }
  /// Messages queued and not yet written.
  package var queuedMessages: Int { context.map { Int(wslay_event_get_queued_msg_count($0)) } ?? 0 }

  /// Reads what the socket has, within the budgets; false when the connection is over.
  package func receive() -> Bool {
    guard let context, !failed else { return false }
    return wslay_event_recv(context) == 0 && !failed
  }

  /// Writes what is queued as far as the socket takes it; false when the connection is over.
  package func flush() -> Bool {
    guard let context, !failed else { return false }
    return wslay_event_send(context) == 0 && !failed
  }

  /// Queues a text message; false when the connection no longer sends.
  package func queue(_ text: [UInt8]) -> Bool {
    guard let context else { return false }
    return text.withUnsafeBufferPointer { cwslay_queue_text(context, $0.baseAddress, $0.count) } == 0
  }

  /// Queues the close frame (ahead of queued messages: wslay sends control frames first).
  package func queueClose(code: UInt16, reason: String = "") {
    guard let context else { return }
    let bytes = Array(reason.utf8.prefix(120))
    _ = bytes.withUnsafeBufferPointer { wslay_event_queue_close(context, code, $0.baseAddress, $0.count) }
  }

  /// Frees wslay's context (the owner closes the socket).
  package func free() {
    if let context { wslay_event_context_free(context) }
    context = nil
  }

  /// `send(2)` of `bytes` without SIGPIPE, blocking as the socket is set; what `send` returns.
  package static func send(_ bytes: UnsafeRawBufferPointer, to socket: Int32) -> Int {
    cwslay_send_nosignal(socket, bytes.baseAddress, bytes.count)
  }

  private func read(
    _ context: wslay_event_context_ptr?, into buffer: UnsafeMutablePointer<UInt8>, length: Int
  ) -> Int {
    // wslay reads until the socket is empty, and a flood of pings would queue pongs without end:
    // stop at the turn's budgets, while the output is backed up, and at a forbidden frame.
    guard readBudget > 0, messageBudget > 0, queuedBytes <= maxQueuedBytes, scanner.violation == nil else {
      return cwslay_read_paused(context)
    }
    if let stream, pendingUsed >= pendingInput.count {
      return streamRead(stream, context, into: buffer, length: min(length, readBudget, readChunkBytes))
    }
    var ended: Int32 = 0
    defer { if ended != 0 { failed = true } }
    let count = pendingInput.withUnsafeBufferPointer { pending in
      cwslay_socket_read(
        context, socket, buffer, min(length, readBudget, readChunkBytes), pending.baseAddress, pending.count,
        &pendingUsed, &ended)
    }
    return count > 0 ? scanned(context, buffer, count: count) : count
  }

  /// `count` bytes were read into `buffer`: counted, and on a server scanned (`FrameScanner`).
  private func scanned(_ context: wslay_event_context_ptr?, _ buffer: UnsafeMutablePointer<UInt8>, count: Int)
    -> Int
  {
    bytesRead += count
    readBudget -= count
    guard role == .server else { return count }
    let allowed = scanner.scan(UnsafeBufferPointer(start: buffer, count: count))
    return allowed > 0 ? allowed : cwslay_read_paused(context)
  }

  /// A read through the stream, told to wslay as `cwslay_socket_read` tells a socket's.
  private func streamRead(
    _ stream: any WebSocketByteStream, _ context: wslay_event_context_ptr?,
    into buffer: UnsafeMutablePointer<UInt8>, length: Int
  ) -> Int {
    switch stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length)) {
    case .done(let count):
      return scanned(context, buffer, count: count)
    case .wouldBlock:
      return cwslay_would_block(context)
    case .ended:
      failed = true
      return cwslay_fail(context)
    }
  }

  /// wslay's send callback: a header is held until its payload comes, then both go in one write;
  /// what the socket did not take of the header stays held, and the payload waits.
  private func write(
    _ context: wslay_event_context_ptr?, _ data: UnsafePointer<UInt8>, length: Int, moreFollows: Bool
  ) -> Int {
    if moreFollows {
      heldHeader.append(contentsOf: UnsafeBufferPointer(start: data, count: length))
      return length
    }
    let held = heldHeader.count
    writeCalls += 1
    let count: Int
    if let stream {
      count = streamWrite(stream, context, data, length: length)
    } else {
      var ended: Int32 = 0
      count = heldHeader.withUnsafeBufferPointer { header in
        cwslay_socket_write_gathered(context, socket, header.baseAddress, header.count, data, length, &ended)
      }
      if ended != 0 { failed = true }
    }
    guard count > 0 else { return count }
    bytesWritten += count
    guard held > 0 else { return count }
    if count < held {
      heldHeader.removeFirst(count)
      return cwslay_would_block(context)
    }
    heldHeader = []
    return count > held ? count - held : cwslay_would_block(context)
  }

  /// A write of the held header and `data` through the stream, as one buffer (one TLS record).
  private func streamWrite(
    _ stream: any WebSocketByteStream, _ context: wslay_event_context_ptr?, _ data: UnsafePointer<UInt8>,
    length: Int
  ) -> Int {
    let result: WebSocketByteStreamResult
    if heldHeader.isEmpty {
      result = stream.write(UnsafeRawBufferPointer(start: data, count: length))
    } else {
      let gathered = heldHeader + UnsafeBufferPointer(start: data, count: length)
      result = gathered.withUnsafeBytes { stream.write($0) }
    }
    switch result {
    case .done(let count):
      return count
    case .wouldBlock:
      return cwslay_would_block(context)
    case .ended:
      failed = true
      return cwslay_fail(context)
    }
  }
}
