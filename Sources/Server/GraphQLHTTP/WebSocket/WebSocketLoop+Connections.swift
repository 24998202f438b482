import CEventPoll
import Glibc
import HTTPServer
import WebSocket

/// A connection's life on the loop's thread: registered, read a slice at a time, written as the
/// socket allows, closed on purpose or when it ended, and counted.
extension WebSocketLoop {
  func register(_ adoption: Adoption, id: Int) -> WebSocketConnection? {
    let socket = adoption.socket.descriptor
    _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    let now = ContinuousClock.now
    let accepts: @Sendable (String) -> Bool = { [service] in service.accepts(authorization: $0) }
    let session: any GraphQLSocketSession =
      switch adoption.subprotocol {
      case .graphQLTransportWS:
        TransportWSSession(
          authorization: adoption.authorization, accepts: accepts, maxOperations: maxOperationsPerConnection,
          initTimeout: initTimeout, now: now)
      case .graphQLWS:
        LegacyWSSession(
          authorization: adoption.authorization, accepts: accepts, maxOperations: maxOperationsPerConnection,
          initTimeout: initTimeout, keepAlive: keepAlive, now: now)
      }
    guard
      let connection = WebSocketConnection(
        id: id, upgraded: adoption.socket, session: session, window: SendWindow(limit: sendWindowBytes),
        maxMessageBytes: maxMessageBytes, maxQueuedBytes: maxQueuedBytes)
    else {
      adoption.socket.close()
      openCount.subtract(1, ordering: .relaxed)
      return nil
    }
    guard cep_watch(eventPoll, socket, UInt64(id), UInt32(CEP_READABLE), 1) == 0 else {
      connection.framing.free()
      adoption.socket.close()
      openCount.subtract(1, ordering: .relaxed)
      return nil
    }
    connection.service = adoption.service
    return connection
  }

  /// One turn of reading from `connection`: at most a slice, then what it delivered.
  func read(_ connection: WebSocketConnection, serial: inout Int) {
    connection.framing.readBudget = Self.readSliceBytes
    connection.framing.messageBudget = Self.messagesPerTurn
    if !connection.receive() { connection.framing.failed = true }
    handleIncoming(connection, serial: &serial)
    guard !connection.draining, !connection.framing.failed else { return }
    if let violation = connection.framing.protocolViolation {
      beginClose(connection, code: 1002, reason: "protocol error: \(violation)")
    } else if !connection.framing.wantsRead && !connection.framing.closeReceived {
      // wslay began the close itself (a message too big, bad UTF-8): drain the input.
      stopAll(connection)
      connection.draining = true
      connection.closeDeadline = .now + Self.closeTimeout
    }
  }

  /// Closes with `code` ahead of what is queued, stops the operations, and drains the input.
  func beginClose(
    _ connection: WebSocketConnection, code: UInt16, reason: String, timeout: Duration = closeTimeout
  ) {
    stopAll(connection)
    connection.pendingClose = nil
    connection.draining = true
    connection.framing.queueClose(code: code, reason: reason)
    connection.closeDeadline = .now + timeout
  }

  /// Writes what is queued; false when the connection is over.
  func service(_ connection: WebSocketConnection, now: ContinuousClock.Instant) -> Bool {
    if connection.framing.failed { return false }
    if connection.framing.wantsWrite && !connection.framing.flush() { return false }
    if let close = connection.pendingClose, connection.framing.queuedMessages == 0 {
      connection.pendingClose = nil
      connection.framing.queueClose(code: close.code, reason: close.reason)
      if !connection.framing.flush() { return false }
    }
    if let deadline = connection.closeDeadline, now >= deadline { return false }
    if connection.draining {
      if connection.framing.closeSent {
        // The close frame is out: a FIN says nothing follows; drain until the client's end.
        if !connection.shutDownWrite {
          connection.shutDownWrite = true
          _ = shutdown(connection.socket, Int32(SHUT_WR))
        }
        if connection.peerEnded || connection.framing.closeReceived { return false }
      } else if connection.peerEnded && !connection.framing.wantsWrite {
        return false
      }
    } else if connection.framing.queuedBytes > maxQueuedBytes {
      beginClose(connection, code: 1008, reason: "policy violation: the client sends faster than it reads")
      if !connection.framing.flush() { return false }
    } else if isStalled(connection, now: now) {
      beginClose(
        connection, code: 4499, reason: "SUBSCRIBER_TOO_SLOW: the client did not read what was sent",
        timeout: Self.slowCloseTimeout)
      if !connection.framing.flush() { return false }
    } else if !connection.framing.wantsRead && !connection.framing.wantsWrite {
      return false
    }
    // A closing connection is not read until its close frame is out: a flood costs no CPU.
    let unread = connection.draining && (!connection.framing.closeSent || connection.drainExhausted)
    var interest = unread ? 0 : UInt32(CEP_READABLE)
    if connection.framing.wantsWrite { interest |= UInt32(CEP_WRITABLE) }
    if interest != connection.watchedInterest {
      guard cep_watch(eventPoll, connection.socket, UInt64(connection.id), interest, 0) == 0 else {
        return false
      }
      connection.watchedInterest = interest
    }
    return true
  }

  /// Whether bytes have waited for the client, without any being written, for `stallTimeout`.
  func isStalled(_ connection: WebSocketConnection, now: ContinuousClock.Instant) -> Bool {
    connection.stall.isStalled(
      waiting: connection.framing.queuedBytes > 0, progress: connection.framing.bytesWritten, now: now,
      timeout: stallTimeout)
  }

  /// Adds what the connection read and wrote since the last count to the metrics.
  func countBytes(_ connection: WebSocketConnection) {
    guard let metrics else { return }
    let read = connection.framing.bytesRead
    let written = connection.framing.bytesWritten
    metrics.webSocketReceivedBytes.add(read - connection.countedRead)
    metrics.webSocketSentBytes.add(written - connection.countedWritten)
    connection.countedRead = read
    connection.countedWritten = written
  }

  func destroy(_ connection: WebSocketConnection) {
    countBytes(connection)
    connection.window.close()
    stopAll(connection)
    _ = cep_forget(eventPoll, connection.socket)
    connection.framing.free()
    connection.upgraded.close()
    openCount.subtract(1, ordering: .relaxed)
    // A flooding or stalled connection freed a few MiB in small blocks: give the pages back.
    if connection.draining { cep_release_free_memory() }
  }
}
