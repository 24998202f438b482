import CommandLineKit
import GraphQL
import GraphQLWire
import RocketClient

/// Follows one subscription for as long as the user wants: `watch`, and a `subscription`
/// document typed at the shell's prompt.
///
/// Each result goes to `show`. A lost connection (or a stream the server ended) is retried
/// after 1 s, then 2, 4, ... up to 30 s between attempts, with one line on standard error per
/// loss; a connection that fails the very first time is the command's failure (69 when
/// unreachable), so a mistyped endpoint does not wait forever. Cancellation (Ctrl-C, SIGTERM)
/// ends it with success and nothing printed.
///
/// Results that carry their event's id (`extensions.eventId`, docs/resumable-subscriptions.md)
/// make the follower gapless: the next connection resumes after the last id shown
/// (`extensions.resumeAfter`); an id the server answers `EVENTS_EXPIRED` for is reported in one
/// line on standard error, and following goes on from the oldest event the server still holds.
struct SubscriptionFollower: Sendable {
  static let firstDelay = Duration.seconds(1)
  static let longestDelay = Duration.seconds(30)

  /// Starts the subscription once (the session's client adds the token), resuming after the
  /// event id given (nil: from now on).
  let start: @Sendable (_ resumeAfter: String?) async throws(RocketClientError) -> SubscriptionResults
  /// The command's name, for the stderr line.
  let name: String
  /// The event to start after (`watch --since`), nil for from now on.
  var since: String? = nil

  /// What `show` decides after a result.
  enum Next {
    case keepGoing
    /// Stop now with this outcome (`--count` reached, standard output gone).
    case stop(CommandOutcome)
  }

  /// Follows the subscription until `show` stops it, the task is cancelled, or it fails.
  func run(context: CommandContext, show: (JSON) -> Next) async -> CommandOutcome {
    var connected = false
    var delay = Self.firstDelay
    var lastEventID = since
    while !Task.isCancelled {
      // Why the stream ended, for the reconnecting line; nil when it never started.
      var reason: String?
      var started = false
      do {
        let results = try await start(lastEventID)
        (connected, started) = (true, true)
        delay = Self.firstDelay
        var expired: EventsExpired?
        var unavailable = false
        for try await result in results {
          if let expiry = EventsExpired(result: result) {
            expired = expiry
            break
          }
          // A stream that could not start (multipart answers it as its one part): try again.
          if Self.refusal(result, code: "SERVICE_UNAVAILABLE") != nil {
            unavailable = true
            break
          }
          let id = result["extensions"]?[SubscriptionResult.eventIDExtension]?.stringValue
          // A server that replays what was already shown (it should not) shows nothing twice.
          if let id, let last = lastEventID, !Self.isAfter(id, last) { continue }
          if case .stop(let outcome) = show(result) { return outcome }
          if let id { lastEventID = id }
        }
        if let expired, let after = lastEventID {
          lastEventID = report(expired, after: after, context: context)
          continue
        }
        reason = unavailable ? "the server's database is unavailable" : "the server ended the subscription"
      } catch let error as RocketClientError {
        if error.isCancellation || Task.isCancelled { return .success }
        if let expiry = EventsExpired(error), let after = lastEventID {
          lastEventID = report(expiry, after: after, context: context)
          continue
        }
        // Never connected, or a refusal a retry cannot fix: that is the answer.
        guard connected, Self.isRetryable(error) else { return context.outcome(for: error) }
        if started { reason = error.description }
      } catch {
        return .success
      }
      if Task.isCancelled { return .success }
      if let reason {
        context.output.writeError(
          context.errorPrefix
            + context.errorStyle.error(TerminalText.safe("\(name): \(reason); reconnecting")) + "\n")
      }
      do {
        try await Task.sleep(for: delay)
      } catch {
        return .success
      }
      delay = min(delay * 2, Self.longestDelay)
    }
    return .success
  }

  /// Says in one line that events after `after` were pruned before they could be shown, and
  /// returns the id to resume after now.
  private func report(_ expiry: EventsExpired, after: String, context: CommandContext) -> String? {
    let count = expiry.missedEvents.map { "up to \($0) event\($0 == 1 ? "" : "s")" } ?? "some events"
    context.output.writeError(
      context.errorPrefix
        + context.errorStyle.error(
          TerminalText.safe(
            "\(name): the server no longer holds the events after \(after): \(count) may be missing; "
              + "going on from the oldest it holds"))
        + "\n")
    return expiry.resumeAfter
  }

  /// Whether event id `id` comes after `last` (ids are decimal numbers; longer is larger).
  static func isAfter(_ id: String, _ last: String) -> Bool {
    id.count != last.count ? id.count > last.count : id > last
  }

  /// Whether a later attempt may succeed: the server is unreachable, or says its database is
  /// (`SERVICE_UNAVAILABLE`, as while PostgreSQL restarts).
  private static func isRetryable(_ error: RocketClientError) -> Bool {
    if error.isUnreachable { return true }
    guard case .server(let errors) = error else { return false }
    return errors.contains { $0.code == "SERVICE_UNAVAILABLE" }
  }

  /// The error with extension code `code` of a result that is a refusal (no data), if any.
  static func refusal(_ result: JSON, code: String) -> JSON? {
    guard result["data"] == nil || result["data"]?.isNull == true else { return nil }
    return result["errors"]?.arrayValue?.first { $0["extensions"]?["code"]?.stringValue == code }
  }
}

/// A server's `EVENTS_EXPIRED` answer to `extensions.resumeAfter`: where to go on from, and at
/// most how many events are lost.
struct EventsExpired: Sendable, Equatable {
  /// The id to resume after now (the newest pruned one); nil to follow from now on.
  let resumeAfter: String?
  /// At most how many events after the requested id are gone, when the server says.
  let missedEvents: Int?

  static let code = "EVENTS_EXPIRED"

  /// The expiry among the errors of a refused subscription, if that is what they are.
  init?(_ error: RocketClientError) {
    guard case .server(let errors) = error, let error = errors.first(where: { $0.code == Self.code }) else {
      return nil
    }
    self.init(extensions: error.extensions)
  }

  /// The expiry in a result (a transport that delivers the refusal as a result: multipart).
  init?(result: JSON) {
    guard let error = SubscriptionFollower.refusal(result, code: Self.code) else { return nil }
    self.init(extensions: error["extensions"]?.objectValue)
  }

  private init(extensions: JSONObject?) {
    let resumeAfter = extensions?["resumeAfter"]?.stringValue
    let oldest = extensions?["oldestEventId"]?.stringValue
    // Without the newest pruned id, the oldest kept one's predecessor is as good.
    self.resumeAfter = resumeAfter ?? oldest.flatMap { Int($0) }.map { String($0 - 1) }
    missedEvents = extensions?["missedEvents"]?.intValue
  }
}
