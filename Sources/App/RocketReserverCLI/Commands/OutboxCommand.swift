import CommandLineKit
import GraphQLWire
import RocketClient

/// `outbox`: the bookings and cancellations waiting for the server; `outbox send` sends them
/// now, `outbox drop N` removes one.
public struct OutboxCommand: Command {
  enum Action: String, CaseIterable, Sendable {
    case send
    case drop
  }

  static let action = Positional(
    "ACTION", type: .choice(Action.self, noun: "action"), optional: true,
    help: "send: send the queued changes now; drop N: remove entry N")
  static let number = Positional(
    "N", type: .positiveInteger, optional: true, help: "the entry to drop, as 'outbox' numbers it")

  public let declaration = CommandDeclaration(
    "outbox",
    summary: "list the changes waiting for the server; 'outbox send' sends them, 'outbox drop N' removes one",
    details:
      "With --endpoint, a book or cancel that cannot reach the server waits in $XDG_STATE_HOME/rocket-reserver/outbox.sqlite (one part per endpoint and user) and the command exits 75; the next command that reaches the server sends the waiting changes first, in order, each once (each carries an Idempotency-Key the server deduplicates by). --no-queue fails instead (status 69).",
    arguments: [action.declaration, number.declaration], needsLogin: true, printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session, let outbox = session.outbox else {
      return context.fail(
        "the outbox is for --endpoint servers (the embedded backend is always there, and --header 'Authorization: ...' users cannot be told apart)"
      )
    }
    guard let owner = session.outboxOwner else {
      return context.fail(context.notLoggedInMessage, status: ExitStatus.notLoggedIn)
    }
    switch arguments[Self.action] {
    case .send?:
      return await send(context: context)
    case .drop?:
      guard let number = arguments[Self.number] else {
        return context.fail("outbox drop: which entry? (usage: outbox drop N)", status: ExitStatus.usage)
      }
      do throws(OutboxError) {
        guard let entry = try outbox.remove(number: number, endpoint: owner.endpoint, user: owner.user) else {
          return context.fail("outbox drop: no entry \(number) in the outbox ('outbox' lists them)")
        }
        await context.rollBack(entry, session: session, user: owner.user)
        if context.json {
          context.writeJSON(.object(["dropped": Self.json(entry, now: session.clock())]))
        } else {
          context.output.write("dropped: \(entry.summary) (not sent)\n")
        }
        return .success
      } catch {
        return context.fail(error.description)
      }
    case nil:
      guard arguments[Self.number] == nil else {
        return context.fail(
          "outbox: a number goes with drop (usage: outbox drop N)", status: ExitStatus.usage)
      }
      let entries: [OutboxEntry]
      do throws(OutboxError) {
        entries = try outbox.entries(endpoint: owner.endpoint, user: owner.user)
      } catch {
        return context.fail(error.description)
      }
      let now = session.clock()
      if context.json {
        context.writeJSON(.object(["outbox": .array(entries.map { Self.json($0, now: now) })]))
        return .success
      }
      guard !entries.isEmpty || context.format != .table else {
        context.output.writeError("the outbox is empty: nothing waits for the server\n")
        return .success
      }
      var table = Table(header: ["N", "CHANGE", "QUEUED"])
      for entry in entries {
        table.rows.append(["\(entry.number)", entry.summary, CacheCommand.age(now - entry.queuedAt) + " ago"])
      }
      context.writeTable(table)
      return .success
    }
  }

  /// `outbox send`: 0 when everything was sent, 1 when the server refused some, 75 when it
  /// cannot be reached.
  private func send(context: CommandContext) async -> CommandOutcome {
    let result = await context.sendOutbox()
    let left = context.session?.queuedCount ?? 0
    var summary: JSONObject = ["sent": .int(0), "refused": .int(0), "queued": .int(left)]
    let outcome: CommandOutcome
    switch result {
    case .nothingQueued:
      if !context.json { context.output.writeError("the outbox is empty: nothing to send\n") }
      outcome = .success
    case .finished(let sent, let refused):
      summary["sent"] = .int(sent)
      summary["refused"] = .int(refused)
      outcome = refused > 0 ? .failed() : .success
    case .unreachable:
      return context.fail(
        "outbox: not sent: the server cannot be reached (\(left) queued)", status: ExitStatus.temporaryFailure
      )
    case .stopped:
      return .failed(ExitStatus.temporaryFailure)
    }
    if context.json { context.writeJSON(.object(["outbox": .object(summary)])) }
    return outcome
  }

  static func json(_ entry: OutboxEntry, now: Int64) -> JSON {
    .object([
      "number": .int(entry.number), "action": .string(entry.action.rawValue),
      "launchId": .string(entry.launchID),
      "idempotencyKey": .string(entry.idempotencyKey),
      "queuedSeconds": .int(Int(max(0, now - entry.queuedAt))),
    ])
  }
}
