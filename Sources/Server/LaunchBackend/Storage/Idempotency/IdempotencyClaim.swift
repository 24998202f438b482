/// One keyed change a caller asks for: the `Idempotency-Key` of the request, which mutation
/// field of it this is, and what the field was asked to do.
///
/// A value type, `Sendable`.
public struct IdempotencyClaim: Sendable, Hashable {
  /// How long a key is kept: a day, after which the same key makes a new change.
  public static let retentionSeconds = 24 * 3600
  /// The longest key accepted (in UTF-8 bytes); a UUID is 36.
  public static let maxKeyBytes = 255

  /// The user the key belongs to: keys of different users never meet.
  public let userID: Int
  /// The key as the client sent it.
  public let key: String
  /// Which keyed mutation field of the request this is (0 for the first): one request may hold
  /// several, each recorded on its own.
  public let position: Int
  /// What the field was asked to do (`bookTrips:42,43`, `cancelTrip:42`): the same key with
  /// another fingerprint is a different request, refused rather than answered with the
  /// recorded outcome of the first.
  public let fingerprint: String

  public init(userID: Int, key: String, position: Int, fingerprint: String) {
    self.userID = userID
    self.key = key
    self.position = position
    self.fingerprint = fingerprint
  }
}

/// What a keyed change answered, as it is recorded with the change and given again to a resend:
/// the `TripUpdateResponse`'s success, message and launches.
public struct RecordedTripUpdate: Sendable, Hashable {
  public var success: Bool
  public var message: String
  /// The launches of the answer, in its order.
  public var launchIDs: [Int]

  public init(success: Bool, message: String, launchIDs: [Int]) {
    self.success = success
    self.message = message
    self.launchIDs = launchIDs
  }

  /// The launch ids as stored: `42,43` (empty for none).
  var storedLaunchIDs: String { launchIDs.map(String.init).joined(separator: ",") }

  /// Reads ``storedLaunchIDs``; nil for text it did not write.
  static func launchIDs(stored text: String) -> [Int]? {
    if text.isEmpty { return [] }
    var ids: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let id = Int(part) else { return nil }
      ids.append(id)
    }
    return ids
  }
}

/// How a keyed change went.
public enum IdempotentOutcome: Sendable, Hashable {
  /// The change ran now, and its answer was recorded in its transaction; `delta` is the
  /// `tripsBooked` event it logged (0 for none).
  case performed(RecordedTripUpdate, delta: Int)
  /// The key was seen before with the same request: nothing ran, this is the recorded answer.
  case replayed(RecordedTripUpdate)
  /// The key was seen before with a different request: nothing ran.
  case keyReused
}

/// The changes a keyed mutation may make, inside the transaction that records its key: given to
/// ``BookingStore/once(_:_:)``'s body.
public protocol TripChanges {
  /// Books `launchIDs` (as ``BookingStore/book(userID:launchIDs:)``) for the claim's user.
  /// - Returns: the launches newly booked.
  func book(launchIDs: [Int]) throws -> [Int]
  /// Cancels the claim's user's trip on `launchID` (as ``BookingStore/cancel(userID:launchID:)``).
  /// - Returns: whether there was one.
  func cancel(launchID: Int) throws -> Bool
}
