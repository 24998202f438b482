import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// The shared client suite: every test runs once in-process and once over HTTP against the same
/// backend behaviour, so what works in one works in the other.
///
/// Backend: the real `LaunchBackend` on a temporary database; over HTTP the real
/// `GraphQLHTTPServer` serves it on a loopback port (see `ClientHarness`).
@Suite struct ClientSuiteTests {
  private func harness(_ kind: TransportKind) throws -> ClientHarness {
    try ClientHarness(kind)
  }

  @Test(arguments: TransportKind.allCases)
  func fetchesTheFirstPageAnonymously(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let result = try await harness.client.fetch(LaunchListQuery(pageSize: .some(5)))
    let launches = try result.requireData().launches
    #expect(result.errors.isEmpty)
    #expect(launches.launches.map { $0?.id } == ["110", "109", "108", "107", "106"])
    #expect(launches.launches.first??.mission?.name == "CRS-21")
    #expect(launches.hasMore)
    #expect(launches.launches.allSatisfy { $0?.isBooked == false })
  }

  @Test(arguments: TransportKind.allCases)
  func pagesFollowTheirCursorsThroughEveryLaunchOnce(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let client = harness.client
    var ids: [String] = []
    var after: String?
    var pages = 0
    while pages < 100 {
      let query = LaunchListQuery(pageSize: .some(7), after: after.map { .some($0) } ?? .absent)
      let data = try await client.fetch(query).requireData().launches
      ids += data.launches.compactMap { $0?.id }
      pages += 1
      guard data.hasMore else { break }
      after = data.cursor
    }
    withExtendedLifetime(harness) {}
    #expect(ids == (1...110).reversed().map(String.init))
    #expect(pages == 16)
  }

  @Test(arguments: TransportKind.allCases)
  func logInBookListAndCancel(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let client = harness.client
    let credential = try await client.logIn(LoginMutation(email: "ada@example.com"), email: "ada@example.com")
    {
      $0.login?.token
    }
    #expect(try harness.store.credential(for: client.endpointKey) == credential)
    #expect(try client.currentCredential()?.email == "ada@example.com")

    let booked = try await client.perform(BookTripsMutation(ids: ["105", "108"])).requireData().bookTrips
    #expect(booked.success)
    #expect(booked.message == "trips booked successfully")
    #expect(booked.launches?.map { $0?.id } == ["105", "108"])

    let me = try await client.fetch(MeQuery()).requireData().me
    #expect(me?.email == "ada@example.com")
    #expect(me?.trips.map { $0?.id } == ["105", "108"])
    let page = try await client.fetch(LaunchListQuery(pageSize: .some(10))).requireData()
    let bookedIDs = page.launches.launches.compactMap { $0 }.filter(\.isBooked).map(\.id)
    #expect(bookedIDs == ["108", "105"])

    let cancelled = try await client.perform(CancelTripMutation(id: "105")).requireData().cancelTrip
    #expect(cancelled.success && cancelled.message == "trip cancelled")
    #expect(cancelled.launches?.map { $0?.id } == ["105"])
    let again = try await client.perform(CancelTripMutation(id: "105")).requireData().cancelTrip
    #expect(!again.success && again.message == "failed to cancel trip")
    #expect(again.launches?.map { $0?.id } == [])
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 1)
  }

  @Test(arguments: TransportKind.allCases)
  func bookingAnUnknownLaunchNamesIt(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let client = harness.client
    try await client.logIn(LoginMutation(email: "bo@example.com"), email: "bo@example.com") {
      $0.login?.token
    }
    let update = try await client.perform(BookTripsMutation(ids: ["1", "999"])).requireData().bookTrips
    #expect(!update.success)
    #expect(update.message == "the following launches couldn't be booked: 999")
    #expect(update.launches?.map { $0?.id } == ["1"])
  }

  @Test(arguments: TransportKind.allCases)
  func bookingWithoutLoginIsNotLoggedIn(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let client = harness.client
    let error = try await clientError { try await client.perform(BookTripsMutation(ids: ["1"])) }
    #expect(
      error
        == .notLoggedIn(endpoint: client.endpointKey, serverMessage: "You must be logged in to book trips."))
    #expect(error.description.hasPrefix("log in first"))
    let cancel = try await clientError { try await client.perform(CancelTripMutation(id: "1")) }
    guard case .notLoggedIn = cancel else { throw cancel }
  }

  @Test(arguments: TransportKind.allCases)
  func aBadEmailIsInvalidAndNothingIsSaved(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let error = try await clientError {
      try await harness.client.logIn(LoginMutation(email: "nobody"), email: "nobody") { $0.login?.token }
    }
    #expect(error == .invalidEmail("nobody"))
    #expect(error.description == #"invalid email "nobody": use an address like name@example.com"#)
    #expect(try harness.store.credential(for: harness.client.endpointKey) == nil)
  }

  @Test(arguments: TransportKind.allCases)
  func logOutMakesRequestsAnonymous(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let client = harness.client
    try await client.logIn(LoginMutation(email: "cy@example.com"), email: "cy@example.com") {
      $0.login?.token
    }
    #expect(try await client.fetch(MeQuery()).requireData().me?.email == "cy@example.com")
    #expect(try await client.logOut())
    #expect(try await !client.logOut())
    #expect(try await client.fetch(MeQuery()).requireData().me == nil)
  }

  @Test(arguments: TransportKind.allCases)
  func aFieldErrorIsAResultWithErrorsAndNoData(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let client = harness.client
    let result = try await client.fetch(LaunchListQuery(pageSize: .some(0)))
    #expect(result.data == nil)
    #expect(result.errors.map(\.code) == ["BAD_USER_INPUT"])
    #expect(result.errors.first?.path == [.key("launches")])
    let error = try await clientError { try result.requireData() }
    #expect(error.description == "the server answered: pageSize must be at least 1, but it was 0.")
  }

  @Test(arguments: TransportKind.allCases)
  func aRejectedDocumentIsAResultWithTheValidationError(kind: TransportKind) async throws {
    let harness = try harness(kind)
    let result = try await harness.client.fetch(InvalidQuery())
    #expect(result.data == nil)
    let error = try #require(result.errors.first)
    #expect(error.message == #"Cannot query field "rockets" on type "Query"."#)
    #expect(error.code == "GRAPHQL_VALIDATION_FAILED")
    #expect(error.locations == [GraphQLWire.SourceLocation(line: 1, column: 15)])
  }
}
