import CommandLineKit
import GraphQLWire
import RocketClient

/// `more`: the next page of the list `launches` started.
public struct MoreCommand: Command {
  public let declaration = CommandDeclaration(
    "more", summary: "show the next page of launches", printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    await Self.showNextPage(context: context)
  }

  /// Fetches and prints the next page of the session's walk, and how to go on (on standard error).
  static func showNextPage(context: CommandContext) async -> CommandOutcome {
    let shell = context.shell
    let fetched = await context.request("Loading launches") { requests throws(RocketClientError) in
      (try await shell.nextPage(requests: requests), requests.capture.lastResponse?["errors"] ?? .null)
    }
    guard case .succeeded(let (page, errors), let data) = fetched else { return fetched.failure }
    guard let page else {
      return context.fail("no launches listed yet: type 'launches' first")
    }
    if context.json {
      // At the end no request is made: say so in the shape of a page.
      let empty: JSON = .object([
        "launches": .object(["cursor": .null, "hasMore": .bool(false), "launches": .array([])])
      ])
      let answer = errors.arrayValue?.isEmpty == false ? JSON.object(["data": data, "errors": errors]) : data
      context.writeJSON(page.launches == nil && data.isNull ? empty : answer)
    }
    let failures = LaunchRendering.failures(in: page.launches == nil ? [] : [(data, errors)])
    guard let launches = page.launches else {
      if !context.json { context.output.writeError("no more launches\n") }
      return .success
    }
    context.shell.noteBookings(launches.map { ($0.id, $0.isBooked) })
    context.shell.noteMissions(launches.map { ($0.id, $0.mission?.name) })
    if context.json { return context.reportFailed(failures.fields) }
    context.writeTable(LaunchRendering.table(launches, failed: failures.columns))
    let outcome = context.reportFailed(failures.fields)
    if page.more {
      context.hint("type 'more' for the next page")
      if context.isOneShot && context.showsProgress, let cursor = data["launches"]?["cursor"]?.stringValue {
        context.output.writeError(
          context.errorStyle.dim("next page: " + TerminalText.safe(nextPageCommand(cursor, context))) + "\n")
      }
    } else {
      context.hint("(end of the list)")
    }
    return outcome
  }

  /// The command line that shows the page after `cursor` with the same server and page size:
  /// `rocket-reserver --endpoint URL launches --page-size 5 --after CURSOR`.
  static func nextPageCommand(_ cursor: String, _ context: CommandContext) -> String {
    var words = ["rocket-reserver"]
    if let session = context.session {
      if session.endpointGivenAsOption, let endpoint = session.endpoint {
        words += ["--endpoint", ShellQuoting.quoted(endpoint.absoluteString)]
      }
      if session.dataDirectoryGivenAsOption {
        words += ["--data-dir", ShellQuoting.quoted(DataLocation.parent(of: session.databasePath))]
      }
    }
    words.append("launches")
    if let size = context.shell.pagingPageSize { words += ["--page-size", "\(size)"] }
    if context.format != .table { words += ["--format", context.format.rawValue] }
    words += ["--after", ShellQuoting.quoted(cursor)]
    return words.joined(separator: " ")
  }
}
