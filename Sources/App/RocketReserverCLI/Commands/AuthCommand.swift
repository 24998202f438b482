import CommandLineKit
import GraphQLWire
import RocketClient

/// `auth [status]`: the logins saved per endpoint, as `gh auth status` lists them, never a token;
/// `auth token`: the saved token of this endpoint, the one place the program prints a token.
public struct AuthCommand: Command {
  enum Action: String, CaseIterable, Sendable {
    case status
    case token
  }

  static let action = Positional(
    "ACTION", type: .choice(Action.self, noun: "action"), optional: true,
    help:
      "status (the default): the saved logins; token: the saved token of this endpoint, for scripts (on a terminal with a warning)"
  )

  public let declaration = CommandDeclaration(
    "auth",
    summary:
      "list the saved logins, one per endpoint ('logout --all' forgets them all); 'auth token' prints this endpoint's token",
    arguments: [action.declaration], printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session, let store = session.client.credentials else {
      return context.fail("no credentials file: set HOME or XDG_CONFIG_HOME", status: ExitStatus.config)
    }
    if arguments[Self.action] == .token {
      return Self.printToken(store: store, session: session, context: context)
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

  /// Prints the saved token of the session's endpoint alone on its line, after a warning on a
  /// terminal; without a login for the endpoint, nothing on standard output and status 77.
  static func printToken(store: any CredentialStore, session: Session, context: CommandContext)
    -> CommandOutcome
  {
    let login: Credential?
    do {
      login = try store.credential(for: session.client.endpointKey)
    } catch {
      return context.fail("\(error)", status: ExitStatus.config)
    }
    guard let login, !login.token.isEmpty else {
      return context.fail(
        "no token saved for \(session.endpointDescription): log in first: login EMAIL",
        status: ExitStatus.notLoggedIn)
    }
    if context.outputIsTerminal {
      context.warn(
        "warning: this token lets anyone act as \(TerminalText.safe(login.email)) on \(session.endpointDescription): keep it out of shared screens and logs"
      )
    }
    if context.json {
      context.writeJSON(
        .object([
          "auth": .object([
            "endpoint": .string(login.endpoint), "email": .string(login.email), "token": .string(login.token),
          ])
        ]))
    } else {
      // Not through the pager, which may keep what it showed.
      context.output.write(TerminalText.safe(login.token) + "\n")
    }
    return .success
  }
}
