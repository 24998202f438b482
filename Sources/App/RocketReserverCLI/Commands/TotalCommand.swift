import CommandLineKit
import RocketClient
import RocketReserverAPI

/// `total`: how many trips everyone has booked.
public struct TotalCommand: Command {
  public let declaration = CommandDeclaration(
    "total", summary: "show how many trips all users have booked", printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let fetched = await context.request("Counting trips") { requests throws(RocketClientError) in
      try await requests.fetch(TotalTripsBookedQuery()).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else { return fetched.failure }
    let total = result.totalTripsBooked
    if context.json {
      context.writeJSON(data)
    } else if context.format != .table {
      var table = Table(header: ["TOTAL"])
      table.rows = [["\(total)"]]
      context.writeTable(table)
    } else {
      context.output.write(total == 1 ? "1 trip booked in all\n" : "\(total) trips booked in all\n")
    }
    TripsCommand.notePending(context.queuedChanges(), context: context)
    return .success
  }
}
