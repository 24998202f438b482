import GraphQLWire
import RocketClient

/// `auth [status]`: the logins saved per endpoint, as `gh auth status` lists them, and which one
/// this session uses; never a token.
public struct AuthCommand: Command {
  /// What to show.
  enum Action: String, CaseIterable, Sendable {
    case status
  }

  static let action = Positional(
    "ACTION", type: .choice(Action.self, noun: "action"), optional: true,
    help: "status (the default): the saved logins")

  public let declaration = CommandDeclaration(
    "auth", summary: "list the saved logins, one per endpoint ('logout --all' forgets them all)",
    arguments: [action.declaration], printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session, let store = session.client.credentials else {
      return context.fail("no credentials file: set HOME or XDG_CONFIG_HOME", status: ExitStatus.config)
    }
    let logins: [Credential]
    do {
      logins = try store.allCredentials()
    } catch {
      return context.fail("\(error)", status: ExitStatus.config)
    }
    let current = session.client.endpointKey
    if context.json {
      let entries: [JSON] = logins.map { login in
        .object([
          "endpoint": .string(login.endpoint), "email": .string(login.email),
          "current": .bool(login.endpoint == current),
        ])
      }
      context.writeJSON(
        .object(["auth": .object(["file": .string(store.location), "logins": .array(entries)])]))
      return .success
    }
    guard !logins.isEmpty else {
      context.output.writeError("no saved logins (\(TerminalText.safe(store.location))): login EMAIL\n")
      return .success
    }
    var table = Table(header: ["ENDPOINT", "EMAIL", "CURRENT"], shrinkable: [0, 1], markColumn: 2)
    for login in logins {
      let endpoint = login.endpoint == Credential.embeddedEndpoint ? "embedded backend" : login.endpoint
      table.rows.append([endpoint, login.email, login.endpoint == current ? "yes" : ""])
    }
    context.writeTable(table)
    context.hint("tokens are kept in \(store.location)")
    return .success
  }
}
