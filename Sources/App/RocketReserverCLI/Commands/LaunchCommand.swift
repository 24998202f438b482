import CommandLineKit
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Synchronization

/// `launch ID`: everything about one launch.
public struct LaunchCommand: Command {
  static let id = Positional("ID", type: .launchID, help: "the launch's id")

  public let declaration = CommandDeclaration(
    "launch", summary: "show one launch: mission, site, rocket, patch, booked or not",
    arguments: [id.declaration], printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let id = arguments[Self.id] else { return .failed(ExitStatus.usage) }
    // Whether the launch is booked needs the server's database, so `LaunchDetails` defers it:
    // in the text format the lines before it are printed as soon as they arrive.
    let printsEarly = !context.json && context.format == .table
    let printedEarly = Mutex(false)
    let fetched = await context.request("Loading launch \(id)") { requests throws(RocketClientError) in
      var final: GraphQLResult<LaunchDetailsQuery.Data>?
      do {
        for try await stage in requests.stages(of: LaunchDetailsQuery(id: id)) {
          if stage.hasNext {
            guard printsEarly, let launch = stage.result.data?.launch, launch.$booking == .pending else {
              continue
            }
            if context.showsProgress { context.output.writeError("\r\u{1B}[K") }
            let failed = FailedField.all(in: stage.result.errors)
            context.output.write(
              Self.lines(Self.fields(launch, failed: failed).dropLast(), style: context.style))
            printedEarly.withLock { $0 = true }
          } else {
            _ = try stage.result.requireData()
            final = stage.result
          }
        }
      } catch let error as RocketClientError {
        throw error
      } catch {
        throw RocketClientError.cancelled
      }
      guard let final else { throw RocketClientError.cancelled }
      return (final, requests.capture.lastResponse?["errors"] ?? .null)
    }
    guard case .succeeded(let (result, errors), let data) = fetched, let details = result.data else {
      return fetched.failure
    }
    let failed = FailedField.all(in: result.errors)
    guard let launch = details.launch else {
      guard !failed.isEmpty else { return context.fail("no launch with id \(id)") }
      if context.json { context.writeJSON(.object(["data": data, "errors": errors])) }
      return context.reportFailed(failed)
    }
    if let booking = launch.booking { context.shell.noteBookings([(launch.id, booking.isBooked)]) }
    context.shell.noteMissions([(launch.id, launch.mission?.name)])
    if context.json {
      // A partial answer keeps its errors beside the data, as GraphQL sends it.
      context.writeJSON(result.errors.isEmpty ? data : .object(["data": data, "errors": errors]))
      return context.reportFailed(failed)
    }
    var fields = Self.fields(launch, failed: failed)
    if let booked = fields.last {
      fields[fields.count - 1].value = booked.value + Self.pending(context.queuedChange(on: launch.id))
    }
    guard context.format == .table else {
      var table = Table(header: fields.map { $0.label.uppercased() })
      table.rows = [fields.map(\.value)]
      context.writeTable(table)
      return context.reportFailed(failed)
    }
    let shown = printedEarly.withLock { $0 } ? Array(fields.suffix(1)) : fields
    context.output.write(Self.lines(shown, style: context.style))
    await MissionPatchDisplay(context: context).draw(
      launch.mission?.missionPatch, columns: MissionPatchDisplay.launchSize.columns,
      rows: MissionPatchDisplay.launchSize.rows)
    return context.reportFailed(failed)
  }

  /// The labelled values shown, the booked state last (the deferred part); a failed field shows
  /// as `failed (launch.rocket)`.
  static func fields(_ launch: LaunchDetailsQuery.Data.Launch, failed: [FailedField] = [])
    -> [(label: String, value: String)]
  {
    let rocket = LaunchRendering.rocket(name: launch.rocket?.name, type: launch.rocket?.type)
    let fields = [
      ("launch", launch.id),
      ("mission", launch.mission?.name ?? "unknown"),
      ("site", launch.site ?? "unknown"),
      ("rocket", rocket.isEmpty ? "unknown" : rocket),
      ("patch", launch.mission?.missionPatch ?? "none"),
      ("booked", launch.booking.map { $0.isBooked ? "yes" : "no" } ?? "unknown"),
    ]
    return fields.map { label, value in
      guard let field = failed.first(where: { label == Self.label(of: $0) }) else { return (label, value) }
      return (label, "failed (\(field.dottedPath))")
    }
  }

  /// The line a failed field of `LaunchDetails` shows on, or nil for a path outside the launch.
  static func label(of field: FailedField) -> String? {
    guard field.key(at: 0) == "launch" else { return nil }
    switch field.key(at: 1) {
    case "id": return "launch"
    case "site": return "site"
    case "mission": return field.key(at: 2) == "missionPatch" ? "patch" : "mission"
    case "rocket": return "rocket"
    case "isBooked": return "booked"
    default: return nil
    }
  }

  /// `label:   value` lines, a booked launch's state in the success style.
  static func lines(_ fields: some Sequence<(label: String, value: String)>, style: TextStyle) -> String {
    var text = ""
    for (label, value) in fields {
      let shown =
        label == "booked" && value.hasPrefix("yes") ? style.success(value) : TerminalText.safe(value)
      text += style.bold(label + ":") + String(repeating: " ", count: 9 - label.count) + shown + "\n"
    }
    return text
  }

  /// ` (pending: book queued, not sent)` for a launch with a change in the outbox.
  static func pending(_ entry: OutboxEntry?) -> String {
    guard let entry else { return "" }
    return " (pending: \(entry.action.rawValue) queued, not sent)"
  }
}
