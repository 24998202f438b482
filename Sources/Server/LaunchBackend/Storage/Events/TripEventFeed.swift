import FoundationEssentials
import GraphQL
import GraphQLWire
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
/// Each subscriber has a bounded buffer (a ``SubscriptionStream``) and a cursor in the log. A
/// subscriber whose buffer is full is paused, not dropped: it keeps its cursor, and once it has
/// taken half of what waits the feed reads on from the log for it. So a backlog (after an
/// outage, or a burst faster than a consumer sends) is caught up at the subscriber's own pace,
/// a slow subscriber never slows bookings or the others, and what a subscriber holds in memory
/// is bounded by its buffer whatever the rate. Deciding that a consumer is gone for good (a
/// client that does not read its socket) is the transport's business, not the feed's.
public final class TripEventFeed: Sendable {
  /// Events waiting for a subscriber before the feed pauses it, unless it asks otherwise.
  public static let defaultCapacity = 256
  /// Events read from the log per query.
  static let batchSize = 500

  private let readEvents: @Sendable (_ after: Int, _ limit: Int) throws -> TripEventBatch
  private let lastEventID: @Sendable () throws -> Int
  private let watcher: any CommitWatcher
  /// The feed's thread polls it; `wake()` writes to it.
  private let wakePipe = WakePipe()
  private let nextKey = Atomic<Int>(0)
  private let state = Mutex(State())
  /// Events handed to subscribers, and passes that could not read the log (for the metrics).
  private let deliveredCount = Atomic<Int>(0)
  private let readFailureCount = Atomic<Int>(0)

  private struct State {
    var subscribers: [Int: Subscriber] = [:]
    var threadStarted = false
    var isClosed = false
  }

  private struct Subscriber {
    var cursor: Int
    /// The buffer was full at the last offer: nothing is offered until the consumer asks.
    var paused = false
    /// The consumer asked for more since the feed last took a snapshot (it may have done so
    /// between an offer that found its buffer full and the feed marking it paused).
    var demanded = false
    /// Since when logged events have waited for this subscriber (paused, or the log could not
    /// be read); nil while it has everything the feed read.
    var behindSince: ContinuousClock.Instant?

    /// Records where a delivery pass that began at `passStart` left the subscriber, in one
    /// access to its entry.
    mutating func advance(to cursor: Int, caughtUp: Bool, passStart: ContinuousClock.Instant) {
      self.cursor = cursor
      if caughtUp {
        behindSince = nil
      } else if behindSince == nil {
        behindSince = passStart
      }
    }

    /// Offers one event (transformed) to the subscriber's stream.
    let offer: @Sendable (TripEvent) -> SubscriptionStream<Void>.Source.OfferResult
    let finish: @Sendable () -> Void
  }

  /// - Parameters:
  ///   - watcher: what tells the feed that the log may have grown.
  ///   - readEvents: the store's ``BookingStore/tripEvents(after:limit:)``, with how far the log
  ///     was pruned.
  ///   - lastEventID: the store's ``BookingStore/lastTripEventID()``.
  init(
    watcher: any CommitWatcher, readEvents: @escaping @Sendable (Int, Int) throws -> TripEventBatch,
    lastEventID: @escaping @Sendable () throws -> Int
  ) {
    self.watcher = watcher
    self.readEvents = readEvents
    self.lastEventID = lastEventID
    // Without a pipe (no descriptors left) the feed still works, on the watcher's timing alone.
  }

  /// The events committed after event `id` (or, when `id` is nil, after this call), as they
  /// commit, until the subscriber stops iterating or the feed closes.
  ///
  /// - Parameters:
  ///   - id: the last event the subscriber has seen; older events are replayed from the log
  ///     first. Nil for only what commits from now on.
  ///   - capacity: events waiting for this subscriber before the feed pauses it (default 256).
  /// - Throws: ``BookingStoreError`` when `id` is nil and the newest event id cannot be read.
  public func subscribe(after id: Int? = nil, capacity: Int = defaultCapacity) throws
    -> SubscriptionStream<TripEvent>
  {
    try subscribe(after: id, capacity: capacity) { $0 }
  }

  /// ``subscribe(after:capacity:)`` delivering `transform(event)` instead of each event.
  ///
  /// `transform` runs on the feed's thread, one subscriber after another, as the event is
  /// handed over: so the subscriber needs no task of its own to turn events into what it sends,
  /// and subscribers that would compute the same thing can share it (see
  /// `LaunchBackend.start`'s answers; the feed hands each event to every subscriber before the
  /// next one, so shared answers are computed once per event). Keep it short: it delays the
  /// subscribers after it.
  public func subscribe<Output: Sendable>(
    after id: Int?, capacity: Int, transform: @escaping @Sendable (TripEvent) -> Output
  ) throws -> SubscriptionStream<Output> {
    let cursor = try id ?? lastEventID()
    let key = nextKey.add(1, ordering: .relaxed).newValue
    let (stream, source) = SubscriptionStream<Output>.makeStream(
      capacity: capacity,
      onDemand: { [weak self] in self?.resume(key) },
      onTermination: { [weak self] in self?.state.withLock { _ = $0.subscribers.removeValue(forKey: key) } })
    let offer: @Sendable (TripEvent) -> SubscriptionStream<Void>.Source.OfferResult = { event in
      switch source.offer(transform(event)) {
      case .accepted: .accepted
      case .full: .full
      case .terminated: .terminated
      }
    }
    let (accepted, startThread) = state.withLock { state -> (Bool, Bool) in
      guard !state.isClosed else { return (false, false) }
      state.subscribers[key] = Subscriber(cursor: cursor, offer: offer, finish: { source.finish() })
      defer { state.threadStarted = true }
      return (true, !state.threadStarted)
    }
    guard accepted else {
      source.finish()
      return stream
    }
    if startThread {
      POSIXThread.startDetached { [self] in run() }
    }
    wake()
    return stream
  }

  /// A paused subscriber took half of its buffer: read on from the log for it.
  private func resume(_ key: Int) {
    let wasPaused = state.withLock { state -> Bool in
      guard state.subscribers[key]?.paused == true else {
        state.subscribers[key]?.demanded = true
        return false
      }
      state.subscribers[key]?.paused = false
      return true
    }
    if wasPaused { wake() }
  }

  /// How many subscribers are attached now.
  public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// How long the subscriber furthest behind has had events waiting for it, in seconds: 0 while
  /// every subscriber has been handed all the feed read from the log; it grows while one is
  /// paused (its consumer reads slower than events commit) or while the log cannot be read (the
  /// database is away). The time a commit takes to be noticed (a `NOTIFY`, SQLite's poll) is
  /// not in it.
  public var lagSeconds: Double {
    let now = ContinuousClock.now
    let oldest = state.withLock { state in state.subscribers.values.compactMap(\.behindSince).min() }
    guard let oldest else { return 0 }
    let lag = (now - oldest).components
    return Double(lag.seconds) + Double(lag.attoseconds) / 1e18
  }

  /// Events handed to subscribers since the feed opened (one per subscriber and event).
  public var deliveredEvents: Int { deliveredCount.load(ordering: .relaxed) }

  /// Passes of the feed that could not read the log (the database was away).
  public var readFailures: Int { readFailureCount.load(ordering: .relaxed) }

  /// Tells the feed that this process just committed an event, so it need not wait for the
  /// watcher to notice.
  func wake() { wakePipe.wake() }

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
    }
  }

  // MARK: - The feed's thread

  private func run() {
    var deliveryFailed = false
    while true {
      let subscribed = state.withLock { $0.isClosed ? nil : !$0.subscribers.isEmpty }
      guard let subscribed else { break }
      // After a failed read, look again in a second even if nothing announces a commit.
      let changed = watcher.waitForCommits(
        wake: wakePipe.descriptor, timeout: deliveryFailed ? .seconds(1) : nil, subscribed: subscribed)
      let woken = wakePipe.drain()
      if changed || woken || deliveryFailed { deliveryFailed = !deliver() }
    }
    watcher.close()
  }

  /// Hands every subscriber that is not paused the logged events past its cursor, until it is
  /// caught up or its buffer is full. Each event goes to every subscriber before the next one
  /// (so shared answers are computed once per event); each read starts at the lowest cursor
  /// still wanting events, so a subscriber far behind makes progress on every pass without the
  /// others re-reading what they have. Offers happen outside the lock: a consumer's demand and
  /// termination handlers take it.
  ///
  /// - Returns: false when the log could not be read (the database is away).
  private func deliver() -> Bool {
    let passStart = ContinuousClock.now
    let snapshot = state.withLock { state in
      for key in state.subscribers.keys { state.subscribers[key]?.demanded = false }
      return state.subscribers.filter { !$0.value.paused }.map { ($0.key, $0.value) }
    }
    var cursors = Dictionary(uniqueKeysWithValues: snapshot.map { ($0.0, $0.1.cursor) })
    var wanting = Dictionary(uniqueKeysWithValues: snapshot.map { ($0.0, $0.1.offer) })
    var paused = Set<Int>()
    var gone = Set<Int>()
    var expired = Set<Int>()
    var succeeded = true
    do {
      while let after = wanting.keys.compactMap({ cursors[$0] }).min() {
        let batch = try readEvents(after, Self.batchSize)
        let events = batch.events
        // A subscriber behind a pruning would skip what was pruned: its stream ends instead, and
        // its client, resuming after the last event it got, is told EVENTS_EXPIRED.
        if !events.isEmpty {
          for key in wanting.keys where cursors[key, default: .max] < batch.prunedThrough {
            expired.insert(key)
            gone.insert(key)
            wanting[key] = nil
          }
        }
        for event in events {
          for (key, offer) in wanting where event.id > cursors[key, default: .max] {
            switch offer(event) {
            case .accepted:
              cursors[key] = event.id
              deliveredCount.add(1, ordering: .relaxed)
            case .full:
              paused.insert(key)
              wanting[key] = nil
            case .terminated:
              gone.insert(key)
              wanting[key] = nil
            }
          }
        }
        // A short read reached the end of the log: every subscriber still wanting is caught up.
        guard events.count == Self.batchSize else { break }
      }
    } catch {
      succeeded = false
      readFailureCount.add(1, ordering: .relaxed)
    }
    let askedMeanwhile = state.withLock { state -> Bool in
      for (key, cursor) in cursors where !gone.contains(key) {
        state.subscribers[key]?.advance(
          to: cursor, caughtUp: succeeded && !paused.contains(key), passStart: passStart)
      }
      for key in gone { state.subscribers[key] = nil }
      var askedMeanwhile = false
      for key in paused where state.subscribers[key] != nil {
        // A consumer that asked for more after the offer that found it full is not paused.
        if state.subscribers[key]?.demanded == true {
          askedMeanwhile = true
        } else {
          state.subscribers[key]?.paused = true
        }
      }
      return askedMeanwhile
    }
    if askedMeanwhile { wake() }
    for (key, subscriber) in snapshot where expired.contains(key) { subscriber.finish() }
    return succeeded
  }
}
