import GraphQLWire
import RocketClient

extension CommandContext {
  /// What `book` and `cancel` do: sends the change (after the outbox, and queued behind it when
  /// the server cannot be reached), then says what became of each launch: on standard output
  /// those that ended as asked (`launch 4: booked`), on standard error the others; with `--json`
  /// one document whose `data` lists the first and `errors` the others. The status is 0 when every
  /// launch ended as asked; else the first failure's, or 75 when the only ones left are queued.
  func changeTrips(_ action: TripChange.Action, _ ids: [String]) async -> CommandOutcome {
    let change = TripChange(action, ids, idempotencyKey: Self.newIdempotencyKey())
    if mayQueue, await sendOutbox() == .unreachable {
      // The changes queued before could not be sent just now: this one waits behind them.
      return await queue(action, change.launchIDs)
    }
    let interrupted =
      action == .book
      ? "interrupted: the booking may still have been made; 'trips' shows your trips"
      : "interrupted: the trip may still have been cancelled; 'trips' shows your trips"
    let fetched = await request(action == .book ? "Booking" : "Cancelling", interrupted: interrupted) {
      requests throws(RocketClientError) in await change.send(with: requests)
    }
    guard case .succeeded(let result, _) = fetched else { return fetched.failure }
    return await report(result, interrupted: interrupted)
  }

  /// Prints `result` and queues what could not be sent, as ``changeTrips(_:_:)`` says.
  private func report(_ result: TripChangeResult, interrupted: String) async -> CommandOutcome {
    let action = result.change.action
    let refusals = result.outcomes.compactMap { id, outcome in
      outcome.failure(of: action, id: id).map { (id: id, message: $0) }
    }
    var errors = refusals
    let done = result.outcomes.filter { $0.outcome.endedAsAsked }
    var queued: [String] = []
    // The request that failed without an answer, unless its launches are queued.
    var failed: RocketClientError?
    if let (ids, error) = result.unsent {
      if queues(after: error) {
        queued = ids
      } else {
        // Nothing else to say: the command failed as any request does.
        if done.isEmpty && refusals.isEmpty { return failure(of: error, interrupted: interrupted) }
        let message = error.isCancellation ? interrupted : error.description
        for id in ids { errors.append((id, "\(action.rawValue) \(id): \(message)")) }
        failed = error
      }
    }
    shell.noteBookings(done.map { ($0.id, action == .book) })
    if json {
      let launches: [JSON] = done.map { id, outcome in
        .object([
          "id": .string(id), "isBooked": .bool(action == .book), "changed": .bool(outcome == .changed),
        ])
      }
      var document: JSONObject = ["data": .object([action.rawValue: .array(launches)])]
      let failures =
        errors.map { error -> JSON in
          .object([
            "message": .string(error.message),
            "extensions": .object(["launchId": .string(error.id)]),
          ])
        }
        + queued.map { id -> JSON in
          .object([
            "message": .string("queued: \(action.rawValue) \(id) (not sent: the server cannot be reached)"),
            "extensions": .object(["launchId": .string(id), "queued": .bool(true)]),
          ])
        }
      if !failures.isEmpty { document["errors"] = .array(failures) }
      writeJSON(.object(document))
    } else {
      let style = self.style
      var text = ""
      for (id, outcome) in done {
        guard let state = outcome.state(after: action) else { continue }
        text += "launch \(id): \(action == .book ? style.success(state) : state)\n"
      }
      output.write(text)
    }
    var status = ExitStatus.success
    for refusal in refusals { status = fail(refusal.message).status }
    if let failed {
      let outcome = failure(of: failed, interrupted: interrupted)
      if status == ExitStatus.success { status = outcome.status }
    }
    if !queued.isEmpty {
      let keys = Dictionary(uniqueKeysWithValues: queued.map { ($0, result.change.key(for: $0)) })
      // A booking of several ids is one request: its key must not name a resend of one of them.
      let kept = action == .book && result.change.launchIDs.count > 1 ? [:] : keys
      let outcome = await queue(action, queued, keys: kept)
      if status == ExitStatus.success { status = outcome.status }
    }
    return .failed(status)
  }

  /// The failure of a request that got no answer, as any command's.
  private func failure(of error: RocketClientError, interrupted: String) -> CommandOutcome {
    error.isCancellation ? fail(interrupted) : outcome(for: error)
  }
}
