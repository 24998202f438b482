import Synchronization

/// Fans the `tripsBooked` events of this process's bookings out to subscribers, each through a
/// bounded queue: a subscriber whose queue is full is dropped (its stream finishes), so one that
/// does not read never slows bookings or the others.
final class TripEventHub: Sendable {
  /// Events a subscriber may have waiting before it is dropped.
  let queueLimit: Int
  private let subscribers = Mutex<[Int: AsyncStream<Int>.Continuation]>([:])
  private let nextKey = Atomic<Int>(0)

  init(queueLimit: Int = 256) {
    self.queueLimit = queueLimit
  }

  /// The events published from now on, until the subscriber stops iterating or falls behind.
  func subscribe() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: .bufferingOldest(queueLimit))
    let key = nextKey.add(1, ordering: .relaxed).newValue
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: key) }
    }
    subscribers.withLock { $0[key] = continuation }
    return stream
  }

  /// Hands `delta` to every subscriber; called after the booking committed.
  func publish(_ delta: Int) {
    let current = subscribers.withLock { Array($0) }
    for (key, continuation) in current {
      if case .dropped = continuation.yield(delta) {
        subscribers.withLock { _ = $0.removeValue(forKey: key) }
        continuation.finish()
      }
    }
  }
}
