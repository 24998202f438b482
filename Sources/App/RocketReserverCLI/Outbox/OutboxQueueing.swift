import FoundationEssentials
import RocketClient

extension CommandContext {
  /// Whether a change that failed with `error` goes to the outbox: the server could not be
  /// reached, this session has an outbox (an `--endpoint` server, a saved login), and neither
  /// `--no-queue` nor `--header 'Authorization: ...'` was given.
  func queues(after error: RocketClientError) -> Bool {
    // Only the network's failure: `--cache cache-only` missing an answer sent nothing.
    guard mayQueue, case .transport(let failure) = error else { return false }
    return failure.isUnreachable
  }

  /// Whether this command's changes may go to the outbox at all.
  var mayQueue: Bool { !noQueue && session?.outbox != nil && session?.outboxOwner != nil }

  /// Queues `action` on each of `ids` (one entry each, in order), shows each change in the
  /// cache at once, and ends the command with status 75 (`queued: book 42 (not sent: ...)`).
  /// `keys`: the `Idempotency-Key` an attempt already carried, by launch id (a resend of a request
  /// whose answer was lost must carry the same one).
  func queue(_ action: OutboxEntry.Action, _ ids: [String], keys: [String: String] = [:]) async
    -> CommandOutcome
  {
    guard let session, let outbox = session.outbox, let owner = session.outboxOwner else {
      return fail("cannot queue \(action.rawValue): no outbox here", status: ExitStatus.unavailable)
    }
    let partition = CachePartition(endpoint: owner.endpoint, user: owner.user)
    for id in ids {
      let key = "Launch:\(id)"
      let cached = try? session.client.cache?.cache.loadRecords(forKeys: [key], in: partition)[key]
      var previous: Bool?
      if case .scalar(.bool(let value))? = cached?.record.fields["isBooked"] { previous = value }
      do throws(OutboxError) {
        try outbox.append(
          action, launchID: id, idempotencyKey: keys[id] ?? Self.newIdempotencyKey(),
          previousIsBooked: previous, endpoint: owner.endpoint, user: owner.user, now: session.clock())
      } catch {
        return fail(
          "\(action.rawValue) \(id): the server cannot be reached, and \(error.description)",
          status: ExitStatus.unavailable)
      }
      // The change shows at once where the launch is cached, through the mutation's own cache
      // update (the trips list and the total too); a refusal takes it back.
      if cached != nil { await session.showInCache(action, launchID: id, user: owner.user) }
    }
    return fail(
      "queued: \(action.rawValue) \(ids.joined(separator: " ")) (not sent: the server cannot be reached)",
      status: ExitStatus.temporaryFailure)
  }

  /// A fresh key for one change: a random UUID, lowercased.
  static func newIdempotencyKey() -> String { UUID().uuidString.lowercased() }

  /// The logged-in user's newest queued change on launch `id`, if any.
  func queuedChange(on id: String) -> OutboxEntry? {
    queuedChanges().last { $0.launchID == id }
  }

  /// The logged-in user's queued changes, oldest first (none when the outbox cannot be read).
  func queuedChanges() -> [OutboxEntry] {
    guard let session, let outbox = session.outbox, let owner = session.outboxOwner else { return [] }
    return (try? outbox.entries(endpoint: owner.endpoint, user: owner.user)) ?? []
  }
}
