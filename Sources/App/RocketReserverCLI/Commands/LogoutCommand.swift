import CommandLineKit
import GraphQLWire
import RocketClient

/// `logout`: forgets the token kept for this endpoint.
public struct LogoutCommand: Command {
  struct Options: ParsableOptions {
    var all = false
    static let bindings: [OptionBinding<Options>] = [
      .flag("--all", \.all, help: "forget the logins of every endpoint, not only this one")
    ]
  }

  public let declaration = CommandDeclaration(
    "logout", summary: "forget the login for this endpoint (--all: for every endpoint)",
    options: Options.declarations)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session else { return context.fail("no server is configured") }
    if Options(arguments.options).all { return await logOutEverywhere(session, context: context) }
    let email = session.loggedInEmail
    let queued = session.queuedCount
    let removed: Bool
    do {
      removed = try await session.client.logOut()
    } catch {
      return context.outcome(for: error)
    }
    if context.json {
      let who: JSON = email.map { .string($0) } ?? .null
      context.writeJSON(
        .object(["logout": .object(["loggedOut": .bool(removed), "email": removed ? who : .null])]))
    } else if removed {
      context.output.write("logged out\(email.map { " (\(TerminalText.safe($0)))" } ?? "")\n")
    } else {
      context.output.write("not logged in\n")
    }
    if removed, queued > 0, let email {
      // They are this user's: kept, and sent after their next login here.
      let changes = queued == 1 ? "1 queued change waits" : "\(queued) queued changes wait"
      let pronoun = queued == 1 ? "it is" : "they are"
      context.output.writeError(
        "\(changes) in the outbox; \(pronoun) sent after the next login as \(TerminalText.safe(email))\n")
    }
    return .success
  }

  /// Forgets every saved login (and the cached answers of each of those users).
  private func logOutEverywhere(_ session: Session, context: CommandContext) async -> CommandOutcome {
    guard let store = session.client.credentials else { return context.fail("no credentials file") }
    var forgotten: [Credential] = []
    do {
      for login in try store.allCredentials() where try store.remove(endpoint: login.endpoint) {
        try? await session.cache?.removeRecords(
          in: CachePartition(endpoint: login.endpoint, user: login.email))
        forgotten.append(login)
      }
    } catch {
      return context.fail("\(error)", status: ExitStatus.config)
    }
    if context.json {
      let entries: [JSON] = forgotten.map {
        .object(["endpoint": .string($0.endpoint), "email": .string($0.email)])
      }
      context.writeJSON(.object(["logout": .object(["all": .array(entries)])]))
    } else if forgotten.isEmpty {
      context.output.write("not logged in anywhere\n")
    } else {
      for login in forgotten {
        let endpoint = login.endpoint == Credential.embeddedEndpoint ? "the embedded backend" : login.endpoint
        context.output.write(
          "logged out of \(TerminalText.safe(endpoint)) (\(TerminalText.safe(login.email)))\n")
      }
    }
    return .success
  }
}
