import Foundation
import GraphQL
import GraphQLWire
import SQLite
import Synchronization
import TestSupport
import Testing

/// A server killed with SIGKILL in the middle of a booking storm restarts on an intact database
/// in which every multi-launch booking either happened whole or not at all.
@Suite struct ServeCrashTests {
  @Test func sigkillDuringABookingStormLeavesNoHalfAppliedMutation() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-crash")
    let dataDirectory = directory.child("data")
    let server = try ServeProcess(dataDirectory: dataDirectory)
    var tokens: [String] = []
    for user in 0..<6 { tokens.append(try await server.logIn("storm\(user)@example.com")) }

    let answered = AnswerCounter()
    let stormTokens = tokens
    let storm = Task {
      await withTaskGroup(of: Void.self) { group in
        for token in stormTokens {
          group.addTask {
            // Each booking takes three launches at once: batches 1-3, 4-6, ... 106-108.
            for batch in 0..<36 {
              let ids: [JSON] = (1...3).map { .string(String(batch * 3 + $0)) }
              do {
                _ = try await server.send(
                  "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }",
                  variables: ["ids": .array(ids)],
                  token: token)
                answered.count.add(1, ordering: .relaxed)
              } catch {
                return  // the server is gone
              }
            }
          }
        }
      }
    }
    // Kill once the storm is well under way (a bounded wait: a hang guard, not a timer).
    for _ in 0..<6000 where answered.count.load(ordering: .relaxed) < 30 {
      try await Task.sleep(for: .milliseconds(5))
    }
    server.kill()
    await storm.value
    #expect(answered.count.load(ordering: .relaxed) >= 30)

    let database = try Connection(path: dataDirectory + "/backend.sqlite")
    let integrity = try database.query("PRAGMA integrity_check") { try $0.column(0, as: String.self) }
    #expect(integrity == ["ok"])
    database.close()

    let restarted = try ServeProcess(dataDirectory: dataDirectory)
    var booked = 0
    for (user, token) in tokens.enumerated() {
      let (status, body) = try await restarted.send("{ me { trips { id } } }", token: token)
      #expect(status == 200, "the token of user \(user) must survive the crash")
      let ids = Set(
        body["data"]?["me"]?["trips"]?.arrayValue?.compactMap { $0["id"]?.stringValue.flatMap(Int.init) }
          ?? [])
      for batch in 0..<36 {
        let members = Set((1...3).map { batch * 3 + $0 })
        let present = members.intersection(ids)
        #expect(
          present.isEmpty || present == members, "user \(user) has half of batch \(members): \(present)")
      }
      booked += ids.count
    }
    #expect(booked > 0)
    let (_, total) = try await restarted.send("{ totalTripsBooked }")
    #expect(total["data"]?["totalTripsBooked"] == .int(booked))
  }
}

/// Counts answered requests across the storm's tasks.
private final class AnswerCounter: Sendable {
  let count = Atomic<Int>(0)
}
