import Testing

@testable import RocketReserverCLI

/// What Tab offers for launch ids and for `cancel`, from what a session was told.
@Suite struct KnownLaunchesTests {
  @Test func idsShownAndReadAreOfferedOnceInNumericOrder() {
    var known = KnownLaunches()
    known.noteSeen([110, 9, 42])
    #expect(known.launchIDs == [9, 42, 110])
    #expect(known.sourceIDs == nil)
    known.noteSourceIDs([1, 42, 100])
    #expect(known.launchIDs == [1, 9, 42, 100, 110])
  }

  @Test func aFreshListOfTripsReplacesWhatAnswersSaid() {
    var known = KnownLaunches()
    known.noteBooking(5, isBooked: true, user: "ada@example.com")
    #expect(known.bookedIDs(user: "ada@example.com") == ([5], false))
    known.noteTrips([7, 3], user: "ada@example.com", isFresh: true)
    #expect(known.bookedIDs(user: "ada@example.com") == ([3, 7], true))
    known.noteBooking(12, isBooked: true, user: "ada@example.com")
    known.noteBooking(3, isBooked: false, user: "ada@example.com")
    #expect(known.bookedIDs(user: "ada@example.com") == ([7, 12], true))
    #expect(known.launchIDs == [3, 5, 7, 12])
  }

  @Test func theSessionsChangesApplyOverAListReadFromTheSource() {
    var known = KnownLaunches()
    // Booked 8 and cancelled 2 in this session; the cache still has the list from before.
    known.noteBooking(8, isBooked: true, user: "ada@example.com")
    known.noteBooking(2, isBooked: false, user: "ada@example.com")
    known.noteTrips([2, 4], user: "ada@example.com", isFresh: false)
    #expect(known.bookedIDs(user: "ada@example.com") == ([4, 8], true))
  }

  @Test func anotherUserNeverSeesTheTripsOfThePreviousOne() {
    var known = KnownLaunches()
    known.noteTrips([1, 2], user: "ada@example.com", isFresh: true)
    #expect(known.bookedIDs(user: "bob@example.com") == ([], false))
    #expect(known.bookedIDs(user: nil) == ([], false))
    known.noteBooking(9, isBooked: true, user: "bob@example.com")
    #expect(known.bookedIDs(user: "bob@example.com") == ([9], false))
    #expect(known.bookedIDs(user: "ada@example.com") == ([], false))
  }
}
