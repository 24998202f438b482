import RocketClient
import RocketReserverAPI

/// `launch ID`: everything about one launch.
public struct LaunchCommand: Command {
  static let id = Positional("ID", type: .launchID, help: "the launch's id")

  public let declaration = CommandDeclaration(
    "launch", summary: "show one launch: mission, site, rocket, patch, booked or not",
    arguments: [id.declaration], printsRows: true)

  /// Creates the command.
  public init() {}

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let id = arguments[Self.id] else { return .failed(ExitStatus.usage) }
    let fetched = await context.request("Loading launch \(id)") { requests throws(RocketClientError) in
      try await requests.fetch(LaunchDetailsQuery(id: id)).requireData()
    }
    guard case .succeeded(let details, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    guard let launch = details.launch else {
      return context.fail("no launch with id \(id)")
    }
    context.session?.noteBookings([(launch.id, launch.isBooked)])
    context.session?.noteMissions([(launch.id, launch.mission?.name)])
    if context.json {
      context.writeJSON(data)
      return .success
    }
    let rocket = LaunchRendering.rocket(name: launch.rocket?.name, type: launch.rocket?.type)
    let fields: [(String, String)] = [
      ("launch", launch.id),
      ("mission", launch.mission?.name ?? "unknown"),
      ("site", launch.site ?? "unknown"),
      ("rocket", rocket.isEmpty ? "unknown" : rocket),
      ("patch", launch.mission?.missionPatch ?? "none"),
      ("booked", (launch.isBooked ? "yes" : "no") + Self.pending(context.queuedChange(on: launch.id))),
    ]
    guard context.format == .table else {
      var table = Table(header: fields.map { $0.0.uppercased() })
      table.rows = [fields.map(\.1)]
      context.writeTable(table)
      return .success
    }
    let style = context.style
    var text = ""
    for (label, value) in fields {
      let shown = label == "booked" && launch.isBooked ? style.success(value) : TerminalText.safe(value)
      text += style.bold(label + ":") + String(repeating: " ", count: 9 - label.count) + shown + "\n"
    }
    context.output.write(text)
    return .success
  }

  /// ` (pending: book queued, not sent)` after the booked state of a launch with a change in the
  /// outbox.
  static func pending(_ entry: OutboxEntry?) -> String {
    guard let entry else { return "" }
    return " (pending: \(entry.action.rawValue) queued, not sent)"
  }
}
