/// One entry of the `tripsBooked` event log: a committed change in the number of booked trips.
public struct TripEvent: Sendable, Hashable {
  /// The event's position in the log: ids increase in the order events are handed out, which
  /// every reader sees alike (with gaps; see ``BookingStore``).
  public let id: Int
  /// `+n` when a `bookTrips` call newly booked n trips, `-1` when a trip was cancelled.
  public let delta: Int
}

/// Events read from the log, with how far the log had been pruned when they were read: a
/// reader whose cursor is below ``prunedThrough`` may have missed events.
struct TripEventBatch: Sendable, Equatable {
  let events: [TripEvent]
  /// The newest pruned id (0 when nothing was pruned, or no events were read).
  let prunedThrough: Int
}
