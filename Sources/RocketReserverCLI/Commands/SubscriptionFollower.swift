import GraphQL
import RocketClient

/// Follows one subscription for as long as the user wants: `watch`, and a `subscription`
/// document typed at the shell's prompt.
///
/// Each result goes to `show`. A lost connection (or a stream the server ended) is retried
/// after 1 s, then 2, 4, ... up to 30 s between attempts, with one line on standard error per
/// loss; a connection that fails the very first time is the command's failure (69 when
/// unreachable), so a mistyped endpoint does not wait forever. Cancellation (Ctrl-C, SIGTERM)
/// ends it with success and nothing printed.
struct SubscriptionFollower: Sendable {
  /// The first wait before reconnecting.
  static let firstDelay = Duration.seconds(1)
  /// The longest wait between attempts.
  static let longestDelay = Duration.seconds(30)

  /// Starts the subscription once (the session's client adds the token).
  let start: @Sendable () async throws(RocketClientError) -> SubscriptionResults
  /// The command's name, for the stderr line.
  let name: String

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
    while !Task.isCancelled {
      let results: SubscriptionResults
      do {
        results = try await start()
      } catch {
        if Self.isCancellation(error) || Task.isCancelled { return .success }
        // Never connected, or a refusal a retry cannot fix: that is the answer.
        guard connected, error.isUnreachable else { return context.outcome(for: error) }
        guard await Self.pause(delay) else { return .success }
        delay = min(delay * 2, Self.longestDelay)
        continue
      }
      connected = true
      delay = Self.firstDelay
      let reason: String
      do {
        for try await result in results {
          if case .stop(let outcome) = show(result) { return outcome }
        }
        reason = "the server ended the subscription"
      } catch let error as RocketClientError {
        if Self.isCancellation(error) || Task.isCancelled { return .success }
        guard error.isUnreachable else { return context.outcome(for: error) }
        reason = error.description
      } catch {
        return .success
      }
      if Task.isCancelled { return .success }
      context.output.writeError(
        context.errorPrefix + context.errorStyle.error(TerminalText.safe("\(name): \(reason); reconnecting"))
          + "\n")
      guard await Self.pause(delay) else { return .success }
      delay = min(delay * 2, Self.longestDelay)
    }
    return .success
  }

  private static func isCancellation(_ error: RocketClientError) -> Bool {
    switch error {
    case .cancelled, .transport(.cancelled): true
    default: false
    }
  }

  /// Sleeps `delay`; false when cancelled meanwhile.
  private static func pause(_ delay: Duration) async -> Bool {
    do {
      try await Task.sleep(for: delay)
      return true
    } catch {
      return false
    }
  }
}
