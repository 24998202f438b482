import RocketClient

/// What became of one launch of a ``TripChange``.
enum TripOutcome: Sendable, Equatable {
  /// The server changed it: booked, or cancelled.
  case changed
  /// It was in the state asked for already: already booked, or not booked. A success.
  case unchanged
  /// There is no launch with that id.
  case noSuchLaunch
  /// The server answered no for another reason (its message).
  case refused(String)
  /// No answer came for it (its request or an earlier one failed); it may be queued.
  case unsent(RocketClientError)

  /// Whether the launch ended in the state asked for.
  var endedAsAsked: Bool { self == .changed || self == .unchanged }

  /// `booked`, `already booked`, `cancelled` or `not booked`; nil when not ended as asked.
  func state(after action: TripChange.Action) -> String? {
    switch (self, action) {
    case (.changed, .book): "booked"
    case (.unchanged, .book): "already booked"
    case (.changed, .cancel): "cancelled"
    case (.unchanged, .cancel): "not booked"
    default: nil
    }
  }

  /// Why launch `id` did not end as asked (`book 99: no launch with id 99`); nil when it did, or
  /// when it was not sent (the request's error says why).
  func failure(of action: TripChange.Action, id: String) -> String? {
    switch self {
    case .noSuchLaunch: "\(action.rawValue) \(id): no launch with id \(id)"
    case .refused(let message): "\(action.rawValue) \(id): \(message)"
    default: nil
    }
  }
}

/// Each launch's outcome of one ``TripChange``, in the order asked.
struct TripChangeResult: Sendable {
  var change: TripChange
  var outcomes: [(id: String, outcome: TripOutcome)]

  /// Whether every launch ended in the state asked for.
  var endedAsAsked: Bool { outcomes.allSatisfy { $0.outcome.endedAsAsked } }

  /// The ids that got no answer, with the first such error.
  var unsent: (ids: [String], error: RocketClientError)? {
    let unsent = outcomes.compactMap { id, outcome in
      if case .unsent(let error) = outcome { (id, error) } else { nil }
    }
    return unsent.first.map { (unsent.map(\.0), $0.1) }
  }
}
