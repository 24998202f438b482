import RocketClient
import RocketReserverAPI

/// `total`: how many trips everyone has booked.
public struct TotalCommand: Command {
  public let name = "total"
  public let summary = "show how many trips all users have booked"
  public let usage = "total"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard arguments.isEmpty else { return context.badArgument("takes no arguments", for: self) }
    let fetched = await context.request("Counting trips") { session throws(RocketClientError) in
      try await session.client.fetch(TotalTripsBookedQuery()).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    if context.json {
      context.writeJSON(data)
    } else if let total = result.totalTripsBooked {
      context.output.write(total == 1 ? "1 trip booked in all\n" : "\(total) trips booked in all\n")
    } else {
      return context.fail("the server did not say how many trips are booked")
    }
    return .success
  }
}
