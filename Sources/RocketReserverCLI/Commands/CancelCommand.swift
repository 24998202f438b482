import RocketClient
import RocketReserverAPI

/// `cancel ID`: cancels the logged-in user's trip on one launch.
public struct CancelCommand: Command {
  public let name = "cancel"
  public let summary = "cancel your trip on a launch (needs a login)"
  public let usage = "cancel ID"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard let id = LaunchID.single(arguments, for: self, context: context) else {
      return .failed(ExitStatus.usage)
    }
    let fetched = await context.request("Cancelling") { session throws(RocketClientError) in
      try await session.client.perform(CancelTripMutation(id: id)).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    let answer = result.cancelTrip
    if context.json {
      context.writeJSON(data)
      return answer.success ? .success : .failed()
    }
    let launches = (answer.launches ?? []).compactMap { $0 }.map { (id: $0.id, isBooked: $0.isBooked) }
    return TripUpdateRendering.show(
      success: answer.success, message: answer.message, launches: launches, command: "cancel \(id)",
      context: context)
  }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    arguments.isEmpty ? LaunchID.completions(word: word, excluding: [], context: context) : []
  }
}
