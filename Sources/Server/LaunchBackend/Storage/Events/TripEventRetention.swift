/// How much of the `tripsBooked` event log a server keeps for subscribers that resume: events
/// older than ``maxAge`` or beyond the newest ``maxCount`` are pruned in the background.
public struct TripEventRetention: Sendable, Equatable {
  /// Events logged longer ago than this are pruned; nil keeps them whatever their age.
  public var maxAge: Duration?
  /// Only this many of the newest events are kept; nil keeps any number.
  public var maxCount: Int?

  /// What `serve` keeps unless told otherwise: a week, and at most a million events.
  public static let standard = TripEventRetention(maxAge: .seconds(7 * 86_400), maxCount: 1_000_000)

  /// - Parameters:
  ///   - maxAge: the oldest an event may be, nil for no bound.
  ///   - maxCount: the most events kept, nil for no bound.
  public init(maxAge: Duration?, maxCount: Int?) {
    self.maxAge = maxAge
    self.maxCount = maxCount
  }

  /// Whether anything is ever pruned.
  public var prunes: Bool { maxAge != nil || maxCount != nil }
}

/// Where the retained event log begins, for a subscriber resuming after some event.
public struct TripEventLogStart: Sendable, Equatable {
  /// Every event with this id or a smaller one was pruned (0 when nothing ever was); every
  /// later event is still in the log.
  public let prunedThrough: Int
  /// The oldest event still in the log, nil when the log is empty.
  public let oldestID: Int?

  /// - Parameters:
  ///   - prunedThrough: the newest pruned id, 0 for none.
  ///   - oldestID: the oldest id kept, nil for none.
  public init(prunedThrough: Int, oldestID: Int?) {
    self.prunedThrough = prunedThrough
    self.oldestID = oldestID
  }

  /// Whether a subscriber that has seen event `id` can no longer get every event after it.
  public func hasExpired(after id: Int) -> Bool { id < prunedThrough }
}
