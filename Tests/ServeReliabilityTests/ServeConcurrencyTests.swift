import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// Eight clients book and cancel at once over real HTTP; every answer and the final state must be
/// exactly what a serial replay of each user's own operations gives.
@Suite struct ServeConcurrencyTests {
  static let book =
    "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success message launches { id isBooked } } }"
  static let cancel = "mutation($id: ID!) { cancelTrip(launchId: $id) { success message launches { id } } }"

  @Test func eightClientsInterleavingBookAndCancelEndInTheSerialReplayState() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-concurrency")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    try await Self.eightClientsEndInTheSerialReplayState(across: [server])
  }

  /// Eight clients x 200 random bookings and cancellations of twelve shared launches, spread over
  /// `servers` step by step: every answer must be 200 and what a serial replay of the
  /// client's own operations says, and so must the final state, read from every server.
  static func eightClientsEndInTheSerialReplayState(across servers: [ServeProcess]) async throws {
    var tokens: [String] = []
    for user in 0..<8 {
      tokens.append(try await servers[user % servers.count].logIn("client\(user)@example.com"))
    }

    let outcomes = try await withThrowingTaskGroup(of: (Int, Set<Int>, [String]).self) { group in
      for (user, token) in tokens.enumerated() {
        group.addTask {
          var random = SeededGenerator(seed: UInt64(user) + 1)
          var booked = Set<Int>()
          var problems: [String] = []
          for step in 0..<200 {
            // Twelve launches shared by everyone, so the clients keep touching the same rows.
            let launch = Int.random(in: 100...111, using: &random)
            // With several servers, each step goes to the next one: a change committed through
            // one must be what the next request, through another, sees.
            let server = servers[(user + step) % servers.count]
            if Bool.random(using: &random) {
              let (status, body) = try await server.send(
                Self.book, variables: ["ids": .array([.string(String(launch))])], token: token)
              let result = body["data"]?["bookTrips"]
              let exists = launch <= 110
              if status != 200 || result?["success"] != .bool(exists) {
                problems.append("user \(user) step \(step): book \(launch) -> \(status) \(body)")
              }
              if exists { booked.insert(launch) }
            } else {
              let (status, body) = try await server.send(
                Self.cancel, variables: ["id": .string(String(launch))], token: token)
              let expected = booked.contains(launch)
              if status != 200 || body["data"]?["cancelTrip"]?["success"] != .bool(expected) {
                problems.append("user \(user) step \(step): cancel \(launch) -> \(status) \(body)")
              }
              booked.remove(launch)
            }
          }
          return (user, booked, problems)
        }
      }
      var all: [(Int, Set<Int>, [String])] = []
      for try await outcome in group { all.append(outcome) }
      return all
    }

    var expectedTotal = 0
    for (user, booked, problems) in outcomes {
      #expect(problems.isEmpty, "\(problems.prefix(5))")
      for server in servers {
        let (_, body) = try await server.send("{ me { trips { id } } }", token: tokens[user])
        let trips = body["data"]?["me"]?["trips"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(Set(trips.compactMap(Int.init)) == booked, "user \(user)")
        #expect(trips.count == Set(trips).count, "user \(user) has a duplicated trip")
      }
      expectedTotal += booked.count
    }
    for server in servers {
      let (_, total) = try await server.send("{ totalTripsBooked }")
      #expect(total["data"]?["totalTripsBooked"] == .int(expectedTotal))
    }
  }
}
