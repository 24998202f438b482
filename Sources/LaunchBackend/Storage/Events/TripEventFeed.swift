import FoundationEssentials
import GraphQL
import POSIXThreads
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Delivers the `tripsBooked` event log live to any number of subscribers in this process.
///
/// The log in the database is the truth; the feed only follows it. One thread per feed waits on
/// a ``CommitWatcher`` (PostgreSQL `LISTEN`, or SQLite's `data_version`), reads the events each
/// subscriber has not seen yet from the log, in id order, and hands them over. So a subscriber
/// sees exactly the committed events, in commit order, whichever process committed them, and
/// after the database was away (the watcher then reports a possible miss) it gets what it missed.
///
/// Each subscriber has a bounded queue: one that does not read is dropped (its stream finishes)
/// once the queue is full, and never slows bookings or the other subscribers.
public final class TripEventFeed: Sendable {
  /// Events a subscriber may have queued before it is dropped, unless it asks otherwise.
  public static let defaultQueueLimit = 256
  /// Events read from the log per query.
  static let batchSize = 500

  private let readEvents: @Sendable (_ after: Int, _ limit: Int) throws -> [TripEvent]
  private let lastEventID: @Sendable () throws -> Int
  private let watcher: any CommitWatcher
  /// A pipe: the feed's thread polls `wakeDescriptor`, `wake()` writes a byte to the other end.
  private let wakeDescriptor: Int32
  private let wakeWriteDescriptor: Int32
  private let nextKey = Atomic<Int>(0)
  private let state = Mutex(State())

  private struct State {
    var subscribers: [Int: Subscriber] = [:]
    var threadStarted = false
    var isClosed = false
  }

  private struct Subscriber {
    var cursor: Int
    /// Hands one event over; false when the subscriber's queue is full or it went away.
    let deliver: @Sendable (TripEvent) -> Bool
    let finish: @Sendable () -> Void
  }

  /// - Parameters:
  ///   - watcher: what tells the feed that the log may have grown.
  ///   - readEvents: the store's ``BookingStore/tripEvents(after:limit:)``.
  ///   - lastEventID: the store's ``BookingStore/lastTripEventID()``.
  init(
    watcher: any CommitWatcher, readEvents: @escaping @Sendable (Int, Int) throws -> [TripEvent],
    lastEventID: @escaping @Sendable () throws -> Int
  ) {
    self.watcher = watcher
    self.readEvents = readEvents
    self.lastEventID = lastEventID
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    // Without a pipe (no descriptors left) the feed still works, on the watcher's timing alone.
    wakeDescriptor = ends[0]
    wakeWriteDescriptor = ends[1]
  }

  /// The events committed after event `id` (or, when `id` is nil, after this call), as they
  /// commit, until the subscriber stops iterating, falls `queueLimit` events behind, or the feed
  /// closes.
  ///
  /// - Parameters:
  ///   - id: the last event the subscriber has seen; older events are replayed from the log
  ///     first. Nil for only what commits from now on.
  ///   - queueLimit: events queued for this subscriber before it is dropped (default 256).
  /// - Throws: ``BookingStoreError`` when `id` is nil and the newest event id cannot be read.
  public func subscribe(after id: Int? = nil, queueLimit: Int = defaultQueueLimit) throws
    -> AsyncStream<TripEvent>
  {
    try subscribe(after: id, queueLimit: queueLimit) { $0 }
  }

  /// ``subscribe(after:queueLimit:)`` delivering `transform(event)` instead of each event.
  ///
  /// `transform` runs on the feed's thread, one subscriber after another, as the event is
  /// handed over: so the subscriber needs no task of its own to turn events into what it sends,
  /// and subscribers that would compute the same thing can share it (see
  /// `LaunchBackend.start`'s answers). Keep it short: it delays the subscribers after it.
  public func subscribe<Output: Sendable>(
    after id: Int?, queueLimit: Int, transform: @escaping @Sendable (TripEvent) -> Output
  ) throws -> AsyncStream<Output> {
    let cursor = try id ?? lastEventID()
    let (stream, continuation) = AsyncStream.makeStream(
      of: Output.self, bufferingPolicy: .bufferingOldest(max(1, queueLimit)))
    let key = nextKey.add(1, ordering: .relaxed).newValue
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) }
    }
    let (accepted, startThread) = state.withLock { state -> (Bool, Bool) in
      guard !state.isClosed else { return (false, false) }
      state.subscribers[key] = Subscriber(
        cursor: cursor,
        deliver: { event in
          if case .enqueued = continuation.yield(transform(event)) { return true }
          return false
        },
        finish: { continuation.finish() })
      defer { state.threadStarted = true }
      return (true, !state.threadStarted)
    }
    guard accepted else {
      continuation.finish()
      return stream
    }
    if startThread {
      POSIXThread.startDetached { [self] in run() }
    }
    wake()
    return stream
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Tells the feed that this process just committed an event, so it need not wait for the
  /// watcher to notice.
  func wake() {
    var byte: UInt8 = 1
    // A full pipe already holds a wake-up, so a failed write loses nothing.
    _ = Glibc.write(wakeWriteDescriptor, &byte, 1)
  }

  /// Finishes every subscriber's stream and stops the feed's thread.
  func close() {
    let (subscribers, threadStarted) = state.withLock { state in
      state.isClosed = true
      defer { state.subscribers.removeAll() }
      return (Array(state.subscribers.values), state.threadStarted)
    }
    subscribers.forEach { $0.finish() }
    if threadStarted {
      wake()
    } else {
      watcher.close()
      closeWakePipe()
    }
  }

  private func closeWakePipe() {
    Glibc.close(wakeDescriptor)
    Glibc.close(wakeWriteDescriptor)
  }

  // MARK: - The feed's thread

  private func run() {
    var deliveryFailed = false
    while true {
      let subscribed = state.withLock { $0.isClosed ? nil : !$0.subscribers.isEmpty }
      guard let subscribed else { break }
      // After a failed read, look again in a second even if nothing announces a commit.
      let changed = watcher.waitForCommits(
        wake: wakeDescriptor, timeout: deliveryFailed ? .seconds(1) : nil, subscribed: subscribed)
      let woken = drainWake()
      if changed || woken || deliveryFailed { deliveryFailed = !deliver() }
    }
    watcher.close()
    closeWakePipe()
  }

  /// Whether `wake()` was called since the last look.
  private func drainWake() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    var woken = false
    while Glibc.read(wakeDescriptor, &buffer, buffer.count) > 0 { woken = true }
    return woken
  }

  /// Hands every subscriber the logged events past its cursor. Yields happen outside the lock:
  /// finishing a stream runs its termination handler, which takes the lock.
  ///
  /// - Returns: false when the log could not be read (the database is away).
  private func deliver() -> Bool {
    let snapshot = state.withLock { state in state.subscribers.map { ($0.key, $0.value) } }
    guard let oldest = snapshot.map(\.1.cursor).min() else { return true }
    var cursors = Dictionary(uniqueKeysWithValues: snapshot.map { ($0.0, $0.1.cursor) })
    var dropped = Set<Int>()
    var succeeded = true
    var after = oldest
    do {
      while true {
        let events = try readEvents(after, Self.batchSize)
        for (key, subscriber) in snapshot where !dropped.contains(key) {
          for event in events where event.id > cursors[key, default: 0] {
            if subscriber.deliver(event) {
              cursors[key] = event.id
            } else {
              // A full queue (or a subscriber that went away): drop it.
              dropped.insert(key)
              subscriber.finish()
              break
            }
          }
        }
        guard events.count == Self.batchSize, let last = events.last else { break }
        after = last.id
      }
    } catch {
      succeeded = false
    }
    state.withLock { state in
      for (key, cursor) in cursors where !dropped.contains(key) { state.subscribers[key]?.cursor = cursor }
      for key in dropped { state.subscribers[key] = nil }
    }
    return succeeded
  }
}
