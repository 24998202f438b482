import Testing

@testable import RocketReserverCLI

/// The line `watch` prints: the event's own time when the server said it, the date for another
/// day, no time when it did not say.
@Suite struct TripEventLineTests {
  @Test func theServersTimeIsRead() {
    #expect(TripEventLine.seconds(rfc3339: "2020-01-02T03:04:05Z") == 1_577_934_245)
    #expect(TripEventLine.seconds(rfc3339: "2020-01-02T03:04:05+00:00") == 1_577_934_245)
    for bad in [
      "", "2020-01-02", "2020-13-02T03:04:05Z", "2020-01-02T03:04:05+02:00", "x020-01-02T03:04:05Z",
    ] {
      #expect(TripEventLine.seconds(rfc3339: bad) == nil, "\(bad)")
    }
  }

  @Test func noTimeWhenTheServerDidNotSay() {
    #expect(TripEventLine.text(delta: 2, at: nil) == "+2 trips booked")
    #expect(TripEventLine.text(delta: -1, at: nil) == "-1 trip cancelled")
  }

  @Test func anEventOfAnotherDayShowsItsDate() {
    let event = 1_577_934_245
    let sameDay = TripEventLine.text(delta: 1, at: event, now: event + 60)
    #expect(sameDay.wholeMatch(of: /\d\d:\d\d:\d\d  \+1 trip booked/) != nil, "\(sameDay)")
    let later = TripEventLine.text(delta: 1, at: event, now: event + 3 * 86_400)
    #expect(later.wholeMatch(of: /20(19|20)-\d\d-\d\d \d\d:\d\d:\d\d  \+1 trip booked/) != nil, "\(later)")
  }
}
