#if canImport(Glibc)
  import Glibc
#endif

/// One entry of the `tripsBooked` event log: a committed change in the number of booked trips.
public struct TripEvent: Sendable, Hashable {
  /// The event's position in the log: ids increase in the order events are handed out, which
  /// every reader sees alike (with gaps; see ``BookingStore``).
  public let id: Int
  /// `+n` when a `bookTrips` call newly booked n trips, `-1` when a trip was cancelled.
  public let delta: Int
  /// When the event was logged, in the transaction that committed it (seconds since the epoch);
  /// nil when the log did not say.
  public var loggedAt: Int? = nil

  /// `seconds` since the epoch as an RFC 3339 time in UTC: `2026-12-07T15:04:05Z`.
  public static func timestamp(_ seconds: Int) -> String {
    var value = time_t(seconds)
    var parts = tm()
    gmtime_r(&value, &parts)
    func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }
}

/// Events read from the log, with how far the log had been pruned when they were read: a
/// reader whose cursor is below ``prunedThrough`` may have missed events.
struct TripEventBatch: Sendable, Equatable {
  let events: [TripEvent]
  /// The newest pruned id (0 when nothing was pruned, or no events were read).
  let prunedThrough: Int
}
