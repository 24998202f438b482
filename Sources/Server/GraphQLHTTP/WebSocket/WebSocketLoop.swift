import CEventPoll
import Glibc
import GraphQL
import GraphQLWire
import HTTPServer
import POSIXThreads
import Synchronization
import WebSocket

/// Drives upgraded WebSockets on one thread of its own, which sleeps in `epoll_wait(2)`
/// (sockets, plus a pipe that other threads write to when they have news). A server runs one
/// loop per core (`WebSocketLoops`), each with its share of the sockets.
///
/// No socket can hold the loop or its memory: each ready socket is read for at most
/// `readSliceBytes` per turn (then the next one's turn comes), reading stops while what the
/// client has not read backs up past `maxQueuedBytes`, and a client that sends faster than it
/// reads is closed with 1008. Subscriptions' results wait for room in the connection's
/// `SendWindow`, so a client that reads slowly makes its subscriptions fall behind (they catch
/// up from the log) rather than the server buffer for it; one whose queued bytes do not move for
/// `stallTimeout` is closed with 4499 (`SUBSCRIBER_TOO_SLOW`), a code no normal end uses.
///
/// The cost of a wake-up is what is ready, not how many sockets are open: with a thousand
/// subscribers a `poll(2)` over every socket per wake-up (and a wake-up per posted result) made
/// the fan-out of one event quadratic. Posted results wake the thread once until it looks.
///
/// The HTTP server hands an upgraded socket over once the 101 went out (`adopt`); operations run
/// as Swift tasks that call the service and post their results back (`post`); wslay, which is
/// not thread-safe, is only ever called on the loop's thread.
///
/// Thread safety: Sendable; the cross-thread inbox is behind a `Mutex`, the connections belong
/// to the loop thread.
final class WebSocketLoop: Sendable {
  /// A socket the server handed over, not yet registered.
  struct Adoption: Sendable {
    let socket: UpgradedSocket
    let subprotocol: WebSocketSubprotocol
    let authorization: String?
    /// The service as it serves this connection's client (nil: the loop's own).
    var service: (any GraphQLService)? = nil
  }

  /// What an operation's task reports.
  enum OperationEvent: Sendable {
    case emitted([UInt8])
    case answered(GraphQLServiceResult)
    case finished
  }

  private struct Inbox {
    var adoptions: [Adoption] = []
    var events: [(connection: Int, id: String, serial: Int, event: OperationEvent)] = []
    var stopping = false
    var running = false
    /// A wake-up byte is in the pipe that the loop has not answered yet: later posts need none.
    var wakePending = false
  }

  let service: any GraphQLService
  let maxOperationsPerConnection: Int
  let maxMessageBytes: Int
  let initTimeout: Duration
  let keepAlive: Duration
  /// The most bytes queued for a client before reading from it stops and it is closed (1008).
  let maxQueuedBytes: Int
  /// The most bytes of results operations may post and queue ahead of what the client read.
  let sendWindowBytes: Int
  /// How long queued bytes may stay unread before the client is closed as too slow (4499).
  let stallTimeout: Duration
  /// The most bytes read from one socket per turn of the loop.
  static let readSliceBytes = 64 << 10
  /// The most messages one socket delivers per turn of the loop.
  static let messagesPerTurn = 32
  /// How long a close the server began may take before the socket is closed anyway.
  static let closeTimeout: Duration = .seconds(2)
  /// How long a client closed as too slow has to read what was queued before the close frame
  /// (it is not reading: that is why it was closed) before the socket is closed anyway.
  static let slowCloseTimeout: Duration = .seconds(30)
  /// Connections open now (adopted and not yet closed).
  let openCount = Atomic<Int>(0)
  /// Where operations are counted, if anywhere.
  let metrics: GraphQLMetrics?
  private let inbox = Mutex(Inbox())
  /// Other threads write to it when they have news.
  private let wakePipe = WakePipe()
  /// The epoll instance watching the wake pipe (id 0) and every connection's socket (its id).
  private let eventPoll: Int32
  private let finished = Mutex<pthread_t?>(nil)

  init(
    service: any GraphQLService, maxOperationsPerConnection: Int, maxMessageBytes: Int = 1 << 20,
    initTimeout: Duration = .seconds(10), keepAlive: Duration = .seconds(10), maxQueuedBytes: Int = 1 << 20,
    sendWindowBytes: Int = 256 << 10, stallTimeout: Duration = .seconds(30), metrics: GraphQLMetrics? = nil
  ) {
    self.metrics = metrics
    self.service = service
    self.maxOperationsPerConnection = maxOperationsPerConnection
    self.maxMessageBytes = maxMessageBytes
    self.initTimeout = initTimeout
    self.keepAlive = keepAlive
    self.maxQueuedBytes = maxQueuedBytes
    self.sendWindowBytes = sendWindowBytes
    self.stallTimeout = stallTimeout
    eventPoll = cep_create()
    _ = cep_watch(eventPoll, wakePipe.descriptor, 0, UInt32(CEP_READABLE), 1)
  }

  deinit { close(eventPoll) }

  /// Starts the loop's thread; false when it cannot be created.
  func start() -> Bool {
    guard eventPoll >= 0 else { return false }
    inbox.withLock { $0.running = true }
    guard let thread = POSIXThread.startJoinable({ self.run() }) else {
      inbox.withLock { $0.running = false }
      return false
    }
    finished.withLock { $0 = thread }
    return true
  }

  /// Takes over an upgraded socket (from the server's upgrade callback).
  func adopt(_ adoption: Adoption) {
    openCount.add(1, ordering: .relaxed)
    let accepted = inbox.withLock { inbox -> Bool in
      guard inbox.running, !inbox.stopping else { return false }
      inbox.adoptions.append(adoption)
      return true
    }
    guard accepted else {
      adoption.socket.close()
      openCount.subtract(1, ordering: .relaxed)
      return
    }
    wakePipe.wake()
  }

  /// Hands an operation's result to its connection (from the operation's task).
  func post(connection: Int, id: String, serial: Int, _ event: OperationEvent) {
    let needsWake = inbox.withLock { inbox in
      inbox.events.append((connection, id, serial, event))
      defer { inbox.wakePending = true }
      return !inbox.wakePending
    }
    if needsWake { wakePipe.wake() }
  }

  /// Begins to stop: completes every operation, closes every WebSocket with 1001, and ends the
  /// thread once they are closed (or after 2 s); `join` waits for that.
  func requestStop() {
    inbox.withLock { $0.stopping = true }
    wakePipe.wake()
  }

  /// Waits for the thread to end (after `requestStop()`).
  func join() {
    guard let thread = finished.withLock({ $0 }) else { return }
    pthread_join(thread, nil)
    finished.withLock { $0 = nil }
  }

  // MARK: - The loop thread

  private func run() {
    var connections: [Int: WebSocketConnection] = [:]
    var nextID = 0
    var nextSerial = 0
    var stopDeadline: ContinuousClock.Instant?
    var lastTick = ContinuousClock.now
    let capacity = 256
    var readyIDs = [UInt64](repeating: 0, count: capacity)
    var readiness = [UInt32](repeating: 0, count: capacity)
    while true {
      let timeout: Int32 = connections.isEmpty && stopDeadline == nil ? -1 : 250
      let count = cep_wait(eventPoll, &readyIDs, &readiness, Int32(capacity), timeout)
      var touched: Set<Int> = []
      for index in 0..<max(0, Int(count)) {
        guard readyIDs[index] != 0 else {
          wakePipe.drain()
          continue
        }
        guard let connection = connections[Int(readyIDs[index])] else { continue }
        touched.insert(connection.id)
        if readiness[index] & UInt32(CEP_READABLE | CEP_ENDED) != 0 {
          read(connection, serial: &nextSerial)
        }
      }
      let (adoptions, posted, stopping) = inbox.withLock { inbox in
        defer {
          inbox.adoptions = []
          inbox.events = []
          inbox.wakePending = false
        }
        return (inbox.adoptions, inbox.events, inbox.stopping)
      }
      for adoption in adoptions {
        nextID += 1
        guard let connection = register(adoption, id: nextID) else { continue }
        connections[connection.id] = connection
        touched.insert(connection.id)
        // Bytes that came with the handshake are read now.
        if connection.framing.hasPendingInput { read(connection, serial: &nextSerial) }
      }
      for item in posted {
        if case .emitted(let result) = item.event {
          connections[item.connection]?.window.taken(result.count)
        }
        guard let connection = connections[item.connection],
          connection.operations[item.id]?.serial == item.serial
        else { continue }
        touched.insert(connection.id)
        let actions: [SocketSessionAction]
        switch item.event {
        case .emitted(let result): actions = connection.session.emitted(id: item.id, result: result)
        case .answered(let result):
          connection.operations[item.id] = nil
          actions = connection.session.answered(id: item.id, result: result)
        case .finished:
          connection.operations[item.id] = nil
          actions = connection.session.finished(id: item.id)
        }
        perform(actions, on: connection, serial: &nextSerial)
      }
      let now = ContinuousClock.now
      if stopping && stopDeadline == nil {
        stopDeadline = now + .seconds(2)
        for connection in connections.values {
          touched.insert(connection.id)
          perform(connection.session.goingAway(), on: connection, serial: &nextSerial)
        }
      }
      if now - lastTick >= .milliseconds(250) {
        lastTick = now
        for connection in connections.values {
          let actions = connection.session.tick(now: now)
          if !actions.isEmpty || connection.closeDeadline != nil || connection.framing.queuedBytes > 0 {
            touched.insert(connection.id)
            perform(actions, on: connection, serial: &nextSerial)
          }
        }
      }
      for id in touched {
        guard let connection = connections[id] else { continue }
        if !service(connection, now: now) {
          destroy(connection)
          connections[id] = nil
        } else {
          connection.window.update(queued: connection.framing.queuedBytes)
          countBytes(connection)
        }
      }
      if let stopDeadline, connections.isEmpty || now >= stopDeadline {
        for connection in connections.values { destroy(connection) }
        inbox.withLock { $0.running = false }
        // Sockets handed over while stopping are closed at once.
        let late = inbox.withLock { inbox in
          defer { inbox.adoptions = [] }
          return inbox.adoptions
        }
        for adoption in late {
          adoption.socket.close()
          openCount.subtract(1, ordering: .relaxed)
        }
        return
      }
    }
  }

  /// One turn of reading from `connection`: at most a slice, then what it delivered.
  private func read(_ connection: WebSocketConnection, serial: inout Int) {
    connection.framing.readBudget = Self.readSliceBytes
    connection.framing.messageBudget = Self.messagesPerTurn
    if !connection.receive() { connection.framing.failed = true }
    handleIncoming(connection, serial: &serial)
    guard !connection.draining, !connection.framing.failed else { return }
    if let violation = connection.framing.protocolViolation {
      beginClose(connection, code: 1002, reason: "protocol error: \(violation)")
    } else if !connection.framing.wantsRead && !connection.framing.closeReceived {
      // wslay began the close itself (a message too big, text that is not UTF-8): input is
      // drained until the client has the close frame.
      stopAll(connection)
      connection.draining = true
      connection.closeDeadline = .now + Self.closeTimeout
    }
  }

  /// Closes with `code` ahead of whatever is queued (wslay sends control frames before queued
  /// messages), stops the operations, and drains the input until the client closes too.
  private func beginClose(
    _ connection: WebSocketConnection, code: UInt16, reason: String, timeout: Duration = closeTimeout
  ) {
    stopAll(connection)
    connection.pendingClose = nil
    connection.draining = true
    connection.framing.queueClose(code: code, reason: reason)
    connection.closeDeadline = .now + timeout
  }

  private func register(_ adoption: Adoption, id: Int) -> WebSocketConnection? {
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

  private func handleIncoming(_ connection: WebSocketConnection, serial: inout Int) {
    let incoming = connection.framing.incoming
    connection.framing.incoming = []
    for message in incoming {
      switch message {
      case .text(let text): perform(connection.session.received(text), on: connection, serial: &serial)
      case .binary: perform(connection.session.receivedBinary(), on: connection, serial: &serial)
      case .close:
        // wslay answers the close itself; the operations end with the connection.
        stopAll(connection)
      }
    }
  }

  private func perform(
    _ actions: [SocketSessionAction], on connection: WebSocketConnection, serial: inout Int
  ) {
    for action in actions {
      switch action {
      case .send(let text):
        if !connection.framing.queue(text) { stopAll(connection) }
      case .start(let id, let request):
        serial += 1
        connection.operations[id] = WebSocketConnection.Operation(
          serial: serial, task: startOperation(request, connection: connection, id: id, serial: serial))
      case .stop(let id):
        connection.operations.removeValue(forKey: id)?.task.cancel()
      case .close(let code, let reason):
        stopAll(connection)
        connection.pendingClose = (code, reason)
        connection.closeDeadline = .now + .seconds(2)
      }
    }
  }

  private func startOperation(
    _ request: GraphQLRequest, connection: WebSocketConnection, id: String, serial: Int
  )
    -> Task<Void, Never>
  {
    let authorization = connection.session.authorization
    let connectionID = connection.id
    let window = connection.window
    let service = connection.service ?? service
    return Task { [metrics] in
      let started = ContinuousClock.now
      // A query or mutation with `@defer`/`@stream`: each payload one `next` message.
      if IncrementalStreamFormat.mayDefer(request),
        let payloads = service.startIncremental(
          request, authorization: authorization, format: .incrementalSpecV0_2)
      {
        metrics?.record(
          .ok, operationName: request.operationName, transport: .websocket, duration: .now - started)
        for await payload in payloads {
          guard await window.reserve(payload.body.count) else { return }
          post(connection: connectionID, id: id, serial: serial, .emitted(payload.body))
        }
        if !Task.isCancelled { post(connection: connectionID, id: id, serial: serial, .finished) }
        return
      }
      switch service.start(request, authorization: authorization) {
      case .single(let result):
        metrics?.record(
          result, operationName: result.operationName ?? request.operationName, transport: .websocket,
          duration: .now - started)
        post(connection: connectionID, id: id, serial: serial, .answered(result))
      case .stream(let results):
        metrics?.record(
          .ok, operationName: request.operationName, transport: .websocket, duration: .now - started)
        metrics?.subscriptions.add(1)
        defer { metrics?.subscriptions.add(-1) }
        for await result in results {
          // Pull the next result only once the client has read enough of the previous ones.
          guard await window.reserve(result.body.count) else { return }
          post(connection: connectionID, id: id, serial: serial, .emitted(result.body))
        }
        if !Task.isCancelled { post(connection: connectionID, id: id, serial: serial, .finished) }
      }
    }
  }

  private func stopAll(_ connection: WebSocketConnection) {
    for operation in connection.operations.values { operation.task.cancel() }
    connection.operations = [:]
  }

  /// Writes what is queued; false when the connection is over.
  private func service(_ connection: WebSocketConnection, now: ContinuousClock.Instant) -> Bool {
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
        // The close frame is out: a FIN after it tells the client that nothing follows, and the
        // input is drained until its own close or end arrives.
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
    // A connection the server is closing is not read until its close frame is out: a client
    // that floods without reading costs no CPU while it waits for its deadline, and one that
    // reads gets the close frame, then has its remaining input drained.
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
  private func isStalled(_ connection: WebSocketConnection, now: ContinuousClock.Instant) -> Bool {
    connection.stall.isStalled(
      waiting: connection.framing.queuedBytes > 0, progress: connection.framing.bytesWritten, now: now,
      timeout: stallTimeout)
  }

  /// Adds what the connection read and wrote since the last count to the metrics.
  private func countBytes(_ connection: WebSocketConnection) {
    guard let metrics else { return }
    let read = connection.framing.bytesRead
    let written = connection.framing.bytesWritten
    metrics.webSocketReceivedBytes.add(read - connection.countedRead)
    metrics.webSocketSentBytes.add(written - connection.countedWritten)
    connection.countedRead = read
    connection.countedWritten = written
  }

  private func destroy(_ connection: WebSocketConnection) {
    countBytes(connection)
    connection.window.close()
    stopAll(connection)
    _ = cep_forget(eventPoll, connection.socket)
    connection.framing.free()
    connection.upgraded.close()
    openCount.subtract(1, ordering: .relaxed)
    // A connection closed for flooding or not reading freed up to a few MiB in many small
    // blocks: give the pages back to the system rather than keep them in malloc's free lists.
    if connection.draining { cep_release_free_memory() }
  }
}
