import CEventPoll
import Glibc
import GraphQL
import GraphQLWire
import HTTPServer
import POSIXThreads
import Synchronization
import WebSocket

/// Drives upgraded WebSockets on a thread of its own that sleeps in `epoll_wait(2)` (so a wake-up
/// costs what is ready, not what is open), one loop per core (`WebSocketLoops`). Sockets come in
/// by `adopt`; operations run as tasks that `post` results back; wslay is only called here.
///
/// No socket can hold the loop or its memory: each is read for at most `readSliceBytes` a turn,
/// reading stops while `maxQueuedBytes` wait for the client (one that floods is closed 1008),
/// results wait for room in the `SendWindow`, and a client whose queued bytes do not move for
/// `stallTimeout` is closed 4499 (`SUBSCRIBER_TOO_SLOW`).
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
    case answered(GraphQLResponse)
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
  let maxMessageBytes = 1 << 20
  /// How long `connection_init` may take, and the legacy protocol's keep-alive interval.
  let initTimeout: Duration = .seconds(10)
  let keepAlive: Duration = .seconds(10)
  /// The most bytes queued for a client before reading from it stops and it is closed (1008).
  let maxQueuedBytes = 1 << 20
  /// The most bytes of results operations may post and queue ahead of what the client read.
  let sendWindowBytes = 256 << 10
  /// How long queued bytes may stay unread before the client is closed as too slow (4499).
  let stallTimeout: Duration
  /// The most bytes read from one socket per turn of the loop.
  static let readSliceBytes = 64 << 10
  /// The most messages one socket delivers per turn of the loop.
  static let messagesPerTurn = 32
  /// How long a close the server began may take before the socket is closed anyway.
  static let closeTimeout: Duration = .seconds(2)
  /// How long a client closed as too slow may take to read up to the close frame.
  static let slowCloseTimeout: Duration = .seconds(30)
  /// Connections open now (adopted and not yet closed).
  let openCount = Atomic<Int>(0)
  /// Where operations are counted, if anywhere.
  let metrics: GraphQLMetrics?
  private let inbox = Mutex(Inbox())
  /// Other threads write to it when they have news.
  private let wakePipe = WakePipe()
  /// The epoll instance watching the wake pipe (id 0) and every connection's socket (its id).
  let eventPoll: Int32
  private let finished = Mutex<pthread_t?>(nil)

  init(
    service: any GraphQLService, maxOperationsPerConnection: Int, stallTimeout: Duration,
    metrics: GraphQLMetrics?
  ) {
    self.metrics = metrics
    self.service = service
    self.maxOperationsPerConnection = maxOperationsPerConnection
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

  /// Begins to stop: completes every operation, closes every WebSocket 1001, and ends the thread
  /// once they are closed (or after 2 s).
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
}
