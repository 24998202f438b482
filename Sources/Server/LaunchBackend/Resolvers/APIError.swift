import GraphQL
import GraphQLWire

/// The API's own errors, with `extensions.code` as Apollo Server 4 names them.
///
/// Messages are for the person using the client; internal errors say nothing about SQL, files
/// or tokens (the detail goes to the backend's error report instead).
enum APIError {
  /// An argument the API rejects (page size, cursor, email): `BAD_USER_INPUT`.
  static func badUserInput(_ message: String) -> GraphQLError {
    GraphQLError(message).withCode("BAD_USER_INPUT")
  }

  /// A mutation that needs a logged-in caller: `UNAUTHENTICATED`.
  ///
  /// - Parameter action: what the caller tried, as in `book trips`.
  static func unauthenticated(_ action: String) -> GraphQLError {
    GraphQLError("You must be logged in to \(action).").withCode("UNAUTHENTICATED")
  }

  /// The generic message for anything unexpected.
  static let internalMessage = "Internal server error: the request could not be completed."

  /// Anything unexpected: `INTERNAL_SERVER_ERROR` with a generic message.
  static var internalError: GraphQLError {
    GraphQLError(internalMessage).withCode("INTERNAL_SERVER_ERROR")
  }

  /// The database cannot be reached right now (down or restarting): `SERVICE_UNAVAILABLE`; the
  /// HTTP server answers 503, and the client may try again shortly.
  static var serviceUnavailable: GraphQLError {
    GraphQLError("The booking database is unavailable right now; try again in a moment.")
      .withCode(serviceUnavailableCode)
  }

  static let serviceUnavailableCode = "SERVICE_UNAVAILABLE"

  /// The error for `tripsBooked` resolved without an event: its transport admitted the
  /// subscription (its `OperationAdmission`) but runs it as a single response.
  static var subscriptionsUnsupported: GraphQLError {
    GraphQLError("Subscriptions are not supported over this transport.")
      .withCode("BAD_REQUEST")
  }

  /// `extensions.resumeAfter` names an event the log no longer holds (pruned by retention):
  /// `EVENTS_EXPIRED`, with the oldest id still held (`oldestEventId`, null when the log is
  /// empty) and at most how many events after the given one are gone (`missedEvents`).
  static func eventsExpired(after id: Int, start: TripEventLogStart, missed: Int) -> GraphQLError {
    var error = GraphQLError(
      "The events after \(id) are no longer kept (the log now begins after \(start.prunedThrough)); "
        + "up to \(missed) events may be missing. Resume after an id from \(start.prunedThrough) on, "
        + "or subscribe without resumeAfter.")
    error.extensions = [
      "code": .string(eventsExpiredCode),
      "oldestEventId": start.oldestID.map { .string(String($0)) } ?? .null,
      "resumeAfter": .string(String(start.prunedThrough)),
      "missedEvents": .int(missed),
    ]
    return error
  }

  static let eventsExpiredCode = "EVENTS_EXPIRED"

  /// An `Idempotency-Key` already used by this user for a different request within the day:
  /// `IDEMPOTENCY_KEY_REUSED`; the HTTP server answers 422, as the IETF draft asks.
  static var idempotencyKeyReused: GraphQLError {
    GraphQLError(
      "This Idempotency-Key was already used for a different request; nothing was changed. "
        + "Use a new key for a new request."
    ).withCode(idempotencyKeyReusedCode)
  }

  static let idempotencyKeyReusedCode = "IDEMPOTENCY_KEY_REUSED"

  /// `extensions.resumeAfter` beyond the newest event of the log: `BAD_USER_INPUT`, with the
  /// newest id (`newestEventId`), after which a client may resume.
  static func resumeAfterAhead(_ id: Int, newest: Int) -> GraphQLError {
    var error = badUserInput(
      "extensions.resumeAfter is \(id), but the newest event is \(newest): resume after an id this "
        + "server sent (\(newest) or lower), or subscribe without resumeAfter.")
    error.extensions?["newestEventId"] = .string(String(newest))
    return error
  }

  /// `extensions.resumeAfter` that is not an event id: `BAD_USER_INPUT`.
  static var invalidResumeAfter: GraphQLError {
    badUserInput("extensions.resumeAfter must be an event id: a string of digits, such as \"42\".")
  }

  /// A `login` from an address that logged in too often: `RATE_LIMITED`, with the seconds until
  /// one more is allowed (`retryAfter`); the HTTP server answers 429 with `Retry-After`.
  static func loginRateLimited(retryAfterSeconds seconds: Int) -> GraphQLError {
    var error = GraphQLError(
      "Too many logins from this address; try again in \(seconds) second\(seconds == 1 ? "" : "s").")
    error.extensions = ["code": .string(rateLimitedCode), "retryAfter": .int(seconds)]
    return error
  }

  static let rateLimitedCode = "RATE_LIMITED"
}
