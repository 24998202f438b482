import GraphQL
import RocketClient
import RocketReserverAPI

/// `cancel ID [ID ...]`: cancels the logged-in user's trips on these launches, one by one.
public struct CancelCommand: Command {
  static let ids = Positional(
    "ID", type: .bookedLaunchID, repeats: true, help: "the launches whose trips to cancel")

  public let declaration = CommandDeclaration(
    "cancel", summary: "cancel your trips on one or more launches", arguments: [ids.declaration],
    needsLogin: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    var ids: [String] = []
    for id in arguments.all(Self.ids) where !ids.contains(id) { ids.append(id) }
    var status = ExitStatus.success
    var answers: [JSON] = []
    if context.mayQueue, await context.sendOutbox() == .unreachable {
      // The changes queued before could not be sent just now: these wait behind them.
      return await context.queue(.cancel, ids)
    }
    for id in ids {
      // Once one change had to wait, the next ones wait behind it rather than overtake it.
      let (outcome, data) =
        status == ExitStatus.temporaryFailure
        ? (await context.queue(.cancel, [id]), nil) : await cancel(id, context: context)
      if !outcome.succeeded && status == ExitStatus.success { status = outcome.status }
      if outcome.status == ExitStatus.temporaryFailure { continue }
      guard let data else { break }
      answers.append(data)
    }
    if context.json && !answers.isEmpty {
      // One document per command: the server's answer, or for several ids, all of them.
      let many: JSON = .object(["cancelTrip": .array(answers.compactMap { $0["cancelTrip"] })])
      context.writeJSON(answers.count == 1 ? answers[0] : many)
    }
    return .failed(status)
  }

  /// Cancels one trip; on `success: false` asks the API why (no such launch, or no trip on it).
  /// - Returns: the outcome, and the response's data unless the request failed.
  private func cancel(_ id: String, context: CommandContext) async -> (CommandOutcome, JSON?) {
    let interrupted = "interrupted: the trip may still have been cancelled; 'trips' shows your trips"
    let key = CommandContext.newIdempotencyKey()
    let fetched = await context.request(
      "Cancelling", interrupted: interrupted,
      whenUnreachable: { error in
        guard context.queues(after: error) else { return nil }
        return await context.queue(.cancel, [id], keys: [id: key])
      }
    ) { requests throws(RocketClientError) in
      let answer = try await requests.perform(CancelTripMutation(id: id), idempotencyKey: key).requireData()
        .cancelTrip
      guard !answer.success else { return (answer, true) }
      let exists = try await requests.fetch(LaunchDetailsQuery(id: id)).requireData().launch != nil
      return (answer, exists)
    }
    guard case .succeeded(let (answer, exists), let data) = fetched else { return (fetched.failure, nil) }
    let reason = exists ? "you have no trip on launch \(id)" : "no launch with id \(id)"
    if context.json {
      // A refusal is an error like any other: `{"error": {"message": ..., "status": 1}}`.
      return answer.success ? (.success, data) : (context.fail("cancel \(id): \(reason)"), nil)
    }
    let launches = (answer.launches ?? []).compactMap { $0 }.map { (id: $0.id, isBooked: $0.isBooked) }
    let outcome = TripUpdateRendering.show(
      success: answer.success, message: answer.message, launches: launches,
      failure: "cancel \(id): \(reason)",
      context: context)
    return (outcome, data)
  }
}
