import CommandLineKit
import FoundationEssentials
import GraphQLWire
import RocketClient

/// `launches [--page-size N] [--after CURSOR] [--all] [--search TEXT]`: a page of launches,
/// newest first, or all of them, or those matching a text.
public struct LaunchesCommand: Command {
  struct Options: ParsableOptions {
    var pageSize: Int?
    var after: String?
    var all = false
    var search: String?
    static let bindings: [OptionBinding<Options>] = [
      .option(
        "--page-size", valueName: "N", type: .integer(in: 1...100), defaultText: "20, the server's",
        into: \.pageSize, help: "launches per page, 1 to 100"),
      .option(
        "--after", valueName: "CURSOR", type: .text, into: \.after,
        help: "start after this cursor (the `cursor` of a page in --json output)"),
      .flag("--all", \.all, help: "every launch, fetching page after page (each launch once)"),
      .option(
        "--search", valueName: "TEXT", type: .text, into: \.search,
        help: "only launches whose mission, site or rocket contains TEXT (any case), over every page"),
    ]
  }

  public let declaration = CommandDeclaration(
    "launches", summary: "list launches, newest first (then 'more' for the next page)",
    details: "The BOOKED column marks your trips. In the shell, 'more' shows the next page.",
    options: Options.declarations,
    printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let options = Options(arguments.options)
    let (pageSize, start, search) = (options.pageSize, options.after, options.search)
    guard options.all || search != nil else {
      context.shell.startPaging(pageSize: pageSize, after: start)
      return await MoreCommand.showNextPage(context: context)
    }
    let fetched = await context.request("Loading launches") { requests throws(RocketClientError) in
      let launches = try await requests.session.allLaunches(
        pageSize: pageSize, after: start, requests: requests)
      return (launches, requests.capture.allResponses)
    }
    guard case .succeeded(let (launches, responses), _) = fetched else { return fetched.failure }
    let shown = search.map { text in launches.filter { Self.matches($0, text) } } ?? launches
    context.shell.noteBookings(shown.map { ($0.id, $0.isBooked) })
    context.shell.noteMissions(shown.map { ($0.id, $0.mission?.name) })
    let failures = LaunchRendering.failures(
      in: responses.map { ($0["data"] ?? .null, $0["errors"] ?? .null) })
    if context.json {
      let ids = Set(shown.map(\.id))
      let page = Self.combinedPage(responses, keeping: ids)
      // Errors keep the paths of the page they came with.
      let errors = responses.flatMap { $0["errors"]?.arrayValue ?? [] }
      context.writeJSON(errors.isEmpty ? page : .object(["data": page, "errors": .array(errors)]))
      return context.reportFailed(failures.fields)
    }
    if shown.isEmpty {
      context.output.writeError("no launch matches \(TerminalText.quoted(search ?? ""))\n")
      return context.reportFailed(failures.fields)
    }
    context.writeTable(LaunchRendering.table(shown, failed: failures.columns))
    return context.reportFailed(failures.fields)
  }

  /// Whether `launch`'s mission, site or rocket contains `text`, ignoring case and accents.
  static func matches(_ launch: Session.ListedLaunch, _ text: String) -> Bool {
    let fields = [
      launch.mission?.name, launch.site,
      LaunchRendering.rocket(name: launch.rocket?.name, type: launch.rocket?.type),
    ]
    let wanted = SearchFolding.folded(text)
    return fields.contains { field in field.map { SearchFolding.folded($0).contains(wanted) } == true }
  }

  /// One `launches` page of the launches of every page in `responses` whose id is in `ids`, each
  /// once: `--all --json` prints one document.
  static func combinedPage(_ responses: [JSON], keeping ids: Set<String>) -> JSON {
    var seen = Set<String>()
    var launches: [JSON] = []
    var cursor = JSON.null
    for response in responses {
      guard let page = response["data"]?["launches"] else { continue }
      cursor = page["cursor"] ?? cursor
      for launch in page["launches"]?.arrayValue ?? [] {
        guard let id = launch["id"]?.stringValue, ids.contains(id), seen.insert(id).inserted else { continue }
        launches.append(launch)
      }
    }
    return .object([
      "launches": .object(["cursor": cursor, "hasMore": .bool(false), "launches": .array(launches)])
    ])
  }
}
