import LaunchBackend
import Synchronization
import TestSupport
import Testing

@Suite struct BookingStoreConcurrencyTests {
  @Test func eightThreadsOnTwoStoresEndConsistent() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("backend.sqlite")
    // Two stores on one file: a REPL and a server.
    let stores = [try BookingStore(path: path), try BookingStore(path: path)]
    let users = try (0..<4).map { try stores[0].login(email: EmailAddress(validating: "u\($0)@example.com")) }
    let launches = Array(1...30)
    let newlyBooked = Tally()
    // Threads t and t + 4 book the same launches for the same user on different stores.
    let errors = runOnThreads(8) { thread in
      let store = stores[thread % 2]
      guard let user = try store.user(forToken: users[thread % 4].token) else { throw TokenRejected() }
      for start in stride(from: 0, to: launches.count, by: 3) {
        let added = try store.book(userID: user.id, launchIDs: Array(launches[start..<start + 3]))
        newlyBooked.add(user.id, added.count)
        _ = try store.bookedLaunchIDs(userID: user.id)
      }
      // A launch only this thread books: the cancel must find it.
      try store.book(userID: user.id, launchIDs: [100 + thread])
      guard try store.cancel(userID: user.id, launchID: 100 + thread) else {
        throw CancelFailed()
      }
    }
    #expect(errors.isEmpty, "\(errors)")
    for (user, _) in users {
      #expect(try Set(stores[1].bookedLaunchIDs(userID: user.id)) == Set(launches))
      // Each trip was reported as newly booked by exactly one of the two racing threads.
      #expect(newlyBooked.total(for: user.id) == launches.count)
    }
    #expect(try stores[0].totalTripsBooked() == users.count * launches.count)
  }

  struct CancelFailed: Error {}
  struct TokenRejected: Error {}

  /// Sums counts per user across threads.
  final class Tally: Sendable {
    private let counts = Mutex<[Int: Int]>([:])
    func add(_ user: Int, _ count: Int) { counts.withLock { $0[user, default: 0] += count } }
    func total(for user: Int) -> Int { counts.withLock { $0[user, default: 0] } }
  }
}
