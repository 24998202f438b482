import CMicroHTTPD
import Glibc
import POSIXThreads
import Synchronization

/// What libmicrohttpd 0.9.75 has no option for:
/// - A head deadline: its timeout is renewed by every byte, so a head sent a byte at a time held
///   a connection for ever. A head gets `headTimeout` in all; then its socket is shut down.
/// - A lingering close: answered before its body was read (413, a framing error), a socket closed
///   while the client sends is reset, which can destroy the answer (RFC 9112 section 9.6). It is
///   duplicated and drained for at most `lingerTime` and `lingerBytes` after libmicrohttpd's close.
/// - Probe-only connections beyond an address's budget (`probeOnlyBeyond`), so a load balancer
///   holding the whole budget can still probe; their head is due within `probeHeadTimeout`.
///
/// State is behind one `Mutex`; a thread of its own does the timing and draining. A socket is
/// shut down only while in the table, which `closed` leaves before libmicrohttpd closes it, so a
/// reused descriptor number is never touched.
final class ConnectionGuard: Sendable {
  private struct Watched {
    var headDeadline: ContinuousClock.Instant?
    var lingers = false
    /// Upgraded or streaming: no head follows, so none is ever due.
    var longLived = false
    /// The client's address, when connections are counted per address.
    var address: String?
    /// Opened beyond the address's budget: only probes are served on it.
    var probeOnly = false
    /// The libmicrohttpd thread that accepted it, which serves it.
    var thread: pthread_t
  }

  private struct Lingering {
    let socket: Int32
    let deadline: ContinuousClock.Instant
    var discarded = 0
  }

  private struct State {
    var watched: [Int32: Watched] = [:]
    var lingering: [Lingering] = []
    var running = false
    var thread: pthread_t?
    /// Sockets shut down because their head was overdue (for tests and the log).
    var headTimeouts = 0
    /// Connections open now that are not long-lived (they hold one of the ordinary slots).
    var ordinary = 0
    /// Connections open now by the libmicrohttpd thread that accepted (and serves) them.
    var perThread: [pthread_t: Int] = [:]
    /// Connections accepted, and closed on accept over the ordinary limit (for the metrics).
    var accepted = 0
    var refused = 0
    /// Open connections by client address, when a per-address budget marks probe-only ones.
    var perAddress: [String: Int] = [:]

    /// Takes a connection that is gone (or whose descriptor number was reused) out of the counts.
    mutating func forget(_ watched: Watched) {
      if !watched.longLived { ordinary -= 1 }
      let held = (perThread[watched.thread] ?? 1) - 1
      perThread[watched.thread] = held > 0 ? held : nil
      if let address = watched.address {
        let count = (perAddress[address] ?? 1) - 1
        perAddress[address] = count > 0 ? count : nil
      }
    }
  }

  let headTimeout: Duration
  let lingerTime: Duration = .seconds(2)
  let lingerBytes: Int
  /// The most sockets lingering at once; beyond it a socket is closed at once.
  let maxLingering = 64
  /// The per-address budget beyond which connections are probe-only (nil: none are).
  let probeOnlyBeyond: Int?
  /// The head deadline of a probe-only connection.
  let probeHeadTimeout: Duration
  private let state = Mutex(State())

  init(headTimeout: Duration, lingerBytes: Int, probeOnlyBeyond: Int? = nil) {
    self.headTimeout = headTimeout
    self.lingerBytes = lingerBytes
    self.probeOnlyBeyond = probeOnlyBeyond
    probeHeadTimeout = min(headTimeout, .seconds(2))
  }

  /// How many connections were cut off because their head did not arrive in time.
  var headTimeouts: Int { state.withLock { $0.headTimeouts } }

  /// Connections open now (ordinary and long-lived) and counted since the start, for the metrics.
  var counts: (ordinary: Int, longLived: Int, accepted: Int, refused: Int, headTimeouts: Int) {
    state.withLock { state in
      (
        state.ordinary, state.watched.count - state.ordinary, state.accepted, state.refused,
        state.headTimeouts
      )
    }
  }

  // MARK: - Events from libmicrohttpd

  /// A connection from `address` was accepted: its first head is due.
  func opened(_ socket: Int32, address: String? = nil) {
    let now = ContinuousClock.now
    state.withLock { state in
      let thread = pthread_self()
      var watched = Watched(headDeadline: now + headTimeout, thread: thread)
      if let budget = probeOnlyBeyond, let address {
        let count = state.perAddress[address, default: 0] + 1
        state.perAddress[address] = count
        watched.address = address
        if count > budget {
          watched.probeOnly = true
          watched.headDeadline = now + probeHeadTimeout
        }
      }
      if let previous = state.watched.updateValue(watched, forKey: socket) { state.forget(previous) }
      state.perThread[thread, default: 0] += 1
      state.ordinary += 1
      state.accepted += 1
    }
  }

  /// Whether the calling libmicrohttpd thread serves at most its share of the open connections
  /// among `threads`, plus one (`InlineBudget`).
  func callerHoldsItsShare(threads: Int) -> Bool {
    let thread = pthread_self()
    let (held, total) = state.withLock { ($0.perThread[thread] ?? 0, $0.watched.count) }
    return Self.isWithinShare(holding: held, of: total, threads: threads)
  }

  static func isWithinShare(holding held: Int, of total: Int, threads: Int) -> Bool {
    held * max(1, threads) <= total + max(1, threads)
  }

  /// Whether the connection was opened beyond its address's budget (it serves probes only).
  func isProbeOnly(_ socket: Int32) -> Bool {
    state.withLock { $0.watched[socket]?.probeOnly == true }
  }

  /// Whether a newly accepted connection may be served: fewer than `limit` ordinary ones are open.
  func admitsOrdinary(limit: Int) -> Bool {
    state.withLock { state in
      guard state.ordinary < limit else {
        state.refused += 1
        return false
      }
      return true
    }
  }

  /// A request head arrived in full.
  func headReceived(_ socket: Int32) {
    state.withLock { $0.watched[socket]?.headDeadline = nil }
  }

  /// A request completed; on a kept-alive connection the next head is due within `headTimeout`.
  func requestCompleted(_ socket: Int32) {
    let now = ContinuousClock.now
    state.withLock { state in
      guard let watched = state.watched[socket], !watched.longLived else { return }
      state.watched[socket]?.headDeadline = now + (watched.probeOnly ? probeHeadTimeout : headTimeout)
    }
  }

  /// The connection was upgraded or streams: it stays in the budgets, but no head is due any more.
  func becameLongLived(_ socket: Int32) {
    state.withLock { state in
      if state.watched[socket]?.longLived == false { state.ordinary -= 1 }
      state.watched[socket]?.longLived = true
      state.watched[socket]?.headDeadline = nil
    }
  }

  /// The server answered before reading the body: drain the socket after libmicrohttpd closes it.
  func lingerAfterClose(_ socket: Int32) {
    state.withLock { $0.watched[socket]?.lingers = true }
  }

  /// libmicrohttpd is about to close the connection's socket.
  func closed(_ socket: Int32) {
    let now = ContinuousClock.now
    state.withLock { state in
      guard let watched = state.watched.removeValue(forKey: socket) else { return }
      state.forget(watched)
      guard watched.lingers, state.running, state.lingering.count < maxLingering else { return }
      let copy = dup(socket)
      guard copy >= 0 else { return }
      _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
      state.lingering.append(Lingering(socket: copy, deadline: now + lingerTime))
    }
  }

  // MARK: - Its thread

  /// Starts the thread that enforces deadlines and drains lingering sockets.
  func start() -> Bool {
    // Running before the thread exists: its loop must not see the flag still false and end.
    state.withLock { $0.running = true }
    guard let thread = POSIXThread.startJoinable({ self.run() }) else {
      state.withLock { $0.running = false }
      return false
    }
    state.withLock { $0.thread = thread }
    return true
  }

  /// Stops the thread (after the daemon stopped) and closes the sockets still lingering.
  func stop() {
    let thread: pthread_t? = state.withLock { state in
      state.running = false
      defer { state.thread = nil }
      return state.thread
    }
    if let thread { pthread_join(thread, nil) }
    let remaining = state.withLock { state in
      defer { state.lingering = [] }
      return state.lingering
    }
    for entry in remaining { close(entry.socket) }
  }

  private func run() {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while state.withLock({ $0.running }) {
      cutOverdueHeads()
      let sockets = state.withLock { $0.lingering.map(\.socket) }
      if sockets.isEmpty {
        usleep(100_000)
        continue
      }
      var polled = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      _ = poll(&polled, nfds_t(polled.count), 100)
      var finished: Set<Int32> = []
      var read: [Int32: Int] = [:]
      for entry in polled where entry.revents != 0 {
        let count = buffer.withUnsafeMutableBytes {
          cmhd_recv_nonblocking(entry.fd, $0.baseAddress, $0.count, 0)
        }
        if count > 0 {
          read[entry.fd] = count
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          finished.insert(entry.fd)
        }
      }
      drain(finished: finished, read: read)
    }
  }

  /// Closes lingering sockets that the client closed, that took too long or sent too much.
  private func drain(finished: Set<Int32>, read: [Int32: Int]) {
    let now = ContinuousClock.now
    let closing: [Int32] = state.withLock { state in
      var closing: [Int32] = []
      state.lingering.removeAll { entry in
        let total = entry.discarded + (read[entry.socket] ?? 0)
        let done = finished.contains(entry.socket) || now >= entry.deadline || total > lingerBytes
        if done { closing.append(entry.socket) }
        return done
      }
      for index in state.lingering.indices {
        state.lingering[index].discarded += read[state.lingering[index].socket] ?? 0
      }
      return closing
    }
    for socket in closing { close(socket) }
  }

  private func cutOverdueHeads() {
    let now = ContinuousClock.now
    state.withLock { state in
      for (socket, watched) in state.watched {
        guard let deadline = watched.headDeadline, deadline <= now else { continue }
        // Under the lock: libmicrohttpd has not closed this descriptor yet (see `closed`).
        shutdown(socket, Int32(SHUT_RDWR))
        state.watched[socket]?.headDeadline = nil
        state.headTimeouts += 1
      }
    }
  }
}
