import FoundationEssentials
import Synchronization

/// The sessions this store has recently created or found in its database, by token digest, so
/// a client that sends the same token with every request costs at most one lookup a minute
/// instead of one per request (on PostgreSQL, one round trip and one statement of each
/// booking's five).
///
/// Exact for this API: a session is never changed once written (there is no logout), so a digest
/// found once keeps naming the same user; its login time is kept with it, so a session past the
/// maximum age is refused here as in the database. Entries still expire after ``lifetime``, so a
/// session an operator deletes by hand stops working within it.
/// Only sessions that exist are remembered (junk tokens cannot fill it), and at most
/// ``capacity`` of them: when full, expired entries go, then everything.
final class VerifiedSessions: Sendable {
  /// How long a remembered session is trusted without asking the database again.
  let lifetime: Duration
  /// At most this many sessions are remembered.
  let capacity: Int
  /// The time now (a test passes its own clock).
  private let now: @Sendable () -> ContinuousClock.Instant
  private let entries = Mutex<[Data: Entry]>([:])

  /// A remembered session: its user and login time (Unix seconds).
  struct Session: Equatable {
    let user: StoredUser
    let createdAt: Int
  }

  private struct Entry {
    let session: Session
    let expires: ContinuousClock.Instant
  }

  init(
    lifetime: Duration = .seconds(60), capacity: Int = 10_000,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.lifetime = lifetime
    self.capacity = capacity
    self.now = now
  }

  /// The session with `digest`, if it was found within ``lifetime``.
  func session(digest: Data) -> Session? {
    let now = self.now()
    return entries.withLock { entries in
      guard let entry = entries[digest] else { return nil }
      guard entry.expires > now else {
        entries[digest] = nil
        return nil
      }
      return entry.session
    }
  }

  /// Remembers that the session with `digest` belongs to `user` and began at `createdAt`.
  func remember(_ user: StoredUser, digest: Data, createdAt: Int) {
    let now = self.now()
    entries.withLock { entries in
      if entries.count >= capacity, entries[digest] == nil {
        entries = entries.filter { $0.value.expires > now }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      }
      entries[digest] = Entry(session: Session(user: user, createdAt: createdAt), expires: now + lifetime)
    }
  }
}
