import Foundation
import GraphQL
import GraphQLWire
import LaunchBackend
import Synchronization
import TestSupport
import Testing

@Suite struct BackendBookingTests {
  static let book = """
    mutation BookTrips($ids: [ID]!) {
      bookTrips(launchIds: $ids) { success message launches { id isBooked } }
    }
    """
  static let cancel = """
    mutation CancelTrip($id: ID!) {
      cancelTrip(launchId: $id) { success message launches { id isBooked } }
    }
    """

  static func ids(_ ids: [String]) -> JSONObject { ["ids": .array(ids.map(JSON.string))] }

  @Test func bookingExistingLaunchesSucceedsAndMarksThemBooked() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    let response = harness.run(Self.book, variables: Self.ids(["60", "3", "60"]), authorization: token)
    #expect(response["errors"] == nil, "\(response)")
    let result = try #require(response["data"]?["bookTrips"])
    #expect(result["success"] == .bool(true))
    #expect(result["message"] == .string("trips booked successfully"))
    // Request order, each launch once, and isBooked already reflects the booking.
    #expect(
      result["launches"]
        == .array([
          .object(["id": .string("60"), "isBooked": .bool(true)]),
          .object(["id": .string("3"), "isBooked": .bool(true)]),
        ]))
    // Booking again changes nothing and still succeeds.
    let again = harness.run(Self.book, variables: Self.ids(["3"]), authorization: token)
    #expect(again["data"]?["bookTrips"]?["success"] == .bool(true))
    let me = harness.run("{ me { trips { id } } totalTripsBooked }", authorization: token)
    #expect(me["data"]?["me"]?["trips"]?.ids == ["60", "3"])
    #expect(me["data"]?["totalTripsBooked"] == .int(2))
  }

  @Test func unknownIDsAreListedAndTheRestAreBooked() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    let response = harness.run(
      Self.book, variables: Self.ids(["999", "5", "abc", "07", "999"]), authorization: token)
    let result = try #require(response["data"]?["bookTrips"])
    #expect(result["success"] == .bool(false))
    #expect(result["message"] == .string("the following launches couldn't be booked: 999,abc,07"))
    #expect(result["launches"]?.ids == ["5"])
    let me = harness.run("{ me { trips { id } } }", authorization: token)
    #expect(me["data"]?["me"]?["trips"]?.ids == ["5"])
  }

  @Test func isBookedIsFalseForAnonymousCallersAndPerUser() throws {
    let harness = try BackendHarness()
    let ada = try harness.login("ada@example.com")
    let bob = try harness.login("bob@example.com")
    _ = harness.run(Self.book, variables: Self.ids(["110", "108"]), authorization: ada)
    let query = "{ launches(pageSize: 3) { launches { id isBooked } } }"
    func booked(_ authorization: String?) -> [Bool] {
      let launches = harness.run(query, authorization: authorization)["data"]?["launches"]?["launches"]
      return (launches?.arrayValue ?? []).compactMap { $0["isBooked"]?.boolValue }
    }
    #expect(booked(ada) == [true, false, true])
    #expect(booked(bob) == [false, false, false])
    #expect(booked(nil) == [false, false, false])
  }

  @Test func cancellingOwnTripSucceedsOnceThenFails() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    _ = harness.run(Self.book, variables: Self.ids(["42", "43"]), authorization: token)
    let cancelled = harness.run(Self.cancel, variables: ["id": .string("42")], authorization: token)
    #expect(
      cancelled["data"]?["cancelTrip"]
        == .object([
          "success": .bool(true), "message": .string("trip cancelled"),
          "launches": .array([.object(["id": .string("42"), "isBooked": .bool(false)])]),
        ]))
    let failed: JSON = .object([
      "cancelTrip": .object([
        "success": .bool(false), "message": .string("failed to cancel trip"), "launches": .array([]),
      ])
    ])
    for id in ["42", "999", "abc", "1"] {
      let response = harness.run(Self.cancel, variables: ["id": .string(id)], authorization: token)
      #expect(response == .object(["data": failed]), "id \(id)")
    }
    let me = harness.run("{ me { trips { id } } totalTripsBooked }", authorization: token)
    #expect(me["data"]?["me"]?["trips"]?.ids == ["43"])
    #expect(me["data"]?["totalTripsBooked"] == .int(1))
  }

  @Test func mutationsNeedALoggedInUser() throws {
    let harness = try BackendHarness()
    let cases: [(String, JSONObject, String, String)] = [
      (Self.book, Self.ids(["1"]), "bookTrips", "You must be logged in to book trips."),
      (Self.cancel, ["id": .string("1")], "cancelTrip", "You must be logged in to cancel trips."),
    ]
    for (query, variables, field, message) in cases {
      for header in [nil, "Bearer forged-token"] {
        let response = harness.run(query, variables: variables, authorization: header)
        // The field is non-null, so data is null; the error is located at the field.
        #expect(
          response
            == .object([
              "errors": .array([
                .object([
                  "message": .string(message),
                  "locations": .array([.object(["line": .int(2), "column": .int(3)])]),
                  "path": .array([.string(field)]),
                  "extensions": .object(["code": .string("UNAUTHENTICATED")]),
                ])
              ]),
              "data": .null,
            ]), "\(field) with \(header ?? "no header")")
      }
    }
    #expect(harness.run("{ totalTripsBooked }")["data"]?["totalTripsBooked"] == .int(0))
  }

  @Test func usersOnlySeeAndChangeTheirOwnTrips() throws {
    let harness = try BackendHarness()
    let ada = try harness.login("ada@example.com")
    let bob = try harness.login("bob@example.com")
    _ = harness.run(Self.book, variables: Self.ids(["10", "20"]), authorization: ada)
    _ = harness.run(Self.book, variables: Self.ids(["20", "30"]), authorization: bob)
    // Bob cannot cancel Ada's trip on 10, and cancelling his own 20 leaves Ada's 20 alone.
    let bobCancels10 = harness.run(Self.cancel, variables: ["id": .string("10")], authorization: bob)
    #expect(bobCancels10["data"]?["cancelTrip"]?["success"] == .bool(false))
    let bobCancels20 = harness.run(Self.cancel, variables: ["id": .string("20")], authorization: bob)
    #expect(bobCancels20["data"]?["cancelTrip"]?["success"] == .bool(true))
    let adaTrips = harness.run("{ me { email trips { id isBooked } } }", authorization: ada)
    #expect(adaTrips["data"]?["me"]?["email"] == .string("ada@example.com"))
    #expect(adaTrips["data"]?["me"]?["trips"]?.ids == ["10", "20"])
    let bobTrips = harness.run("{ me { trips { id } } }", authorization: bob)
    #expect(bobTrips["data"]?["me"]?["trips"]?.ids == ["30"])
    #expect(harness.run("{ totalTripsBooked }")["data"]?["totalTripsBooked"] == .int(3))
    // Logging in as someone else (without their token) shows their trips but not as booked for Ada.
    let login = harness.run(
      #"mutation { login(email: "bob@example.com") { trips { id isBooked } } }"#, authorization: ada)
    #expect(
      login["data"]?["login"]?["trips"] == .array([.object(["id": .string("30"), "isBooked": .bool(false)])]))
  }

  @Test func bookingAnEmptyListSucceedsWithoutChanges() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    let response = harness.run(Self.book, variables: Self.ids([]), authorization: token)
    #expect(
      response["data"]?["bookTrips"]
        == .object([
          "success": .bool(true), "message": .string("trips booked successfully"), "launches": .array([]),
        ]))
  }
}

@Suite struct TripsBookedEventTests {
  @Test func bookingsAndCancellationsReportTheirChange() throws {
    let directory = try TemporaryDirectory(prefix: "launch-backend")
    let events = Mutex<[Int]>([])
    let backend = try LaunchBackend(
      databasePath: directory.url.appendingPathComponent("backend.sqlite").path,
      tripsBookedChanged: { change in events.withLock { $0.append(change) } })
    defer { backend.close() }
    let token = try #require(
      BackendHarness.run(backend, #"mutation { login(email: "ada@example.com") { token } }"#)["data"]?[
        "login"]?["token"]?.stringValue)
    let book = BackendBookingTests.book
    let cancel = BackendBookingTests.cancel
    _ = BackendHarness.run(
      backend, book, variables: BackendBookingTests.ids(["1", "2", "3"]), authorization: token)
    // Already booked, unknown or not booked: no change, no event.
    _ = BackendHarness.run(
      backend, book, variables: BackendBookingTests.ids(["2", "999"]), authorization: token)
    _ = BackendHarness.run(backend, cancel, variables: ["id": .string("50")], authorization: token)
    _ = BackendHarness.run(
      backend, book, variables: BackendBookingTests.ids(["3", "4"]), authorization: token)
    _ = BackendHarness.run(backend, cancel, variables: ["id": .string("1")], authorization: token)
    // Anonymous callers change nothing.
    _ = BackendHarness.run(backend, book, variables: BackendBookingTests.ids(["5"]))
    #expect(events.withLock { $0 } == [3, 1, -1])
  }
}
