import RocketClient
import RocketReserverAPI

/// `book ID [ID ...]`: books a seat on each launch.
public struct BookCommand: Command {
  public let name = "book"
  public let summary = "book a seat on one or more launches (needs a login)"
  public let usage = "book ID [ID ...]"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard !arguments.isEmpty else { return context.badArgument("missing launch id", for: self) }
    var ids: [String] = []
    for word in arguments {
      guard let id = LaunchID.parse(word) else {
        return context.fail(LaunchID.notAnID(word, command: name), status: ExitStatus.usage)
      }
      ids.append(id)
    }
    let requested = ids
    let fetched = await context.request("Booking") { session throws(RocketClientError) in
      try await session.client.perform(BookTripsMutation(ids: requested)).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    let answer = result.bookTrips
    if context.json {
      context.writeJSON(data)
      return answer.success ? .success : .failed()
    }
    let launches = (answer.launches ?? []).compactMap { $0 }.map { (id: $0.id, isBooked: $0.isBooked) }
    return TripUpdateRendering.show(
      success: answer.success, message: answer.message, launches: launches, command: name,
      context: context)
  }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    LaunchID.completions(word: word, excluding: arguments, context: context)
  }
}
