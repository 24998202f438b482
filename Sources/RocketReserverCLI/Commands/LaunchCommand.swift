import RocketClient
import RocketReserverAPI

/// `launch ID`: everything about one launch.
public struct LaunchCommand: Command {
  public let name = "launch"
  public let summary = "show one launch: mission, site, rocket, patch, booked or not"
  public let usage = "launch ID"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard let id = LaunchID.single(arguments, for: self, context: context) else {
      return .failed(ExitStatus.usage)
    }
    let fetched = await context.request("Loading launch \(id)") { session throws(RocketClientError) in
      try await session.client.fetch(LaunchDetailsQuery(id: id)).requireData()
    }
    guard case .succeeded(let details, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    guard let launch = details.launch else {
      return context.fail("no launch with id \(id)")
    }
    context.session?.noteLaunchIDs([launch.id])
    if context.json {
      context.writeJSON(data)
      return .success
    }
    let style = context.style
    let rocket = LaunchRendering.rocket(name: launch.rocket?.name, type: launch.rocket?.type)
    let rows: [(String, String)] = [
      ("launch", launch.id),
      ("mission", launch.mission?.name ?? "unknown"),
      ("site", launch.site ?? "unknown"),
      ("rocket", rocket.isEmpty ? "unknown" : rocket),
      ("patch", launch.mission?.missionPatch ?? "none"),
      ("booked", launch.isBooked ? style.success("yes") : "no"),
    ]
    var text = ""
    for (label, value) in rows {
      text += style.bold(label + ":") + String(repeating: " ", count: 9 - label.count) + value + "\n"
    }
    context.output.write(text)
    return .success
  }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    arguments.isEmpty ? LaunchID.completions(word: word, excluding: [], context: context) : []
  }
}
