import CommandLineKit
import Glibc
import RocketClient
import RocketReserverAPI

/// `patch ID`: one launch's mission patch, drawn as large as the terminal allows.
public struct PatchCommand: Command {
  static let id = Positional("ID", type: .launchID, help: "the launch's id")

  public let declaration = CommandDeclaration(
    "patch", summary: "draw one launch's mission patch as large as the terminal allows (its URL elsewhere)",
    arguments: [id.declaration])

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let id = arguments[Self.id] else { return .failed(ExitStatus.usage) }
    let fetched = await context.request("Loading launch \(id)") { requests throws(RocketClientError) in
      try await requests.fetch(LaunchDetailsQuery(id: id)).requireData()
    }
    guard case .succeeded(let details, let data) = fetched else { return fetched.failure }
    guard let launch = details.launch else { return context.fail("no launch with id \(id)") }
    context.shell.noteMissions([(launch.id, launch.mission?.name)])
    if context.json {
      context.writeJSON(data)
      return .success
    }
    guard let url = launch.mission?.missionPatch else {
      return context.fail("launch \(id) has no mission patch")
    }
    context.output.write(TerminalText.safe(url) + "\n")
    // The whole width, and the height less the lines of the command and the prompt around it.
    let columns = Terminal.columns(of: STDOUT_FILENO) - 1
    let rows = Terminal.rows(of: STDOUT_FILENO) - 3
    await MissionPatchDisplay(context: context).draw(url, columns: max(1, columns), rows: max(1, rows))
    return .success
  }
}
