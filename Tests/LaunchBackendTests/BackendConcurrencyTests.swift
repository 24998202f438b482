import GraphQL
import GraphQLWire
import LaunchBackend
import Synchronization
import TestSupport
import Testing

/// Many threads booking and cancelling through `handle` at once end exactly where a serial
/// replay of each thread's operations ends, and every response along the way is the one the
/// replay predicts.
@Suite struct BackendConcurrencyTests {
  static let threads = 8
  static let users = 4
  static let operationsPerThread = 200

  /// One user's trips as the API must keep them: booking order, each launch once.
  struct Model {
    var trips: [Int] = []

    mutating func book(_ ids: [Int]) { for id in ids where !trips.contains(id) { trips.append(id) } }

    mutating func cancel(_ id: Int) -> Bool {
      guard let index = trips.firstIndex(of: id) else { return false }
      trips.remove(at: index)
      return true
    }
  }

  @Test func interleavedBookAndCancelEndInTheSerialReplayState() throws {
    let harness = try BackendHarness()
    let backend = harness.backend
    let tokens = try (0..<Self.users).map { try harness.login("user\($0)@example.com") }
    // Threads t and t + users act for the same user, on disjoint launches (odd and even ids), so
    // each thread's slice of the user's trips is fully determined by that thread's operations.
    let models = Mutex<[Model]>(Array(repeating: Model(), count: Self.threads))
    let errors = runOnThreads(Self.threads) { thread in
      let token = tokens[thread % Self.users]
      let launches = (1...40).filter { $0 % 2 == thread / Self.users }
      var random = SeededGenerator(seed: UInt64(thread + 1))
      var model = Model()
      for step in 0..<Self.operationsPerThread {
        if Bool.random(using: &random) {
          let ids = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            launches.randomElement(using: &random)!
          }
          let response = BackendHarness.run(
            backend, BackendBookingTests.book, variables: BackendBookingTests.ids(ids.map(String.init)),
            authorization: token)
          model.book(ids)
          guard response["data"]?["bookTrips"]?["success"] == .bool(true) else {
            throw Mismatch(thread: thread, step: step, response: response)
          }
        } else {
          let id = launches.randomElement(using: &random)!
          let response = BackendHarness.run(
            backend, BackendBookingTests.cancel, variables: ["id": .string(String(id))], authorization: token)
          let expected = model.cancel(id)
          guard response["data"]?["cancelTrip"]?["success"] == .bool(expected) else {
            throw Mismatch(thread: thread, step: step, response: response)
          }
        }
      }
      models.withLock { $0[thread] = model }
    }
    #expect(errors.isEmpty, "\(errors)")
    let finalModels = models.withLock { $0 }
    var total = 0
    for user in 0..<Self.users {
      let response = harness.run("{ me { trips { id } } }", authorization: tokens[user])
      let trips = (response["data"]?["me"]?["trips"]?.ids ?? []).compactMap { Int($0) }
      for thread in [user, user + Self.users] {
        let parity = thread / Self.users
        #expect(trips.filter { $0 % 2 == parity } == finalModels[thread].trips, "thread \(thread)")
      }
      #expect(trips.count == Set(trips).count)
      total += trips.count
    }
    #expect(harness.run("{ totalTripsBooked }")["data"]?["totalTripsBooked"] == .int(total))
    #expect(harness.reported.all.isEmpty)
  }

  struct Mismatch: Error, CustomStringConvertible {
    let thread: Int
    let step: Int
    let response: JSON
    var description: String { "thread \(thread) step \(step): \(response.encodedString)" }
  }
}
