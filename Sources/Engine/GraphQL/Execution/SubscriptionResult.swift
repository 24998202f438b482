import GraphQLWire

/// One result of a subscription as a transport sends it: the encoded `ExecutionResult` and,
/// when the source's events have ids (an event log), the id of the event it answers.
///
/// The body already carries the id where the client reads it (`extensions.eventId`); a
/// transport that has a place of its own for it (SSE's `id:` line) puts it there as well.
public struct SubscriptionResult: Sendable, Equatable {
  /// The encoded `ExecutionResult`.
  public var body: [UInt8]
  /// The event's id, nil when the source does not name its events.
  public var eventID: String?

  public init(body: [UInt8], eventID: String? = nil) {
    self.body = body
    self.eventID = eventID
  }

  /// The name of the request extension (`extensions.resumeAfter`) and of the response
  /// extension (`extensions.eventId`) of resumable subscriptions (docs/resumable-subscriptions.md).
  public static let resumeAfterExtension = "resumeAfter"
  /// See ``resumeAfterExtension``.
  public static let eventIDExtension = "eventId"
  /// The response extension beside ``eventIDExtension`` that says when the event was committed,
  /// as an RFC 3339 time in UTC (`"2026-12-07T15:04:05Z"`), for a client that shows it (a
  /// replayed event happened before it arrives).
  public static let eventTimeExtension = "eventTime"

  /// `body` (a JSON object) with `"extensions":{"eventId":"<id>"}` added as its last member, and
  /// `"eventTime":"<time>"` in it when `time` is given. The body must have no `extensions` of
  /// its own (an `ExecutionResult`'s encoding has none).
  public static func body(_ body: [UInt8], withEventID id: String, time: String? = nil) -> [UInt8] {
    guard body.last == UInt8(ascii: "}") else { return body }
    var result = body
    result.removeLast()
    if result.count > 1 { result.append(UInt8(ascii: ",")) }
    result += Array(#""extensions":{"eventId":"#.utf8)
    result += JSON.string(id).encoded()
    if let time {
      result += Array(#","eventTime":"#.utf8)
      result += JSON.string(time).encoded()
    }
    result += Array("}}".utf8)
    return result
  }
}
