import CommandLineKit
import RocketClient

/// How sending the outbox went.
enum OutboxSending: Equatable {
  /// Nothing was waiting (or there is no outbox here).
  case nothingQueued
  /// Every entry got its answer: `sent` were made, `refused` were not (and were rolled back).
  case finished(sent: Int, refused: Int)
  /// The server could not be reached: the entries left wait for the next command.
  case unreachable
  /// Sending stopped for another reason, already reported (a login the server no longer knows,
  /// an outbox file that cannot be read); the entries left wait.
  case stopped
}

extension CommandContext {
  /// Sends the logged-in user's outbox, in order, before the command's own requests, and reports
  /// each outcome on standard error (`sent: book 42 (booked)`, `refused: book 42: ...`).
  ///
  /// Exactly once: the lock keeps other processes from sending at the same time, an entry is
  /// removed only once its answer is in, and a resend after a lost answer carries the entry's
  /// `Idempotency-Key`, which the server answers from its record.
  func sendOutbox() async -> OutboxSending {
    guard let session, let outbox = session.outbox, let owner = session.outboxOwner,
      outbox.count(endpoint: owner.endpoint, user: owner.user) > 0
    else { return .nothingQueued }
    let lock: OutboxLock
    do throws(OutboxError) {
      lock = try await outbox.lockForSending()
    } catch {
      warn("outbox not sent: \(error.description)")
      return .stopped
    }
    defer { lock.release() }
    var sent = 0
    var refused = 0
    while true {
      let next: OutboxEntry?
      do throws(OutboxError) {
        next = try outbox.entries(endpoint: owner.endpoint, user: owner.user).first
      } catch {
        warn("outbox not sent: \(error.description)")
        return .stopped
      }
      guard let entry = next else { break }
      let result = await send(entry, session: session, user: owner.user)
      switch result {
      case .sent(let state):
        output.writeError(errorPrefix + TerminalText.safe("sent: \(entry.summary) (\(state))") + "\n")
        sent += 1
      case .refused(let reason):
        output.writeError(
          errorPrefix + errorStyle.error(TerminalText.safe("refused: \(entry.summary): \(reason)")) + "\n")
        refused += 1
      case .unreachable:
        return .unreachable
      case .notLoggedIn:
        let left = outbox.count(endpoint: owner.endpoint, user: owner.user)
        warn("outbox not sent: the server does not know your login; log in again (\(left) queued)")
        return .stopped
      case .notAnswered(let reason):
        let left = outbox.count(endpoint: owner.endpoint, user: owner.user)
        warn(TerminalText.safe("outbox not sent: \(reason) (\(left) queued)"))
        return .stopped
      }
      do throws(OutboxError) {
        try outbox.remove(entry)
      } catch {
        warn("outbox: \(error.description)")
        return .stopped
      }
    }
    return .finished(sent: sent, refused: refused)
  }

  /// What one entry's sending came to.
  private enum EntryResult {
    case sent(String)
    case refused(String)
    case unreachable
    case notLoggedIn
    /// Something answered that is not the API's answer (an HTML page, a redirect, a body of the
    /// wrong shape): the change is kept, since nobody refused it.
    case notAnswered(String)
  }

  /// Sends one entry as `book` and `cancel` send a change; on a refusal, puts back in the cache
  /// what the entry changed there.
  private func send(_ entry: OutboxEntry, session: Session, user: String) async -> EntryResult {
    // The outbox goes first in the command that sends it: its requests take the line's options.
    let requests = CommandRequests(
      session: session, cachePolicy: .networkOnly, capture: ResponseCapture(line: lineRequests))
    let result = await entry.change.send(with: requests)
    let outcome = result.outcomes.first?.outcome ?? .unsent(.cancelled)
    if let state = outcome.state(after: entry.action) { return .sent(state) }
    switch outcome {
    case .noSuchLaunch:
      await rollBack(entry, session: session, user: user)
      return .refused("no launch with id \(entry.launchID)")
    case .refused(let message):
      await rollBack(entry, session: session, user: user)
      return .refused(message)
    case .unsent(let error):
      if error.isUnreachable || error.isCancellation { return .unreachable }
      switch error {
      case .notLoggedIn: return .notLoggedIn
      case .server(let errors) where errors.contains(where: { $0.code == "SERVICE_UNAVAILABLE" }):
        return .unreachable
      case .server:
        // The API said no (a key reused for another change, say): a refusal.
        await rollBack(entry, session: session, user: user)
        return .refused(error.description)
      default:
        return .notAnswered(error.description)
      }
    case .changed, .unchanged:
      return .sent(entry.action.rawValue)
    }
  }

  /// Takes back in the cache what the entry showed there when it was queued (the launch's
  /// `isBooked`, the trips list, the total), when the cache held the launch's state then.
  func rollBack(_ entry: OutboxEntry, session: Session, user: String) async {
    guard let previous = entry.previousIsBooked, previous != (entry.action == .book) else { return }
    await session.showInCache(previous ? .book : .cancel, launchID: entry.launchID, user: user)
  }
}
