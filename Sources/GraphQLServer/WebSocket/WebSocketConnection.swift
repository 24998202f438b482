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
  /// Bytes libmicrohttpd read after the handshake, delivered before the socket's.
  var pendingInput: [UInt8]
  var incoming: [Incoming] = []
  /// Set once the socket failed or reached its end.
  var failed = false
  /// A close to send once the messages queued before it are written: wslay sends control
  /// frames ahead of queued messages, which would drop the last `complete`s.
  var pendingClose: (code: UInt16, reason: String)?
  /// When the closing handshake must be over (set when the server queued its close).
  var closeDeadline: ContinuousClock.Instant?
  /// Whether the loop's epoll watches the socket for writability (it does while wslay has
  /// something to send).
  var watchedForWrite = false
  private(set) var context: wslay_event_context_ptr?

  init(
    id: Int, socket: Int32, upgrade: OpaquePointer, session: any GraphQLSocketSession, pendingInput: [UInt8]
  ) {
    self.id = id
    self.socket = socket
    self.upgrade = upgrade
    self.session = session
    self.pendingInput = pendingInput
  }

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

  /// Reads what the socket has; false when the connection is over.
  func receive() -> Bool {
    guard let context, !failed else { return false }
    return wslay_event_recv(context) == 0 && !failed
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
    return cwslay_socket_read(context, socket, buffer, length, &ended)
  }

  private func write(_ context: wslay_event_context_ptr?, _ data: UnsafePointer<UInt8>, length: Int) -> Int {
    var ended: Int32 = 0
    defer { if ended != 0 { failed = true } }
    return cwslay_socket_write(context, socket, data, length, &ended)
  }
}
