/// The root value of one `Subscription` execution: the event being delivered, or none for the
/// check that runs when a subscription starts (which only proves the request can run).
struct TripsBookedEvent: Sendable {
  /// `+n` or `-1`; nil for the start-up check.
  let delta: Int?
}

/// The `Subscription` fields. A subscription's selection is executed once per event, with the
/// event as the root value (see `LaunchBackend.start`); over a transport that cannot stream there
/// is no event, and the field says so.
struct SubscriptionResolver: SubscriptionResolving {
  func tripsBooked(_ input: borrowing Input) throws -> Int? {
    guard let event = input.source as? TripsBookedEvent else { throw APIError.subscriptionsUnsupported }
    return event.delta
  }
}
